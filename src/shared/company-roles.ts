import type { CompanyRole } from './permissions';

// How a company role is named on screen: the not-available state, the members lists, the team's seats.
export const companyRoleLabels: Record<CompanyRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  hiring_manager: 'Hiring Manager',
  billing: 'Billing',
  viewer: 'Viewer',
};
