import { composeEmail, paragraph, signature } from './compose-email';

// The code that confirms a change of payout method for a person who signs in only through Google, LinkedIn
// or Apple (docs/decisions/036).
export function payoutMethodCodeEmail({ name, code }: { name: string; code: string }) {
  return composeEmail({
    subject: `${code} is your Tandem payout confirmation code`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`Enter ${code} to confirm the change to your payout methods. It works once, for 15 minutes.`,
      paragraph`If you did not ask for it, someone may be trying to change where your money goes: change your password and write to us.`,
      signature,
    ],
  });
}
