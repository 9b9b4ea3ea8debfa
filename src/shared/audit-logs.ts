import { z } from 'zod';
import { keysetCursor, keysetPageSize } from './contract-schemas';

// Audit Logs (docs/spec/admin-billing-and-content.md §2 item 8, §3 Audit log entry): every recorded action,
// filtered by who acted (a person or the system) and when, searched, paged by a cursor over millions of rows, each
// row viewable with its before/after values, and the filtered rows as CSV. Companies see the rows their
// own people wrote (/company/settings).

// Action type: a signed-in person acted, or nobody did (the system: a job, a failed sign-in).
export const auditActorKinds = ['user', 'system'] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];

export const auditDateRanges = ['24h', '7d', '30d'] as const;
export type AuditDateRange = (typeof auditDateRanges)[number];
export const DEFAULT_AUDIT_DATE_RANGE: AuditDateRange = '7d';

export const auditDateRangeLabels: Record<AuditDateRange, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};

const HOUR = 3_600_000;
export const auditDateRangeMilliseconds: Record<AuditDateRange, number> = {
  '24h': 24 * HOUR,
  '7d': 7 * 24 * HOUR,
  '30d': 30 * 24 * HOUR,
};

// The export is a spreadsheet: at most this many rows, newest first.
export const AUDIT_EXPORT_ROW_LIMIT = 100_000;

const filterQuery = {
  // Search: an action (its code or its words: "suspended"), an actor's exact email, a target's exact id or type.
  q: z.string().trim().max(200, { message: 'Search for at most 200 characters.' }).optional(),
  type: z.enum(auditActorKinds, { message: 'Choose an action type from the list.' }).optional(),
  range: z.enum(auditDateRanges, { message: 'Choose a date range from the list.' }).default(DEFAULT_AUDIT_DATE_RANGE),
};

// GET /api/admin/audit-logs?q=&type=&range=&after=&before=&page_size=
// `after` pages to older rows (Next), `before` to newer ones (Previous); at most one of them.
export const auditLogListQuerySchema = z
  .object({
    ...filterQuery,
    after: keysetCursor.optional(),
    before: keysetCursor.optional(),
    page_size: keysetPageSize,
  })
  .refine((query) => !(query.after && query.before), {
    message: 'Ask for the next page or the previous one, not both.',
    path: ['before'],
  });
// What a caller sends (the coerced page size as a number, decision 019's QueryOf).
export type AuditLogListQuery = Omit<z.input<typeof auditLogListQuerySchema>, 'page_size'> & { page_size?: number };

// GET /api/admin/audit-logs/export.csv?q=&type=&range=
export const auditLogExportQuerySchema = z.object(filterQuery);
export type AuditLogFilter = z.output<typeof auditLogExportQuerySchema>;

const auditLogEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  action_label: z.string(),
  actor_kind: z.enum(auditActorKinds),
  actor_id: z.string().nullable(),
  // Who acted, by the name their account has (null for the system): a company's log names the member.
  actor_name: z.string().nullable(),
  // The actor's address when the row was written (null for the system).
  actor_email: z.string().nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip_address: z.string().nullable(),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  items: z.array(auditLogEntrySchema),
  // Pass as `after` for the next (older) rows; null on the last page.
  next_cursor: z.string().nullable(),
  // Pass as `before` for the previous (newer) rows; null on the first page.
  previous_cursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

// Words people read for the codes whose plain reading is poor; every other code reads as its words
// ("company.account_manager_assigned" → "Company account manager assigned").
const actionLabelOverrides: Record<string, string> = {
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.signed_out': 'Signed out',
  'auth.sessions_revoked': 'Sessions revoked',
  'auth.password_changed': 'Password changed',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'auth.email_verified': 'Email verified',
  'auth.email_changed': 'Email changed',
  'auth.two_factor_enabled': 'Two-factor authentication enabled',
  'auth.two_factor_failed': 'Two-factor code refused',
  'auth.recovery_code_used': 'Recovery code used',
  'account.claimed_by_verified_owner': 'Account claimed by its verified owner',
  'api_token.created': 'API token created',
  'api_token.revoked': 'API token revoked',
  'message.bulk_sent': 'Message sent to a pipeline column',
  'privacy.data_exported': 'Personal data exported',
  'retention.applied': 'Retention policy applied',
  'audit_log.exported': 'Audit log exported',
  'payment.exported': 'Payments exported',
  'settings.updated': 'System settings updated',
  'settings.reset': 'System settings reset',
  'settings.account_codes_updated': 'Accounting codes updated',
  'settings.invoice_seller_updated': 'Seller on invoices updated',
  'settings.fx_updated': 'FX margin and rate age updated',
  'fx_rates.imported': 'Exchange rates imported',
  'fx_rate.entered': 'Exchange rate entered by hand',
  'tax_rate.added': 'Tax rate added',
  'tax_rate.removed': 'Tax rate removed',
  'billing_details.updated': 'Billing details updated',
  'ledger.exported': 'Ledger exported for the accountant',
  'tax_form.submitted': 'Tax form signed',
  'tax_form.tin_revealed': 'Tax identification number revealed',
  'tax_form.pdf_downloaded': 'Tax form downloaded',
  'nec_forms.issued': 'Forms 1099-NEC issued',
  'agreement.sent': 'Agreements sent with an offer',
  'agreement.signed': 'Agreement signed',
  'agreement.countersigned': 'Agreement countersigned',
  'agreement.declined': 'Agreement declined',
  'agreement.voided': 'Agreement voided',
  'agreement.resent': 'Agreement sent again',
  'agreement.reminded': 'Agreement reminder sent',
  'agreement_settings.updated': 'Agreement settings changed',
  'agreement_template.created': 'Agreement template created',
  'agreement_template.updated': 'Agreement template saved as a new version',
  'agreement_template.archived': 'Agreement template archived',
  'nec_forms.filing_file_downloaded': 'Forms 1099-NEC filing file downloaded',
  'admin_grant.given': 'Tax data reader grant given',
  'admin_grant.taken': 'Tax data reader grant taken',
};

export function auditActionLabel(action: string): string {
  const override = actionLabelOverrides[action];
  if (override) return override;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// What a change looked like before and after, when the row says (details.before / details.after).
export function auditChange(details: Record<string, unknown>): { before: unknown; after: unknown } | null {
  return 'before' in details || 'after' in details ? { before: details.before, after: details.after } : null;
}

export const auditLogTexts = {
  searchHint: 'Search by action (e.g. "suspended"), exact email, or target id or type.',
} as const;
