import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database';
import type { DatabaseHandle } from '../client';
import { applicantProfiles, tests, users } from '../schema';
import { buildAccount } from './factories';
import { assessedSkills, ensurePlatformAssessments } from './platform-assessments';
import { seedDemoData } from './seed-demo-data';
import { buildApplicantProfile } from './talent-factories';
import { buildTestAttempt } from './test-factories';

describe('the platform assessments', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('are public tests whose passes prove skills in the demo, once however often it is seeded', async () => {
    const { db } = database;
    const first = await seedDemoData({ db });
    expect(first.find((entry) => entry.name === 'platform assessments')?.created).toBeGreaterThan(
      assessedSkills.length,
    );
    const again = await seedDemoData({ db });
    expect(again.find((entry) => entry.name === 'platform assessments')?.created).toBe(0);

    const assessments = await db.select().from(tests).where(sql`${tests.name} like '% Assessment'`);
    expect(assessments).toHaveLength(assessedSkills.length);
    expect(assessments.every((test) => test.isPublic && test.isActive)).toBe(true);

    const [talent] = await db
      .select({ proven: applicantProfiles.provenSkillKeys })
      .from(users)
      .innerJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
      .where(eq(users.email, 'talent@tandem.test'));
    expect(talent?.proven).toEqual(['react', 'typescript']);
    const [{ provenCount } = { provenCount: 0 }] = await db
      .select({ provenCount: sql<number>`count(*)::int` })
      .from(applicantProfiles)
      .where(and(eq(applicantProfiles.listed, true), sql`cardinality(${applicantProfiles.provenSkillKeys}) > 0`));
    expect(provenCount).toBeGreaterThan(20);
  });

  it('prove each skill they name, dotted and two-word names too', async () => {
    // A database of its own: creating the assessments here would leave the demo seed nothing to create.
    const own = await createTestDatabase();
    try {
      const { db } = own;
      const { testIdBySkill } = await ensurePlatformAssessments(db);
      const { user } = await buildAccount(db, { role: 'applicant' });
      await buildApplicantProfile(db, user.id, { skills: [...assessedSkills, 'Go'] });
      for (const testId of testIdBySkill.values())
        await buildTestAttempt(db, { testId, applicantId: user.id, score: 90 });
      const [profile] = await db
        .select({ proven: applicantProfiles.provenSkillKeys })
        .from(applicantProfiles)
        .where(eq(applicantProfiles.userId, user.id));
      expect(profile?.proven).toEqual(assessedSkills.map((skill) => skill.toLowerCase()).sort());
    } finally {
      await own.close();
    }
  });
});
