import { COMPANY_API_KEY_PREFIX } from '~/shared/api-keys';
import { generateToken, hashToken } from '../platform/secure-tokens';

// "tdk_" and eight characters of the random part: enough to tell a company's keys apart.
const SHOWN_PREFIX_LENGTH = COMPANY_API_KEY_PREFIX.length + 8;

// A new key: the secret to show once, and what is kept of it.
export function newKeySecret() {
  const secret = `${COMPANY_API_KEY_PREFIX}${generateToken()}`;
  return { secret, keyHash: hashToken(secret), keyPrefix: secret.slice(0, SHOWN_PREFIX_LENGTH) };
}
