import { addDays, DEFAULT_JOB_VALIDITY_DAYS, todayInUtc } from '~/shared/job-reach';
import type { Database } from '../db/client';
import { type ApplicationHistoryEntry, applications, jobs, jobTests, testAttempts } from '../db/schema';
import { buildAccount } from './factories';

// Builders for jobs, applications and test attempts, shared by the tests, the browser-test endpoints,
// the demo data and the job-list bench. They write rows directly (no rules, no audit) so any state can
// be set up, e.g. an application hired 20 days after its job was published.

type JobRow = typeof jobs.$inferInsert;
type ApplicationRow = typeof applications.$inferInsert;
type ApplicationStatus = NonNullable<ApplicationRow['status']>;

export type JobOverrides = Partial<Omit<JobRow, 'companyId'>> & {
  companyId: string;
  // Required tests (job_tests rows).
  testIds?: string[];
};

let sequence = 0;

// Overrides left undefined keep the factory's defaults (a spread would replace them with undefined).
function definedOnly<Values extends object>(values: Values): Partial<Values> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<Values>;
}

// A job; open unless told otherwise, with the timestamps its status implies.
export async function buildJob(db: Database, { testIds = [], companyId, ...given }: JobOverrides) {
  const overrides = definedOnly(given);
  sequence += 1;
  const status = overrides.status ?? 'open';
  const now = new Date();
  const createdAt = overrides.createdAt ?? now;
  const [job] = await db
    .insert(jobs)
    .values({
      title: `Senior React Engineer ${sequence}`,
      description: 'Build and maintain our customer-facing React application with a small remote team.',
      engagementType: 'hourly',
      budgetMinCents: overrides.engagementType === 'fixed' ? null : 6_000,
      budgetMaxCents: overrides.engagementType === 'fixed' ? null : 8_000,
      budgetTotalCents: overrides.engagementType === 'fixed' ? 500_000 : null,
      skillTags: ['React', 'TypeScript'],
      // A published job has a closing date: the default validity from today, as migration 0090 gave the
      // jobs it found, whenever the job was made (decision 058).
      closesOn: status === 'draft' ? null : addDays(todayInUtc(now), DEFAULT_JOB_VALIDITY_DAYS),
      publishedAt: status === 'draft' ? null : createdAt,
      closedAt: status === 'closed' ? now : null,
      archivedAt: status === 'archived' ? now : null,
      createdAt,
      updatedAt: createdAt,
      ...overrides,
      companyId,
      status,
    })
    .returning();
  if (!job) throw new Error('The job was not built.');
  if (testIds.length > 0) await db.insert(jobTests).values(testIds.map((testId) => ({ jobId: job.id, testId })));
  return job;
}

const pipeline: ApplicationStatus[] = ['submitted', 'shortlisted', 'interviewing', 'offered', 'hired'];

type ApplicationOverrides = Partial<Omit<ApplicationRow, 'jobId'>> & {
  jobId: string;
  // The applicant's name when one is created (no applicantId given).
  applicantName?: string;
};

// An application's row as buildApplication writes it, for an applicant who exists: offered and hired
// applications get their timestamps (now, unless given) and a history that walks the pipeline to their
// status. The demo writes many at once from these.
export function applicationRow({
  jobId,
  applicantId,
  ...given
}: Partial<Omit<ApplicationRow, 'jobId' | 'applicantId'>> & { jobId: string; applicantId: string }): ApplicationRow {
  const overrides = definedOnly(given);
  const status = overrides.status ?? 'submitted';
  const createdAt = overrides.createdAt ?? new Date();
  const reached = pipeline.includes(status) ? pipeline.slice(0, pipeline.indexOf(status) + 1) : ['submitted', status];
  const history: ApplicationHistoryEntry[] = reached.map((step) => ({
    status: step as ApplicationStatus,
    at: createdAt.toISOString(),
    by: null,
  }));
  return {
    coverLetter: 'I have shipped several React products for remote teams and would love to help.',
    proposalRateCents: 7_000,
    history,
    offeredAt: status === 'offered' || status === 'hired' ? createdAt : null,
    hiredAt: status === 'hired' ? createdAt : null,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
    jobId,
    applicantId,
    status,
  };
}

// An application, from a new applicant unless one is given (applicationRow says what it holds).
export async function buildApplication(db: Database, { applicantName, jobId, ...given }: ApplicationOverrides) {
  const applicantId =
    given.applicantId ??
    // No password: hashing one per applicant would make big fixtures slow, and tests sign in by session.
    (await buildAccount(db, { role: 'applicant', name: applicantName, password: null })).user.id;
  const [application] = await db
    .insert(applications)
    .values(applicationRow({ ...given, jobId, applicantId }))
    .returning();
  if (!application) throw new Error('The application was not built.');
  return application;
}

export type TestAttemptOverrides = Partial<Omit<typeof testAttempts.$inferInsert, 'testId'>> & { testId: string };

// A test assigned to a candidate (a new applicant unless one is given), usually for a job.
export async function buildTestAttempt(db: Database, { testId, ...given }: TestAttemptOverrides) {
  const overrides = definedOnly(given);
  const applicantId = overrides.applicantId ?? (await buildAccount(db, { role: 'applicant', password: null })).user.id;
  const [attempt] = await db
    .insert(testAttempts)
    .values({ ...overrides, testId, applicantId })
    .returning();
  if (!attempt) throw new Error('The test attempt was not built.');
  return attempt;
}
