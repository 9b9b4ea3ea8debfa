// `npm run bench:lists [-- --connections 20 --duration 10 --only jobs,audit --fresh]`: every paginated list
// endpoint on PostgreSQL at its largest realistic size. Makes sure the kept database tandem_lists_bench on the
// server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is migrated and holds 100,000
// companies with 200,000 company people and 5,000,000 audit rows (seed-platform.ts), 1,000,000 applicants
// with listed profiles (seed-talent.ts), and the marketplace over them (seed-marketplace.ts: 20,000 jobs,
// 10,000 of them bench company 1's; 100,000 applications, 2,000 on its busiest job; 100,000 invoices, 520 of
// them company 1's; 20,000 assignments with eight weeks of timesheets; notifications, conversations, tests,
// contact messages, privacy requests, account managers), adding only what is missing (`--fresh` drops it
// first). Then starts the real server on it and, signed in as each role, measures every list with autocannon
// (`connections` at a time for `duration` seconds), reporting p50/p99, req/s and the CPU each request costs
// the server process and PostgreSQL's backends (schedstat, before and after); then, on a server whose
// sessions load auto_explain, sends each list over the budget (at least the three slowest) once and prints
// the plans its statements ran, slowest first. Target: p99 < 25 ms (Talent Search keeps its own, decision 009).
// `--only` takes target names or their groups (jobs, applications, talent, invoices, audit, admin, work,
// messaging, ...), comma-separated.
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { runOnServer } from '../src/server/db/postgres-server';
import { SESSION_COOKIE } from '../src/server/platform/auth-context';
import { buildAccount, buildSession } from '../src/server/seed/factories';
import { cpuMicroseconds, withBenchServer } from './bench/measure-api';
import { openServerPlans } from './bench/query-plans';
import { benchJobId, MARKETPLACE_DEFAULTS, seedMarketplace } from './bench/seed-marketplace';
import { beginBulkLoad, endBulkLoad, seconds, seedPlatform } from './bench/seed-platform';
import { prepareTalentDatabase, seedTalent } from './seed-talent';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '20' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    only: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    'budget-ms': { type: 'string', default: '25' },
    // How many of the slowest lists get their plans printed (all over the budget, at least this many).
    plans: { type: 'string', default: '3' },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const budgetMs = Number(values['budget-ms']);
const only = values.only
  ?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);

