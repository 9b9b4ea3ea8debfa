import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTING_NAMES } from './config';

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
      SESSION_SECRET: 's'.repeat(32),
      TRUST_PROXY: 'true',
    });
    expect(config.PORT).toBe(8080);
    expect(config.TRUST_PROXY).toBe(1);
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
    expect(problems).toContain('TRUST_PROXY must be false, a number of proxy hops');
  });

  it('keeps files in PostgreSQL unless told S3, and then wants a bucket', () => {
    expect(loadConfig({}).FILE_STORE).toBe('postgres');
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET is required with FILE_STORE=s3/);
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'tandem-files', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY and S3_ACCESS_KEY_ID go together/,
    );
    expect(
      loadConfig({
        FILE_STORE: 's3',
        S3_BUCKET: 'tandem-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toMatchObject({ FILE_STORE: 's3', S3_BUCKET: 'tandem-files', S3_FORCE_PATH_STYLE: true, S3_PREFIX: 'files/' });
  });

  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'x'.repeat(32),
    SMTP_URL: 'smtp://mail.example:587',
    PUBLIC_URL: 'https://tandem.example',
  };

  it('requires a session secret in production and with Redis, and a mail server in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required in production/);
    // Instances that share Redis each made a key of their own without it: one refused the other's uploads.
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
      /SESSION_SECRET is required with REDIS_URL: every instance must sign with the same key/,
    );
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', SESSION_SECRET: 'y'.repeat(32) }).REDIS_URL).toBe(
      'redis://127.0.0.1:6379',
    );
    expect(() => loadConfig({ ...production, SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(() => loadConfig({ ...production, SMTP_URL: '' })).toThrow(
      /SMTP_URL is required in production: account emails carry password-reset and confirmation links/,
    );
    expect(loadConfig(production).NODE_ENV).toBe('production');
  });

  it('requires the public address in production, where a localhost default would leak into every link', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: '' })).toThrow(
      /PUBLIC_URL is required in production: canonical links, the sitemap, robots.txt and the links in emails/,
    );
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://tandem.example/' }).publicUrl).toBe(
      'https://tandem.example',
    );
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('loads demo data and serves the API docs outside production only, and refuses demo data in production', () => {
    expect(loadConfig({})).toMatchObject({ seedDemo: true, apiDocs: true });
    expect(loadConfig(production)).toMatchObject({ seedDemo: false, apiDocs: false });
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO must never be on in production: the demo accounts have a published password/,
    );
  });

  it('trusts a number of proxy hops or a list of proxy addresses, never every hop', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not understood: 10.0.0.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/not understood: proxy.internal/);
  });

  it('reads the administrator allow-list in any case, with the demo admin only outside production', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Ops@Tandem.Example,second@tandem.example ,' }).adminEmails).toEqual([
      'ops@tandem.example',
      'second@tandem.example',
    ]);
    expect(loadConfig({}).adminEmails).toEqual(['admin@tandem.test']);
    expect(loadConfig(production).adminEmails).toEqual([]);
  });

  it('derives the public address from PORT unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://tandem.example/' }).publicUrl).toBe('https://tandem.example');
  });

  it('never allows the test endpoints in production, and wants complete provider credentials', () => {
    expect(() => loadConfig({ ...production, ENABLE_TEST_ROUTES: 'true' })).toThrow(
      /ENABLE_TEST_ROUTES must never be on in production/,
    );
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(
      /GOOGLE_CLIENT_SECRET is required with GOOGLE_CLIENT_ID/,
    );
    expect(() => loadConfig({ APPLE_CLIENT_ID: 'id' })).toThrow(/APPLE_CLIENT_ID needs APPLE_TEAM_ID/);
  });

  it('keeps Stripe off unless configured, and wants its webhook secret with its key', () => {
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret key/,
    );
    const stripe = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' });
    expect([stripe.STRIPE_SECRET_KEY, stripe.STRIPE_WEBHOOK_SECRET]).toEqual(['sk_test_abc', 'whsec_abc']);
  });

  it('asks VIES about EU VAT numbers only when given its address', () => {
    expect(loadConfig({}).VIES_URL).toBeUndefined();
    expect(loadConfig({ VIES_URL: 'https://ec.europa.eu/taxation_customs/vies/rest-api' }).VIES_URL).toBe(
      'https://ec.europa.eu/taxation_customs/vies/rest-api',
    );
    expect(() => loadConfig({ VIES_URL: 'ec.europa.eu/taxation_customs/vies' })).toThrow(
      /VIES_URL must be a URL starting with http:\/\/ or https:\/\//,
    );
  });

  it('keeps metrics off unless given a port of their own, on loopback unless told another address', () => {
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
    expect(loadConfig({}).METRICS_HOST).toBe('127.0.0.1');
    const token = 'm'.repeat(40);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: token })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '10.0.0.5',
      METRICS_TOKEN: token,
    });
    expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(/METRICS_TOKEN needs METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 32 characters/,
    );
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
  });
});

