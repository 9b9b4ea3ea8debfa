import { isIP } from 'node:net';
import cronParser from 'cron-parser';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS } from '~/shared/live-events';
import { abaChecksumIsValid } from '~/shared/payouts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

// Which proxies' X-Forwarded-For to believe. Only the address the nearest trusted proxy saw counts:
// the left-most entry is whatever the client wrote. `true` means one hop (the proxy in front of us).
export type TrustedProxies = false | number | string[];

// Names proxy-addr (Fastify's trustProxy) knows for ranges of addresses.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustedProxiesFromEnv = z.string().transform((value, context): TrustedProxies => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || invalid.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `must be false, a number of proxy hops (1), or proxy addresses and CIDR ranges (10.0.0.0/8,192.0.2.7)${invalid.length > 0 ? `; not understood: ${invalid.join(', ')}` : ''}`,
    });
    return z.NEVER;
  }
  return entries;
});

export const ECB_DAILY_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

const urlWithProtocols = (protocols: string[]) =>
  z
    .url({ error: `must be a URL starting with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}` })
    // zod runs the refinement after a failed z.url() too: a value that is no URL is z.url()'s to report.
    .refine((value) => !URL.canParse(value) || protocols.includes(new URL(value).protocol), {
      error: `must be a URL starting with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}`,
    });