const DATABASE_NAME = 'tandem_lists_bench';
const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${DATABASE_NAME}`;
const DATABASE_URL = databaseUrl.toString();
const PLATFORM = { companies: 100_000, users: 200_000, auditRows: 5_000_000 };
const TALENTS = 1_000_000;
const counts = { ...MARKETPLACE_DEFAULTS, talents: TALENTS };

// ---------------------------------------------------------------------------------------------------
// Seed

if (values.fresh) await runOnServer(serverUrl.toString(), `DROP DATABASE IF EXISTS ${DATABASE_NAME} WITH (FORCE)`);
const prepareStarted = performance.now();
await prepareTalentDatabase(DATABASE_URL);
const talent = await seedTalent(DATABASE_URL, TALENTS);
const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
await beginBulkLoad(client);
const added = [
  ...(talent.added > 0 ? [`${talent.added} applicants in ${talent.seconds.toFixed(1)} s`] : []),
  ...(await seedPlatform(client, PLATFORM)),
  ...(await seedMarketplace(client, counts)),
];
await endBulkLoad(client);
if (added.length > 0) await client.query('vacuum analyze');
const sizes = await client.query<{ name: string; rows: string; size: string }>(
  `select relname as name, n_live_tup::text as rows, pg_size_pretty(pg_total_relation_size(relid)) as size
   from pg_stat_user_tables where n_live_tup >= 10000 order by n_live_tup desc`,
);
const { rows: people } = await client.query<{ talent: string; owner: string; manager: string; invoice: string }>(
  `select (select id from users where email = 'talent-1@scale.tandem.test') as talent,
          (select id from users where email = 'bench-user-1@bench.test') as owner,
          (select id from users where email = 'bench-manager-1@bench.test') as manager,
          (select invoice_number from invoices where invoice_number like 'INV-B-%' order by invoice_number offset 777 limit 1) as invoice`,
);
await client.end();
const person = people[0];
if (!person?.talent || !person.owner || !person.manager) throw new Error('The bench people are missing.');
console.log(`database: ${DATABASE_URL}`);
console.log(
  `prepared in ${seconds(prepareStarted)} s; seeded this run: ${added.length > 0 ? added.join(', ') : 'nothing missing'}`,
);
console.log(
  sizes.rows.map((row) => `${row.name}: ${Number(row.rows).toLocaleString('en-US')} rows, ${row.size}`).join('; '),
);

// Signed in the way the browser is: an administrator, company 1's owner, talent 1 and an account manager.
const database = await openDatabase({ url: DATABASE_URL, poolSize: 1 });
const { user: adminUser } = await buildAccount(database.db, { role: 'admin', twoFactorExempt: true });
// The server lets an administrator in only with an address of ADMIN_EMAILS.
const serverEnv = { ADMIN_EMAILS: adminUser.email };
const cookieOf = async (userId: string) => `${SESSION_COOKIE}=${(await buildSession(database.db, userId)).token}`;
const cookies = {
  admin: await cookieOf(adminUser.id),
  company: await cookieOf(person.owner),
  applicant: await cookieOf(person.talent),
  manager: await cookieOf(person.manager),
  public: '',
};
await database.close();

// ---------------------------------------------------------------------------------------------------
// The lists

type Who = keyof typeof cookies;
interface Target {
  name: string;
  group: string;
  data: string;
  who: Who;
  path: string;
  budgetMs?: number;
}

const busiestJob = (await idOf(benchJobId('1'))) ?? '';
async function idOf(expression: string) {
  const probe = new pg.Client({ connectionString: DATABASE_URL });
  await probe.connect();
  const { rows } = await probe.query<{ id: string }>(`select ${expression} as id`);
  await probe.end();
  return rows[0]?.id;
}

// A moment this many days from now, as the meetings range takes it.
const inDays = (days: number) => encodeURIComponent(new Date(Date.now() + days * 86_400_000).toISOString());
const JOBS = `${(counts.companyJobs + counts.otherJobs).toLocaleString('en-US')} jobs`;
const COMPANY_JOBS = `${counts.companyJobs.toLocaleString('en-US')} jobs of the company`;
const APPLICATIONS = `${counts.applications.toLocaleString('en-US')} applications`;
const AUDIT = `${PLATFORM.auditRows.toLocaleString('en-US')} audit rows`;
const allTargets: Target[] = [
  { name: 'company jobs', group: 'jobs', data: COMPANY_JOBS, who: 'company', path: '/api/jobs' },
  {
    name: 'company jobs filtered',
    group: 'jobs',
    data: COMPANY_JOBS,
    who: 'company',
    path: '/api/jobs?status=open,paused&q=engineer&tags=React&page=3&page_size=20&sort=launch_date_desc',
  },
  { name: 'company jobs page 400', group: 'jobs', data: COMPANY_JOBS, who: 'company', path: '/api/jobs?page=400' },
  { name: 'find jobs', group: 'jobs', data: JOBS, who: 'applicant', path: '/api/applicant/jobs' },
  {
    name: 'find jobs q + filters',
    group: 'jobs',
    data: JOBS,
    who: 'applicant',
    path: '/api/applicant/jobs?q=react%20engineer&engagement_type=hourly&skills=TypeScript&page=1&page_size=20',
  },
  { name: 'find jobs page 50', group: 'jobs', data: JOBS, who: 'applicant', path: '/api/applicant/jobs?page=50' },
  { name: 'public jobs', group: 'jobs', data: JOBS, who: 'public', path: '/api/public/jobs' },
  { name: 'public jobs q', group: 'jobs', data: JOBS, who: 'public', path: '/api/public/jobs?q=designer' },
  { name: 'saved jobs', group: 'jobs', data: JOBS, who: 'applicant', path: '/api/applicant/saved-jobs' },
  {
    name: "a job's applications",
    group: 'applications',
    data: '2,000 on the job',
    who: 'company',
    path: `/api/jobs/${busiestJob}/applications?page=1&page_size=20`,
  },
  {
    name: "a job's applications q",
    group: 'applications',
    data: '2,000 on the job',
    who: 'company',
    path: `/api/jobs/${busiestJob}/applications?q=talent&status=submitted`,
  },
  {
    name: "company's applications",
    group: 'applications',
    data: `${APPLICATIONS}, ~51,000 the company's`,
    who: 'company',
    path: '/api/jobs/applications',
  },
  {
    name: 'pipeline',
    group: 'applications',
    data: `${APPLICATIONS}, ~51,000 the company's`,
    who: 'company',
    path: '/api/applications',
  },
  {
    name: "applicant's own applications",
    group: 'applications',
    data: `${APPLICATIONS}, 201 the applicant's`,
    who: 'applicant',
    path: '/api/applicant/applications',
  },
  {
    name: 'talent search',
    group: 'talent',
    data: '1,000,000 profiles',
    who: 'company',
    path: '/api/talent?q=react&sort=rate_desc',
    budgetMs: 50,
  },
  {
    name: 'talent shortlist',
    group: 'talent',
    data: '1,000,000 profiles',
    who: 'company',
    path: '/api/talent/shortlist',
  },
  {
    name: 'company invoices',
    group: 'invoices',
    data: '100,000 invoices, 520 the company’s',
    who: 'company',
    path: '/api/company/invoices',
  },
  {
    name: 'company invoices q + status',
    group: 'invoices',
    data: '100,000 invoices, 520 the company’s',
    who: 'company',
    path: '/api/company/invoices?q=INV-B&status=paid&sort=amount&order=desc&page=5',
  },
  {
    name: 'company payments',
    group: 'invoices',
    data: '~96,000 payments',
    who: 'company',
    path: '/api/company/payments',
  },
  { name: 'admin payments', group: 'invoices', data: '100,000 invoices', who: 'admin', path: '/api/admin/payments' },
  {
    name: 'admin payments q',
    group: 'invoices',
    data: '100,000 invoices',
    who: 'admin',
    path: `/api/admin/payments?q=${person.invoice}`,
  },
  {
    name: 'admin payments status page 100',
    group: 'invoices',
    data: '100,000 invoices',
    who: 'admin',
    path: '/api/admin/payments?status=paid&page=100',
  },
  {
    name: 'company unbilled work',
    group: 'invoices',
    data: '160,000 timesheets',
    who: 'company',
    path: '/api/company/unbilled-work',
  },
  {
    name: 'admin unbilled work',
    group: 'invoices',
    data: '160,000 timesheets',
    who: 'admin',
    path: '/api/admin/unbilled-work',
  },
  { name: 'admin audit 7d', group: 'audit', data: AUDIT, who: 'admin', path: '/api/admin/audit-logs?range=7d' },
  {
    name: 'admin audit q',
    group: 'audit',
    data: AUDIT,
    who: 'admin',
    path: '/api/admin/audit-logs?type=user&range=30d&q=suspended',
  },
  {
    name: 'company audit',
    group: 'audit',
    data: AUDIT,
    who: 'company',
    path: '/api/company/audit-logs?range=30d',
  },
  {
    name: 'admin companies',
    group: 'admin',
    data: '100,000 companies',
    who: 'admin',
    path: '/api/admin/companies',
  },
  {
    name: 'admin companies q',
    group: 'admin',
    data: '100,000 companies',
    who: 'admin',
    path: '/api/admin/companies?q=acme&status=active',
  },
  {
    name: 'admin companies page 500',
    group: 'admin',
    data: '100,000 companies',
    who: 'admin',
    path: '/api/admin/companies?status=active&page=500',
  },
  {
    name: 'admin applicants',
    group: 'admin',
    data: '1,000,000 applicants',
    who: 'admin',
    path: '/api/admin/applicants',
  },
  {
    name: 'admin applicants q',
    group: 'admin',
    data: '1,000,000 applicants',
    who: 'admin',
    path: '/api/admin/applicants?q=talent-4242',
  },
  { name: 'admin jobs', group: 'admin', data: JOBS, who: 'admin', path: '/api/admin/jobs' },
  { name: 'admin jobs q', group: 'admin', data: JOBS, who: 'admin', path: '/api/admin/jobs?q=react&status=open' },
  { name: 'admin tests', group: 'admin', data: '12,000 tests', who: 'admin', path: '/api/admin/tests' },
  {
    name: 'admin account managers',
    group: 'admin',
    data: '200 managers, 100,000 companies',
    who: 'admin',
    path: '/api/admin/account-managers',
  },
  {
    name: 'admin assignments',
    group: 'admin',
    data: '20,000 assignments',
    who: 'admin',
    path: '/api/admin/assignments',
  },
  { name: 'admin payout runs', group: 'admin', data: 'none seeded', who: 'admin', path: '/api/admin/payout-runs' },
  {
    name: 'admin payout balances',
    group: 'admin',
    data: '1,000,000 applicants',
    who: 'admin',
    path: '/api/admin/payout-balances',
  },
  { name: 'admin disputes', group: 'admin', data: 'none seeded', who: 'admin', path: '/api/admin/disputes' },
  {
    name: 'admin contact messages',
    group: 'admin',
    data: '50,000 messages',
    who: 'admin',
    path: '/api/admin/contact-messages',
  },
  {
    name: 'admin privacy requests',
    group: 'admin',
    data: '20,000 requests',
    who: 'admin',
    path: '/api/admin/privacy-requests',
  },
  { name: 'admin reports', group: 'admin', data: 'none seeded', who: 'admin', path: '/api/admin/reports' },
  {
    name: 'manager companies',
    group: 'admin',
    data: '~500 of 100,000 companies',
    who: 'manager',
    path: '/api/manager/companies',
  },
  { name: 'company tests', group: 'tests', data: '2,000 of 12,000 tests', who: 'company', path: '/api/tests' },
  { name: 'applicant tests', group: 'tests', data: 'a few', who: 'applicant', path: '/api/applicant/tests' },
  {
    name: 'company assignments',
    group: 'work',
    data: '2,000 of 20,000 assignments',
    who: 'company',
    path: '/api/company/assignments',
  },
  {
    name: 'company timesheets',
    group: 'work',
    data: '16,000 of 160,000 timesheets',
    who: 'company',
    path: '/api/company/timesheets',
  },
  {
    name: 'applicant assignments',
    group: 'work',
    data: '1 of 20,000',
    who: 'applicant',
    path: '/api/applicant/assignments',
  },
  {
    name: 'applicant timesheets',
    group: 'work',
    data: '8 of 160,000',
    who: 'applicant',
    path: '/api/applicant/timesheets',
  },
  { name: 'applicant earnings', group: 'work', data: '8 weeks', who: 'applicant', path: '/api/applicant/earnings' },
  { name: 'applicant payouts', group: 'work', data: 'none seeded', who: 'applicant', path: '/api/applicant/payouts' },
  {
    name: 'company conversations',
    group: 'messaging',
    data: '20,000 of 20,500, 10 messages each',
    who: 'company',
    path: '/api/conversations',
  },
  {
    name: 'company conversations q',
    group: 'messaging',
    data: '20,000 of 20,500, 10 messages each',
    who: 'company',
    path: '/api/conversations?q=talent%2012',
  },
  {
    name: 'applicant conversations',
    group: 'messaging',
    data: '501 of 20,500',
    who: 'applicant',
    path: '/api/conversations',
  },
  {
    name: 'applicant messages',
    group: 'messaging',
    data: '501 conversations',
    who: 'applicant',
    path: '/api/applicant/messages',
  },
  {
    name: 'company notifications',
    group: 'notifications',
    data: '30,000 of 300,000',
    who: 'company',
    path: '/api/notifications',
  },
  {
    name: 'applicant notifications',
    group: 'notifications',
    data: '30,000 of 300,000',
    who: 'applicant',
    path: '/api/notifications',
  },
  {
    name: 'company meetings',
    group: 'meetings',
    data: 'none seeded',
    who: 'company',
    path: `/api/meetings?from=${inDays(-30)}&to=${inDays(30)}`,
  },
  {
    name: 'applicant meetings',
    group: 'meetings',
    data: 'none seeded',
    who: 'applicant',
    path: '/api/applicant/meetings',
  },
  { name: 'team members', group: 'teams', data: '2 people', who: 'company', path: '/api/company/team/members' },
  {
    name: 'message templates',
    group: 'messaging',
    data: 'none seeded',
    who: 'company',
    path: '/api/message-templates',
  },
  {
    name: 'saved searches',
    group: 'jobs',
    data: 'none seeded',
    who: 'applicant',
    path: '/api/applicant/saved-searches',
  },
];
const targets = allTargets.filter((target) => !only || only.includes(target.name) || only.includes(target.group));

