import { z } from 'zod';
import { paymentSchema } from './billing';

// Payment Management (docs/spec/admin-billing-and-content.md §2 item 7, §3 Payment record): every payment on the
// platform, three summary cards, a refund through the provider, and the CSV of the filtered rows.

// What the status filter offers. A refunded payment completed once and was given back (refunded_at):
// it no longer counts as completed.
export const adminPaymentStatuses = ['completed', 'pending', 'failed', 'refunded'] as const;
export type AdminPaymentStatus = (typeof adminPaymentStatuses)[number];

export const adminPaymentStatusLabels: Record<AdminPaymentStatus, string> = {
  completed: 'Completed',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
};

const filterQuery = {
  q: z.string().trim().max(200, { message: 'Search for at most 200 characters.' }).optional(),
  status: z.enum(adminPaymentStatuses, { message: 'Choose a status from the list.' }).optional(),
};

// GET /api/admin/payments?q=&status=&page=&page_size= (q: company name or invoice number).
export const adminPaymentListQuerySchema = z.object({
  ...filterQuery,
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
});
export type AdminPaymentListQuery = z.infer<typeof adminPaymentListQuerySchema>;

// GET /api/admin/payments/export.csv?q=&status=
export const adminPaymentExportQuerySchema = z.object(filterQuery);

const adminPaymentSchema = paymentSchema.extend({
  display_status: z.enum(adminPaymentStatuses),
  company_id: z.string(),
  provider: z.string(),
  provider_ref: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentListSchema = z.object({
  items: z.array(adminPaymentSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type AdminPaymentList = z.infer<typeof adminPaymentListSchema>;

const figure = z.object({ amount_cents: z.number().int(), count: z.number().int() });
// GET /api/admin/payments/summary: this calendar month (UTC) and what is still open.
export const adminPaymentSummarySchema = z.object({
  // Completed this month and not refunded.
  received_this_month: figure,
  // Every payment still waiting for the provider's answer.
  pending: figure,
  // Failed or refunded this month.
  failed_or_refunded_this_month: figure,
});
export type AdminPaymentSummary = z.infer<typeof adminPaymentSummarySchema>;

// POST /api/admin/payments/{id}/refund
export const refundPaymentResultSchema = z.object({ payment: adminPaymentSchema });

export const adminPaymentTexts = {
  notFound: 'This payment does not exist.',
  refundNeedsCompleted: 'Only a completed payment can be refunded; this one has not completed.',
  // Escrow moves only with the milestone (decision 035): released, refunded or split by a settlement.
  refundIsEscrow: 'This payment funded a milestone into escrow: it is refunded by settling the milestone, not here.',
  refundUnavailable: 'The refund could not be completed right now. Please try again.',
  refunded: 'Payment Refunded',
} as const;
