import { z } from 'zod';
import { assignmentStatuses } from './applications';
import {
  creditNoteReasons,
  invoiceItemKinds,
  invoiceItemUnits,
  invoiceSortKeys,
  invoiceStatuses,
  MAX_MINUTES_PER_DAY,
  paymentDisplayStatuses,
  paymentMethodKinds,
  paymentStatuses,
  shiftStatuses,
  sortOrders,
  timesheetStatuses,
  workTexts,
} from './billing-texts';
import { malformedIdMessage } from './contract-schemas';
import { currencySchema } from './fx-rates';
import { engagementTypes } from './job-texts';
import { taxCategories } from './tax';

// Work and billing (decision 013): assignments, timesheets, invoices and payments. Money is integer cents
// on the wire and in the database; the screens show two decimals. Durations are whole minutes.

export * from './billing-texts';

const calendarDay = (what: string) =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: `The ${what} must be a date (YYYY-MM-DD).` });

const pageQuery = {
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
};

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), page_size: z.number() });

// A currency as the API answers it (ISO 4217; issue 55). Every amount of a company (its rates, timesheets,
// invoices, payments, milestones) is in its billing currency, which the views name beside the amounts.
// The one schema of a currency field (fx-rates.ts), which applications.ts reads too without a cycle.
export { currencySchema };

// ---------------------------------------------------------------- assignments

const assignmentTermsSchema = z.object({
  rate_cents: z.number().int(),
  weekly_hours: z.number().int(),
  effective_date: z.string(),
});

export const assignmentSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  applicant_id: z.string(),
  applicant_name: z.string(),
  job_id: z.string().nullable(),
  role: z.string(),
  // Paid by the hour, or a fixed price in milestones (shared/milestones.ts).
  engagement_type: z.enum(engagementTypes),
  // The hourly terms in effect today (or on the start date, before it); null for a fixed price.
  rate_cents: z.number().int().nullable(),
  weekly_hours: z.number().int().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  end_reason: z.string().nullable(),
  status: z.enum(assignmentStatuses),
  shift_status: z.enum(shiftStatuses),
  // Every change of rate or weekly hours, oldest first; the first is the hire's own terms (none for a fixed price).
  terms: z.array(assignmentTermsSchema),
  // The currency of its rates: the company's billing currency.
  currency: currencySchema,
  created_at: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const assignmentListQuerySchema = z.object({
  status: z.enum(assignmentStatuses, { message: 'Unknown assignment status.' }).optional(),
  // Part of the talent's, the company's or the role's name.
  q: z.string().trim().max(100, { message: 'Search with at most 100 characters.' }).optional(),
  ...pageQuery,
});
export const assignmentListSchema = listOf(assignmentSchema);
export type AssignmentList = z.infer<typeof assignmentListSchema>;

export const endAssignmentSchema = z.object({
  end_date: calendarDay('end date'),
  reason: z.string().trim().min(1, { message: 'Please give a reason for ending the assignment.' }).max(500),
});
export type EndAssignmentInput = z.infer<typeof endAssignmentSchema>;

export const changeAssignmentTermsSchema = z
  .object({
    rate_cents: z.number().int().min(100, { message: 'The rate must be at least $1.00 an hour.' }).optional(),
    weekly_hours: z
      .number()
      .int()
      .min(1, { message: 'Weekly hours must be between 1 and 60.' })
      .max(60, { message: 'Weekly hours must be between 1 and 60.' })
      .optional(),
    effective_date: calendarDay('effective date'),
  })
  .refine((terms) => terms.rate_cents !== undefined || terms.weekly_hours !== undefined, {
    message: 'Change the rate, the weekly hours, or both.',
  });
export type ChangeAssignmentTermsInput = z.infer<typeof changeAssignmentTermsSchema>;

// ---------------------------------------------------------------- time tracking

