import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs out of the box with no variables set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      BODY_LIMIT_BYTES: 1_048_576,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads and converts the variables it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      REDIS_URL: 'redis://127.0.0.1:6379',
      TRUST_PROXY: 'true',
    });
    expect(config.PORT).toBe(8080);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('names every bad variable at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://localhost/x', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL must be a URL starting with postgres:// or postgresql://');
    expect(problems).toContain('LOG_LEVEL');
    expect(problems).toContain('TRUST_PROXY must be true or false');
  });

  it('requires a session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).NODE_ENV).toBe('production');
  });

  it('reads the administrator allow-list in any case, with the demo admin only outside production', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Ops@Tandem.Example,second@tandem.example ,' }).adminEmails).toEqual([
      'ops@tandem.example',
      'second@tandem.example',
    ]);
    expect(loadConfig({}).adminEmails).toEqual(['admin@tandem.test']);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).adminEmails).toEqual([]);
  });

  it('derives the public address from PORT unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://tandem.example/' }).publicUrl).toBe('https://tandem.example');
  });

  it('never allows the test endpoints in production, and wants complete provider credentials', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ENABLE_TEST_ROUTES: 'true' }),
    ).toThrow(/ENABLE_TEST_ROUTES must never be on in production/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(
      /GOOGLE_CLIENT_SECRET is required with GOOGLE_CLIENT_ID/,
    );
    expect(() => loadConfig({ APPLE_CLIENT_ID: 'id' })).toThrow(/APPLE_CLIENT_ID needs APPLE_TEAM_ID/);
  });
});
