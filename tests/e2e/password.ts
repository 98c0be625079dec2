// The super admin's (and demo admins') password on the browser suite's server.
export const E2E_PASSWORD = 'E2e@Pass1234'
