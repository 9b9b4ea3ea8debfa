// `npm run bench:jobs [-- --duration 10 --connections 20]`: the company job list on PostgreSQL with
// 10,000 jobs for one company. Seeds a fresh database (tandem_bench_<random>, dropped afterwards) on
// the server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), starts the real
// server as its own process, signs in as the company and measures a filtered, paginated list with
// autocannon, next to /api/health on the same server as the ceiling. Target: p99 < 50 ms.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { SESSION_COOKIE } from '../src/server/auth/sessions';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { applications, jobs, users } from '../src/server/db/schema';
import { buildAccount, buildSession } from '../src/server/db/seed/factories';
import { freePort } from '../src/server/testing/free-port';
import { runOnServer } from '../src/server/testing/test-database';
import { startProcess, stopProcess } from './bench/server-process';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    jobs: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
    // Leave the seeded database in place (its URL is printed) to look at query plans; drop it by hand.
    'keep-database': { type: 'boolean', default: false },
  },
});
const duration = Number(options.duration);
const connections = Number(options.connections);
const jobCount = Number(options.jobs);
const rounds = Number(options.rounds);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_PATH = '/api/jobs?status=open,paused&q=engineer&tags=React&page=3&page_size=20&sort=launch_date_desc';

// A small deterministic generator: every run seeds the same jobs.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <Item>(items: readonly Item[]): Item => items[Math.floor(random() * items.length)] as Item;

const seniorities = ['Junior', 'Mid-level', 'Senior', 'Staff', 'Lead'] as const;
const roles = [
  { title: 'React Engineer', tags: ['React', 'TypeScript', 'Next.js', 'GraphQL'] },
  { title: 'Full-Stack Engineer', tags: ['React', 'Node.js', 'TypeScript', 'PostgreSQL'] },
  { title: 'Backend Engineer', tags: ['Node.js', 'Go', 'PostgreSQL', 'AWS'] },
  { title: 'Mobile Engineer', tags: ['React Native', 'Swift', 'Kotlin', 'TypeScript'] },
  { title: 'DevOps Engineer', tags: ['AWS', 'Kubernetes', 'Terraform', 'Linux'] },
  { title: 'Data Engineer', tags: ['Python', 'SQL', 'Airflow', 'AWS'] },
  { title: 'QA Engineer', tags: ['Cypress', 'Playwright', 'TypeScript', 'React'] },
  { title: 'Product Designer', tags: ['Design', 'Figma', 'UX Research', 'React'] },
  { title: 'Customer Support Specialist', tags: ['Customer Service', 'Zendesk', 'Intercom'] },
  { title: 'Bookkeeper', tags: ['Accounting', 'QuickBooks', 'Xero'] },
  { title: 'Virtual Assistant', tags: ['Administration', 'Scheduling', 'Google Workspace'] },
  { title: 'Digital Marketing Manager', tags: ['SEO', 'Google Ads', 'Content'] },
  { title: 'Data Analyst', tags: ['SQL', 'Excel', 'Tableau', 'Python'] },
  { title: 'Technical Recruiter', tags: ['Recruiting', 'LinkedIn', 'Greenhouse'] },
] as const;
const statuses = [
  ...Array(8).fill('open'),
  ...Array(3).fill('paused'),
  ...Array(3).fill('closed'),
  ...Array(4).fill('draft'),
  ...Array(2).fill('archived'),
] as Array<'open' | 'paused' | 'closed' | 'draft' | 'archived'>;
const DAY_MS = 24 * 60 * 60 * 1000;

function jobRow(companyId: string): typeof jobs.$inferInsert {
  const role = pick(roles);
  const status = pick(statuses);
  const createdAt = new Date(Date.now() - Math.floor(random() * 730) * DAY_MS - Math.floor(random() * DAY_MS));
  const isHourly = random() < 0.75;
  const min = 15 + Math.floor(random() * 80);
  const tags = [...new Set(Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(role.tags)))];
  return {
    companyId,
    title: `${pick(seniorities)} ${role.title}`,
    description: `We are hiring a ${role.title.toLowerCase()} to join a remote team.`,
    engagementType: isHourly ? 'hourly' : 'fixed',
    budgetMinCents: isHourly ? min * 100 : null,
    budgetMaxCents: isHourly ? (min + 10 + Math.floor(random() * 30)) * 100 : null,
    budgetTotalCents: isHourly ? null : (1_000 + Math.floor(random() * 20) * 500) * 100,
    weeklyHours: pick([10, 20, 30, 40]),
    skillTags: tags,
    status,
    publishedAt: status === 'draft' ? null : new Date(createdAt.getTime() + DAY_MS),
    closedAt: status === 'closed' ? new Date(createdAt.getTime() + 40 * DAY_MS) : null,
    archivedAt: status === 'archived' ? new Date(createdAt.getTime() + 60 * DAY_MS) : null,
    createdAt,
    updatedAt: createdAt,
  };
}

