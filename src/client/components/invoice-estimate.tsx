import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { cn } from '~/client/lib/cn';
import type { NextInvoice, WeekCost } from '~/shared/billing';
import { formatBasisPoints, formatCents, formatHoursAndMinutes } from '~/shared/billing-texts';
import { MoneyRow } from './money-row';

// Money before the invoice (docs/decisions/024): a week's cost and the next invoice's estimate, drafted by
// the server as the invoice run drafts them, written as the invoice writes them. Shared by the company's
// approval and Billing, and the administrators' Unbilled work.

// The day the weekly run happens in the viewer's own zone (docs/decisions/022, lib/own-time-zone.ts): 'Sun Nov 29' (Sunday 02:00 UTC is 'Sat Nov 28' in
// New York). Without a zone, UTC, said so: 'Sun Nov 29 UTC'.
export function formatRunDay(runsAt: string, zone: string | null): string {
  const day = format(new TZDate(runsAt, zone ?? 'UTC'), 'EEE MMM d');
  return zone ? day : `${day} UTC`;
}

type Amounts = Pick<
  WeekCost,
  'subtotal_cents' | 'fee_basis_points' | 'fee_cents' | 'tax_basis_points' | 'tax_cents' | 'total_cents' | 'currency'
> & { work?: WeekCost['work'] };

// Work (each rate's hours × rate, or one subtotal), the platform fee and the tax when the invoice has them
// (it leaves out a 0% line), and the total.
export function CostBreakdown({
  cost,
  label,
  totalLabel = 'Total',
  className,
}: {
  cost: Amounts;
  // Names the list for a screen reader ("Cost of this week").
  label: string;
  totalLabel?: string;
  className?: string;
}) {
  const workLines = cost.work ?? [];
  const { currency } = cost;
  return (
    <dl aria-label={label} className={cn('grid gap-1 text-sm', className)}>
      {workLines.length > 0 ? (
        workLines.map((line) => (
          <MoneyRow
            // Exact hours and minutes, so the line reads quantity × rate = amount (decision 047).
            key={`${line.work_start}-${line.rate_cents}-${line.minutes}`}
            label={`${formatHoursAndMinutes(line.minutes)} × ${formatCents(line.rate_cents, currency)}/h`}
            cents={line.amount_cents}
            currency={currency}
          />
        ))
      ) : (
        <MoneyRow label="Work" cents={cost.subtotal_cents} currency={currency} />
      )}
      {cost.fee_basis_points > 0 && (
        <MoneyRow
          label={`Platform fee (${formatBasisPoints(cost.fee_basis_points)})`}
          cents={cost.fee_cents}
          currency={currency}
        />
      )}
      {cost.tax_basis_points > 0 && (
        <MoneyRow
          label={`Tax (${formatBasisPoints(cost.tax_basis_points)})`}
          cents={cost.tax_cents}
          currency={currency}
        />
      )}
      <MoneyRow label={totalLabel} cents={cost.total_cents} currency={currency} isTotal />
    </dl>
  );
}

// 'Next invoice on Sun Nov 29 (about $1,798.03)', or the run's day when nothing waits for it.
export function nextInvoiceSentence(
  next: Pick<NextInvoice, 'runs_at' | 'weeks' | 'total_cents' | 'currency'>,
  zone: string | null,
): string {
  const day = formatRunDay(next.runs_at, zone);
  if (next.weeks === 0) return `Next invoice run on ${day}: no approved work waits for it.`;
  return `Next invoice on ${day} (about ${formatCents(next.total_cents, next.currency)})`;
}
