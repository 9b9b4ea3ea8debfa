import { formatCents } from '~/shared/billing';
import { composeEmail, link, paragraph, signature } from './compose-email';

// To the talent when a payout fails: the money is back in their available balance (docs/decisions/036).
export function payoutFailedEmail({
  name,
  amountCents,
  method,
  reason,
  earningsUrl,
}: {
  name: string;
  amountCents: number;
  method: string;
  reason: string;
  earningsUrl: string;
}) {
  return composeEmail({
    subject: `Your payout of ${formatCents(amountCents)} did not go through`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`We could not pay ${formatCents(amountCents)} to ${method}: ${reason}`,
      paragraph`The money is back in your available balance and goes out with the next payout run. Please check your payout method: ${link(earningsUrl)}`,
      signature,
    ],
  });
}
