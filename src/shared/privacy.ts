import { z } from 'zod';
import { privacyRequestKinds, privacyRequestStatuses } from './admin';
import { roles } from './permissions';

// Privacy (decision 014; docs/spec/admin-billing-and-content.md §9 policy): a signed-in person downloads
// everything Tandem holds about them and asks for their account to be erased; administrators answer erasure
// requests within the policy's month; a daily retention job applies the policy's periods.

// GDPR requests are answered within one month.
export const PRIVACY_REQUEST_DAYS = 30;
// Retention periods (Privacy Policy): account data 3 years after last activity, transaction data 7 years,
// analytics 26 months, then anonymised.
export const INACTIVE_ACCOUNT_YEARS = 3;
export const ACCOUNTING_RETENTION_YEARS = 7;
export const ANALYTICS_RETENTION_MONTHS = 26;

// What a person without a password (identity-provider sign-in) types to confirm.
export const DELETION_CONFIRMATION = 'DELETE';

export const privacyTexts = {
  passwordRequired: 'Enter your password to confirm.',
  wrongPassword: 'Your password is not correct.',
  confirmationRequired: `Type ${DELETION_CONFIRMATION} to confirm.`,
  alreadyPending: 'You have already asked for your account to be deleted; an administrator will process it.',
  noPendingRequest: 'You have no pending deletion request to cancel.',
  // The last owner of a company with other members (docs/decisions/032).
  lastOwner:
    'You are the only owner of your company, and it has other members. Make another member an owner in Settings → Team, then delete your account.',
  lastOwnerForAdministrators:
    'This person is the only owner of a company that has other members. Reject the request, or wait until they make another member an owner.',
  requestNotFound: 'This privacy request does not exist.',
  notPending: 'This request has already been processed.',
  reasonRequired: 'Give the reason for rejecting this request.',
  reasonTooLong: 'Keep the reason under 1000 characters.',
  requested: 'Deletion requested',
  cancelled: 'Deletion request cancelled',
  completed: 'Account deleted',
  rejected: 'Request rejected',
} as const;

// POST /api/account/deletion-request: the password, or the typed word for identity-provider accounts.
export const deletionRequestSchema = z.object({
  password: z.string().max(1000).optional(),
  confirmation: z.string().max(100).optional(),
});
export type DeletionRequestInput = z.infer<typeof deletionRequestSchema>;

// POST /api/admin/privacy-requests/{id}/reject
export const rejectPrivacyRequestSchema = z.object({
  reason: z
    .string({ message: privacyTexts.reasonRequired })
    .trim()
    .min(1, { message: privacyTexts.reasonRequired })
    .max(1000, { message: privacyTexts.reasonTooLong }),
});
export type RejectPrivacyRequestInput = z.infer<typeof rejectPrivacyRequestSchema>;

export const privacyRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(privacyRequestKinds),
  status: z.enum(privacyRequestStatuses),
  reason: z.string().nullable(),
  due_at: z.string(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
  // Pending past its due date.
  is_overdue: z.boolean(),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

// GET /api/account/privacy-requests: the signed-in person's own requests, newest first.
export const myPrivacyRequestsSchema = z.object({
  items: z.array(privacyRequestSchema),
  // The erasure request still waiting, if any (the settings section shows it with Cancel).
  pending_erasure: privacyRequestSchema.nullable(),
  // Accounts without a password confirm with the typed word instead.
  has_password: z.boolean(),
});
export type MyPrivacyRequests = z.infer<typeof myPrivacyRequestsSchema>;

const adminPrivacyRequestSchema = privacyRequestSchema.extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(roles) }),
  processed_by: z.string().nullable(),
  // Unpaid invoices of the person's company: a reason to reject (they stay owed).
  unpaid_invoices: z.number().int(),
});
export type AdminPrivacyRequest = z.infer<typeof adminPrivacyRequestSchema>;

export const adminPrivacyRequestFilters = ['pending', 'processed', 'all'] as const;
export type AdminPrivacyRequestFilter = (typeof adminPrivacyRequestFilters)[number];
export const adminPrivacyRequestFilterLabels: Record<AdminPrivacyRequestFilter, string> = {
  pending: 'Pending',
  processed: 'Processed',
  all: 'All',
};

// GET /api/admin/privacy-requests?status=&page=&page_size=: pending ones oldest due first.
export const adminPrivacyRequestListQuerySchema = z.object({
  status: z.enum(adminPrivacyRequestFilters, { message: 'Choose a status from the list.' }).default('pending'),
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
});
export type AdminPrivacyRequestListQuery = z.infer<typeof adminPrivacyRequestListQuerySchema>;

export const adminPrivacyRequestListSchema = z.object({
  items: z.array(adminPrivacyRequestSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  // Pending past the month, whatever the filter.
  overdue: z.number(),
});
export type AdminPrivacyRequestList = z.infer<typeof adminPrivacyRequestListSchema>;