// ---------------------------------------------------------------------------------------------------
// Measure

interface Figure {
  target: Target;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  serverCpuMicroseconds: number | null;
  databaseCpuMicroseconds: number | null;
  failures: number;
  total: number;
}

const headersOf = (target: Target): Record<string, string> =>
  cookies[target.who] ? { cookie: cookies[target.who] } : {};

// CPU of PostgreSQL's backends on this database, by backend (the pool opens and closes them).
async function databaseCpu(monitor: pg.Client) {
  const { rows } = await monitor.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
    DATABASE_NAME,
  ]);
  const byBackend = new Map<number, number | null>();
  for (const { pid } of rows) byBackend.set(pid, await cpuMicroseconds(pid));
  return byBackend;
}
function databaseCpuBetween(before: Map<number, number | null>, after: Map<number, number | null>) {
  let total = 0;
  for (const [pid, end] of after) {
    const start = before.get(pid) ?? 0;
    if (end === null || start === null) return null;
    total += end - start;
  }
  return total;
}

async function measure(origin: string, pid: number, target: Target): Promise<Figure> {
  const run = (seconds: number) =>
    autocannon({ url: `${origin}${target.path}`, connections, duration: seconds, headers: headersOf(target) });
  await run(warmup); // JIT and the database's caches
  const monitor = new pg.Client({ connectionString: serverUrl.toString() });
  await monitor.connect();
  const serverBefore = await cpuMicroseconds(pid);
  const databaseBefore = await databaseCpu(monitor);
  const result = await run(duration);
  const serverAfter = await cpuMicroseconds(pid);
  const databaseUsed = databaseCpuBetween(databaseBefore, await databaseCpu(monitor));
  await monitor.end();
  const total = result.requests.total;
  return {
    target,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    serverCpuMicroseconds:
      serverBefore === null || serverAfter === null || total === 0 ? null : (serverAfter - serverBefore) / total,
    databaseCpuMicroseconds: databaseUsed === null || total === 0 ? null : databaseUsed / total,
    // A list that answered nothing in the run (every request timed out) failed it.
    failures: result.errors + result.timeouts + result.non2xx + (total === 0 ? 1 : 0),
    total,
  };
}