describe('the documentation of the settings', () => {
  it('reads the video room’s STUN and TURN servers, and wants the TURN secret with the TURN server', () => {
    const secret = 'k'.repeat(40);
    expect(
      loadConfig({
        STUN_URLS: 'stun:turn.example.com:3478, stun:[2001:db8::1]:3478',
        TURN_URL: 'turn:turn.example.com:3478?transport=udp,turns:turn.example.com:5349?transport=tcp',
        TURN_SECRET: secret,
      }),
    ).toMatchObject({
      STUN_URLS: ['stun:turn.example.com:3478', 'stun:[2001:db8::1]:3478'],
      TURN_URL: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349?transport=tcp'],
      TURN_SECRET: secret,
    });
    expect(loadConfig({}).TURN_URL).toBeUndefined();
    expect(() => loadConfig({ STUN_URLS: 'https://stun.example.com' })).toThrow(
      /STUN_URLS must be comma-separated stun:host:port or stuns:host:port addresses; not understood: https:\/\/stun.example.com/,
    );
    expect(() => loadConfig({ TURN_URL: 'stun:turn.example.com:3478', TURN_SECRET: secret })).toThrow(
      /TURN_URL must be/,
    );
    expect(() => loadConfig({ TURN_URL: 'turn:turn.example.com:3478' })).toThrow(
      /TURN_SECRET and TURN_URL go together/,
    );
    expect(() => loadConfig({ TURN_SECRET: secret })).toThrow(/TURN_SECRET and TURN_URL go together/);
    expect(() => loadConfig({ TURN_URL: 'turn:turn.example.com', TURN_SECRET: 'short' })).toThrow(
      /TURN_SECRET must be at least 32 characters/,
    );
  });

  // Bank files (decision 045): a demo account outside production, never a made-up one in production.
  it('pays bank files from a demo account outside production and from none in production until set', () => {
    expect(loadConfig({}).bankDebtor).toMatchObject({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    expect(loadConfig({}).achOriginator).toMatchObject({ routing: '123456780', companyId: '1000000001' });
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://tandem.example.com',
      SMTP_URL: 'smtp://mail.example.com',
    };
    expect(loadConfig(production)).toMatchObject({ bankDebtor: null, achOriginator: null });
    expect(
      loadConfig({
        ...production,
        TANDEM_DEBTOR_NAME: 'Tandem Staffing GmbH',
        TANDEM_DEBTOR_IBAN: 'de44 5001 0517 5407 3249 31',
        TANDEM_ACH_ROUTING: '021000021',
        TANDEM_ACH_COMPANY_ID: '1234567890',
      }),
    ).toMatchObject({
      bankDebtor: { name: 'Tandem Staffing GmbH', iban: 'DE44500105175407324931' },
      achOriginator: { name: 'Tandem Staffing GmbH', routing: '021000021', companyId: '1234567890' },
    });
    expect(() => loadConfig({ TANDEM_DEBTOR_IBAN: 'DE44500105175407324932' })).toThrow(
      /TANDEM_DEBTOR_IBAN must be a valid IBAN/,
    );
    expect(() => loadConfig({ TANDEM_ACH_ROUTING: '021000021' })).toThrow(
      /TANDEM_ACH_COMPANY_ID and TANDEM_ACH_ROUTING/,
    );
  });

  // An operator learns the settings from the README's table (defaults) and the runbook's (production values).
  it.each([
    ['README.md', 'README.md'],
    ['the runbook', 'docs/operations.md'],
  ])('names every variable Tandem reads in %s', (_name, file) => {
    const text = fs.readFileSync(file, 'utf8');
    expect(SETTING_NAMES.length).toBeGreaterThan(40);
    expect(SETTING_NAMES.filter((name) => !text.includes(`\`${name}\``))).toEqual([]);
  });
});
