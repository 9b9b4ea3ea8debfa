import { action, composeEmail, paragraph, signature } from './compose-email';

// Sent to the new address of an email change: the change happens when it is opened (24 hours).
export function emailChangeConfirmationEmail({ name, url }: { name: string; url: string }) {
  return composeEmail({
    subject: 'Confirm your new email address for Tandem',
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`To make this your Tandem sign-in address, open this link within 24 hours:`,
      action('Confirm your new email address', url),
      paragraph`If you did not ask for this change, ignore this email.`,
      signature,
    ],
  });
}
