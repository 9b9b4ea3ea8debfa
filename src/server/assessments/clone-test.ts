import { asc, eq } from 'drizzle-orm';
import { TEST_NAME_MAX_LENGTH, type Test } from '~/shared/assessments';
import type { Database } from '../db/client';
import { questions, tests } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findOwnTest } from './find-own-test';
import { getTest } from './get-test';

const COPY_SUFFIX = ' (copy)';

// '<name> (copy)', the name shortened so the whole fits the name limit.
export function clonedTestName(name: string): string {
  return `${name.slice(0, TEST_NAME_MAX_LENGTH - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

// The row menu's Clone: a new draft with the same settings and questions; job links, attempts and
// favourites stay with the original.
export async function cloneTest({
  db,
  companyId,
  actorId,
  testId,
  ipAddress,
}: {
  db: Database;
  companyId: string;
  actorId: string;
  testId: string;
  ipAddress?: string;
}): Promise<Test> {
  const cloneId = await db.transaction(async (transaction) => {
    const source = await findOwnTest({ db: transaction, companyId, testId });
    const [clone] = await transaction
      .insert(tests)
      .values({
        companyId,
        createdById: actorId,
        name: clonedTestName(source.name),
        description: source.description,
        type: source.type,
        timeLimitMinutes: source.timeLimitMinutes,
        passRate: source.passRate,
        isActive: false,
        isPublic: false,
      })
      .returning({ id: tests.id });
    if (!clone) throw new Error('The test was not cloned.');
    const sourceQuestions = await transaction
      .select()
      .from(questions)
      .where(eq(questions.testId, testId))
      .orderBy(asc(questions.position));
    if (sourceQuestions.length > 0) {
      await transaction.insert(questions).values(
        sourceQuestions.map(({ id: _sourceId, testId: _sourceTestId, ...question }) => ({
          ...question,
          testId: clone.id,
        })),
      );
    }
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'test.cloned',
        targetType: 'test',
        targetId: clone.id,
        details: { source_test_id: testId },
        ipAddress,
      },
    });
    return clone.id;
  });
  return getTest({ db, companyId, userId: actorId, testId: cloneId });
}
