import { and, eq } from 'drizzle-orm';
import { type AnswerFile, attemptTexts } from '~/shared/test-attempts';
import type { Database } from '../db/client';
import { jobs, testAnswers, testAttempts, tests } from '../db/schema';
import { AppError } from '../platform/errors';
import type { FileStore, StoredFileContent } from '../platform/file-store';
import { companyReads } from './company-attempt-views';

// The file a candidate uploaded, for the company reviewing the attempt or the candidate themselves.
export async function readAttemptFile({
  db,
  files,
  reader,
  attemptId,
  questionId,
}: {
  db: Database;
  files: FileStore;
  reader: { companyId: string } | { applicantId: string };
  attemptId: string;
  questionId: string;
}): Promise<StoredFileContent & { name: string }> {
  const scope =
    'companyId' in reader ? companyReads(reader.companyId) : eq(testAttempts.applicantId, reader.applicantId);
  const [row] = await db
    .select({ answer: testAnswers.answer, fileId: testAnswers.fileId })
    .from(testAnswers)
    .innerJoin(testAttempts, eq(testAttempts.id, testAnswers.attemptId))
    .innerJoin(tests, eq(tests.id, testAttempts.testId))
    .leftJoin(jobs, eq(jobs.id, testAttempts.jobId))
    .where(and(eq(testAnswers.attemptId, attemptId), eq(testAnswers.questionId, questionId), scope));
  const answer = row?.answer as AnswerFile | null | undefined;
  if (!row?.fileId || !answer?.name) throw new AppError('not_found', attemptTexts.notFound);
  const stored = await files.read(row.fileId);
  if (!stored) throw new AppError('not_found', attemptTexts.notFound);
  return { ...stored, name: answer.name, contentType: answer.content_type };
}
