import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assessedSkills } from '../assessments/platform-assessments';
import { applicantProfiles } from '../db/schema';
import { createTestDatabase } from '../testing/test-database';
import { buildAccount } from './factories';
import { ensurePlatformAssessments } from './platform-assessments';
import { buildApplicantProfile } from './talent-factories';
import { buildTestAttempt } from './test-factories';

describe('the platform assessments', () => {
  it('prove each skill they name, dotted and two-word names too', async () => {
    // The demo's assessments and passes: demo-data.test.ts.
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
