// `npm run bench:jobs [-- --duration 10 --connections 20]`: the company job list on PostgreSQL with
// 10,000 jobs for one company. Seeds a fresh database (tandem_bench_<random>, dropped afterwards) on
// the server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), starts the real
// server as its own process, signs in as the company and measures a filtered, paginated list with
// autocannon, next to /api/health on the same server as the ceiling. Target: p99 < 50 ms.

import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { runOnServer } from '../src/server/db/postgres-server';
import { applications, jobs, users } from '../src/server/db/schema';
import { SESSION_COOKIE } from '../src/server/platform/auth-context';
import { buildAccount, buildSession } from '../src/server/seed/factories';
import {
  expectOk,
  insertInBatches,
  measureTargets,
  parseBenchOptions,
  reportBudgets,
  seededRandom,
  withBenchDatabase,
  withBenchServer,
} from './bench/measure-api';

const { duration, connections, rounds, keepDatabase, serverUrl, counts } = parseBenchOptions({ jobs: 10_000 });
const { jobs: jobCount } = counts;
const TARGET_PATH = '/api/jobs?status=open,paused&q=engineer&tags=React&page=3&page_size=20&sort=launch_date_desc';

const { random, pick } = seededRandom();

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

await withBenchDatabase(serverUrl, { keep: keepDatabase }, async (bench) => {
  const started = performance.now();
  const database = await openDatabase({ url: bench.url, poolSize: 4 });
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
  await runOnServer(bench.url, 'VACUUM ANALYZE');
  await database.close();
  console.log(
    `seeded ${jobCount} jobs for one company (+2,000 for another) and ${applicationRows.length} applications in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  await withBenchServer(bench.url, async ({ origin, pid }) => {
    const headers = { cookie: `${SESSION_COOKIE}=${token}` };
    const targets = [
      { name: 'GET /api/health (ceiling: no session, no database)', url: `${origin}/api/health` },
      { name: 'GET /api/company (baseline: session + one row)', url: `${origin}/api/company`, headers },
      { name: 'GET /api/jobs (default: page 1, all but archived)', url: `${origin}/api/jobs`, headers },
      { name: 'GET /api/jobs filtered (target)', url: `${origin}${TARGET_PATH}`, headers },
    ];
    const page = (await expectOk(targets[3] as (typeof targets)[number])) as { total: number; items: unknown[] };
    console.log(`${TARGET_PATH}\n  → ${page.total} matching jobs, ${page.items.length} on the page\n`);
    const figures = await measureTargets({
      targets,
      serverPid: pid,
      serverUrl,
      databaseName: bench.name,
      connections,
      duration,
      rounds,
    });
    console.log('');
    reportBudgets([{ label: 'filtered list', figure: figures[3], budgetMs: 50 }]);
  });
});
