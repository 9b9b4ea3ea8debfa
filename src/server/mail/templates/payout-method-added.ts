import { composeEmail, link, paragraph, signature } from './compose-email';

// To the talent when a payout method is added or made their default: if it was not them, they have the
// 72-hour wait to stop it (docs/decisions/036).
export function payoutMethodAddedEmail({
  name,
  method,
  usableFrom,
  change,
  earningsUrl,
}: {
  name: string;
  // A method added, or an existing one made the default.
  change: 'added' | 'default';
  // Masked: 'Bank transfer · BDO Unibank · ending in 6789'.
  method: string;
  // When it can first be paid, written for the reader.
  usableFrom: string;
  earningsUrl: string;
}) {
  return composeEmail({
    subject:
      change === 'added'
        ? 'A payout method was added to your Tandem account'
        : 'Your Tandem payouts go to another method now',
    blocks: [
      paragraph`Hi ${name},`,
      change === 'added'
        ? paragraph`${method} was added to your payout methods. For your security it receives no payout before ${usableFrom}.`
        : paragraph`${method} is now your default payout method: your payouts go to it from ${usableFrom}.`,
      paragraph`If this was not you, change your password now and write to us: nothing will be paid to it until then. Your payout methods: ${link(earningsUrl)}`,
      signature,
    ],
  });
}
