import { asc, eq } from 'drizzle-orm';
import { type AnswerKey, type Question, type QuestionSettings, type Test, testTexts } from '~/shared/assessments';
import type { Database } from '../db/client';
import { questions } from '../db/schema';
import { AppError } from '../platform/errors';
import { findOwnTest } from './find-own-test';
import { loadTestSummaries } from './load-test-summaries';

export function toQuestion(row: typeof questions.$inferSelect): Question {
  return {
    id: row.id,
    type: row.type,
    question: row.text,
    options: row.options,
    points: row.points,
    use_ai: row.useAi,
    rubric: row.rubric,
    // Written by replaceQuestions from a checked question: the shapes are the contract's.
    settings: row.settings as QuestionSettings,
    answer_key: row.answerKey as AnswerKey,
  };
}

// One of the company's tests with its questions in order, as the builder and the test page read it.
export async function getTest({
  db,
  companyId,
  userId,
  testId,
}: {
  db: Database;
  companyId: string;
  userId: string;
  testId: string;
}): Promise<Test> {
  await findOwnTest({ db, companyId, testId });
  const [{ items }, questionRows] = await Promise.all([
    loadTestSummaries({ db, companyId, userId, filters: { ids: [testId], includeArchived: true } }),
    db.select().from(questions).where(eq(questions.testId, testId)).orderBy(asc(questions.position)),
  ]);
  const [summary] = items;
  if (!summary) throw new AppError('not_found', testTexts.notFound);
  return { ...summary, questions: questionRows.map(toQuestion) };
}
