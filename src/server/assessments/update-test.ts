import { eq } from 'drizzle-orm';
import { type Test, type TestFields, testTexts } from '~/shared/assessments';
import type { Database } from '../db/client';
import { tests } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { checkTestFields } from './check-test-fields';
import { findOwnTest } from './find-own-test';
import { getTest } from './get-test';
import { replaceQuestions } from './replace-questions';

// The builder's Save on an existing test: its fields and its whole question list replaced in one
// transaction, Last Edited moved to now. Publishing (is_active true) applies the same rules as Create Test.
export async function updateTest({
  db,
  companyId,
  actorId,
  testId,
  fields,
  ipAddress,
}: {
  db: Database;
  companyId: string;
  actorId: string;
  testId: string;
  fields: TestFields;
  ipAddress?: string;
}): Promise<Test> {
  await db.transaction(async (transaction) => {
    const current = await findOwnTest({ db: transaction, companyId, testId, lock: true });
    if (current.archivedAt) throw new AppError('conflict', testTexts.archivedReadOnly);
    const test = checkTestFields(fields);
    await transaction
      .update(tests)
      .set({
        name: test.name,
        description: test.description,
        type: test.type,
        timeLimitMinutes: test.time_limit,
        passRate: test.pass_rate,
        isActive: test.is_active,
        updatedAt: new Date(),
      })
      .where(eq(tests.id, testId));
    await replaceQuestions({ db: transaction, testId, questionList: test.questions });
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'test.updated',
        targetType: 'test',
        targetId: testId,
        details: { name: test.name, is_active: test.is_active, question_count: test.questions.length },
        ipAddress,
      },
    });
  });
  return getTest({ db, companyId, userId: actorId, testId });
}
