import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { webhookSecrets } from '../db/schema';
import type { TaxIdCipher } from '../platform/tax-id-cipher';
import { generateWebhookSecret, webhookSecretPrefixOf } from './sign-webhook';

// A secret sealed for its row: the associated data binds it, so a sealed secret copied to another row does not open.
export const secretBinding = (secretId: string) => `webhook_secrets:${secretId}`;

// A new signing secret for an endpoint, sealed; the secret itself is returned to be shown this once.
export async function insertSecret(db: Database, cipher: TaxIdCipher, endpointId: string, now: Date): Promise<string> {
  const secret = generateWebhookSecret();
  const id = randomUUID();
  await db.insert(webhookSecrets).values({
    id,
    endpointId,
    sealedSecret: cipher.seal(secret, secretBinding(id)),
    secretPrefix: webhookSecretPrefixOf(secret),
    createdAt: now,
  });
  return secret;
}
