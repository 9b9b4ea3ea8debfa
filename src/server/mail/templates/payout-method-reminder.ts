import { type AmountIn, formatAmountList } from '~/shared/payouts';
import { composeEmail, link, paragraph, signature } from './compose-email';

// To a talent owed money that cannot be paid until they add a payout method, or finish setting one up,
// when an administrator reminds the talents of a payout run (docs/decisions/036). What they have available
// is written in the currencies they hold it in: without a method there is no payout currency to convert to.
export function payoutMethodReminderEmail({
  name,
  amounts,
  todo,
  earningsUrl,
}: {
  name: string;
  amounts: readonly AmountIn[];
  todo: 'add' | 'finish';
  earningsUrl: string;
}) {
  const available = formatAmountList(amounts);
  return composeEmail({
    subject: `${available} ${amounts.length > 1 ? 'are' : 'is'} waiting for you on Tandem`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`You have ${available} available to be paid, but we cannot send it yet: ${
        todo === 'add'
          ? 'you have not added a payout method (a bank account, PayPal, Wise or Stripe).'
          : 'your Stripe account is not fully set up.'
      } ${todo === 'add' ? 'Add one' : 'Finish it'} in Earnings and the next payout run pays you.`,
      paragraph`Earnings: ${link(earningsUrl)}`,
      signature,
    ],
  });
}
