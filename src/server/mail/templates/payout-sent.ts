import type { Currency } from '~/shared/currencies';
import { formatMoney } from '~/shared/money-format';
import { composeEmail, link, paragraph, signature } from './compose-email';

// To the talent when a payout is paid to their method (docs/decisions/036), in the payout's currency; one
// Tandem converted (decision 051) says where its rate and margin are shown.
export function payoutSentEmail({
  name,
  amountCents,
  currency,
  isConverted,
  method,
  reference,
  earningsUrl,
}: {
  name: string;
  amountCents: number;
  currency: Currency;
  isConverted: boolean;
  method: string;
  reference: string | null;
  earningsUrl: string;
}) {
  const amount = formatMoney(amountCents, currency);
  const conversion = isConverted
    ? 'We converted your earnings at the rates locked when the payout run was approved; your statement shows each rate and the FX margin.'
    : 'Any further currency conversion is theirs and shows on their statement.';
  return composeEmail({
    subject: `Your payout of ${amount} is on its way`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`We sent ${amount} to ${method}${reference ? ` (reference ${reference})` : ''}. Banks and wallets usually show it within one to three business days. ${conversion}`,
      paragraph`Your statement and payouts: ${link(earningsUrl)}`,
      signature,
    ],
  });
}
