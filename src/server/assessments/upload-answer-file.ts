import { and, eq } from 'drizzle-orm';
import {
  ANSWER_FILE_MAX_BYTES,
  type AnswerFile,
  type AnswerFileType,
  answerFileTypes,
  attemptTexts,
} from '~/shared/test-attempts';
import type { Database } from '../db/client';
import { testAnswers } from '../db/schema';
import { AppError } from '../platform/errors';
import { cleanUploadedFileName } from '../platform/stored-files';
import { deleteAnswerFile, writeAnswerFile } from './answer-files';
import { lockOpenAttempt } from './find-own-attempt';

const isAnswerFileType = (value: string | undefined): value is AnswerFileType =>
  value !== undefined && Object.hasOwn(answerFileTypes, value);

// Stores the file a candidate gives as the answer to a file-upload question, replacing the one they gave
// before. Written to disk before the row, and the replaced file removed after it commits: a failure leaves
// at worst a stray file, never an answer without its file.
export async function uploadAnswerFile({
  db,
  directory,
  applicantId,
  attemptId,
  questionId,
  declaredType,
  fileName,
  content,
  now = new Date(),
}: {
  db: Database;
  directory: string;
  applicantId: string;
  attemptId: string;
  questionId: string;
  declaredType: string | undefined;
  fileName: string | undefined;
  content: Buffer;
  now?: Date;
}): Promise<AnswerFile> {
  if (!isAnswerFileType(declaredType)) throw new AppError('unsupported_media_type', attemptTexts.fileType);
  if (content.length === 0) throw new AppError('validation', attemptTexts.fileEmpty);
  if (content.length > ANSWER_FILE_MAX_BYTES) throw new AppError('payload_too_large', attemptTexts.fileTooLarge);
  const name = cleanUploadedFileName(fileName);
  if (!name) throw new AppError('validation', attemptTexts.fileNameRequired);
  // Checked before the bytes go to disk; checked again under the lock below.
  await db.transaction((tx) => lockOpenAttempt({ db: tx, applicantId, attemptId, now }));
  const stored = await writeAnswerFile(directory, content, declaredType);
  const file: AnswerFile = { file_id: stored, name, size: content.length, content_type: declaredType };
  try {
    const replaced = await db.transaction(async (tx) => {
      const attempt = await lockOpenAttempt({ db: tx, applicantId, attemptId, now });
      const question = attempt.questions.find((candidate) => candidate.id === questionId);
      if (!question) throw new AppError('not_found', attemptTexts.questionNotInTest);
      if (question.type !== 'file-upload') throw new AppError('validation', attemptTexts.questionNotInTest);
      const [previous] = await tx
        .select({ answer: testAnswers.answer })
        .from(testAnswers)
        .where(and(eq(testAnswers.attemptId, attemptId), eq(testAnswers.questionId, questionId)));
      await tx
        .insert(testAnswers)
        .values({ attemptId, questionId, answer: file, answeredAt: now })
        .onConflictDoUpdate({
          target: [testAnswers.attemptId, testAnswers.questionId],
          set: { answer: file, answeredAt: now },
        });
      const previousFile = previous?.answer as AnswerFile | null | undefined;
      return previousFile?.file_id ?? null;
    });
    if (replaced) await deleteAnswerFile(directory, replaced);
    return file;
  } catch (error) {
    await deleteAnswerFile(directory, stored);
    throw error;
  }
}
