import { action, composeEmail, paragraph, signature } from './compose-email';

// To both parties once everyone has signed: the sealed PDF is ready.
export function agreementCompletedEmail({ name, title, url }: { name: string; title: string; url: string }) {
  return composeEmail({
    subject: `“${title}” is signed`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`Everyone has signed “${title}”. The signed PDF, sealed by Tandem, is ready to download.`,
      action('Open the agreement', url),
      signature,
    ],
  });
}
