import { cn } from '~/client/lib/cn';
import { formatCents } from '~/shared/billing-texts';
import type { Currency } from '~/shared/currencies';

// One line of a money breakdown in a <dl> (an estimate, a funding charge): its label and amount, the total
// ruled off and bold.
export function MoneyRow({
  label,
  cents,
  currency,
  isTotal = false,
}: {
  label: string;
  cents: number;
  currency: Currency;
  isTotal?: boolean;
}) {
  return (
    <div className={cn('flex justify-between gap-4', isTotal && 'border-t border-border pt-1.5 font-semibold')}>
      <dt className={cn(!isTotal && 'text-muted-foreground')}>{label}</dt>
      <dd className="tabular-nums whitespace-nowrap">{formatCents(cents, currency)}</dd>
    </div>
  );
}
