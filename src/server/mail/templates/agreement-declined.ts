import { action, composeEmail, paragraph, quote, signature } from './compose-email';

// To the company when the talent declines to sign, with their reason.
export function agreementDeclinedEmail({
  name,
  title,
  talentName,
  reason,
  url,
}: {
  name: string;
  title: string;
  talentName: string;
  reason: string;
  url: string;
}) {
  return composeEmail({
    subject: `${talentName} declined to sign “${title}”`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`${talentName} declined to sign “${title}”. Their reason:`,
      quote([[reason]]),
      paragraph`Void it, or change the template and send it again.`,
      action('Open the agreement', url),
      signature,
    ],
  });
}
