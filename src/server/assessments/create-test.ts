import type { Test, TestFields } from '~/shared/assessments';
import type { Database } from '../db/client';
import { tests } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import { checkTestFields } from './check-test-fields';
import { getTest } from './get-test';
import { replaceQuestions } from './replace-questions';

// Create Test (is_active true) and Save as Draft (false): the test and its questions, in one transaction.
export async function createTest({
  db,
  companyId,
  actorId,
  fields,
  ipAddress,
}: {
  db: Database;
  companyId: string;
  actorId: string;
  fields: TestFields;
  ipAddress?: string;
}): Promise<Test> {
  const test = checkTestFields(fields);
  const testId = await db.transaction(async (transaction) => {
    const [created] = await transaction
      .insert(tests)
      .values({
        companyId,
        createdById: actorId,
        name: test.name,
        description: test.description,
        type: test.type,
        timeLimitMinutes: test.time_limit,
        passRate: test.pass_rate,
        isActive: test.is_active,
        isPublic: false,
      })
      .returning({ id: tests.id });
    if (!created) throw new Error('The test was not created.');
    await replaceQuestions({ db: transaction, testId: created.id, questionList: test.questions });
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'test.created',
        targetType: 'test',
        targetId: created.id,
        details: { name: test.name, is_active: test.is_active, question_count: test.questions.length },
        ipAddress,
      },
    });
    return created.id;
  });
  return getTest({ db, companyId, userId: actorId, testId });
}
