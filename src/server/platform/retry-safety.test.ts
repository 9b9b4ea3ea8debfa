import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '~/shared/errors';
import { AppError } from './errors';

// The proxy runs a request again on another instance when an instance answers 503 (deploy/nginx.conf,
// proxy_next_upstream http_503 non_idempotent). That is safe only while 503 means "nothing of this request
// was stored here" (decisions 026, 039): the answers an instance gives before any handler, a probe's, and a
// handler's whose database refused it a connection (health/dependency-outages.test.ts).
describe('503 means the request did not run', () => {
  it('is the status of no error code a handler throws, maintenance aside (refused before any handler)', () => {
    const codes = apiErrorSchema.shape.code.options;
    const answering503 = codes.filter((code) => new AppError(code, '').statusCode === 503);
    expect(answering503).toEqual(['maintenance']);
    expect(new AppError('unavailable', '').statusCode).toBe(502);
  });

  it('is answered only where nothing was stored: stopping, maintenance mode, the probe, the database out of reach', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const found: string[] = [];
    for (const entry of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!entry.endsWith('.ts') || entry.endsWith('.test.ts') || entry.includes('testing/')) continue;
      const text = fs.readFileSync(path.join(root, entry), 'utf8');
      if (/\b503\b|'maintenance'\)|AppError\('maintenance'/.test(text)) found.push(entry);
    }
    expect(found.sort()).toEqual(['health/routes.ts', 'platform/errors.ts', 'settings/maintenance-mode.ts']);
  });
});
