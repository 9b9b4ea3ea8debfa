import { Badge } from '~/client/components/ui/badge';
import { conversionRateText, type RunRate } from '~/shared/payouts';

// A run's exchange rates (decision 051), a pair a line: "1 EUR = 61.2345 PHP, ECB rate of 2026-11-27", a
// rate older than the maximum age flagged Stale, a pair with none said so. Either stops the approval.
export function RunRatesList({ rates, label }: { rates: readonly RunRate[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-1 text-sm">
      {rates.map(({ from, to, rate, stale }) => (
        <li key={`${from}-${to}`} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          {rate ? (
            <span className="tabular-nums">{conversionRateText(from, to, rate)}</span>
          ) : (
            <span>
              {from} → {to}: no rate
            </span>
          )}
          {!rate && <Badge variant="danger">Missing</Badge>}
          {stale && <Badge variant="warning">Stale</Badge>}
        </li>
      ))}
    </ul>
  );
}

export const hasBlockingRate = (rates: readonly RunRate[]) => rates.some((rate) => rate.rate === null || rate.stale);
