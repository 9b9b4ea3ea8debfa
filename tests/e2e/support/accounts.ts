// Administrators the browser tests may create: the e2e server's ADMIN_EMAILS.
export const E2E_ADMIN_EMAILS = 'admin-e2e@example.test,admin-totp@example.test,admin-oidc@example.test';
