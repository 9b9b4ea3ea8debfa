import { and, eq, inArray } from 'drizzle-orm';
import { assessedSkills, assessmentNameOf, PLATFORM_ASSESSMENTS } from '../assessments/platform-assessments';
import type { Database } from '../db/client';
import { applicantProfiles, companies, testAttempts, tests, users } from '../db/schema';
import type { DemoSeeder } from './demo-seeder';
import { buildTest, testAttemptRow } from './test-factories';

// One applicant in this many of the demo's has passed an assessment of one of their skills.
const DEMO_PASS_EVERY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
const demoTalentEmail = 'talent@tandem.test';

// The organisation and its tests, made when missing. Returns the tests' ids by skill key ("node.js").
export async function ensurePlatformAssessments(
  db: Database,
): Promise<{ isNew: boolean; testIdBySkill: Map<string, string> }> {
  const [existing] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.contactEmail, PLATFORM_ASSESSMENTS.contactEmail));
  const organisationId = existing?.id ?? (await db.insert(companies).values(PLATFORM_ASSESSMENTS).returning())[0]?.id;
  if (!organisationId) throw new Error('The assessments organisation was not created.');
  const found = await db
    .select({ id: tests.id, name: tests.name })
    .from(tests)
    .where(eq(tests.companyId, organisationId));
  const testIdBySkill = new Map<string, string>();
  for (const skill of assessedSkills) {
    const testId =
      found.find((test) => test.name === assessmentNameOf(skill))?.id ??
      (
        await buildTest(db, {
          companyId: organisationId,
          name: assessmentNameOf(skill),
          description: `The platform’s ${skill} skills test: a pass shows the skill on a candidate’s profile.`,
          type: 'mcq',
          isActive: true,
          isPublic: true,
        })
      ).test.id;
    testIdBySkill.set(skill.toLowerCase(), testId);
  }
  return { isNew: !existing, testIdBySkill };
}

export const demoAssessmentsSeeder: DemoSeeder = {
  name: 'platform assessments',
  async seed({ db }) {
    const { isNew, testIdBySkill } = await ensurePlatformAssessments(db);
    if (!isNew) return { created: 0 };
    let created = 1 + testIdBySkill.size;

    // The demo applicant and every third of the others passed the assessment of their first assessed skill.
    const applicants = await db
      .select({ id: users.id, email: users.email, skills: applicantProfiles.skills })
      .from(users)
      .innerJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
      .where(and(eq(users.role, 'applicant'), eq(applicantProfiles.listed, true)))
      .orderBy(users.email);
    const now = Date.now();
    const terms = await db
      .select({ id: tests.id, passRate: tests.passRate, timeLimitMinutes: tests.timeLimitMinutes })
      .from(tests)
      .where(inArray(tests.id, [...testIdBySkill.values()]));
    const termsOf = new Map(terms.map((test) => [test.id, test]));
    // One statement: each attempt's trigger proves the skill (migration 0014), row by row it took seconds.
    const attempts = applicants.flatMap((applicant, index) => {
      const isDemoTalent = applicant.email === demoTalentEmail;
      if (!isDemoTalent && index % DEMO_PASS_EVERY !== 0) return [];
      return applicant.skills
        .map((skill) => testIdBySkill.get(skill.toLowerCase()))
        .filter((testId): testId is string => testId !== undefined)
        .slice(0, isDemoTalent ? 2 : 1)
        .flatMap((testId) => {
          const test = termsOf.get(testId);
          if (!test) return [];
          return [
            testAttemptRow(test, {
              testId,
              applicantId: applicant.id,
              score: 72 + (index % 27),
              assignedAt: new Date(now - (5 + (index % 60)) * DAY_MS),
            }),
          ];
        });
    });
    if (attempts.length > 0) await db.insert(testAttempts).values(attempts);
    created += attempts.length;
    return { created };
  },
};
