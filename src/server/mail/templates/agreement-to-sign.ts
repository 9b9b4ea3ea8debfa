import { action, composeEmail, paragraph, signature } from './compose-email';

// To whoever signs next (the talent, or the company's countersigner): sent when the agreement is, and again
// as a reminder.
export function agreementToSignEmail({
  name,
  title,
  from,
  expiresOn,
  url,
  reminder,
}: {
  name: string;
  title: string;
  from: string;
  expiresOn: string;
  url: string;
  reminder: boolean;
}) {
  return composeEmail({
    subject: reminder ? `Reminder: “${title}” is waiting for your signature` : `Please sign “${title}”`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`${from} asks you to sign “${title}” on Tandem. Work starts once the agreements are signed.`,
      paragraph`It can be signed until ${expiresOn}.`,
      action('Read and sign', url),
      signature,
    ],
  });
}
