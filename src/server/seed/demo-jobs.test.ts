import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobStatuses } from '~/shared/jobs';
import type { DatabaseHandle } from '../db/client';
import { applications, companyMembers, jobs, jobTests, testAttempts, tests, users } from '../db/schema';
import { analyzeHiring } from '../jobs/analyze-hiring';
import { summarizeJobs } from '../jobs/summarize-jobs';
import { loadJobViews } from '../kernels/hiring/load-job-views';
import { createTestDatabase } from '../testing/test-database';
import { demoAccountsSeeder } from './demo-accounts';
import { demoJobsSeeder } from './demo-jobs';
import { demoTestsSeeder } from './demo-tests';
import { seedDemoData } from './seed-demo-data';

describe('the demo jobs', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('give the demo company jobs in every status with real figures, once', async () => {
    const seeders = [demoAccountsSeeder, demoJobsSeeder];
    const [, first] = await seedDemoData({ db: database.db, seeders });
    expect(first?.created).toBeGreaterThan(20);
    const [company] = await database.db
      .select({ id: companyMembers.companyId })
      .from(users)
      .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
      .where(eq(users.email, 'company@tandem.test'));
    const companyId = company?.id ?? '';
    const rows = await database.db.select().from(jobs).where(eq(jobs.companyId, companyId));
    expect(rows.length).toBe(10);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(jobStatuses));
    const tags = rows.flatMap((row) => row.skillTags);
    for (const tag of ['React', 'TypeScript', 'Design']) expect(tags).toContain(tag);
    expect(new Set(rows.map((row) => row.engagementType))).toEqual(new Set(['hourly', 'fixed']));

    const summary = await summarizeJobs({ db: database.db, companyId });
    expect(summary).toMatchObject({ open_jobs: 3, paused_jobs: 2 });
    expect(summary.pending_interviews).toBeGreaterThan(0);
    expect(summary.avg_time_to_hire_days).toBeGreaterThan(0);
    const analytics = await analyzeHiring({ db: database.db, companyId });
    expect(analytics.hires).toBeGreaterThan(0);
    expect(analytics.offer_acceptance_rate).toBeGreaterThan(0);
    expect(analytics.applicants_per_week.some((week) => week.applicants > 0)).toBe(true);

    // Every job whose hires fill its openings is closed, as the job form promises ("The job closes once
    // they are all hired"); the open ones with hires still have openings left.
    const views = await loadJobViews({ db: database.db, companyId, ids: rows.map((row) => row.id) });
    const filled = views.filter((job) => job.hired_count >= job.openings);
    expect(filled.length).toBeGreaterThan(0);
    for (const job of filled) expect([job.title, job.status]).toEqual([job.title, 'closed']);
    const hiringStill = views.filter((job) => job.status === 'open' && job.hired_count > 0);
    expect(hiringStill.length).toBeGreaterThan(0);

    const applicationCount = (await database.db.select().from(applications)).length;
    const [, second] = await seedDemoData({ db: database.db, seeders });
    expect(second).toEqual({ name: 'demo jobs', created: 0 });
    expect((await database.db.select().from(applications)).length).toBe(applicationCount);
  });
});

describe('the demo jobs with the demo tests', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('require the demo tests that fit them, and their candidates have taken one', async () => {
    await seedDemoData({ db: database.db, seeders: [demoAccountsSeeder, demoTestsSeeder, demoJobsSeeder] });
    const links = await database.db
      .select({ job: jobs.title, test: tests.name })
      .from(jobTests)
      .innerJoin(jobs, eq(jobs.id, jobTests.jobId))
      .innerJoin(tests, eq(tests.id, jobTests.testId));
    expect(links).toContainEqual({ job: 'Senior React Engineer', test: 'React Front-End Fundamentals' });
    expect(links).toContainEqual({ job: 'Bookkeeper (QuickBooks)', test: 'Bookkeeping Basics' });
    expect(new Set(links.map((link) => link.job)).size).toBe(5);
    expect((await database.db.select().from(testAttempts)).length).toBeGreaterThan(0);
  });
});
