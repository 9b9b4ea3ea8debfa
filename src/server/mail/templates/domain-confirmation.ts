import { composeEmail, paragraph, signature } from './compose-email';

// Proves the company controls the domain (issue 58): only someone reading an address at it can pass the code on.
export function domainConfirmationEmail({
  code,
  domain,
  companyName,
  requestedBy,
  minutes,
}: {
  code: string;
  domain: string;
  companyName: string;
  requestedBy: string;
  minutes: number;
}) {
  return composeEmail({
    subject: `${code} confirms ${domain} for ${companyName} on Tandem`,
    blocks: [
      paragraph`${requestedBy} asked to verify ${domain} for ${companyName} on Tandem, so its people can sign in through the company’s identity provider.`,
      paragraph`Enter ${code} in Settings → Security within ${String(minutes)} minutes.`,
      paragraph`If you did not expect this, ignore it: nothing changes without the code.`,
      signature,
    ],
  });
}
