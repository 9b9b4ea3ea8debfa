// `npm run bench:admin [-- --companies 100000 --users 1000000 --audit-rows 5000000 --requests 1000 --connections 20]`:
// the back office at a platform's scale on PostgreSQL. Makes sure the database tandem_admin_bench on the
// server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is migrated and holds that
// many companies (a twentieth suspended), users (two company people per company, the rest applicants)
// and audit rows (the last 60 days, a tenth by the system), adding only what is missing, by set-based
// inserts; then starts the real server on it and, signed in as an administrator, sends each target's mix
// of requests (a bounded count, `connections` at a time) and reports p50/p95/p99:
//   (a) the admin companies list (search + status + page)  target p99 < 50 ms
//   (b) the audit log (filter + date range + search + keyset page)  target p99 < 50 ms
//   (c) the admin dashboard  target p99 < 200 ms
// and the plan PostgreSQL ran (EXPLAIN ANALYZE, by auto_explain) for the slowest request of each.
// `--fresh` drops the database first.
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { findAdminCompanies } from '../src/server/admin-companies/find-admin-companies';
import { getAdminDashboard } from '../src/server/admin-dashboard/get-admin-dashboard';
import { findAuditLogs } from '../src/server/audit/find-audit-logs';
import { type Database, openDatabase } from '../src/server/db/client';
import { runOnServer } from '../src/server/db/postgres-server';
import { SESSION_COOKIE } from '../src/server/platform/auth-context';
import { encodeKeysetCursor } from '../src/server/platform/keyset-cursor';
import { buildAccount, buildSession } from '../src/server/seed/factories';
import { adminCompanyListQuerySchema } from '../src/shared/admin-companies';
import { auditLogListQuerySchema } from '../src/shared/audit-logs';
import { withBenchServer } from './bench/measure-api';
import { plansOf } from './bench/query-plans';
import { beginBulkLoad, endBulkLoad, seconds, seedPlatform } from './bench/seed-platform';
import { prepareTalentDatabase } from './seed-talent';

const { values } = parseArgs({
  options: {
    companies: { type: 'string', default: '100000' },
    users: { type: 'string', default: '1000000' },
    'audit-rows': { type: 'string', default: '5000000' },
    requests: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '20' },
    fresh: { type: 'boolean', default: false },
  },
});
const companyCount = Number(values.companies);
const userCount = Number(values.users);
const auditCount = Number(values['audit-rows']);
const requestCount = Number(values.requests);
const connections = Number(values.connections);

const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = '/tandem_admin_bench';
const DATABASE_URL = databaseUrl.toString();

// ---------------------------------------------------------------------------------------------------
// Seed: deterministic ids (md5 of a name) so a second run adds only what is missing.

async function seed(client: pg.Client) {
  const started = performance.now();
  await beginBulkLoad(client);
  const added = await seedPlatform(client, { companies: companyCount, users: userCount, auditRows: auditCount });
  await endBulkLoad(client);
  if (added.length > 0) await client.query('vacuum analyze companies, users, company_members, audit_logs');
  return { seconds: seconds(started), added };
}

// ---------------------------------------------------------------------------------------------------
// Measure: each target's paths taken in turn by `connections` workers until `requests` have answered.

interface Timing {
  path: string;
  ms: number;
  status: number;
}

