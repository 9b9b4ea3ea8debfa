import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSecret, SECRET_FILE_NAME } from './secret';

describe('resolveSecret', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-secret-'));
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('uses SESSION_SECRET when configured and writes nothing', async () => {
    const secret = 'configured-secret-of-thirty-two-characters';
    expect(await resolveSecret({ SESSION_SECRET: secret, DATA_DIR: dataDir })).toBe(secret);
    await expect(fs.access(path.join(dataDir, SECRET_FILE_NAME))).rejects.toThrow();
  });

  it('generates a secret once, readable only by its owner, and reuses it', async () => {
    const first = await resolveSecret({ DATA_DIR: dataDir });
    const second = await resolveSecret({ DATA_DIR: dataDir });
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
    const stat = await fs.stat(path.join(dataDir, SECRET_FILE_NAME));
    expect(stat.mode & 0o777).toBe(0o600);
  });
});