const timeEntrySchema = z.object({
  work_date: z.string(),
  minutes: z.number().int(),
  // What the talent did that day, for the company reviewing the week; null without one.
  note: z.string().nullable(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const timesheetSchema = z.object({
  // Null for a week nothing was saved in yet.
  id: z.string().nullable(),
  assignment_id: z.string(),
  company_name: z.string(),
  applicant_name: z.string(),
  role: z.string(),
  // The Sunday the week starts on.
  week_start: z.string(),
  status: z.enum(timesheetStatuses),
  // Seven days, Sunday first, zero where nothing was logged.
  entries: z.array(timeEntrySchema),
  total_minutes: z.number().int(),
  weekly_hours: z.number().int(),
  // More than the weekly hours: the company approves the excess explicitly.
  is_over_weekly_hours: z.boolean(),
  submitted_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  // The company's words when it returned the week.
  return_comment: z.string().nullable(),
  // What the talent is owed for the week, fixed at approval.
  talent_pay_cents: z.number().int().nullable(),
  // The currency of the pay and the cost: the company's billing currency.
  currency: currencySchema,
  invoice_id: z.string().nullable(),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

export const timesheetListQuerySchema = z.object({
  status: z.enum(timesheetStatuses, { message: 'Unknown timesheet status.' }).optional(),
  assignment_id: z.string().uuid({ message: 'That assignment id is not valid.' }).optional(),
  ...pageQuery,
});
export const timesheetListSchema = listOf(timesheetSchema);
export type TimesheetList = z.infer<typeof timesheetListSchema>;

// A day's note on a timesheet: what was done, in a sentence or two.
export const TIME_ENTRY_NOTE_MAX = 500;

export const timesheetEntryTexts = {
  minutesNotANumber: 'A day’s hours are sent as a number of minutes (450 for 7.5 hours).',
  entryNotADay: 'Each day is sent as its work date and its minutes.',
  entriesNotAList: 'Send the week’s days as a list of entries, each with its work date and minutes.',
  tooManyDays: 'A week has at most 7 days.',
} as const;

// PUT /api/applicant/timesheets/{assignment_id}/{week_start}: the week's hours, day by day.
// Each refusal is a sentence the talent (or an API client) can act on, whatever was sent in the field's place.
export const saveTimesheetSchema = z.object({
  entries: z
    .array(
      z.object(
        {
          work_date: calendarDay('work date'),
          minutes: z
            .number({ message: timesheetEntryTexts.minutesNotANumber })
            .int({ message: 'Hours are counted in whole minutes.' })
            .min(0, { message: 'Hours cannot be negative.' })
            .max(MAX_MINUTES_PER_DAY, { message: 'A day has at most 24 hours.' }),
          // Blank: no note for the day.
          note: z
            .string({ message: 'A day’s note is text.' })
            .trim()
            .max(TIME_ENTRY_NOTE_MAX, { message: `Keep a day’s note under ${TIME_ENTRY_NOTE_MAX} characters.` })
            .optional(),
        },
        { message: timesheetEntryTexts.entryNotADay },
      ),
      { message: timesheetEntryTexts.entriesNotAList },
    )
    .max(7, { message: timesheetEntryTexts.tooManyDays }),
});
export type SaveTimesheetInput = z.infer<typeof saveTimesheetSchema>;

export const returnTimesheetSchema = z.object({
  comment: z.string().trim().min(1, { message: 'Please say what needs changing.' }).max(1000),
});

export const approveTimesheetSchema = z.object({
  // Required (true) when the week holds more than the assignment's weekly hours.
  approve_over_weekly_hours: z.boolean().default(false),
});

// POST /api/company/timesheets/approve: several submitted weeks at once (the weeks of a list page). A week
// over its weekly hours is not approved this way: its outcome says so, for a review of its own.
export const APPROVE_WEEKS_MAX = 100;
export const approveWeeksSchema = z.object({
  ids: z
    .array(z.uuid({ message: workTexts.timesheetNotFound }), { message: workTexts.selectWeek })
    .min(1, { message: workTexts.selectWeek })
    .max(APPROVE_WEEKS_MAX, { message: workTexts.tooManyWeeks }),
});
export const approveWeeksResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      outcome: z.enum(['approved', 'skipped', 'not_found']),
      // Why a week was skipped: the sentence of the 409 its approval met.
      error: z.string().optional(),
    }),
  ),
  approved: z.number(),
});
export type ApproveWeeksResult = z.infer<typeof approveWeeksResultSchema>;

