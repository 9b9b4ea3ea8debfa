import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { formatBasisPoints, formatCents } from '~/shared/billing-texts';
import { payoutsContract } from '~/shared/contracts/payouts';
import type { Currency } from '~/shared/currencies';
import { convertMinor } from '~/shared/exchange-rate';

const conversionRatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.talentPayouts.conversionRates(),
    queryFn: () => callApi(payoutsContract.conversionRates),
    // Rates change once a day.
    staleTime: 10 * 60_000,
  });

// A company's amount as the talent would receive it in their payout currency at today's rate, less the FX
// margin (issue 55: "the talent's view of it in theirs"), with the rate it assumes. Nothing when the amount is
// already in their currency, or while no rate is known: the company's figure stands alone then.
export function InPayoutCurrency({
  amountCents,
  currency,
  perHour = false,
}: {
  amountCents: number;
  currency: Currency;
  perHour?: boolean;
}) {
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
    <span className="block text-xs text-muted-foreground">
      ≈ {formatCents(amount, data.payout_currency)}
      {perHour ? '/h' : ''} to you, at 1 {currency} = {rate.rate} {data.payout_currency} (
      {rate.source === 'ecb' ? 'ECB' : 'Tandem'} rate of {rate.date}
      {data.margin_basis_points > 0 ? `, FX margin ${formatBasisPoints(data.margin_basis_points)}` : ''}); the rate is
      fixed when the payout is approved
    </span>
  );
}
