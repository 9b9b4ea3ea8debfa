import { useQuery } from '@tanstack/react-query';
import { formatBasisPoints, formatCents } from '~/shared/billing-texts';
import type { Currency } from '~/shared/currencies';
import { convertMinor } from '~/shared/exchange-rate';
import { conversionRatesQueryOptions } from './api';

// A company's amount as the talent would receive it in their payout currency at today's rate, less the FX
// margin (issue 55: "the talent's view of it in theirs"), with the rate it assumes. Nothing when the amount is
// already in their currency, or while no rate is known: the company's figure stands alone then.
export function InPayoutCurrency({ amountCents, currency }: { amountCents: number; currency: Currency }) {
  const { data } = useQuery(conversionRatesQueryOptions());
  if (!data || data.payout_currency === currency) return null;
  const rate = data.rates.find((candidate) => candidate.base === currency);
  if (!rate) return null;
  const { amount } = convertMinor({
    amount: amountCents,
    from: currency,
    to: data.payout_currency,
    rate: { ...rate, base: currency, quote: data.payout_currency },
    marginBasisPoints: data.margin_basis_points,
  });
  return (
    <span className="text-sm text-muted-foreground">
      ≈ {formatCents(amount, data.payout_currency)} to you, at 1 {currency} = {rate.rate} {data.payout_currency} (
      {rate.source === 'ecb' ? 'ECB' : 'Tandem'} rate of {rate.date}
      {data.margin_basis_points > 0 ? `, FX margin ${formatBasisPoints(data.margin_basis_points)}` : ''}); the rate is
      fixed when the payout is approved
    </span>
  );
}