// What a week costs its company (decision 024), drafted by the invoice run's own arithmetic: its minutes at
// each rate in effect (a change mid-week gives two lines), the platform fee on the work and the tax on work
// plus fee. An invoiced week at its invoice's fee and tax; any other at today's, as the next run would bill it.
export const weekCostSchema = z.object({
  // Each line: the week's minutes under one set of terms, rounded once (decision 047), and their days.
  work: z.array(
    z.object({
      rate_cents: z.number().int(),
      minutes: z.number().int(),
      amount_cents: z.number().int(),
      work_start: z.string(),
      work_end: z.string(),
    }),
  ),
  subtotal_cents: z.number().int(),
  fee_basis_points: z.number().int(),
  fee_cents: z.number().int(),
  tax_basis_points: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  // The company's billing currency, which every amount above counts.
  currency: currencySchema,
});
export type WeekCost = z.infer<typeof weekCostSchema>;

// A week as its company reviews it: the talent's week and what it costs the company.
export const companyTimesheetSchema = timesheetSchema.extend({ cost: weekCostSchema });
export type CompanyTimesheet = z.infer<typeof companyTimesheetSchema>;
export const companyTimesheetListSchema = listOf(companyTimesheetSchema);
export type CompanyTimesheetList = z.infer<typeof companyTimesheetListSchema>;

export const clockStateSchema = z.object({
  assignment_id: z.string(),
  shift_status: z.enum(shiftStatuses),
  clocked_in_at: z.string().nullable(),
  break_started_at: z.string().nullable(),
  // Minutes worked so far in the open shift (breaks excluded).
  worked_minutes: z.number().int(),
});
export type ClockState = z.infer<typeof clockStateSchema>;

// ---------------------------------------------------------------- invoices

