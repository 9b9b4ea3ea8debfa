import { composeEmail, link, paragraph, signature } from './compose-email';

// Nobody watches a delivery log: the people who keep the endpoint hear that it was turned off, and why.
export function webhookEndpointDisabledEmail({
  name,
  url,
  failedFor,
  lastError,
  settingsUrl,
}: {
  name: string;
  url: string;
  // How long nothing got through ("1 day and 14 hours").
  failedFor: string;
  lastError: string;
  settingsUrl: string;
}) {
  return composeEmail({
    subject: 'A webhook endpoint was turned off',
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`Tandem turned off one of your webhook endpoints: every delivery to it failed for ${failedFor}. The last attempt: ${lastError}`,
      paragraph`The endpoint: ${link(url)}`,
      paragraph`Events are no longer sent to it. Fix the receiver, turn the endpoint back on and send the failed deliveries again: ${link(settingsUrl)}`,
      signature,
    ],
  });
}
