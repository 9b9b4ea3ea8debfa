import type { Role } from './permissions';

// Where each role lands after signing in (docs/spec/portal-and-public-site.md §4). Apart from auth.ts's
// schemas, with no zod: the portal's guard sends a person to theirs on every page (decision 037).
export const dashboardPathByRole: Record<Role, string> = {
  applicant: '/applicant-dashboard',
  company: '/company-dashboard',
  admin: '/admin-dashboard',
  // Their own portal: the companies assigned to them.
  account_manager: '/manager',
};
