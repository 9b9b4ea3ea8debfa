import { z } from 'zod';
import { type CompanyRole, companyRoles } from './permissions';

// How a company role is named on screen: the not-available state, the members lists, the team's seats.
export const companyRoleLabels: Record<CompanyRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  hiring_manager: 'Hiring Manager',
  billing: 'Billing',
  viewer: 'Viewer',
};

// A company's member as those who look after the company see them (its account manager, administrators):
// their role in it and when they last used Tandem (null: never).
export const companyMemberSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(companyRoles),
  last_active_at: z.string().nullable(),
});
export type CompanyMemberSummary = z.infer<typeof companyMemberSummarySchema>;
