// The operator command's words (scripts/ops.ts): parses a command line, runs it, and says what it did, to a
// person or (--json) to a script. Returns the exit code. The database is opened only by the commands that read
// it, through the function given, so the tests pass their own.
import { parseArgs } from 'node:util';
import { type Config, ConfigError } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/client';
import { OpsInputError } from './ops-input-error';
import type { SmokeCheck } from './smoke';
import type { FoundUser } from './users';

export interface OpsEnvironment {
  config: () => Config;
  // When `backups serve` stops; SIGTERM or SIGINT unless given.
  stopSignal?: () => Promise<void>;
  openDatabase: (config: Config) => Promise<DatabaseHandle>;
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = `Usage: npm run ops -- <command> [options]

Commands:
  users find <email or name fragment> [--limit n]  people whose address or name holds it (20, at most 100)
  users suspend <email|id> --reason "…"            suspends an applicant and signs them out everywhere
  users reactivate <email|id>                      lets a suspended applicant sign in again
  sessions end <email|id>                          signs someone out everywhere
  jobs failed [--queue name] [--limit n]           background jobs that failed with no retry left
  jobs retry <id>                                  puts one failed job back to be retried
  jobs retry --queue name --all                    puts every failed job of a queue back
  settings show                                    the configuration in force (secrets masked), System Settings
  smoke <base url> [--sign-in email password]      checks a running deployment end to end
  backups run [--metrics-file path]                takes a backup, encrypts it, copies it off the host
  backups list                                     the backups in the bucket, newest first
  backups fetch <key|latest> <directory> --identity <file>  downloads and decrypts one for db:restore
  backups serve                                    takes them on BACKUP_SCHEDULE, serves their /metrics

Every command takes --json (output for scripts) and --help. The commands that read the database use the
server's settings (DATABASE_URL, or the embedded database in DATA_DIR: stop the server first).`;

const HELP: Record<string, string> = {
  'users find': `Usage: npm run ops -- users find <email or name fragment> [--limit n] [--json]

Lists the people whose email address or name holds the fragment (or whose id it is), most recently signed in
first: id, name, email, role, status, company and last sign-in. 20 by default, --limit up to 100.`,
  'users suspend': `Usage: npm run ops -- users suspend <email|id> --reason "why" [--json]

Suspends an applicant as Applicant Management's Suspend does: they are signed out everywhere, cannot sign in,
and leave Talent Search. The audit log records it with no actor, the reason and "by": "ops command".
Company accounts are suspended with their company (Company Management); administrators by taking them off
ADMIN_EMAILS. Suspending someone already suspended changes nothing.`,
  'users reactivate': `Usage: npm run ops -- users reactivate <email|id> [--json]

Lets a suspended applicant sign in again, as Applicant Management's Activate does, with an audit row.`,
  'sessions end': `Usage: npm run ops -- sessions end <email|id> [--json]

Signs the person out everywhere: every session of theirs ends, their open tabs are signed out on their next
request. They can sign in again (suspend them to stop that). An audit row records it.`,
  'jobs failed': `Usage: npm run ops -- jobs failed [--queue name] [--limit n] [--json]

Lists background jobs that failed with no retry left, newest first: queue, id, when it failed, retries,
and the error (trimmed; the whole one is in the log). pg-boss keeps a failed job a day, then archives it.
20 by default, --limit up to 1000.`,
  'jobs retry': `Usage: npm run ops -- jobs retry <id> [--json]
       npm run ops -- jobs retry --queue name --all [--json]

Puts failed jobs back to be retried through pg-boss (each gets one more retry); a running instance with
JOB_WORKERS=true takes them within seconds. Every job's handler is safe to run again.`,
  'settings show': `Usage: npm run ops -- settings show [--json]

Prints every environment setting Tandem reads as the server would see it in this environment (unset ones
as "-", the default then applies), each secret only as "set" or "not set" and passwords inside URLs as ***,
then System Settings from the database.`,
  smoke: `Usage: npm run ops -- smoke <base url> [--sign-in email password] [--json]

Checks a running deployment from outside (give nginx's address to check it too): /api/health and /api/ready,
the home page and /jobs render, a built asset is served with a year's caching, the security headers, the
live socket's WebSocket handshake, and with --sign-in (or OPS_SMOKE_EMAIL and OPS_SMOKE_PASSWORD) a sign-in
and an authenticated API read. Prints each check with ✓ or ✗ and its time; exits 1 on any failure.
Needs no database and no settings.`,
  'backups run': `Usage: npm run ops -- backups run [--metrics-file path] [--json]

Takes a backup as npm run db:backup does, in a private temporary directory (TMPDIR), encrypts it with age to
every recipient of BACKUP_AGE_RECIPIENTS as it uploads it to BACKUP_S3_BUCKET under BACKUP_S3_PREFIX as
tandem-backup-<UTC time>.tar.gz.age, checks the bucket lists it with its size, deletes the backups past
retention (BACKUP_KEEP_DAILY, _WEEKLY, _MONTHLY) and the local file. Refuses without BACKUP_AGE_RECIPIENTS
or BACKUP_S3_BUCKET: nothing leaves the host unencrypted. --metrics-file writes the backup metrics for
node-exporter's textfile collector (/var/lib/prometheus/node-exporter/tandem-backup.prom), success or not.`,
  'backups list': `Usage: npm run ops -- backups list [--json]

Lists the backups under BACKUP_S3_PREFIX in BACKUP_S3_BUCKET, newest first: key, when it was taken, size.
Other objects there are not shown (and never deleted).`,
  'backups fetch': `Usage: npm run ops -- backups fetch <key|latest> <directory> --identity <age identity file> [--json]

Downloads a backup (its key, or the newest with latest), decrypts it with the identity file (age-keygen's,
whose public key is in BACKUP_AGE_RECIPIENTS) into the directory as tandem-backup-<UTC time>.tar.gz (mode 0600),
checks it is a Tandem backup and prints the npm run db:restore line to run next. Needs no recipients.`,
  'backups serve': `Usage: npm run ops -- backups serve

The backup service of the containers: a backups run at each tick of BACKUP_SCHEDULE (cron, UTC), never two at
once, and the metrics on http://BACKUP_METRICS_HOST:BACKUP_METRICS_PORT/metrics for Prometheus
(tandem_backup_last_success_timestamp_seconds, read from the bucket at start). Stops on SIGTERM, abandoning a
run in progress with its upload aborted.`,
};

const when = (date: Date | null) => (date ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : 'never');

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

function positiveInteger(value: string | undefined, fallback: number, most: number, what: string): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > most) {
    throw new OpsInputError(`--limit must be a whole number of ${what} from 1 to ${most}; ${value} is not.`);
  }
  return number;
}