// CPU time a process has used (user + system), from /proc on Linux; null elsewhere. Latency on a shared
// machine depends on what else runs; the CPU each request costs does not.
async function cpuMilliseconds(pid: number): Promise<number | null> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
const CLOCK_TICKS_PER_SECOND = 100;

async function insertInBatches<Row>(rows: Row[], size: number, insert: (batch: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

const databaseName = `tandem_bench_${randomBytes(5).toString('hex')}`;
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${databaseName}`;
await runOnServer(serverUrl, `CREATE DATABASE ${databaseName}`);
let server: Awaited<ReturnType<typeof startProcess>> | undefined;
try {
  const started = performance.now();
  const database = await openDatabase({ url: databaseUrl.toString(), poolSize: 4 });
  await migrateDatabase(database);
  const { db } = database;
  const { user } = await buildAccount(db, { role: 'company', companyName: 'Bench Outfitters' });
  const { token } = await buildSession(db, user.id);
  const [member] = await db.query.companyMembers.findMany({ where: (table, { eq }) => eq(table.userId, user.id) });
  if (!member) throw new Error('The bench company was not created.');
  // A second company with its own jobs, so tenancy filtering has something to filter out.
  const { user: otherUser } = await buildAccount(db, { role: 'company', password: null });
  const [otherMember] = await db.query.companyMembers.findMany({
    where: (table, { eq }) => eq(table.userId, otherUser.id),
  });

  const jobRows = Array.from({ length: jobCount }, () => jobRow(member.companyId));
  if (otherMember) jobRows.push(...Array.from({ length: 2_000 }, () => jobRow(otherMember.companyId)));
  const jobIds: string[] = [];
  await insertInBatches(jobRows, 1_000, async (batch) => {
    const inserted = await db.insert(jobs).values(batch).returning({ id: jobs.id, companyId: jobs.companyId });
    jobIds.push(...inserted.filter((row) => row.companyId === member.companyId).map((row) => row.id));
  });

  // 400 applicants applying to the company's jobs: about 8,000 applications on 2,500 jobs.
  const applicantRows = Array.from({ length: 400 }, (_, index) => ({
    email: `bench-applicant-${index}@example.test`,
    name: `Bench Applicant ${index}`,
    role: 'applicant' as const,
    emailVerifiedAt: new Date(),
  }));
  const applicantIds: string[] = [];
  await insertInBatches(applicantRows, 400, async (batch) => {
    applicantIds.push(...(await db.insert(users).values(batch).returning({ id: users.id })).map((row) => row.id));
  });
  const applicationStatuses = ['submitted', 'submitted', 'shortlisted', 'interviewing', 'offered', 'hired', 'rejected'];
  const applicationRows: Array<typeof applications.$inferInsert> = [];
  for (const jobId of jobIds.slice(0, 2_500)) {
    const count = 1 + Math.floor(random() * 5);
    const start = Math.floor(random() * applicantIds.length);
    for (let index = 0; index < count; index++) {
      const status = pick(applicationStatuses) as NonNullable<(typeof applications.$inferInsert)['status']>;
      const createdAt = new Date(Date.now() - Math.floor(random() * 120) * DAY_MS);
      applicationRows.push({
        jobId,
        applicantId: applicantIds[(start + index) % applicantIds.length] ?? '',
        coverLetter: 'I would love to help.',
        proposalRateCents: 4_000 + Math.floor(random() * 6_000),
        status,
        offeredAt: status === 'offered' || status === 'hired' ? createdAt : null,
        hiredAt: status === 'hired' ? new Date(createdAt.getTime() + 10 * DAY_MS) : null,
        createdAt,
      });
    }
  }
  await insertInBatches(applicationRows, 2_000, (batch) => db.insert(applications).values(batch));
  // The steady state of a live database, where autovacuum has run: statistics, and the visibility
  // map that lets counts read the status index alone.
  await runOnServer(databaseUrl.toString(), 'VACUUM ANALYZE');
  await database.close();
  console.log(
    `seeded ${jobCount} jobs for one company (+2,000 for another) and ${applicationRows.length} applications in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  server = await startProcess(
    'src/server/main.ts',
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      // Production requires a mail server; the benchmark sends no mail.
      SMTP_URL: 'smtp://127.0.0.1:9',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'b'.repeat(48),
      DATABASE_URL: databaseUrl.toString(),
      CLIENT_DIR: path.join(os.tmpdir(), 'tandem-bench-jobs-no-client'),
      // The server's own default unless the run asks for another (DATABASE_POOL_SIZE=10 npm run bench:jobs).
      ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    },
    `${origin}/api/ready`,
  );
  const headers = { cookie: `${SESSION_COOKIE}=${token}` };
  const check = await fetch(`${origin}${TARGET_PATH}`, { headers });
  if (check.status !== 200) throw new Error(`The job list answered ${check.status}: ${await check.text()}`);
  const page = (await check.json()) as { total: number; items: unknown[] };
  console.log(`${TARGET_PATH}\n  → ${page.total} matching jobs, ${page.items.length} on the page\n`);

  const targets = [
    { name: 'GET /api/health (ceiling: no session, no database)', url: `${origin}/api/health` },
    { name: 'GET /api/company (baseline: session + one row)', url: `${origin}/api/company`, headers },
    { name: 'GET /api/jobs (default: page 1, all but archived)', url: `${origin}/api/jobs`, headers },
    { name: 'GET /api/jobs filtered (target)', url: `${origin}${TARGET_PATH}`, headers },
  ];
  const run = (target: (typeof targets)[number], seconds: number) =>
    autocannon({ url: target.url, connections, duration: seconds, headers: target.headers ?? {} });
  for (const target of targets) await run(target, 2); // warm-up: JIT and the database's caches

  // The server's CPU and that of its PostgreSQL backends (the connections to the bench database).
  const monitor = new pg.Client({ connectionString: serverUrl });
  await monitor.connect();
  const serverPid = server.pid ?? 0;
  // Per backend, since the pool opens and closes connections between runs: a backend that ended
  // takes its CPU time with it, one that started brings all of its own.
  const cpuNow = async () => {
    const backends = await monitor.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
      databaseName,
    ]);
    const database = new Map<number, number | null>();
    for (const { pid } of backends.rows) database.set(pid, await cpuMilliseconds(pid));
    return { server: await cpuMilliseconds(serverPid), database };
  };
  const databaseCpuBetween = (before: Map<number, number | null>, after: Map<number, number | null>) => {
    let total = 0;
    for (const [pid, end] of after) {
      const start = before.get(pid) ?? 0;
      if (end === null || start === null) return null;
      total += end - start;
    }
    return total;
  };

  // Two cores run the load generator, the server and PostgreSQL (and whatever else the machine is
  // doing): the targets take turns for several rounds and each figure is the median of its rounds.
  const samples = targets.map(
    () =>
      [] as Array<{ result: Awaited<ReturnType<typeof run>>; serverCpu: number | null; databaseCpu: number | null }>,
  );
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) {
      const before = await cpuNow();
      const result = await run(target, duration);
      const after = await cpuNow();
      const perRequest = (start: number | null, end: number | null) =>
        start === null || end === null || result.requests.total === 0 ? null : (end - start) / result.requests.total;
      samples[index]?.push({
        result,
        serverCpu: perRequest(before.server, after.server),
        databaseCpu: perRequest(0, databaseCpuBetween(before.database, after.database)),
      });
    }
  }
  await monitor.end();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const medianOrNull = (values: Array<number | null>) =>
    values.every((value) => value !== null) ? median(values as number[]) : null;
  const milliseconds = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
  console.log(
    `autocannon: ${connections} connections, ${duration} s a run, median of ${rounds} rounds, loopback, ${os.cpus().length} cores, database pool ${process.env.DATABASE_POOL_SIZE ?? `${os.availableParallelism() * 2 + 1} (default)`}, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    '| target | req/s | p50 (ms) | p99 (ms) | server CPU (ms/req) | PostgreSQL CPU (ms/req) | errors | non-2xx |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  const figures = targets.map((target, index) => {
    const runs = samples[index] ?? [];
    const results = runs.map((sample) => sample.result);
    const figure = {
      requestsPerSecond: median(results.map((result) => result.requests.average)),
      p50: median(results.map((result) => result.latency.p50)),
      p99: median(results.map((result) => result.latency.p99)),
      serverCpu: medianOrNull(runs.map((sample) => sample.serverCpu)),
      databaseCpu: medianOrNull(runs.map((sample) => sample.databaseCpu)),
      errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
      non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    };
    console.log(
      `| ${target.name} | ${Math.round(figure.requestsPerSecond)} | ${figure.p50} | ${figure.p99} | ${milliseconds(figure.serverCpu)} | ${milliseconds(figure.databaseCpu)} | ${figure.errors} | ${figure.non2xx} |`,
    );
    return figure;
  });
  const [, baseline, , filtered] = figures;
  if (filtered && baseline) {
    console.log(
      `\nfiltered list: p99 ${filtered.p99} ms (target < 50 ms), ${Math.round(filtered.requestsPerSecond)} req/s = ${(filtered.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)} × the session + one-row baseline`,
    );
    if (filtered.serverCpu !== null && filtered.databaseCpu !== null) {
      const cpu = filtered.serverCpu + filtered.databaseCpu;
      console.log(
        `filtered list CPU: ${cpu.toFixed(2)} ms a request (server ${filtered.serverCpu.toFixed(2)} + PostgreSQL ${filtered.databaseCpu.toFixed(2)}); ${os.cpus().length} idle cores would serve at most ${Math.round((os.cpus().length * 1000) / cpu)} req/s before the load generator's share`,
      );
    }
  }
} finally {
  if (server) await stopProcess(server);
  if (options['keep-database']) console.log(`\nkept the database: ${databaseUrl}`);
  else await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
}