const invoiceItemSchema = z.object({
  id: z.string(),
  kind: z.enum(invoiceItemKinds),
  description: z.string(),
  // In the unit: minutes of work (exact, so quantity × rate per hour ÷ 60, rounded half up, is the amount);
  // hours with two decimals on work invoiced before decision 047; 1 for the fee, the tax, a milestone.
  quantity: z.number(),
  unit: z.enum(invoiceItemUnits),
  rate_cents: z.number().int(),
  amount_cents: z.number().int(),
  // The first and last day of a work item's minutes (YYYY-MM-DD); null for the rest and older work.
  work_start: z.string().nullable(),
  work_end: z.string().nullable(),
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

// A refund of the invoice's payment, as its credit note says (decision 048).
const invoiceRefundSchema = z.object({
  credit_note_id: z.string(),
  credit_note_number: z.string(),
  reason: z.enum(creditNoteReasons),
  total_cents: z.number().int(),
  issued_at: z.string(),
});
export type InvoiceRefund = z.infer<typeof invoiceRefundSchema>;

// The tax rule a document was issued under (decision 053), its legal wording and its breakdown per rate.
export const documentTaxSchema = z.object({
  category: z.enum(taxCategories),
  // VAT, GST, or Tax for a sales tax.
  name: z.string(),
  rate_basis_points: z.number().int(),
  note: z.string(),
  breakdown: z.array(
    z.object({ rate_basis_points: z.number().int(), taxable_cents: z.number().int(), tax_cents: z.number().int() }),
  ),
});
export type DocumentTax = z.infer<typeof documentTaxSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  invoice_number: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  // Both parties as they were when the invoice was issued (decision 044): later changes to the company's
  // billing details or to the seller in System Settings leave them as they are. Address lines are joined
  // by newlines; country is ISO 3166-1 alpha-2 or empty.
  billed_to: z.object({
    name: z.string(),
    address: z.string(),
    country: z.string(),
    tax_id: z.string(),
    // The electronic address its e-invoice names (issue 56); empty on invoices issued before.
    email: z.string(),
  }),
  seller: z.object({
    name: z.string(),
    address: z.string(),
    tax_id: z.string(),
    country: z.string(),
    email: z.string(),
  }),
  tax: documentTaxSchema,
  period_start: z.string(),
  period_end: z.string(),
  issue_date: z.string(),
  due_date: z.string(),
  status: z.enum(invoiceStatuses),
  subtotal_cents: z.number().int(),
  fee_cents: z.number().int(),
  tax_cents: z.number().int(),
  amount_cents: z.number().int(),
  // Every amount of the invoice is in it: the company's billing currency when issued (issue 55).
  currency: currencySchema,
  paid_at: z.string().nullable(),
  items: z.array(invoiceItemSchema),
  // The money given back of it, oldest first: each refund is a credit note of its own.
  refunds: z.array(invoiceRefundSchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;

// ---------------------------------------------------------------- credit notes (decision 048)

const creditNoteItemSchema = z.object({
  kind: z.enum(invoiceItemKinds),
  description: z.string(),
  amount_cents: z.number().int(),
});

export const creditNoteSchema = z.object({
  id: z.string(),
  credit_note_number: z.string(),
  reason: z.enum(creditNoteReasons),
  // What it credits: an invoice, or a milestone's funding that was never invoiced (invoice null).
  invoice_id: z.string().nullable(),
  invoice_number: z.string().nullable(),
  milestone_id: z.string().nullable(),
  milestone_title: z.string().nullable(),
  payment_id: z.string(),
  // The buyer as the credited invoice named it at issue (decision 044), and every party the invoice names.
  billed_to_name: z.string(),
  parties: z.record(z.string(), z.string().nullable()),
  issue_date: z.string(),
  issued_at: z.string(),
  subtotal_cents: z.number().int(),
  fee_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  tax: documentTaxSchema,
  currency: currencySchema,
  items: z.array(creditNoteItemSchema),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

// GET /api/company/credit-notes: the company's credit notes, newest first.
export const creditNoteListQuerySchema = z.object({ ...pageQuery });
export const creditNoteListSchema = listOf(creditNoteSchema);
export type CreditNoteList = z.infer<typeof creditNoteListSchema>;
export const creditNoteTexts = {
  notFound: 'This credit note does not exist, or it is not your company’s.',
};

export const invoiceListQuerySchema = z.object({
  // Matches the invoice number case-insensitively (docs/spec/admin-billing-and-content.md §5).
  q: z.string().trim().max(100).optional(),
  status: z.enum(invoiceStatuses, { message: 'Unknown invoice status.' }).optional(),
  // Issue date range, inclusive.
  from: calendarDay('start date').optional(),
  to: calendarDay('end date').optional(),
  sort: z.enum(invoiceSortKeys, { message: 'Unknown sort column.' }).default('issueDate'),
  order: z.enum(sortOrders).default('desc'),
  ...pageQuery,
});
// What a caller sends (the coerced page numbers as numbers, decision 019's QueryOf).
export type InvoiceListQuery = Omit<z.input<typeof invoiceListQuerySchema>, 'page' | 'page_size'> & {
  page?: number;
  page_size?: number;
};
export const invoiceListSchema = listOf(invoiceSchema);

// Selected rows of the table, downloaded together.
export const MAX_EXPORTED_INVOICES = 100;

// GET /api/company/invoices/export.pdf?ids=<id>,<id>
export const invoiceExportQuerySchema = z.object({
  ids: z
    .string({ message: 'Choose the invoices to download.' })
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(
      z
        .array(z.string())
        .min(1, { message: 'Choose the invoices to download.' })
        .max(MAX_EXPORTED_INVOICES, { message: `Download at most ${MAX_EXPORTED_INVOICES} invoices at a time.` })
        // One sentence for the list, not one per position in it.
        .refine((ids) => ids.every((id) => z.uuid().safeParse(id).success), { message: malformedIdMessage('invoice') }),
    ),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

// The four summary cards (docs/spec/admin-billing-and-content.md §9): outstanding = unpaid + pending + overdue;
// overdue; the most recently issued paid invoice; the next auto-pay date, or null for 'Off'.
export const billingSummarySchema = z.object({
  outstanding_cents: z.number().int(),
  overdue_cents: z.number().int(),
  last_payment: z.object({ amount_cents: z.number().int(), issue_date: z.string(), paid_at: z.string() }).nullable(),
  next_auto_pay: z.object({ date: z.string(), amount_cents: z.number().int() }).nullable(),
  // The company's billing currency: its invoices' and so these sums'.
  currency: currencySchema,
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export const billingProfileSchema = z.object({
  tax_rate_basis_points: z.number().int(),
  payment_terms_days: z.number().int(),
  auto_pay: z.boolean(),
  default_payment_method_id: z.string().nullable(),
});
export type BillingProfile = z.infer<typeof billingProfileSchema>;

export const updateBillingProfileSchema = z.object({
  auto_pay: z.boolean().optional(),
  default_payment_method_id: z.string().uuid({ message: 'That payment method id is not valid.' }).optional(),
});

// ---------------------------------------------------------------- money between approval and invoice

// The company's next invoice as the weekly run would issue it now (decision 024): when the run happens (a
// moment; the screens show its day in the viewer's zone), the week it is for, and the approved weeks not
// yet billed that it takes, drafted by the run's own arithmetic. All zero when nothing waits.
export const nextInvoiceSchema = z.object({
  runs_at: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  weeks: z.number().int(),
  total_minutes: z.number().int(),
  subtotal_cents: z.number().int(),
  fee_basis_points: z.number().int(),
  fee_cents: z.number().int(),
  tax_basis_points: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  currency: currencySchema,
});
export type NextInvoice = z.infer<typeof nextInvoiceSchema>;

// GET /api/company/unbilled-work: approved weeks no invoice has billed yet, newest week first.
export const unbilledWeekSchema = z.object({
  timesheet_id: z.string(),
  assignment_id: z.string(),
  applicant_name: z.string(),
  role: z.string(),
  week_start: z.string(),
  total_minutes: z.number().int(),
  approved_at: z.string().nullable(),
  cost: weekCostSchema,
});
export type UnbilledWeek = z.infer<typeof unbilledWeekSchema>;
export const unbilledWorkQuerySchema = z.object({ ...pageQuery });
export const unbilledWorkListSchema = listOf(unbilledWeekSchema);
export type UnbilledWorkList = z.infer<typeof unbilledWorkListSchema>;

// GET /api/admin/unbilled-work: the companies with approved weeks not yet billed, by name.
export const unbilledCompanySchema = z.object({
  company_id: z.string(),
  company_name: z.string(),
  // Every approved week not yet billed; the next invoice takes those up to its week.
  weeks: z.number().int(),
  total_minutes: z.number().int(),
  next_invoice: nextInvoiceSchema,
});
export type UnbilledCompany = z.infer<typeof unbilledCompanySchema>;
export const unbilledCompanyQuerySchema = z.object({
  // Part of the company's name, any case.
  q: z.string().trim().max(100, { message: 'Search with at most 100 characters.' }).optional(),
  ...pageQuery,
});
export type UnbilledCompanyQuery = Omit<z.input<typeof unbilledCompanyQuerySchema>, 'page' | 'page_size'> & {
  page?: number;
  page_size?: number;
};
export const unbilledCompanyListSchema = listOf(unbilledCompanySchema);
export type UnbilledCompanyList = z.infer<typeof unbilledCompanyListSchema>;

// POST /api/admin/companies/{id}/issue-invoice: the weekly run for one company, now. issued: a new invoice
// (201). already_issued: the invoice of this week went out already (its number); what was approved since
// waits for next_invoice. nothing_to_invoice: no approved week waits. Nothing is ever issued twice.
export const issueInvoiceOutcomes = ['issued', 'already_issued', 'nothing_to_invoice'] as const;
export type IssueInvoiceOutcome = (typeof issueInvoiceOutcomes)[number];
export const issueInvoiceNowResultSchema = z.object({
  outcome: z.enum(issueInvoiceOutcomes),
  company_name: z.string(),
  invoice: z
    .object({
      id: z.string(),
      invoice_number: z.string(),
      period_start: z.string(),
      period_end: z.string(),
      issue_date: z.string(),
      total_cents: z.number().int(),
    })
    .nullable(),
  next_invoice: nextInvoiceSchema,
});
export type IssueInvoiceNowResult = z.infer<typeof issueInvoiceNowResultSchema>;

// ---------------------------------------------------------------- payments

export const paymentMethodSchema = z.object({
  id: z.string(),
  kind: z.enum(paymentMethodKinds),
  // 'Visa ending in 4242', 'Bank account ending in 6789', 'Wallet (name@example.com)'.
  label: z.string(),
  last4: z.string().nullable(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodListSchema = z.object({ items: z.array(paymentMethodSchema) });

export const addPaymentMethodSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('card'),
    card_number: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, { message: 'Enter a card number of 12 to 19 digits.' })),
    exp_month: z.number().int().min(1, { message: 'Enter a valid expiry month.' }).max(12, {
      message: 'Enter a valid expiry month.',
    }),
    exp_year: z.number().int().min(2000, { message: 'Enter a valid expiry year.' }).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/, { message: 'Enter the 3 or 4 digits on the back of the card.' }),
  }),
  z.object({
    kind: z.literal('bank'),
    account_holder: z.string().trim().min(1, { message: 'Enter the account holder’s name.' }).max(200),
    routing_number: z.string().regex(/^\d{9}$/, { message: 'Enter the 9-digit routing number.' }),
    account_number: z.string().regex(/^\d{4,17}$/, { message: 'Enter an account number of 4 to 17 digits.' }),
  }),
  z.object({
    kind: z.literal('wallet'),
    email: z.string().trim().email({ message: 'Enter the email address of the wallet account.' }),
  }),
]);
export type AddPaymentMethodInput = z.infer<typeof addPaymentMethodSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  // What it paid: an invoice, or a fixed-price milestone's funding into escrow (decision 035).
  invoice_id: z.string().nullable(),
  invoice_number: z.string().nullable(),
  milestone_id: z.string().nullable(),
  milestone_title: z.string().nullable(),
  company_name: z.string(),
  amount_cents: z.number().int(),
  currency: currencySchema,
  status: z.enum(paymentStatuses),
  method_label: z.string(),
  failure_message: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  // What went back of it (decision 048): the whole amount, or a settled dispute's share, and when money
  // last went back (null when none did). A payment refunded in full reads Refunded, not Completed.
  refunded_cents: z.number().int(),
  refunded_at: z.string().nullable(),
  display_status: z.enum(paymentDisplayStatuses),
});
export type Payment = z.infer<typeof paymentSchema>;

// POST /api/company/invoices/{id}/pay with an Idempotency-Key header: a saved method, or a new one
// used for this payment (and kept when save_method is set).
const payInvoiceSchema = z
  .object({
    payment_method_id: z.string().uuid({ message: 'That payment method id is not valid.' }).optional(),
    new_method: addPaymentMethodSchema.optional(),
    save_method: z.boolean().default(false),
  })
  .refine((body) => (body.payment_method_id === undefined) !== (body.new_method === undefined), {
    message: 'Please choose a payment method.',
    path: ['payment_method_id'],
  });
export type PayInvoiceInput = z.infer<typeof payInvoiceSchema>;

export const payInvoiceResultSchema = z.object({
  payment: paymentSchema,
  invoice: invoiceSchema,
});
export type PayInvoiceResult = z.infer<typeof payInvoiceResultSchema>;

// ---------------------------------------------------------------- payments: what the server says

// GET /api/company/payments: the company's payments, newest first.
export const paymentListQuerySchema = z.object({ ...pageQuery });
export const paymentListSchema = listOf(paymentSchema);
export type PaymentList = z.infer<typeof paymentListSchema>;

// The longest Idempotency-Key accepted (Stripe's own limit).
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

// The sentences of paying, payment methods and Auto-Pay (the server's refusals; the screens may show them).
// A refused payment answers 402 with code payment_declined and one of the decline sentences.
export const paymentTexts = {
  idempotencyKeyRequired: 'An Idempotency-Key header is required.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used to pay another invoice. Send a new key for a new payment.',
  idempotencyKeyOtherRequest:
    'This Idempotency-Key was already used with a different payment method. Send the same request again, or a new key for a new payment.',
  invoiceNotFound: 'This invoice does not exist, or it is not yours.',
  alreadyPaid: 'This invoice is already paid.',
  inProgress: 'Please wait a moment: a payment for this invoice is in progress.',
  chooseMethod: 'Please choose a payment method.',
  chooseOneMethod: 'Choose a saved payment method or enter a new one, not both.',
  chooseSavedMethod: 'Choose one of your saved payment methods.',
  methodNotFound: 'This payment method does not exist, or it is not yours.',
  cardDeclined: 'Your card was declined. Try another payment method.',
  insufficientFunds: 'Your card has insufficient funds.',
  bankDeclined: 'Your bank declined the payment. Try another payment method.',
  methodUnusable: 'This payment method can no longer be used. Try another payment method.',
  tryAgain: 'The payment could not be completed right now. Please try again.',
  methodSaveUnavailable: 'The payment method could not be saved right now. Please try again.',
  cardNumberIncorrect: 'Your card number is incorrect.',
  cardExpired: 'Your card has expired.',
  autoPayNeedsMethod: 'Add a payment method before turning on Auto-Pay.',
  // With Stripe, card details go from the browser to Stripe and only a PaymentMethod id reaches us.
  stripeCardForm: 'Enter your card through the secure card form.',
  stripeCardsOnly: 'Only cards can be added while payments run through Stripe.',
  webhookSignature: 'The Stripe signature of this event is not valid.',
} as const;

// With Stripe, card details go from the browser straight to Stripe (Stripe.js); the request carries the
// PaymentMethod id it made.
export const stripeCardMethodSchema = z.object({
  kind: z.literal('card'),
  payment_method: z
    .string({ error: paymentTexts.stripeCardForm })
    .regex(/^pm_\w{1,200}$/, { message: paymentTexts.stripeCardForm }),
});

// A new payment method in any shape a payment provider takes: typed in (test mode), or a card Stripe's
// form made. Each instance's provider accepts its own shape (server/kernels/payments/payment-provider.ts).
export const newPaymentMethodSchema = z.union([addPaymentMethodSchema, stripeCardMethodSchema]);
export type NewPaymentMethodInput = z.output<typeof newPaymentMethodSchema>;

// The pay body as the API takes it; which method is given is checked by the server, so its sentence is the
// answer.
export const payInvoiceBodySchema = z.object({
  payment_method_id: z.uuid({ message: 'That payment method id is not valid.' }).optional(),
  new_method: newPaymentMethodSchema.optional(),
  save_method: z.boolean().default(false),
});

// POST /api/company/invoices/pay with an Idempotency-Key header: several invoices at once (the overdue ones, or
// those selected), each paid on its own with one saved method, oldest due first. The key covers the whole
// request: sent again, every invoice answers as it did and none is charged twice.
export const PAY_INVOICES_MAX = 20;
export const payInvoicesBodySchema = z.object({
  invoice_ids: z
    .array(z.uuid({ message: 'That invoice id is not valid.' }))
    .min(1, { message: 'Choose at least one invoice to pay.' })
    .max(PAY_INVOICES_MAX, { message: `Pay at most ${PAY_INVOICES_MAX} invoices at once.` })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each invoice can be paid once.' }),
  payment_method_id: z.uuid({
    error: (issue) => (issue.input === undefined ? paymentTexts.chooseMethod : 'That payment method id is not valid.'),
  }),
});
export type PayInvoicesInput = z.infer<typeof payInvoicesBodySchema>;

// What became of each invoice: paid, on its way (the provider confirms later), declined, or not paid with a
// reason (already paid, not found, the provider unreachable: try again with the same key).
export const payInvoicesOutcomes = ['paid', 'processing', 'declined', 'not_paid'] as const;
export const payInvoicesResultSchema = z.object({
  results: z.array(
    z.object({
      invoice_id: z.string(),
      invoice_number: z.string().nullable(),
      amount_cents: z.number().int().nullable(),
      outcome: z.enum(payInvoicesOutcomes),
      message: z.string().nullable(),
    }),
  ),
  paid_cents: z.number().int(),
});
export type PayInvoicesResult = z.infer<typeof payInvoicesResultSchema>;

// A retry sends the same key, so the server answers with the first attempt's result and never charges twice.
export const idempotencyHeadersSchema = z.looseObject({ 'idempotency-key': z.string().optional() });

// Stripe's webhook: the signature over the raw body, and what we answer once the event is taken.
export const stripeSignatureHeadersSchema = z.looseObject({ 'stripe-signature': z.string().optional() });
export const stripeEventReceivedSchema = z.object({ received: z.literal(true) });
export const STRIPE_EVENT_MAX_BYTES = 1024 * 1024;
