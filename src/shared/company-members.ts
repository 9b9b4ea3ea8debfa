import { z } from 'zod';
import { companyRoles } from './company-roles';

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
