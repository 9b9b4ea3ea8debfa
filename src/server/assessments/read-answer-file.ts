import { and, eq } from 'drizzle-orm';
import { type AnswerFile, attemptTexts } from '~/shared/test-attempts';
import type { Database } from '../db/client';
import { jobs, testAnswers, testAttempts, tests } from '../db/schema';
import { AppError } from '../platform/errors';
import { readAnswerFile } from './answer-files';
import { companyReads } from './company-attempt-views';

// The file a candidate uploaded, for the company reviewing the attempt or the candidate themselves.
export async function readAttemptFile({
  db,
  directory,
  reader,
  attemptId,
  questionId,
}: {
  db: Database;
  directory: string;
  reader: { companyId: string } | { applicantId: string };
  attemptId: string;
  questionId: string;
}): Promise<{ file: AnswerFile; content: Buffer }> {
  const scope =
    'companyId' in reader ? companyReads(reader.companyId) : eq(testAttempts.applicantId, reader.applicantId);
  const [row] = await db
    .select({ answer: testAnswers.answer })
    .from(testAnswers)
    .innerJoin(testAttempts, eq(testAttempts.id, testAnswers.attemptId))
    .innerJoin(tests, eq(tests.id, testAttempts.testId))
    .leftJoin(jobs, eq(jobs.id, testAttempts.jobId))
    .where(and(eq(testAnswers.attemptId, attemptId), eq(testAnswers.questionId, questionId), scope));
  const file = row?.answer as AnswerFile | null | undefined;
  if (!file?.file_id) throw new AppError('not_found', attemptTexts.notFound);
  const content = await readAnswerFile(directory, file.file_id);
  if (!content) throw new AppError('not_found', attemptTexts.notFound);
  return { file, content };
}
