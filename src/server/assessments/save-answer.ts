import { attemptTexts, checkAnswer } from '~/shared/test-attempts';
import type { Database } from '../db/client';
import { testAnswers } from '../db/schema';
import { AppError } from '../platform/errors';
import { lockOpenAttempt } from './find-own-attempt';

// Saves one answer as the candidate gives it, so a reload or a lost connection resumes where they were.
// Refused once the deadline has passed or the attempt is submitted: what counts is what was saved before.
export async function saveAnswer({
  db,
  applicantId,
  attemptId,
  questionId,
  answer,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  attemptId: string;
  questionId: string;
  answer: unknown;
  now?: Date;
}): Promise<{ question_id: string; saved_at: string }> {
  return db.transaction(async (tx) => {
    const attempt = await lockOpenAttempt({ db: tx, applicantId, attemptId, now });
    const question = attempt.questions.find((candidate) => candidate.id === questionId);
    if (!question) throw new AppError('not_found', attemptTexts.questionNotInTest);
    const problem = checkAnswer(question, answer);
    if (problem) throw new AppError('validation', problem, { answer: problem });
    const value = answer === '' ? null : answer;
    await tx
      .insert(testAnswers)
      .values({ attemptId, questionId, answer: value, answeredAt: now })
      .onConflictDoUpdate({
        target: [testAnswers.attemptId, testAnswers.questionId],
        // A file answer cleared here leaves its file named by nothing: the file sweep deletes it.
        set: { answer: value, fileId: null, answeredAt: now },
      });
    return { question_id: questionId, saved_at: now.toISOString() };
  });
}
