import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

export const SECRET_FILE_NAME = 'secret.key';

// The key that signs cookies. Outside production, one is generated on first start and kept in
// DATA_DIR so sessions survive restarts; production must configure SESSION_SECRET (config.ts).
export async function resolveSecret(config: Pick<Config, 'SESSION_SECRET' | 'DATA_DIR'>): Promise<string> {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.join(config.DATA_DIR, SECRET_FILE_NAME);
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await fs.readFile(file, 'utf8')).trim();
    throw error;
  }
}
