import { formatCents } from '~/shared/billing';
import { composeEmail, link, paragraph, signature } from './compose-email';

// To a talent owed money that cannot be paid until they add a payout method, or finish setting one up,
// when an administrator reminds the talents of a payout run (docs/decisions/036).
export function payoutMethodReminderEmail({
  name,
  amountCents,
  todo,
  earningsUrl,
}: {
  name: string;
  amountCents: number;
  todo: 'add' | 'finish';
  earningsUrl: string;
}) {
  return composeEmail({
    subject: `${formatCents(amountCents)} is waiting for you on Tandem`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`You have ${formatCents(amountCents)} available to be paid, but we cannot send it yet: ${
        todo === 'add'
          ? 'you have not added a payout method (a bank account, PayPal, Wise or Stripe).'
          : 'your Stripe account is not fully set up.'
      } ${todo === 'add' ? 'Add one' : 'Finish it'} in Earnings and the next payout run pays you.`,
      paragraph`Earnings: ${link(earningsUrl)}`,
      signature,
    ],
  });
}
