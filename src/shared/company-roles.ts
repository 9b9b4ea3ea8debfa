// A company is a team (docs/decisions/032): each member holds one of these roles. What each may do is its
// row in permissions.ts; the list lives here, apart from that table, because who is signed in
// (shared/auth.ts) names the role on every page, the public ones too, whose JavaScript has a budget.
export const companyRoles = ['owner', 'admin', 'hiring_manager', 'billing', 'viewer'] as const;
export type CompanyRole = (typeof companyRoles)[number];

// With no zod, for the same reason: the portal's shell names the role where a page is closed to it.
export const companyRoleLabels: Record<CompanyRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  hiring_manager: 'Hiring Manager',
  billing: 'Billing',
  viewer: 'Viewer',
};
