import { eq } from 'drizzle-orm';
import type { NormalizedTest } from '~/shared/assessments';
import type { Database } from '../db/client';
import { questions } from '../db/schema';

type StoredQuestion = NormalizedTest['questions'][number];

// Stores a test's questions in the order given (position 0, 1, …), replacing the ones it had. A
// question sent back with the id the server gave it keeps that id, so attempts' answers, which are
// keyed by question id, still find their question after an edit.
export async function replaceQuestions({
  db,
  testId,
  questionList,
}: {
  db: Database;
  testId: string;
  questionList: StoredQuestion[];
}) {
  const previous = await db.delete(questions).where(eq(questions.testId, testId)).returning({ id: questions.id });
  const previousIds = new Set(previous.map((row) => row.id));
  if (questionList.length === 0) return;
  await db.insert(questions).values(
    questionList.map((question, position) => {
      // Each kept id once: a question sent twice gets a new id the second time.
      const keepsId = question.id !== undefined && previousIds.delete(question.id);
      return {
        ...(keepsId ? { id: question.id } : {}),
        testId,
        position,
        type: question.type,
        text: question.question,
        options: question.options,
        points: question.points,
        useAi: question.use_ai,
        rubric: question.rubric,
        settings: question.settings,
        answerKey: question.answer_key,
      };
    }),
  );
}
