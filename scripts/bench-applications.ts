// `npm run bench:applications [-- --duration 10 --connections 20]`: the two reads the marketplace's size
// weighs on, on PostgreSQL with 10,000 jobs and 100,000 applications: an applicant's Find Jobs search
// (a query plus two filters, page 1) and a busy job's applications list as its company sees it. Seeds a
// fresh database (tandem_bench_<random>, dropped afterwards) on the server of DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test), starts the real server as its own process and measures with
// autocannon next to /api/health as the ceiling. Target: p99 < 50 ms at 20 connections for both.

import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { runOnServer } from '../src/server/db/postgres-server';
import {
  applicantProfiles,
  applications,
  companies,
  companyMembers,
  jobs,
  savedJobs,
  users,
} from '../src/server/db/schema';
import { SESSION_COOKIE } from '../src/server/platform/auth-context';
import { buildAccount, buildSession } from '../src/server/seed/factories';
import { variedProfile } from '../src/server/seed/talent-factories';
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

const { duration, connections, rounds, keepDatabase, serverUrl, counts } = parseBenchOptions({
  jobs: 10_000,
  applications: 100_000,
});
const { jobs: jobCount, applications: applicationCount } = counts;
const COMPANY_COUNT = 100;
const APPLICANT_COUNT = 20_000;
// The busiest job's share of all applications: the list a popular post's company pages through.
const BUSIEST_JOB_APPLICATIONS = 2_000;
const FIND_JOBS_PATH =
  '/api/applicant/jobs?q=react%20engineer&engagement_type=hourly&skills=TypeScript&page=1&page_size=20';
const DAY_MS = 24 * 60 * 60 * 1000;

const { random, pick } = seededRandom();

const roles = [
  { title: 'React Engineer', tags: ['React', 'TypeScript', 'Next.js', 'GraphQL'] },
  { title: 'Full-Stack Engineer', tags: ['React', 'Node.js', 'TypeScript', 'PostgreSQL'] },
  { title: 'Backend Engineer', tags: ['Node.js', 'Go', 'PostgreSQL', 'AWS'] },
  { title: 'Mobile Engineer', tags: ['React Native', 'Swift', 'Kotlin', 'TypeScript'] },
  { title: 'DevOps Engineer', tags: ['AWS', 'Kubernetes', 'Terraform', 'Linux'] },
  { title: 'Data Engineer', tags: ['Python', 'SQL', 'Airflow', 'AWS'] },
  { title: 'Product Designer', tags: ['Design', 'Figma', 'UX Research'] },
  { title: 'Customer Support Specialist', tags: ['Customer Service', 'Zendesk', 'Intercom'] },
  { title: 'Bookkeeper', tags: ['Accounting', 'QuickBooks', 'Xero'] },
  { title: 'Virtual Assistant', tags: ['Administration', 'Scheduling', 'Google Workspace'] },
  { title: 'Digital Marketing Manager', tags: ['SEO', 'Google Ads', 'Content'] },
  { title: 'Data Analyst', tags: ['SQL', 'Excel', 'Tableau', 'Python'] },
] as const;
const seniorities = ['Junior', 'Mid-level', 'Senior', 'Staff', 'Lead'] as const;
// Most jobs on a live marketplace are open; the rest are drafts, paused, closed or archived.
const jobStatuses = [
  ...Array(14).fill('open'),
  ...Array(2).fill('paused'),
  ...Array(2).fill('closed'),
  'draft',
  'archived',
] as Array<'open' | 'paused' | 'closed' | 'draft' | 'archived'>;
const applicationStatuses = [
  'submitted',
  'submitted',
  'submitted',
  'shortlisted',
  'interviewing',
  'offered',
  'rejected',
  'withdrawn',
] as const;