const budgetOf = (target: Target) => target.budgetMs ?? budgetMs;
const figures: Figure[] = [];
await withBenchServer(
  DATABASE_URL,
  async ({ origin, pid }) => {
    for (const target of targets) {
      const probe = await fetch(`${origin}${target.path}`, { headers: headersOf(target) });
      const body = await probe.text();
      if (probe.status !== 200) {
        console.log(`${target.name}: ${target.path} answered ${probe.status}: ${body.slice(0, 200)} — left out`);
        continue;
      }
      const figure = await measure(origin, pid, target);
      figures.push(figure);
      const total = (JSON.parse(body) as { total?: number }).total;
      console.log(
        `${target.name}: p50 ${figure.p50} ms, p99 ${figure.p99} ms, ${Math.round(figure.requestsPerSecond)} req/s${total === undefined ? '' : ` (total ${total})`}`,
      );
    }
  },
  serverEnv,
);

const micro = (value: number | null) => (value === null ? 'n/a' : Math.round(value).toLocaleString('en-US'));
console.log(
  `\nautocannon: ${connections} connections, ${duration} s a list after ${warmup} s of warm-up, loopback, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
console.log(
  '| list | path | data set | p50 (ms) | p99 (ms) | req/s | server CPU (µs/req) | PostgreSQL CPU (µs/req) | failures | p99 budget |',
);
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---|');
for (const figure of figures) {
  const { target } = figure;
  const ok = figure.p99 < budgetOf(target) && figure.failures === 0;
  console.log(
    `| ${target.name} | \`${target.path.replace(busiestJob, ':id')}\` | ${target.data} | ${figure.p50} | ${figure.p99} | ${Math.round(figure.requestsPerSecond)} | ${micro(figure.serverCpuMicroseconds)} | ${micro(figure.databaseCpuMicroseconds)} | ${figure.failures} | < ${budgetOf(target)} ${ok ? 'met' : 'MISSED'} |`,
  );
}
const missed = figures.filter((figure) => figure.p99 >= budgetOf(figure.target) || figure.failures > 0);
console.log(`\n${missed.length === 0 ? 'every list met its budget' : `${missed.length} lists MISSED their budget`}`);
if (missed.length > 0) process.exitCode = 1;

