import { composeEmail, link, paragraph, signature } from './compose-email';

// To a talent whose W-8BEN expires within 60 days (issue 56): once a form, by the daily reminder job.
export function taxFormExpiringEmail({
  name,
  validUntil,
  taxFormUrl,
  isRequiredForPayouts,
}: {
  name: string;
  // A day people read: "31 December 2029".
  validUntil: string;
  taxFormUrl: string;
  isRequiredForPayouts: boolean;
}) {
  return composeEmail({
    subject: `Your W-8BEN tax form expires on ${validUntil}`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`The W-8BEN you gave us is valid until ${validUntil}. A W-8BEN lasts until the end of the third calendar year after you sign it, so it is time to complete a new one.${
        isRequiredForPayouts ? ' Without a valid form your payouts wait.' : ''
      } It takes a few minutes: ${link(taxFormUrl)}`,
      signature,
    ],
  });
}
