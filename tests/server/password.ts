// The super admin's (and demo admins') password in every test database.
export const TEST_PASSWORD = 'Admin@12345'
