import type { Payment } from './billing';
import type { Currency } from './currencies';
import { formatMoney } from './money-format';

// Billing's statuses, limits, money as screens write it and the sentences of work, apart from billing.ts's
// schemas, with no zod: the dashboards, Billing and the timesheets show them without loading zod (decision
// 037). billing.ts re-exports them.

export const timesheetStatuses = ['open', 'submitted', 'approved', 'returned'] as const;
export type TimesheetStatus = (typeof timesheetStatuses)[number];

// The company dashboard's status dot (spec: 'on-shift, on break, offline'), from the talent's clock.
export const shiftStatuses = ['on_shift', 'on_break', 'offline'] as const;
export type ShiftStatus = (typeof shiftStatuses)[number];

// pending: issued and not yet due. unpaid: a payment was attempted and failed. overdue: past its due
// date and not paid (a scheduled job marks it). paid: a payment completed.
export const invoiceStatuses = ['pending', 'unpaid', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const OUTSTANDING_INVOICE_STATUSES = ['pending', 'unpaid', 'overdue'] as const satisfies InvoiceStatus[];

// milestone: a fixed-price milestone released to the talent (decision 035).
export const invoiceItemKinds = ['work', 'fee', 'tax', 'milestone'] as const;
export type InvoiceItemKind = (typeof invoiceItemKinds)[number];
// What an item's quantity counts. minute: work since the one rounding rule (decision 047), exact, so
// quantity × rate is the amount; hour: work issued before it, hours with two decimals (kept as issued);
// each: the fee, the tax, a milestone.
export const invoiceItemUnits = ['minute', 'hour', 'each'] as const;
export type InvoiceItemUnit = (typeof invoiceItemUnits)[number];

export const paymentStatuses = ['pending', 'completed', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

// How a payment reads to the company: its status, except that a completed payment whose money went back in
// full reads Refunded, and in part Partially refunded (decision 048).
export const paymentDisplayStatuses = ['pending', 'completed', 'failed', 'refunded', 'partially_refunded'] as const;
export type PaymentDisplayStatus = (typeof paymentDisplayStatuses)[number];
export const paymentDisplayStatusLabels: Record<PaymentDisplayStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};
export function paymentDisplayStatusOf(payment: {
  status: PaymentStatus;
  amount_cents: number;
  refunded_cents: number;
}): PaymentDisplayStatus {
  if (payment.status !== 'completed' || payment.refunded_cents === 0) return payment.status;
  return payment.refunded_cents >= payment.amount_cents ? 'refunded' : 'partially_refunded';
}

// Why a credit note was issued (decision 048): an invoice's payment refunded (by an administrator, or from
// Stripe's dashboard), taken back by a chargeback, a funded milestone given back before release, or the
// company's share of a settled dispute.
export const creditNoteReasons = ['payment_refunded', 'charged_back', 'milestone_refunded', 'dispute_settled'] as const;
export type CreditNoteReason = (typeof creditNoteReasons)[number];
export const creditNoteReasonLabels: Record<CreditNoteReason, string> = {
  payment_refunded: 'Payment refunded',
  charged_back: 'Chargeback',
  milestone_refunded: 'Milestone refunded',
  dispute_settled: 'Dispute settled',
};

// docs/spec/admin-billing-and-content.md §9: card (masked card ending in 4242), bank, and a third-party wallet.
export const paymentMethodKinds = ['card', 'bank', 'wallet'] as const;
export type PaymentMethodKind = (typeof paymentMethodKinds)[number];

// docs/spec/admin-billing-and-content.md §9: invoice sort keys; default issueDate descending; a new column
// sorts ascending first.
export const invoiceSortKeys = ['invoiceNumber', 'issueDate', 'dueDate', 'amount', 'status'] as const;
export type InvoiceSortKey = (typeof invoiceSortKeys)[number];
export const sortOrders = ['asc', 'desc'] as const;

// A timesheet week starts on Sunday (as the calendars do) and is named by that day.
export const WEEK_STARTS_ON = 0;
// A day holds at most this many minutes of work.
export const MAX_MINUTES_PER_DAY = 24 * 60;
// Defaults of a company's billing profile until it sets its own.
export const DEFAULT_PAYMENT_TERMS_DAYS = 14;
export const DEFAULT_TAX_RATE_BASIS_POINTS = 0;

// ---------------------------------------------------------------- money on screen and paper

// An integer amount of minor units as every screen and PDF writes it (docs/spec/admin-billing-and-content.md §9:
// two decimals for dollars): 123450 → '$1,234.50', -500 → '-$5.00'; in another currency its own decimals
// (123450 EUR → '€1,234.50', 5000 VND → '₫5,000'). No division in floating point (money-format.ts).
export const formatCents = (cents: number, currency: Currency = 'USD'): string => formatMoney(cents, currency);

// A rate in basis points as a percentage, as invoices and screens write the fee and the tax:
// 1000 → '10%', 825 → '8.25%', 1050 → '10.5%'.
export function formatBasisPoints(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}%` : `${whole}%`;
}

// ---------------------------------------------------------------- work: what the server says

// Minutes as hours and minutes, exact, as invoices write a work line's quantity: 1339 → '22 h 19 min',
// 2280 → '38 h', 45 → '45 min'.
export function formatHoursAndMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours.toLocaleString('en-US')} h` : `${hours.toLocaleString('en-US')} h ${rest} min`;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayParts = (day: string) => ({
  year: day.slice(0, 4),
  month: monthNames[Number(day.slice(5, 7)) - 1] ?? '',
  date: String(Number(day.slice(8, 10))),
});

// The days a piece of work spans, as invoices name them (YYYY-MM-DD in): 'Nov 16, 2026',
// 'Nov 16 – 20, 2026', 'Nov 30 – Dec 2, 2026', 'Dec 30, 2026 – Jan 2, 2027'.
export function formatDaySpan(first: string, last: string): string {
  const from = dayParts(first);
  const to = dayParts(last);
  if (first === last) return `${from.month} ${from.date}, ${from.year}`;
  if (from.year !== to.year) return `${from.month} ${from.date}, ${from.year} – ${to.month} ${to.date}, ${to.year}`;
  if (from.month !== to.month) return `${from.month} ${from.date} – ${to.month} ${to.date}, ${to.year}`;
  return `${from.month} ${from.date} – ${to.date}, ${to.year}`;
}

// Minutes as hours for sentences: 2550 → '42.5'.
export const formatWorkHours = (minutes: number) => String(Number((minutes / 60).toFixed(2)));

// The sentences of assignments, timesheets and the clock (the server's refusals; the screens may show them).
export const workTexts = {
  assignmentNotFound: 'This assignment does not exist, or it is not yours.',
  fixedPriceHasNoHours: 'This assignment has a fixed price: it is paid by milestones, not by the hour.',
  timesheetNotFound: 'This timesheet does not exist, or it is not yours.',
  selectWeek: 'Select at least one week to approve.',
  tooManyWeeks: 'Approve at most 100 weeks at a time.',
  startsOn: (startDate: string) => `This assignment starts on ${startDate}; it can be started from that day.`,
  alreadyStarted: 'This assignment has already started.',
  alreadyEnded: 'This assignment has already ended.',
  notStartedCannotEnd: 'This assignment has not started yet, so it cannot be ended.',
  endBeforeStart: (startDate: string) => `The end date cannot be before the assignment started on ${startDate}.`,
  endInFuture: 'The end date cannot be in the future: end the assignment on or after its last day.',
  hoursAfterEnd: (day: string) => `Hours are logged on ${day}, after that end date; choose a later end date.`,
  endedNoTermsChange: 'This assignment has ended; its terms can no longer change.',
  termsBeforeStart: (startDate: string) => `A change cannot take effect before the assignment starts on ${startDate}.`,
  termsInApprovedWeek: (lastApprovedDay: string, firstOpenDay: string) =>
    `Hours up to ${lastApprovedDay} are approved already; a change can take effect from ${firstOpenDay} on.`,
  termsOverLoggedHours: (lastLoggedDay: string, firstOpenDay: string) =>
    `Hours are logged up to ${lastLoggedDay} at the current terms; a change can take effect from ${firstOpenDay} on.`,
  notADay: (what: string) => `The ${what} is not a real day.`,
  weekStartsOnSunday: 'The week must start on a Sunday.',
  dayOutsideWeek: (day: string, weekStart: string) => `${day} is not in the week starting ${weekStart}.`,
  dayListedTwice: (day: string) => `${day} is listed twice.`,
  dayBeforeStart: (day: string, startDate: string) =>
    `${day} is before the assignment starts on ${startDate}; no hours can be logged on it.`,
  dayAfterEnd: (day: string, endDate: string) =>
    `${day} is after the assignment ended on ${endDate}; no hours can be logged on it.`,
  dayInFuture: (day: string) => `${day} has not happened yet; log hours once they are worked.`,
  noteWithoutHours: (day: string) => `Log hours on ${day} to keep a note for it.`,
  notStartedNoTime: 'This assignment has not started yet, so it takes no time.',
  endedNoTime: 'This assignment has ended, so it takes no more time.',
  weekSubmitted: 'This week has been submitted and can no longer be changed.',
  weekApproved: 'This week has been approved and is locked.',
  weekAlreadySubmitted: 'This week has already been submitted.',
  submitNeedsHours: 'Log some hours before you submit this week.',
  submitWhileClockedIn: 'Clock out before you submit this week: your shift is still running.',
  alreadyApproved: 'This week has already been approved.',
  approveNeedsSubmitted: 'Only a submitted week can be approved; this one has not been submitted.',
  returnNeedsSubmitted: 'Only a submitted week can be returned; this one has not been submitted.',
  overWeeklyHours: (totalMinutes: number, weeklyHours: number) =>
    `This week has ${formatWorkHours(totalMinutes)} hours, more than the ${weeklyHours} agreed; approve the extra hours explicitly.`,
  alreadyClockedIn: 'You are already clocked in.',
  notClockedIn: 'You are not clocked in.',
  alreadyOnBreak: 'You are already on a break.',
  notOnBreak: 'You are not on a break.',
} as const;

// What a payment paid, as lists and exports name it: the invoice, or the milestone it funded into escrow.
export const paymentPurposeOf = (payment: Pick<Payment, 'invoice_number' | 'milestone_title'>): string =>
  payment.invoice_number ?? `Escrow: ${payment.milestone_title ?? 'a milestone'}`;
