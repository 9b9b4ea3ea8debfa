// Permissions are data (STYLE.md 15): one list of action:entity:scope strings per role. The server
// enforces them on every route (platform/access-control.ts); the client only uses them to hide controls.

export const roles = ['applicant', 'company', 'admin', 'account_manager'] as const;
export type Role = (typeof roles)[number];

const ownAccount = ['read:account:own', 'update:account:own', 'read:session:own', 'delete:session:own'] as const;

export const permissionsByRole = {
  applicant: [...ownAccount, 'read:applicant_profile:own', 'update:applicant_profile:own'],
  company: [
    ...ownAccount,
    'read:company:own',
    'update:company:own',
    // Jobs and tests belong to the company: every query filters by the caller's company.
    'create:job:own',
    'read:job:own',
    'update:job:own',
    'delete:job:own',
    'create:test:own',
    'read:test:own',
    'update:test:own',
    'delete:test:own',
  ],
  admin: [
    ...ownAccount,
    'read:company:any',
    'read:audit_log:any',
    'update:settings:any',
    'update:two_factor:own',
    'read:contact_message:any',
    'update:contact_message:any',
  ],
  account_manager: [...ownAccount, 'read:company:assigned'],
} as const satisfies Record<Role, readonly string[]>;

export type Permission = (typeof permissionsByRole)[Role][number];

export function can(role: Role, permission: Permission): boolean {
  return (permissionsByRole[role] as readonly string[]).includes(permission);
}

// The roles that hold a permission: the route-policy test uses it to call each route as everyone else.
export function rolesWith(permission: Permission): Role[] {
  return roles.filter((role) => can(role, permission));
}
