// Usernames are unique regardless of letter case in every scope (platform and product admins alike), so `Admin`
// can never pose as `admin`; the database enforces it, whichever route writes the row.
export default /* sql */ `
create unique index admins_username_ci on admins (lower(username));
`
