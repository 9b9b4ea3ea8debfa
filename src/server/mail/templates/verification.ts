import { action, composeEmail, paragraph, signature } from './compose-email';

// Sent at registration: the link confirms the address (24 hours).
export function verificationEmail({ name, url }: { name: string; url: string }) {
  return composeEmail({
    subject: 'Confirm your email address for Tandem',
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`Please confirm your email address by opening this link within 24 hours:`,
      action('Confirm your email address', url),
      paragraph`Until you do, you can sign in and look around, but you cannot publish jobs or apply for them.`,
      paragraph`If you did not create a Tandem account, you can ignore this email.`,
      signature,
    ],
  });
}
