import type { Currency } from '~/shared/currencies';
import { formatMoney } from '~/shared/money-format';
import { composeEmail, link, paragraph, signature } from './compose-email';

// To the talent when a payout fails: the money is back in their available balance (docs/decisions/036), in
// the currencies it left in; the email names the payout's amount in its own currency.
export function payoutFailedEmail({
  name,
  amountCents,
  currency,
  method,
  reason,
  earningsUrl,
}: {
  name: string;
  amountCents: number;
  currency: Currency;
  method: string;
  reason: string;
  earningsUrl: string;
}) {
  const amount = formatMoney(amountCents, currency);
  return composeEmail({
    subject: `Your payout of ${amount} did not go through`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`We could not pay ${amount} to ${method}: ${reason}`,
      paragraph`The money is back in your available balance and goes out with the next payout run. Please check your payout method: ${link(earningsUrl)}`,
      signature,
    ],
  });
}