// ICE server addresses as browsers take them ("stun:host:port", "turn:host:port?transport=tcp"), which
// are not URLs a URL parser reads: host name or address, optional port, optional transport.
const iceUrlList = (schemes: string[]) =>
  z.string().transform((value, context) => {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const pattern = new RegExp(
      `^(${schemes.join('|')}):([A-Za-z0-9.-]+|\\[[0-9A-Fa-f:.]+\\])(:\\d{1,5})?(\\?transport=(udp|tcp))?$`,
    );
    const invalid = entries.filter((entry) => !pattern.test(entry));
    if (entries.length === 0 || invalid.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `must be comma-separated ${schemes.map((scheme) => `${scheme}:host:port`).join(' or ')} addresses${invalid.length > 0 ? `; not understood: ${invalid.join(', ')}` : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  });

// TAX_ID_KEYS: `id:base64,id:base64`, the first the key new values are sealed with, the rest still read
// (decision 054). Each key is 32 random bytes (`openssl rand -base64 32`).
export interface TaxIdKeySetting {
  id: string;
  base64: string;
}
const taxIdKeysFromEnv = z.string().transform((value, context): TaxIdKeySetting[] => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const keys = entries.map((entry) => {
    const separator = entry.indexOf(':');
    return { id: entry.slice(0, separator), base64: entry.slice(separator + 1) };
  });
  const invalid = keys.filter(
    (key) => !/^[A-Za-z0-9_-]{1,32}$/.test(key.id) || Buffer.from(key.base64, 'base64').length !== 32,
  );
  const ids = keys.map((key) => key.id);
  if (keys.length === 0 || invalid.length > 0 || new Set(ids).size !== ids.length) {
    context.addIssue({
      code: 'custom',
      message: `must be comma-separated id:key pairs, each key 32 bytes in base64 (openssl rand -base64 32) and each id (letters, digits, - or _) once${invalid.length > 0 ? `; not understood: ${invalid.map((key) => key.id || '(no id)').join(', ')}` : ''}`,
    });
    return z.NEVER;
  }
  return keys;
});

// BACKUP_AGE_RECIPIENTS: age public keys (`age1…`, what `age-keygen` prints as "public key"), comma-separated.
// The bech32 alphabet has no 1, b, i or o after the prefix; age-encryption checks the rest at the first run.
const ageRecipientsFromEnv = z.string().transform((value, context): string[] => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !/^age1[02-9ac-hj-np-z]{50,}$/.test(entry));
  if (entries.length === 0 || invalid.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `must be comma-separated age public keys (age1…, printed by age-keygen)${invalid.length > 0 ? `; not understood: ${invalid.map((entry) => entry.slice(0, 12)).join(', ')}` : ''}`,
    });
    return z.NEVER;
  }
  return entries;
});

// A five-field cron expression, read as UTC (cron-parser, as the scheduled jobs are).
const cronInUtc = z.string().refine(
  (value) => {
    if (value.trim().split(/\s+/).length !== 5) return false;
    try {
      cronParser.parseExpression(value, { tz: 'UTC' });
      return true;
    } catch {
      return false;
    }
  },
  {
    error: 'must be a cron expression of five fields, in UTC (minute hour day-of-month month day-of-week): 30 2 * * *',
  },
);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']).optional(),
    // Connections to PostgreSQL. Unset: twice the CPU cores plus one (the PostgreSQL wiki's rule of
    // thumb), since more connections than cores only queue inside the database.
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
    DATA_DIR: z.string().default('./data'),
    REDIS_URL: urlWithProtocols(['redis:', 'rediss:']).optional(),
    // Starts every key Tandem writes to Redis, so deployments (or test runs) sharing one Redis keep apart.
    REDIS_KEY_PREFIX: z.string().min(1).max(100).default('tandem:'),
    SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    // Seal the talent's tax identification numbers (AES-256-GCM). Unset, a key derived from the session secret.
    TAX_ID_KEYS: taxIdKeysFromEnv.optional(),
    LOG_LEVEL: z.enum(logLevels).default('info'),
    TRUST_PROXY: trustedProxiesFromEnv.default(false),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    CLIENT_DIR: z.string().default('build/client'),
    // The address people reach the site at: links in emails and identity-provider callbacks use it.
    PUBLIC_URL: urlWithProtocols(['http:', 'https:']).optional(),
    // Who may be an administrator (comma-separated, any case).
    ADMIN_EMAILS: z.string().optional(),
    SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']).optional(),
    MAIL_FROM: z.string().default('Tandem <no-reply@tandem.localhost>'),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_ISSUER: urlWithProtocols(['http:', 'https:']).default('https://accounts.google.com'),
    LINKEDIN_CLIENT_ID: z.string().optional(),
    LINKEDIN_CLIENT_SECRET: z.string().optional(),
    LINKEDIN_ISSUER: urlWithProtocols(['http:', 'https:']).default('https://www.linkedin.com/oauth'),
    APPLE_CLIENT_ID: z.string().optional(),
    // Apple's client secret is a JWT we sign with the key Apple issued (team id, key id, PKCS#8 key).
    APPLE_TEAM_ID: z.string().optional(),
    APPLE_KEY_ID: z.string().optional(),
    APPLE_PRIVATE_KEY: z.string().optional(),
    APPLE_CLIENT_SECRET: z.string().optional(),
    APPLE_ISSUER: urlWithProtocols(['http:', 'https:']).default('https://appleid.apple.com'),
    // People's own calendars through the providers' APIs (decision 059): each provider is offered only with both
    // of its OAuth client's id and secret. The redirect URI to register is
    // PUBLIC_URL/api/calendar-connections/oauth/google/callback (…/microsoft/callback).
    GOOGLE_CALENDAR_CLIENT_ID: z.string().optional(),
    GOOGLE_CALENDAR_CLIENT_SECRET: z.string().optional(),
    MICROSOFT_CALENDAR_CLIENT_ID: z.string().optional(),
    MICROSOFT_CALENDAR_CLIENT_SECRET: z.string().optional(),
    // Tests only: one server standing in for Google's and Microsoft's sign-in and calendar APIs (the tests' fake).
    CALENDAR_APIS_URL: urlWithProtocols(['http:', 'https:']).optional(),
    // A hosted language model grading short-answer and paragraph answers (an OpenAI-compatible chat
    // completions URL). Off unless both are set: the rubric grader runs here with no network.
    AI_GRADER_URL: urlWithProtocols(['http:', 'https:']).optional(),
    AI_GRADER_API_KEY: z.string().optional(),
    AI_GRADER_MODEL: z.string().default('gpt-4o-mini'),
    // How often each instance closes test attempts whose deadline passed; 0 turns the sweep off.
    ATTEMPT_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    // How old sitemap.xml's list of public jobs may be: each instance asks the database at most this often.
    SITEMAP_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    // How often open live sockets are checked against their sessions (signed out, suspended: closed).
    LIVE_SESSION_RECHECK_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    // How often each live socket gets a heartbeat; the client reconnects after HEARTBEAT_TIMEOUT_MS of
    // silence, so at most half of that.
    LIVE_HEARTBEAT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(HEARTBEAT_TIMEOUT_MS / 2)
      .default(HEARTBEAT_INTERVAL_MS),
    // Background jobs (pg-boss): off, this instance only queues work and leaves it to others.
    JOB_WORKERS: booleanFromEnv.default(true),
    // How often an idle worker asks the queue for work.
    JOB_POLLING_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    // Where uploaded files live (decision 017): in PostgreSQL with the rows (the default), or in an
    // S3-compatible bucket for large deployments.
    FILE_STORE: z.enum(['postgres', 's3']).default('postgres'),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    // An S3-compatible server (MinIO, Ceph); unset for AWS.
    S3_ENDPOINT: urlWithProtocols(['http:', 'https:']).optional(),
    S3_REGION: z.string().default('us-east-1'),
    // Unset: the AWS SDK's own chain (environment, instance role).
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
    S3_PREFIX: z.string().max(200).default('files/'),
    // Off-site backups (`npm run ops -- backups …`): a bucket of their own, apart from the file store's, with
    // credentials that may write and delete under BACKUP_S3_PREFIX only. Every object is encrypted to the age
    // recipients before it leaves the host; without them nothing is copied.
    BACKUP_S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        error: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      })
      .optional(),
    BACKUP_S3_PREFIX: z
      .string()
      .max(200)
      .refine((value) => !value.startsWith('/'), { error: 'must not start with /: keys have no leading slash' })
      .default('tandem-backups/'),
    BACKUP_S3_ENDPOINT: urlWithProtocols(['http:', 'https:']).optional(),
    BACKUP_S3_REGION: z.string().default('us-east-1'),
    BACKUP_S3_ACCESS_KEY_ID: z.string().optional(),
    BACKUP_S3_SECRET_ACCESS_KEY: z.string().optional(),
    BACKUP_S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
    BACKUP_AGE_RECIPIENTS: ageRecipientsFromEnv.optional(),
    // When `backups serve` takes one.
    BACKUP_SCHEDULE: cronInUtc.default('30 2 * * *'),
    // Retention: the newest backup of each of the last so many days, ISO weeks and months.
    BACKUP_KEEP_DAILY: z.coerce.number().int().min(0).max(3660).default(7),
    BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
    BACKUP_KEEP_MONTHLY: z.coerce.number().int().min(0).max(1200).default(12),
    // `backups serve`'s /metrics (tandem_backup_last_success_timestamp_seconds), apart from the instances'.
    BACKUP_METRICS_HOST: z.string().default('127.0.0.1'),
    BACKUP_METRICS_PORT: z.coerce.number().int().min(1).max(65535).default(9465),
    // Test-only endpoints that create accounts and sessions for the browser tests.
    ENABLE_TEST_ROUTES: booleanFromEnv.default(false),
    // Demo accounts with a published password: loaded on a new database outside production only.
    SEED_DEMO: booleanFromEnv.optional(),
    // The browsable API reference at /api/docs: on outside production, off in production unless asked for.
    API_DOCS: booleanFromEnv.optional(),
    // Webhooks to loopback, private and link-local addresses, and over plain http: refused in production (a
    // webhook must never reach inside the network Tandem runs in), allowed elsewhere for a receiver on this machine.
    WEBHOOK_PRIVATE_TARGETS: booleanFromEnv.optional(),
    // Requests one company API key may make a minute, across every instance (Redis counts them).
    API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
    // Payments through Stripe (its secret API key); unset, the test-mode provider runs here with no network.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'must be a Stripe secret key (sk_test_…, sk_live_…)' })
      .optional(),
    // Verifies the signatures of the events Stripe posts to /api/webhooks/stripe.
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, { error: 'must be a Stripe webhook secret (whsec_…)' })
      .optional(),
    // Another Stripe API address (stripe-mock, or the tests' own server); Stripe's own when unset.
    STRIPE_API_URL: urlWithProtocols(['http:', 'https:']).optional(),
    // Prometheus metrics (decision 027) on a listener of their own: off unless a port is given. The
    // proxy in front of the app never reaches it; bind it to the interface Prometheus scrapes from.
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().default('127.0.0.1'),
    // When set, a scrape must carry it as a bearer token (compared in constant time).
    METRICS_TOKEN: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    // The video room (decision 030). STUN servers a browser asks for its public address; unset, browsers
    // offer only the addresses they see themselves, enough on one network and no further.
    STUN_URLS: iceUrlList(['stun', 'stuns']).optional(),
    // A TURN server (coturn, deploy/turnserver.conf) relays a call when no direct path exists, as behind
    // most company firewalls. Its credentials are short-lived, signed with TURN_SECRET (coturn's
    // use-auth-secret / static-auth-secret).
    TURN_URL: iceUrlList(['turn', 'turns']).optional(),
    TURN_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    // The ECB's euro reference rates (docs/decisions/050), fetched once a day; set it to another copy of
    // eurofxref-daily.xml (a mirror, a proxy) where the ECB is not reachable, or to `off` on a machine with no
    // way out (rates then come from imported files and hand entries). A failed fetch is only logged.
    FX_RATES_URL: z
      .union([z.literal('off'), urlWithProtocols(['http:', 'https:'])])
      .default(ECB_DAILY_RATES_URL)
      .transform((value) => (value === 'off' ? undefined : value)),
    // The EU's VIES (its REST interface, https://ec.europa.eu/taxation_customs/vies/rest-api): whether a
    // member state registered a company's EU VAT number. Unset, numbers are checked for their shape and check
    // digits only, as on a machine with no way out.
    VIES_URL: urlWithProtocols(['http:', 'https:']).optional(),
    // The certificate that seals signed agreements (decision 056): a PKCS#12 file, base64, and its passphrase.
    // Unset outside production, a self-signed one is made on first use and kept in DATA_DIR.
    AGREEMENT_SEAL_P12: z
      .string()
      .transform((value) => value.replace(/\s/g, ''))
      .refine((value) => /^[A-Za-z0-9+/]+=*$/.test(value), { error: 'must be a PKCS#12 file in base64' })
      .optional(),
    AGREEMENT_SEAL_PASSPHRASE: z.string().optional(),
    // Tandem's own bank account, the debtor of the payout runs' bank files (decision 045): the name and IBAN
    // (and BIC) a pain.001 credit transfer file pays from. Outside production a demo account stands in.
    TANDEM_DEBTOR_NAME: z.string().trim().min(2).max(70).optional(),
    TANDEM_DEBTOR_IBAN: z
      .string()
      .transform((value) => value.replace(/\s/g, '').toUpperCase())
      .refine(isValidIBAN, { error: 'must be a valid IBAN (its check digits match)' })
      .optional(),
    TANDEM_DEBTOR_BIC: z
      .string()
      .transform((value) => value.replace(/\s/g, '').toUpperCase())
      .refine(isValidBIC, { error: 'must be a BIC of 8 or 11 letters and digits' })
      .optional(),
    // The US bank that sends the NACHA (ACH) file: its routing number, and the company identification it gave
    // Tandem (10 characters, often 1 and the EIN).
    TANDEM_ACH_ROUTING: z
      .string()
      .refine(abaChecksumIsValid, { error: 'must be a 9-digit routing number whose checksum matches' })
      .optional(),
    TANDEM_ACH_COMPANY_ID: z
      .string()
      .regex(/^[A-Za-z0-9 ]{1,10}$/, { error: 'must be 1 to 10 letters, digits or spaces' })
      .optional(),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required in production (32 or more random characters)',
      });
    } else if (env.REDIS_URL && !env.SESSION_SECRET) {
      // Instances that share Redis share a database too; each would otherwise make a key of its own in its
      // DATA_DIR, and refuse what another signed (a session, an upload waiting to be sent).
      context.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message:
          'is required with REDIS_URL: every instance must sign with the same key (32 or more random characters, the same on each), or one refuses what another signed',
      });
    }
    if (env.NODE_ENV === 'production' && env.ENABLE_TEST_ROUTES) {
      context.addIssue({ code: 'custom', path: ['ENABLE_TEST_ROUTES'], message: 'must never be on in production' });
    }
    if (env.NODE_ENV === 'production' && env.SEED_DEMO) {
      context.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: 'must never be on in production: the demo accounts have a published password',
      });
    }
    // Every absolute link is built from it: canonical and og:url, the sitemap, robots.txt, the links in emails
    // and calendar files. Missing, they would all name http://localhost and nobody would notice.
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      context.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'is required in production: canonical links, the sitemap, robots.txt and the links in emails are built from it',
      });
    }
    // Without it, account emails (with their sign-in links) would go to the log.
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      context.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required in production: account emails carry password-reset and confirmation links',
      });
    }
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'is required with GOOGLE_CLIENT_ID',
      });
    }
    if (env.LINKEDIN_CLIENT_ID && !env.LINKEDIN_CLIENT_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['LINKEDIN_CLIENT_SECRET'],
        message: 'is required with LINKEDIN_CLIENT_ID',
      });
    }
    for (const provider of ['GOOGLE', 'MICROSOFT'] as const) {
      if (Boolean(env[`${provider}_CALENDAR_CLIENT_ID`]) !== Boolean(env[`${provider}_CALENDAR_CLIENT_SECRET`])) {
        context.addIssue({
          code: 'custom',
          path: [`${provider}_CALENDAR_CLIENT_SECRET`],
          message: `and ${provider}_CALENDAR_CLIENT_ID go together: the OAuth client has both`,
        });
      }
    }
    if (env.NODE_ENV === 'production' && env.CALENDAR_APIS_URL) {
      context.addIssue({
        code: 'custom',
        path: ['CALENDAR_APIS_URL'],
        message: 'is for tests only: in production calendars are read from Google and Microsoft themselves',
      });
    }
    // Payments that settle after the request (a processing PaymentIntent) are completed by the webhook.
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required with STRIPE_SECRET_KEY: payments that settle later are completed by its webhook',
      });
    }
    if (env.FILE_STORE === 's3' && !env.S3_BUCKET) {
      context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required with FILE_STORE=s3' });
    }
    if (Boolean(env.BACKUP_S3_ACCESS_KEY_ID) !== Boolean(env.BACKUP_S3_SECRET_ACCESS_KEY)) {
      context.addIssue({
        code: 'custom',
        path: ['BACKUP_S3_SECRET_ACCESS_KEY'],
        message: 'and BACKUP_S3_ACCESS_KEY_ID go together',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      context.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'and S3_ACCESS_KEY_ID go together',
      });
    }
    if (env.METRICS_TOKEN && env.METRICS_PORT === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['METRICS_TOKEN'],
        message: 'needs METRICS_PORT: metrics are served on their own port, and are off without it',
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      context.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
    }
    if (Boolean(env.TURN_URL) !== Boolean(env.TURN_SECRET)) {
      context.addIssue({
        code: 'custom',
        path: ['TURN_SECRET'],
        message: 'and TURN_URL go together: the secret signs the credentials of that server',
      });
    }
    if (env.TANDEM_DEBTOR_BIC && !env.TANDEM_DEBTOR_IBAN) {
      context.addIssue({ code: 'custom', path: ['TANDEM_DEBTOR_BIC'], message: 'needs TANDEM_DEBTOR_IBAN' });
    }
    if (Boolean(env.TANDEM_ACH_ROUTING) !== Boolean(env.TANDEM_ACH_COMPANY_ID)) {
      context.addIssue({
        code: 'custom',
        path: ['TANDEM_ACH_COMPANY_ID'],
        message: 'and TANDEM_ACH_ROUTING go together: the bank gives both',
      });
    }
    const hasAppleKey = env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY;
    if (env.APPLE_CLIENT_ID && !hasAppleKey && !env.APPLE_CLIENT_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['APPLE_CLIENT_ID'],
        message: 'needs APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY (or APPLE_CLIENT_SECRET)',
      });
    }
  });

type ParsedEnv = z.infer<typeof envSchema>;

// Every environment variable Tandem reads: the README and the runbook document each (config.test.ts).
export const SETTING_NAMES = Object.keys(envSchema.shape);

export interface Config extends ParsedEnv {
  // Derived: PUBLIC_URL, or this machine at PORT.
  publicUrl: string;
  // Derived: ADMIN_EMAILS lower-cased; outside production the demo admin when unset.
  adminEmails: string[];
  // Derived: SEED_DEMO, else true outside production.
  seedDemo: boolean;
  // Derived: API_DOCS, else true outside production.
  apiDocs: boolean;
  // Derived: WEBHOOK_PRIVATE_TARGETS, else true outside production.
  webhookPrivateTargets: boolean;
  // Derived: the account a pain.001 file pays from; outside production a demo account when unset, in
  // production null until TANDEM_DEBTOR_IBAN is set (the file is then refused in words, never made up).
  bankDebtor: BankDebtor | null;
  // Derived: the originator of a NACHA file, the same way (TANDEM_ACH_ROUTING, TANDEM_ACH_COMPANY_ID).
  achOriginator: AchOriginator | null;
}

export interface BankDebtor {
  name: string;
  iban: string;
  bic?: string;
}

export interface AchOriginator {
  name: string;
  routing: string;
  companyId: string;
}

// Demo accounts for development and tests: an IBAN and routing number whose checksums hold and which name no
// real account of Tandem's, so a demo file can never be mistaken for a real instruction.
const DEMO_DEBTOR: BankDebtor = { name: 'Tandem Demo Ltd', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
const DEMO_ACH = { routing: '123456780', companyId: '1000000001' };

function bankAccountsOf(env: ParsedEnv, isProduction: boolean) {
  const name = env.TANDEM_DEBTOR_NAME ?? (isProduction ? 'Tandem' : DEMO_DEBTOR.name);
  const bankDebtor: BankDebtor | null = env.TANDEM_DEBTOR_IBAN
    ? { name, iban: env.TANDEM_DEBTOR_IBAN, ...(env.TANDEM_DEBTOR_BIC && { bic: env.TANDEM_DEBTOR_BIC }) }
    : isProduction
      ? null
      : { ...DEMO_DEBTOR, name };
  const achOriginator: AchOriginator | null =
    env.TANDEM_ACH_ROUTING && env.TANDEM_ACH_COMPANY_ID
      ? { name, routing: env.TANDEM_ACH_ROUTING, companyId: env.TANDEM_ACH_COMPANY_ID }
      : isProduction
        ? null
        : { name, ...DEMO_ACH };
  return { bankDebtor, achOriginator };
}

export const DEMO_ADMIN_EMAIL = 'admin@tandem.test';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// Reads the configuration from environment variables; an empty variable counts as unset.
// Throws a ConfigError naming every bad variable at once.
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(present);
  if (result.success) {
    const env = result.data;
    const adminEmails = env.ADMIN_EMAILS
      ? env.ADMIN_EMAILS.split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean)
      : env.NODE_ENV === 'production'
        ? []
        : [DEMO_ADMIN_EMAIL];
    const isProduction = env.NODE_ENV === 'production';
    return {
      ...env,
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
      adminEmails,
      seedDemo: env.SEED_DEMO ?? !isProduction,
      apiDocs: env.API_DOCS ?? !isProduction,
      webhookPrivateTargets: env.WEBHOOK_PRIVATE_TARGETS ?? !isProduction,
      ...bankAccountsOf(env, isProduction),
    };
  }
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`),
  );
}