async function runTarget(origin: string, cookie: string, paths: string[], count: number): Promise<Timing[]> {
  const timings: Timing[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const path = paths[next++ % paths.length] as string;
      const started = performance.now();
      const response = await fetch(`${origin}${path}`, { headers: { cookie } });
      await response.arrayBuffer();
      timings.push({ path, ms: performance.now() - started, status: response.status });
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return timings;
}

async function runTargetSerially(origin: string, cookie: string, path: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await (await fetch(`${origin}${path}`, { headers: { cookie } })).arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const queryOf = (path: string) => Object.fromEntries(new URL(path, 'http://bench').searchParams);

// ---------------------------------------------------------------------------------------------------

if (values.fresh) await runOnServer(serverUrl.toString(), 'DROP DATABASE IF EXISTS tandem_admin_bench WITH (FORCE)');
const prepareStarted = performance.now();
await prepareTalentDatabase(DATABASE_URL);
const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
const seeded = await seed(client);
const sizes = await client.query<{ name: string; rows: string; size: string }>(
  `select relname as name, n_live_tup::text as rows, pg_size_pretty(pg_total_relation_size(relid)) as size
   from pg_stat_user_tables where relname in ('companies', 'users', 'company_members', 'audit_logs') order by relname`,
);
// Search terms taken from the data: a user's exact email, a target id, a deep cursor 15 days back.
const { rows: samples } = await client.query<{ email: string; target: string; deep: string; deep_id: string }>(
  `select (select 'Bench-User-123457@bench.test') as email,
          (select md5('bench-target-4242')::uuid::text) as target,
          to_char((now() - interval '15 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as deep,
          'ffffffff-ffff-ffff-ffff-ffffffffffff' as deep_id`,
);
await client.end();
const sample = samples[0];
if (!sample) throw new Error('No sample values.');
console.log(`database: ${DATABASE_URL}`);
console.log(`prepared and seeded in ${((performance.now() - prepareStarted) / 1000).toFixed(1)} s`);
console.log(
  `seed this run: ${seeded.added.length > 0 ? seeded.added.join(', ') : 'nothing missing'} (${seeded.seconds} s)`,
);
console.log(
  sizes.rows.map((row) => `${row.name}: ${Number(row.rows).toLocaleString('en-US')} rows, ${row.size}`).join('; '),
);

// An administrator (and a company owner for its own log), signed in the way the browser is.
const database = await openDatabase({ url: DATABASE_URL, poolSize: 1 });
const { user: adminUser } = await buildAccount(database.db, { role: 'admin', twoFactorExempt: true });
const adminCookie = `${SESSION_COOKIE}=${(await buildSession(database.db, adminUser.id)).token}`;
const ownerCookie = `${SESSION_COOKIE}=${(await buildSession(database.db, (await ownerId(database.db)) ?? adminUser.id)).token}`;
await database.close();

async function ownerId(db: Database): Promise<string | undefined> {
  const owner = await db.query.users.findFirst({
    where: (table, { eq }) => eq(table.email, 'bench-user-1@bench.test'),
  });
  return owner?.id;
}

const deepCursor = encodeKeysetCursor({ createdAt: sample.deep, id: sample.deep_id });
const auditPaths = [
  '/api/admin/audit-logs?range=7d',
  '/api/admin/audit-logs?type=user&range=24h',
  '/api/admin/audit-logs?type=system&range=30d',
  '/api/admin/audit-logs?type=user&range=30d&q=suspended',
  `/api/admin/audit-logs?range=30d&q=${encodeURIComponent(sample.email)}`,
  `/api/admin/audit-logs?range=30d&q=${sample.target}`,
  '/api/admin/audit-logs?type=system&range=7d&q=overdue',
  `/api/admin/audit-logs?range=30d&after=${deepCursor}`,
  `/api/admin/audit-logs?type=system&range=30d&after=${deepCursor}&page_size=100`,
  '/api/admin/audit-logs?range=30d&q=job&page_size=50',
];
const companyPaths = [
  '/api/admin/companies',
  '/api/admin/companies?status=active',
  '/api/admin/companies?status=suspended&page=3',
  '/api/admin/companies?q=acme&status=active',
  '/api/admin/companies?q=globex%20labs',
  '/api/admin/companies?q=Tyrell%20Foods%2099999&status=active',
  '/api/admin/companies?status=active&page=500',
  '/api/admin/companies?q=zzzz-no-match',
];

interface Target {
  name: string;
  budgetMs: number;
  paths: string[];
  cookie: string;
  explain: (path: string) => (db: Database) => Promise<unknown>;
}

const targets: Target[] = [
  {
    // The floor on this machine: the session, routing and serialising, with one tiny query behind it.
    name: 'ceiling: GET /api/auth/me',
    budgetMs: Number.POSITIVE_INFINITY,
    paths: ['/api/auth/me'],
    cookie: adminCookie,
    explain: () => async () => undefined,
  },
  {
    name: '(a) admin companies list',
    budgetMs: 50,
    paths: companyPaths,
    cookie: adminCookie,
    explain: (path) => (db) => {
      const query = adminCompanyListQuerySchema.parse(queryOf(path));
      return findAdminCompanies({
        db,
        filter: { q: query.q, status: query.status },
        page: query.page,
        pageSize: query.page_size,
      });
    },
  },
  {
    name: '(b) audit log',
    budgetMs: 50,
    paths: auditPaths,
    cookie: adminCookie,
    explain: (path) => (db) => {
      const query = auditLogListQuerySchema.parse(queryOf(path));
      const { q, type, range, after, before, page_size } = query;
      return findAuditLogs({
        db,
        scope: { kind: 'platform' },
        filter: { q, type, range },
        after,
        before,
        pageSize: page_size,
      });
    },
  },
  {
    name: "(b') a company's own audit log",
    budgetMs: 50,
    paths: ['/api/company/audit-logs?range=30d', '/api/company/audit-logs?range=7d&q=job'],
    cookie: ownerCookie,
    explain: () => async () => undefined,
  },
  {
    name: '(c) admin dashboard',
    budgetMs: 200,
    paths: ['/api/admin/dashboard'],
    cookie: adminCookie,
    // The figures' queries; the health checks (Redis, disk) are not SQL.
    explain: () => (db) => getAdminDashboard({ db, systemHealth: async () => ({ percent: 100, checks: [] }) }),
  },
];

await withBenchServer(
  DATABASE_URL,
  async ({ origin }) => {
    const results: Array<{ target: Target; timings: Timing[]; sorted: number[] }> = [];
    const aloneMs = new Map<string, number>();
    for (const target of targets) {
      // Each path once first: a route not there yet (404) leaves its target out.
      const probe = await fetch(`${origin}${target.paths[0]}`, { headers: { cookie: target.cookie } });
      if (probe.status !== 200) {
        console.log(`\n${target.name}: ${target.paths[0]} answered ${probe.status}: ${await probe.text()} — left out`);
        continue;
      }
      await runTarget(origin, target.cookie, target.paths, Math.min(200, requestCount)); // warm-up
      // Each path alone, one request at a time: what the query costs without the queue of 20.
      for (const path of target.paths) {
        const alone = (await runTargetSerially(origin, target.cookie, path, 5)).sort((a, b) => a - b);
        aloneMs.set(path, alone[2] ?? 0);
      }
      const timings = await runTarget(origin, target.cookie, target.paths, requestCount);
      results.push({ target, timings, sorted: timings.map((timing) => timing.ms).sort((a, b) => a - b) });
    }

    const figure = (value: number) => value.toFixed(1);
    console.log(
      `load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );
    console.log(
      `\n${requestCount} requests a target after ${Math.min(200, requestCount)} warm-up, ${connections} at a time, loopback, real server process`,
    );
    console.log('| target | paths | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) | non-200 | target |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---|');
    let met = true;
    for (const { target, timings, sorted } of results) {
      const failures = timings.filter((timing) => timing.status !== 200).length;
      const ok = percentile(sorted, 99) < target.budgetMs && failures === 0;
      const budget = Number.isFinite(target.budgetMs) ? `p99 < ${target.budgetMs} ms ${ok ? 'met' : 'MISSED'}` : '—';
      met &&= ok;
      console.log(
        `| ${target.name} | ${target.paths.length} | ${figure(percentile(sorted, 50))} | ${figure(percentile(sorted, 95))} | ${figure(percentile(sorted, 99))} | ${figure(sorted.at(-1) ?? 0)} | ${failures} | ${budget} |`,
      );
    }

    for (const { target, timings } of results) {
      console.log(
        `\n${target.name}, each path:\n| path | alone (ms, median of 5) | p50 (ms) | p99 (ms) |\n|---|---:|---:|---:|`,
      );
      const byPath = new Map<string, number[]>();
      for (const timing of timings) byPath.set(timing.path, [...(byPath.get(timing.path) ?? []), timing.ms]);
      let slowest = { path: '', p99: -1 };
      for (const [path, times] of byPath) {
        times.sort((a, b) => a - b);
        const p99 = percentile(times, 99);
        if (p99 > slowest.p99) slowest = { path, p99 };
        const shown = path.replace(/after=[^&]+/, 'after=<15 days back>');
        console.log(
          `| ${shown} | ${figure(aloneMs.get(path) ?? 0)} | ${figure(percentile(times, 50))} | ${figure(p99)} |`,
        );
      }
      const plans = await plansOf(DATABASE_URL, target.explain(slowest.path));
      if (plans.length === 0) continue;
      console.log(`\nEXPLAIN ANALYZE of the slowest, ${slowest.path.replace(/after=[^&]+/, 'after=<15 days back>')}:`);
      for (const plan of plans) console.log(plan);
    }
    console.log(`\n${met ? 'every target met' : 'a target was MISSED'}`);
    if (!met) process.exitCode = 1;
  },
  { ADMIN_EMAILS: adminUser.email },
);
