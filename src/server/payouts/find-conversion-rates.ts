import { billingCurrencies, isPayoutCurrency } from '~/shared/currencies';
import type { ConversionRates } from '~/shared/payouts';
import type { Database } from '../db/client';
import { loadRateBook, rateBetween } from '../kernels/money/rate-book';
import { getFxSettings } from '../platform/get-fx-settings';
import { defaultMethodOf } from './payout-method-records';

// What a company's amount is worth in the talent's payout currency today (issue 55: "the talent's view of
// it in theirs"): the latest rate from each billing currency to the default method's currency, and the FX
// margin. An estimate: the rate a payout uses is locked when its run is approved.
export async function findConversionRates({
  db,
  applicantId,
}: {
  db: Database;
  applicantId: string;
}): Promise<ConversionRates> {
  const [method, book, fx] = await Promise.all([
    defaultMethodOf(db, applicantId),
    loadRateBook(db),
    getFxSettings({ db }),
  ]);
  const payoutCurrency = method && isPayoutCurrency(method.currency) ? method.currency : 'USD';
  return {
    payout_currency: payoutCurrency,
    margin_basis_points: fx.margin_basis_points,
    rates: billingCurrencies.flatMap((base) => {
      const rate = rateBetween(book, base, payoutCurrency);
      return rate
        ? [{ base: rate.base, quote: rate.quote, rate: rate.rate, date: rate.date, source: rate.source }]
        : [];
    }),
  };
}
