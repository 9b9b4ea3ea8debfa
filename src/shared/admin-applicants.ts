import { z } from 'zod';
import {
  adminListPageOf,
  adminListPageQuery,
  adminListSearchQuery,
  companyStatuses,
  companyStatusLabels,
} from './admin-companies';

// Applicant Management (docs/spec/admin-billing-and-content.md §2 item 3): every applicant, searched on the
// server, with bulk Suspend, Activate and Remove (an erasure by anonymisation).

export const applicantStatuses = companyStatuses;
export type ApplicantStatus = (typeof applicantStatuses)[number];
// docs/spec/admin-billing-and-content.md §2 item 3: Active or Suspended.
export const applicantStatusLabels: Record<ApplicantStatus, string> = companyStatusLabels;

// GET /api/admin/applicants?q=&status=&page=&page_size= (q: name or email, any case).
export const adminApplicantListQuerySchema = z.object({
  q: adminListSearchQuery,
  status: z.enum(applicantStatuses, { message: 'Choose a status from the list.' }).optional(),
  ...adminListPageQuery,
});
export type AdminApplicantListQuery = z.infer<typeof adminApplicantListQuerySchema>;

const adminApplicantSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(applicantStatuses),
  applications: z.number().int(),
  // Applications that ended in a hire.
  hired: z.number().int(),
  created_at: z.string(),
});
export type AdminApplicant = z.infer<typeof adminApplicantSchema>;

export const adminApplicantListSchema = adminListPageOf(adminApplicantSchema);
export type AdminApplicantList = z.infer<typeof adminApplicantListSchema>;

// GET /api/admin/applicants/{id}: the details drawer.
export const adminApplicantDetailSchema = adminApplicantSchema.extend({
  headline: z.string().nullable(),
  skills: z.array(z.string()),
  location: z.string().nullable(),
  // Every assignment and the active ones.
  assignments: z.number().int(),
  active_assignments: z.number().int(),
  // The Talent Search badges only an administrator grants, after checking the papers.
  id_verified: z.boolean(),
  background_checked: z.boolean(),
});
export type AdminApplicantDetail = z.infer<typeof adminApplicantDetailSchema>;

// PUT /api/admin/applicants/{id}/verifications: grant or withdraw the ID Verified and Background Check
// badges (either or both).
export const applicantVerificationsSchema = z
  .object({
    id_verified: z.boolean({ message: 'Say whether the ID is verified: true or false.' }).optional(),
    background_checked: z.boolean({ message: 'Say whether the background check is done: true or false.' }).optional(),
  })
  .refine((input) => input.id_verified !== undefined || input.background_checked !== undefined, {
    message: 'Say which badge to grant or withdraw: id_verified or background_checked.',
  });
export type ApplicantVerificationsInput = z.infer<typeof applicantVerificationsSchema>;

const applicantBulkActions = ['suspend', 'activate', 'remove'] as const;
export type ApplicantBulkAction = (typeof applicantBulkActions)[number];

// POST /api/admin/applicants/bulk
export const applicantBulkSchema = z.object({
  action: z.enum(applicantBulkActions, { message: 'Choose Suspend, Activate or Remove.' }),
  ids: z
    .array(z.uuid({ message: 'This list names something that is not an applicant.' }), {
      message: 'Select at least one applicant.',
    })
    .min(1, { message: 'Select at least one applicant.' })
    .max(100, { message: 'Select at most 100 applicants at a time.' }),
});
export type ApplicantBulkInput = z.infer<typeof applicantBulkSchema>;
export const applicantBulkResultSchema = z.object({ changed: z.number().int() });
export type ApplicantBulkResult = z.infer<typeof applicantBulkResultSchema>;

export const applicantBulkVerbs: Record<ApplicantBulkAction, { past: string; title: string }> = {
  suspend: { past: 'suspended', title: 'Applicants Suspended' },
  activate: { past: 'activated', title: 'Applicants Activated' },
  remove: { past: 'removed', title: 'Applicants Removed' },
};

export const adminApplicantTexts = {
  loadFailedTitle: 'Error loading applicants',
  loadFailed: 'Failed to load applicant data. Please try again.',
  bulkFailed: (action: ApplicantBulkAction) => `Failed to ${action} applicants`,
  notFound: 'This applicant does not exist.',
  someNotFound: 'Some of the selected applicants no longer exist. Refresh the list and try again.',
  verificationSaved: 'Verification Updated',
  verificationFailed: 'Failed to update verification',
  notActive: 'Badges are granted to active applicants: activate this one first.',
} as const;
