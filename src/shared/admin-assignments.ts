import { z } from 'zod';

// Assignment Management: the administrator's summary of every assignment, and New
// Assignment — a company, a talent, a role, a rate and weekly hours from a start date. Money is
// integer cents.

// GET /api/admin/assignments/summary: the cards above the list, counted on the server.
export const adminAssignmentSummarySchema = z.object({
  active_assignments: z.number().int(),
  pending_starts: z.number().int(),
  // Distinct talent with at least one active assignment.
  talent_at_work: z.number().int(),
  // The weekly hours of every active assignment, added up.
  weekly_billable_hours: z.number().int(),
});
export type AdminAssignmentSummary = z.infer<typeof adminAssignmentSummarySchema>;

// GET /api/admin/assignment-options/companies?q= and …/applicants?q=: who New Assignment can pick.
export const assignmentOptionsQuerySchema = z.object({
  q: z.string().trim().max(100, { message: 'Search with at most 100 characters.' }).optional(),
});
const assignmentOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  // The talent's email, to tell two people of the same name apart; null for a company.
  detail: z.string().nullable(),
});
export const assignmentOptionListSchema = z.object({ items: z.array(assignmentOptionSchema) });
export type AssignmentOptionList = z.infer<typeof assignmentOptionListSchema>;

const MAX_ASSIGNMENT_RATE_CENTS = 100_000;

export const adminAssignmentTexts = {
  chooseCompany: 'Please choose a company.',
  chooseTalent: 'Please choose a talent.',
  companyNotFound: 'This company does not exist.',
  companySuspended: 'This company is suspended, so it cannot take on an assignment.',
  talentNotFound: 'This person does not exist.',
  notApplicant: 'Only a talent (an applicant account) can be given an assignment.',
  talentSuspended: 'This talent’s account is suspended, so they cannot be given an assignment.',
  roleRequired: 'Please give the role.',
  rateTooLow: 'The rate must be at least $1.00 an hour.',
  rateTooHigh: 'The rate must be at most $1,000.00 an hour.',
  weeklyHoursRange: 'Weekly hours must be between 1 and 60.',
  startDate: 'The start date must be a date (YYYY-MM-DD).',
  created: 'Assignment created',
} as const;

// POST /api/admin/assignments: a new assignment, pending (or active when it starts today or earlier).
export const createAssignmentSchema = z.object({
  company_id: z.uuid({ message: adminAssignmentTexts.chooseCompany }),
  applicant_id: z.uuid({ message: adminAssignmentTexts.chooseTalent }),
  role: z
    .string({ message: adminAssignmentTexts.roleRequired })
    .trim()
    .min(1, { message: adminAssignmentTexts.roleRequired })
    .max(200, { message: 'The role must be at most 200 characters.' }),
  rate_cents: z
    .number({ message: adminAssignmentTexts.rateTooLow })
    .int({ message: 'The rate must be a whole number of cents.' })
    .min(100, { message: adminAssignmentTexts.rateTooLow })
    .max(MAX_ASSIGNMENT_RATE_CENTS, { message: adminAssignmentTexts.rateTooHigh }),
  weekly_hours: z
    .number({ message: adminAssignmentTexts.weeklyHoursRange })
    .int({ message: adminAssignmentTexts.weeklyHoursRange })
    .min(1, { message: adminAssignmentTexts.weeklyHoursRange })
    .max(60, { message: adminAssignmentTexts.weeklyHoursRange }),
  start_date: z.string({ message: adminAssignmentTexts.startDate }).regex(/^\d{4}-\d{2}-\d{2}$/, {
    message: adminAssignmentTexts.startDate,
  }),
});
export type CreateAssignmentInput = z.infer<typeof createAssignmentSchema>;
