import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '~/shared/webhooks';

// Standard Webhooks signing (https://www.standardwebhooks.com): HMAC-SHA256 over `id.timestamp.body` with the
// secret's bytes, sent as `v1,<base64>`; several signatures, space-separated, while a rotated secret overlaps.

// 24 random bytes: the specification asks for between 24 and 64.
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

// `whsec_` and eight characters: enough to tell secrets apart on the screen.
export const webhookSecretPrefixOf = (secret: string) => secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 8);

export function webhookSignatureHeader({
  secrets,
  messageId,
  timestampSeconds,
  body,
}: {
  secrets: string[];
  messageId: string;
  timestampSeconds: number;
  body: string;
}): string {
  const signed = `${messageId}.${timestampSeconds}.${body}`;
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
      return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
    })
    .join(' ');
}
