import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database';
import type { DatabaseHandle } from '../client';
import { applicantProfiles, applications, assignments, jobs, savedJobs, users } from '../schema';
import { DEMO_APPLICANT_COUNT } from './demo-talent';
import { seedDemoData } from './seed-demo-data';

describe('the demo talent', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('gives the applicant side a full profile, several stages, 200 varied applicants, offers and hires that add up', async () => {
    const report = await seedDemoData({ db: database.db });
    expect(report.find((entry) => entry.name === 'demo talent')?.created).toBeGreaterThan(DEMO_APPLICANT_COUNT);
    const { db } = database;

    const [talent] = await db
      .select()
      .from(users)
      .innerJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
      .where(eq(users.email, 'talent@tandem.test'));
    expect(talent?.applicant_profiles).toMatchObject({
      headline: 'Senior React Engineer',
      experienceLevel: 'senior',
      region: 'Americas',
      timezone: 'America/Bogota',
    });
    const talentId = talent?.users.id ?? '';
    const stages = await db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.applicantId, talentId));
    expect(new Set(stages.map((row) => row.status))).toEqual(
      new Set(['submitted', 'shortlisted', 'interviewing', 'offered', 'rejected']),
    );
    expect((await db.select().from(savedJobs).where(eq(savedJobs.applicantId, talentId))).length).toBe(2);

    // Everyone with an application has a profile worth reading, and the 200 differ.
    const [bare] = await db
      .select({ value: count() })
      .from(applicantProfiles)
      .innerJoin(applications, eq(applications.applicantId, applicantProfiles.userId))
      .where(isNull(applicantProfiles.headline));
    expect(bare?.value).toBe(0);
    const generated = await db
      .select({ headline: applicantProfiles.headline, region: applicantProfiles.region })
      .from(applicantProfiles)
      .innerJoin(users, eq(users.id, applicantProfiles.userId))
      .where(sql`${users.email} like '%@talent.tandem.test'`);
    expect(generated).toHaveLength(DEMO_APPLICANT_COUNT);
    expect(new Set(generated.map((row) => row.headline)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(generated.map((row) => row.region)).size).toBe(4);

    // Offers carry terms; every hire has its assignment.
    const [termless] = await db
      .select({ value: count() })
      .from(applications)
      .where(and(eq(applications.status, 'offered'), isNull(applications.offerRateCents)));
    expect(termless?.value).toBe(0);
    const [hired] = await db.select({ value: count() }).from(applications).where(eq(applications.status, 'hired'));
    const [placed] = await db.select({ value: count() }).from(assignments).where(isNotNull(assignments.applicationId));
    expect(hired?.value).toBeGreaterThan(0);
    expect(placed?.value).toBe(hired?.value);

    // Find Jobs has other companies' open jobs to show.
    const [openJobs] = await db.select({ value: count() }).from(jobs).where(eq(jobs.status, 'open'));
    expect(openJobs?.value).toBeGreaterThanOrEqual(9);

    const again = await seedDemoData({ db });
    expect(again.every((entry) => entry.created === 0)).toBe(true);
  });
});