// ---------------------------------------------------------------------------------------------------
// Plans: every list over its budget, at least the `plans` slowest, on a server whose sessions log their plans.

const slowest = [...figures].sort((a, b) => b.p99 - a.p99);
const explained = slowest.filter(
  (figure, index) => index < Number(values.plans) || figure.p99 >= budgetOf(figure.target),
);
const plans = await openServerPlans(serverUrl.toString(), DATABASE_NAME);
if (explained.length > 0 && !plans.readable) {
  console.log(`\nno plans: cannot read PostgreSQL's log ${plans.logFile} (set POSTGRES_LOG)`);
} else if (explained.length > 0) {
  await plans.enable();
  try {
    await withBenchServer(
      DATABASE_URL,
      async ({ origin }) => {
        for (const { target, p99 } of explained) {
          const send = async () =>
            (await fetch(`${origin}${target.path}`, { headers: headersOf(target) })).arrayBuffer();
          await send(); // a warm cache, as under load
          const mark = await plans.mark();
          await send();
          await new Promise((resolve) => setTimeout(resolve, 300)); // the log is written after the answer
          const statements = (await plans.read(mark)).filter((plan) => plan.ms >= 0.2).slice(0, 3);
          console.log(`\n### ${target.name} (p99 ${p99} ms): ${target.path.replace(busiestJob, ':id')}`);
          if (statements.length === 0) console.log('every statement under 0.2 ms');
          for (const statement of statements) console.log(`${statement.ms.toFixed(2)} ms:${statement.plan}`);
        }
      },
      serverEnv,
    );
  } finally {
    await plans.disable();
  }
}
