import { format } from 'date-fns';
import type { BadgeVariant } from '~/client/components/ui/badge';
import { formatIsoDay } from '~/client/lib/iso-day';
import { formatMoney } from '~/shared/money-format';
import type { CurrencyTotal, PayoutRunStatus, RunLineStatus } from '~/shared/payouts';

// How runs, payouts and holds read on screen: amber for what waits on an administrator, blue for money on
// its way, green for money paid, red for a failure.

export const runStatusBadges: Record<PayoutRunStatus, BadgeVariant> = {
  draft: 'warning',
  approved: 'info',
  completed: 'success',
};

export const runLineStatusBadges: Record<RunLineStatus, BadgeVariant> = {
  planned: 'secondary',
  exception: 'warning',
  cancelled: 'neutral',
  sent: 'info',
  paid: 'success',
  failed: 'danger',
};

// A run's day (YYYY-MM-DD) as "Nov 24, 2026".
export const formatRunDay = (scheduledFor: string) => formatIsoDay(scheduledFor.slice(0, 10));

// A moment of the API (ISO) as "Nov 24, 2026, 3:05 PM".
export const formatPayoutMoment = (value: string) => format(new Date(value), 'MMM d, yyyy, h:mm a');

export const payoutsCount = (count: number) => `${count} ${count === 1 ? 'payout' : 'payouts'}`;

// A run's totals, a currency each and never added together: "€315.65 · ₱6,172.50 · $1,200.00"; a dash
// for a run that pays nothing.
export const formatRunTotals = (totals: readonly CurrencyTotal[]) =>
  totals.length === 0 ? '—' : totals.map((total) => formatMoney(total.amount_cents, total.currency)).join(' · ');