// --sign-in takes two values (email and password), which parseArgs cannot: they are taken out first.
function takeSignIn(args: string[]): { args: string[]; signIn?: { email: string; password: string } } {
  const at = args.indexOf('--sign-in');
  if (at === -1) return { args };
  const [email, password] = args.slice(at + 1, at + 3);
  if (!email || !password || email.startsWith('--') || password.startsWith('--')) {
    throw new OpsInputError('--sign-in takes an email address and a password: --sign-in someone@example.com secret');
  }
  return { args: [...args.slice(0, at), ...args.slice(at + 3)], signIn: { email, password } };
}

export async function runOps(argv: string[], environment: OpsEnvironment): Promise<number> {
  const { out, err } = environment;
  let asJson = argv.includes('--json');
  try {
    const { args, signIn } = takeSignIn(argv);
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        reason: { type: 'string' },
        limit: { type: 'string' },
        queue: { type: 'string' },
        all: { type: 'boolean', default: false },
        'metrics-file': { type: 'string' },
        identity: { type: 'string' },
      },
    });
    asJson = values.json;
    const [group, action, ...rest] = positionals;
    const command = group === 'smoke' ? 'smoke' : `${group} ${action}`;
    if (group === undefined) {
      (values.help ? out : err)(USAGE);
      return values.help ? 0 : 1;
    }
    const help = HELP[command];
    if (!help) throw new OpsInputError(`There is no command "${positionals.slice(0, 2).join(' ')}".\n\n${USAGE}`);
    if (values.help) {
      out(help);
      return 0;
    }
    const print = (json: unknown, lines: () => string[]) => {
      if (asJson) out(JSON.stringify(json, null, 2));
      else for (const line of lines()) out(line);
    };

    if (command === 'smoke') {
      const base = action;
      if (!base || !URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol)) {
        throw new OpsInputError(`Give the deployment's address, such as https://tandem.example.com.\n\n${help}`);
      }
      const { OPS_SMOKE_EMAIL: email, OPS_SMOKE_PASSWORD: password } = environment.env;
      const account = signIn ?? (email && password ? { email, password } : undefined);
      const line = (check: SmokeCheck) =>
        `${check.ok ? '✓' : '✗'} ${check.name} (${check.ms} ms)${check.detail ? `: ${check.detail}` : ''}`;
      const { runSmoke } = await import('./smoke');
      const checks = await runSmoke(base, { signIn: account }, (check) => {
        if (!asJson) out(line(check));
      });
      const failed = checks.filter((check) => !check.ok).length;
      if (asJson) out(JSON.stringify({ ok: failed === 0, checks }, null, 2));
      else out(failed === 0 ? `All ${checks.length} checks passed.` : `${failed} of ${checks.length} checks failed.`);
      return failed === 0 ? 0 : 1;
    }

    const config = environment.config();
    if (group === 'backups') {
      const { runBackupsCommand } = await import('./backups');
      return await runBackupsCommand({
        action: action ?? '',
        positionals: rest,
        metricsFile: values['metrics-file'],
        identity: values.identity,
        asJson,
        config,
        out,
        err,
        stopSignal:
          environment.stopSignal ??
          (() =>
            new Promise<void>((resolve) => {
              process.once('SIGTERM', () => resolve());
              process.once('SIGINT', () => resolve());
            })),
      });
    }
    if (command === 'settings show') {
      const { describeSettings } = await import('./settings');
      const database = await environment.openDatabase(config);
      try {
        const settings = await describeSettings({ config, db: database.db });
        print(settings, () => [
          'Configuration (environment):',
          ...table(
            Object.entries(settings.configuration).map(([name, value]) => [
              `  ${name}`,
              value === null ? '-' : String(value),
            ]),
          ),
          `  (derived) public URL ${settings.derived.publicUrl}; administrators ${settings.derived.adminEmails.join(', ') || 'none'}`,
          '',
          'System Settings (database):',
          ...table(Object.entries(settings.platform).map(([key, value]) => [`  ${key}`, JSON.stringify(value)])),
        ]);
      } finally {
        await database.close();
      }
      return 0;
    }

    // A name fragment may hold spaces without quotes; a job id is one word.
    const target = (group === 'jobs' ? rest[0] : rest.join(' ')) || undefined;
    if (group === 'users' || group === 'sessions') {
      if (!target) throw new OpsInputError(`Name the person.\n\n${help}`);
      if (command === 'users suspend' && !values.reason?.trim()) {
        throw new OpsInputError(`Say why with --reason "…": the audit log keeps it.\n\n${help}`);
      }
    }
    if (command === 'jobs retry' && !target && !(values.queue && values.all)) {
      throw new OpsInputError(`Give a job's id, or --queue name --all.\n\n${help}`);
    }
    const limit =
      command === 'users find'
        ? positiveInteger(values.limit, 20, 100, 'people')
        : positiveInteger(values.limit, 20, 1000, 'jobs');

    // Loaded here: the help and the smoke test start without the database's modules (a second sooner).
    const [{ listFailedJobs, retryJob, retryQueue }, { endUserSessions, findUsers, setUserStatus }] = await Promise.all(
      [import('./jobs'), import('./users')],
    );
    const database = await environment.openDatabase(config);
    try {
      const { db } = database;
      const userRow = (user: FoundUser) => [
        user.id,
        user.name,
        user.email,
        user.role,
        user.status,
        user.company ?? '-',
        when(user.lastSignInAt),
      ];
      switch (command) {
        case 'users find': {
          const found = await findUsers({ db, fragment: target ?? '', limit });
          print(found, () =>
            found.length === 0
              ? [`Nobody's address or name holds "${target}".`]
              : [
                  ...table([
                    ['id', 'name', 'email', 'role', 'status', 'company', 'last sign-in'],
                    ...found.map(userRow),
                  ]),
                  ...(found.length === limit ? [`(the first ${limit}; --limit for more)`] : []),
                ],
          );
          return 0;
        }
        case 'users suspend':
        case 'users reactivate': {
          const status = command === 'users suspend' ? 'suspended' : 'active';
          const change = await setUserStatus({ db, who: target ?? '', status, reason: values.reason?.trim() });
          print(change, () => [
            change.changed
              ? status === 'suspended'
                ? `Suspended ${change.user.email}; ${change.sessionsEnded} session(s) ended.`
                : `Reactivated ${change.user.email}: they can sign in again.`
              : `${change.user.email} was already ${status}; nothing changed.`,
          ]);
          return 0;
        }
        case 'sessions end': {
          const ended = await endUserSessions({ db, who: target ?? '' });
          print(ended, () => [`Ended ${ended.sessionsEnded} session(s) of ${ended.user.email}.`]);
          return 0;
        }
        case 'jobs failed': {
          const jobs = await listFailedJobs(database, { queue: values.queue, limit });
          print(jobs, () =>
            jobs.length === 0
              ? [`No failed jobs${values.queue ? ` in ${values.queue}` : ''}.`]
              : table([
                  ['queue', 'id', 'failed at', 'retries', 'error'],
                  ...jobs.map((job) => [job.name, job.id, when(job.failedAt), String(job.retryCount), job.error]),
                ]),
          );
          return 0;
        }
        case 'jobs retry': {
          if (target) {
            const job = await retryJob(database, { id: target });
            print({ retried: 1, jobs: [job] }, () => [`Put ${job.name} job ${job.id} back to be retried.`]);
          } else {
            const retried = await retryQueue(database, { queue: values.queue ?? '' });
            print({ retried }, () => [`Put ${retried} failed ${values.queue} job(s) back to be retried.`]);
          }
          return 0;
        }
        default:
          throw new OpsInputError(`There is no command "${command}".\n\n${USAGE}`);
      }
    } finally {
      await database.close();
    }
  } catch (error) {
    // The database's own refusals (PostgreSQL's and the network's, under Drizzle's wrapper) are told as they come.
    const fromDatabase = [error, (error as { cause?: unknown }).cause].find((candidate) => {
      const code = (candidate as { code?: unknown } | undefined)?.code;
      return typeof code === 'string' && /^([0-9A-Z]{5}|E[A-Z]+)$/.test(code);
    }) as Error | undefined;
    const isParseError = String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    if (!(error instanceof OpsInputError || error instanceof ConfigError || fromDatabase || isParseError)) throw error;
    const message = fromDatabase
      ? `The database could not be read (${fromDatabase.message}): check DATABASE_URL, as the server has it.`
      : (error as Error).message;
    if (asJson) out(JSON.stringify({ error: message.split('\n\n')[0] }));
    err(message);
    return 1;
  }
}
