import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../config';

// Seals the talent's tax identification numbers with AES-256-GCM under a key kept outside the database
// (decision 054): TAX_ID_KEYS, or without it a key derived from the session secret. A sealed value names its
// key, so a value sealed under an older key still opens while it is listed, and `npm run tax:rotate-key`
// re-seals it under the current one. The associated data binds a value to its row and column: a sealed number
// copied onto another talent's row does not open.

const FORMAT = 'tin1';
const IV_BYTES = 12;

export interface TaxIdCipher {
  // The key new values are sealed with.
  currentKeyId: string;
  seal(plain: string, boundTo: string): string;
  // Throws when the key is not listed or the value or its binding was changed.
  open(sealed: string, boundTo: string): string;
  keyIdOf(sealed: string): string;
}

interface TaxIdKey {
  id: string;
  key: Buffer;
}

// The keys in force: TAX_ID_KEYS, else one derived from the secret that signs cookies (which outside
// production is generated into DATA_DIR; backups carry it).
export function taxIdKeysOf({ config, secret }: { config: Pick<Config, 'TAX_ID_KEYS'>; secret: string }): TaxIdKey[] {
  if (config.TAX_ID_KEYS)
    return config.TAX_ID_KEYS.map(({ id, base64 }) => ({ id, key: Buffer.from(base64, 'base64') }));
  return [{ id: 'derived', key: Buffer.from(hkdfSync('sha256', secret, 'tandem', 'tax identification numbers', 32)) }];
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

export function createTaxIdCipher(keys: TaxIdKey[]): TaxIdCipher {
  const [current] = keys;
  if (!current) throw new Error('No key to seal tax identification numbers with.');
  const byId = new Map(keys.map((entry) => [entry.id, entry.key]));
  const partsOf = (sealed: string) => {
    const [format, keyId, iv, tag, data, ...rest] = sealed.split(':');
    if (format !== FORMAT || !keyId || !iv || !tag || data === undefined || rest.length > 0) {
      throw new Error('This is not a sealed tax identification number.');
    }
    return { keyId, iv, tag, data };
  };
  return {
    currentKeyId: current.id,
    seal(plain, boundTo) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [FORMAT, current.id, base64url(iv), base64url(cipher.getAuthTag()), base64url(data)].join(':');
    },
    open(sealed, boundTo) {
      const { keyId, iv, tag, data } = partsOf(sealed);
      const key = byId.get(keyId);
      if (!key)
        throw new Error(
          `Tax identification numbers sealed under key "${keyId}" cannot be opened: that key is not in TAX_ID_KEYS.`,
        );
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    keyIdOf: (sealed) => partsOf(sealed).keyId,
  };
}