function jobRow(companyId: string): typeof jobs.$inferInsert {
  const role = pick(roles);
  const status = pick(jobStatuses);
  const createdAt = new Date(Date.now() - Math.floor(random() * 365) * DAY_MS);
  const isHourly = random() < 0.75;
  const min = 15 + Math.floor(random() * 80);
  const tags = [...new Set(Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(role.tags)))];
  return {
    companyId,
    title: `${pick(seniorities)} ${role.title}`,
    description: `We are hiring a ${role.title.toLowerCase()} to join a remote team working with ${tags.join(', ')}.`,
    engagementType: isHourly ? 'hourly' : 'fixed',
    budgetMinCents: isHourly ? min * 100 : null,
    budgetMaxCents: isHourly ? (min + 10 + Math.floor(random() * 30)) * 100 : null,
    budgetTotalCents: isHourly ? null : (1_000 + Math.floor(random() * 20) * 500) * 100,
    weeklyHours: pick([10, 20, 30, 40]),
    skillTags: tags,
    visibility: random() < 0.9 ? 'public' : 'private',
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

  // The measured company (it signs in) and the measured applicant, made as real accounts.
  const { user: companyUser } = await buildAccount(db, { role: 'company', companyName: 'Bench Outfitters' });
  const { token: companyToken } = await buildSession(db, companyUser.id);
  const [member] = await db.query.companyMembers.findMany({
    where: (table, { eq }) => eq(table.userId, companyUser.id),
  });
  if (!member) throw new Error('The bench company was not created.');
  const { user: applicantUser } = await buildAccount(db, { role: 'applicant', name: 'Bench Applicant' });
  const { token: applicantToken } = await buildSession(db, applicantUser.id);

  // 99 more companies, each with an owner, so jobs spread over many tenants.
  const companyIds = [member.companyId];
  const others = await db
    .insert(companies)
    .values(
      Array.from({ length: COMPANY_COUNT - 1 }, (_, index) => ({
        name: `Bench Company ${index}`,
        contactEmail: `bench-company-${index}@example.test`,
      })),
    )
    .returning({ id: companies.id });
  companyIds.push(...others.map((row) => row.id));
  const owners = await db
    .insert(users)
    .values(
      others.map((_, index) => ({
        email: `bench-owner-${index}@example.test`,
        name: `Bench Owner ${index}`,
        role: 'company' as const,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  await db
    .insert(companyMembers)
    .values(
      owners.map((owner, index) => ({ companyId: others[index]?.id ?? '', userId: owner.id, role: 'owner' as const })),
    );

  const jobRows = Array.from({ length: jobCount }, (_, index) => jobRow(companyIds[index % companyIds.length] ?? ''));
  // The measured job: open, public, the bench company's.
  jobRows[0] = { ...jobRow(member.companyId), status: 'open', visibility: 'public', publishedAt: new Date() };
  const jobIds: string[] = [];
  await insertInBatches(jobRows, 1_000, async (batch) => {
    jobIds.push(...(await db.insert(jobs).values(batch).returning({ id: jobs.id })).map((row) => row.id));
  });
  const busiestJobId = jobIds[0] ?? '';

  const applicantIds: string[] = [];
  await insertInBatches(
    Array.from({ length: APPLICANT_COUNT }, (_, index) => index),
    2_000,
    async (batch) => {
      const inserted = await db
        .insert(users)
        .values(
          batch.map((index) => ({
            email: `bench-applicant-${index}@example.test`,
            name: `Bench Applicant ${index}`,
            role: 'applicant' as const,
            emailVerifiedAt: new Date(),
          })),
        )
        .returning({ id: users.id });
      await db
        .insert(applicantProfiles)
        .values(inserted.map((row, offset) => ({ userId: row.id, ...variedProfile((batch[0] ?? 0) + offset) })));
      applicantIds.push(...inserted.map((row) => row.id));
    },
  );

  // 2,000 applications on the busiest job, the rest spread over the others (one per applicant per job).
  const applicationRows: Array<typeof applications.$inferInsert> = [];
  const applicationRow = (jobId: string, applicantId: string): typeof applications.$inferInsert => {
    const status = pick(applicationStatuses);
    const createdAt = new Date(Date.now() - Math.floor(random() * 120) * DAY_MS);
    return {
      jobId,
      applicantId,
      coverLetter: 'I have done this work for remote teams and would love to help.',
      proposalRateCents: 2_000 + Math.floor(random() * 8_000),
      status,
      offeredAt: status === 'offered' ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    };
  };
  for (let index = 0; index < BUSIEST_JOB_APPLICATIONS; index++) {
    applicationRows.push(applicationRow(busiestJobId, applicantIds[index] ?? ''));
  }
  const perJob = Math.ceil((applicationCount - BUSIEST_JOB_APPLICATIONS) / Math.max(1, jobIds.length - 1));
  for (const [jobIndex, jobId] of jobIds.slice(1).entries()) {
    const start = Math.floor(random() * APPLICANT_COUNT);
    for (let index = 0; index < perJob && applicationRows.length < applicationCount; index++) {
      applicationRows.push(applicationRow(jobId, applicantIds[(start + index * 7 + jobIndex) % APPLICANT_COUNT] ?? ''));
    }
  }
  await insertInBatches(applicationRows, 5_000, (batch) => db.insert(applications).values(batch));
  // The measured applicant has applied to and saved some jobs, so the page marks them.
  await db
    .insert(applications)
    .values(
      jobIds
        .slice(1, 21)
        .map((jobId) => ({ ...applicationRow(jobId, applicantUser.id), status: 'submitted' as const })),
    );
  await db.insert(savedJobs).values(jobIds.slice(21, 41).map((jobId) => ({ applicantId: applicantUser.id, jobId })));

  await runOnServer(bench.url, 'VACUUM ANALYZE');
  await database.close();
  console.log(
    `seeded ${jobIds.length} jobs of ${COMPANY_COUNT} companies, ${APPLICANT_COUNT} applicants and ${applicationRows.length + 20} applications in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  await withBenchServer(bench.url, async ({ origin, pid }) => {
    const asApplicant = { cookie: `${SESSION_COOKIE}=${applicantToken}` };
    const asCompany = { cookie: `${SESSION_COOKIE}=${companyToken}` };
    const applicationsPath = `/api/jobs/${busiestJobId}/applications?page=1&page_size=20`;
    const targets = [
      { name: 'GET /api/health (ceiling: no session, no database)', url: `${origin}/api/health` },
      { name: 'Find Jobs: q + two filters, page 1 (target)', url: `${origin}${FIND_JOBS_PATH}`, headers: asApplicant },
      { name: "a busy job's applications, page 1 (target)", url: `${origin}${applicationsPath}`, headers: asCompany },
    ];
    const found = (await expectOk(targets[1] as (typeof targets)[number])) as { total: number; items: unknown[] };
    console.log(`${FIND_JOBS_PATH}\n  → ${found.total} matching jobs, ${found.items.length} on the page`);
    const listed = (await expectOk(targets[2] as (typeof targets)[number])) as { total: number; items: unknown[] };
    console.log(`${applicationsPath}\n  → ${listed.total} applications, ${listed.items.length} on the page\n`);
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
    const met = reportBudgets([
      { label: 'Find Jobs search', figure: figures[1], budgetMs: 50 },
      { label: "a job's applications list", figure: figures[2], budgetMs: 50 },
    ]);
    if (!met) process.exitCode = 1;
  });
});
