import { composeEmail, paragraph, signature } from './compose-email';

// Sent to the old address of an email change, so a stolen session cannot move the account quietly.
export function emailChangeNoticeEmail({ name, newEmail }: { name: string; newEmail: string }) {
  return composeEmail({
    subject: 'Your Tandem email address is changing',
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`Someone signed in to your Tandem account asked to change its email address to ${newEmail}. The change happens once the new address is confirmed.`,
      paragraph`If this was not you, reset your password now and contact support.`,
      signature,
    ],
  });
}
