import { format } from 'date-fns';
import type { BadgeVariant } from '~/client/components/ui/badge';
import { formatIsoDay, fromIsoDay } from '~/client/lib/iso-day';
import type { InvoiceItem, InvoiceStatus, PaymentDisplayStatus, PaymentStatus } from '~/shared/billing';
import { formatCents, formatHoursAndMinutes } from '~/shared/billing-texts';
import { type Currency, DEFAULT_CURRENCY } from '~/shared/currencies';

// How billing reads on screen: status names and colours, days, hours.

export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  paid: 'Paid',
  pending: 'Pending',
  unpaid: 'Unpaid',
  overdue: 'Overdue',
};

// Green for done, blue for waiting, amber for a failed attempt, red for late: the badge's own
// variants keep 4.5:1 contrast.
export const invoiceStatusBadges: Record<InvoiceStatus, BadgeVariant> = {
  paid: 'success',
  pending: 'info',
  unpaid: 'warning',
  overdue: 'danger',
};

// The filter's order, as the spec lists it.
export const invoiceStatusOptions: InvoiceStatus[] = ['paid', 'pending', 'unpaid', 'overdue'];

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
};

export const paymentStatusBadges: Record<PaymentStatus, BadgeVariant> = {
  pending: 'info',
  completed: 'success',
  failed: 'danger',
};

// A payment as the company reads it (decision 048): a completed payment whose money went back reads
// Refunded, or Partially refunded, in grey: it is neither waiting nor failed.
export const paymentDisplayStatusBadges: Record<PaymentDisplayStatus, BadgeVariant> = {
  ...paymentStatusBadges,
  refunded: 'secondary',
  partially_refunded: 'secondary',
};

// A calendar day of the API (YYYY-MM-DD) as "Nov 24, 2026".
export const formatDay = formatIsoDay;

// A moment (paid at, created at) as its day in the viewer's zone: "Nov 24, 2026".
export const formatMomentDay = (value: string) => format(new Date(value), 'MMM d, yyyy');

// "Nov 17 – Nov 23, 2026": a billing period.
export function formatPeriod(start: string, end: string): string {
  const startYear = start.slice(0, 4);
  const endYear = end.slice(0, 4);
  const first = startYear === endYear ? format(fromIsoDay(start), 'MMM d') : formatIsoDay(start);
  return `${first} – ${formatIsoDay(end)}`;
}

const hours = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

// Work in hours and minutes, exact (quantity × rate is the amount); work invoiced before decision 047 in
// hours (up to two decimals), as issued; the fee, the tax and a milestone one of each.
export function formatQuantity(item: InvoiceItem): string {
  if (item.unit === 'minute') return formatHoursAndMinutes(item.quantity);
  return hours.format(item.quantity);
}

// Work is billed by the hour; the fee, the tax and a milestone are one amount each. In the invoice's currency.
export const formatItemRate = (item: InvoiceItem, currency: Currency) =>
  item.unit === 'each' ? formatCents(item.rate_cents, currency) : `${formatCents(item.rate_cents, currency)}/hr`;

// The currency of several of a company's invoices, to write their sum: a company is billed in one currency.
export const currencyOfAll = (invoices: readonly { currency: Currency }[]): Currency =>
  invoices[0]?.currency ?? DEFAULT_CURRENCY;
