import { formatCents } from '~/shared/billing';
import { composeEmail, link, paragraph, signature } from './compose-email';

// To the talent when a payout is paid to their method (docs/decisions/036).
export function payoutSentEmail({
  name,
  amountCents,
  method,
  reference,
  earningsUrl,
}: {
  name: string;
  amountCents: number;
  method: string;
  reference: string | null;
  earningsUrl: string;
}) {
  return composeEmail({
    subject: `Your payout of ${formatCents(amountCents)} is on its way`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`We sent ${formatCents(amountCents)} to ${method}${reference ? ` (reference ${reference})` : ''}. Banks and wallets usually show it within one to three business days; any currency conversion is theirs and shows on their statement.`,
      paragraph`Your statement and payouts: ${link(earningsUrl)}`,
      signature,
    ],
  });
}
