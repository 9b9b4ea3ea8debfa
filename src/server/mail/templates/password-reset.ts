import { action, composeEmail, paragraph, signature } from './compose-email';

// "Forgot password?": a one-time link (one hour).
export function passwordResetEmail({ name, url }: { name: string; url: string }) {
  return composeEmail({
    subject: 'Reset your Tandem password',
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`Someone (we hope you) asked to reset the password of your Tandem account. Choose a new password here within one hour:`,
      action('Choose a new password', url),
      paragraph`The link works once. Resetting your password signs you out everywhere and revokes your API tokens and private calendar feed URL.`,
      paragraph`If you did not ask for this, ignore this email: your password stays as it is.`,
      signature,
    ],
  });
}
