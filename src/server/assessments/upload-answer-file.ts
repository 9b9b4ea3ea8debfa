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
import { deleteStoredFiles } from '../platform/delete-stored-files';
import { AppError } from '../platform/errors';
import type { FileStore } from '../platform/file-store';
import { linkStoredFile } from '../platform/link-stored-file';
import { cleanUploadedFileName } from '../platform/stored-files';
import { lockOpenAttempt } from './find-own-attempt';

const isAnswerFileType = (value: string | undefined): value is AnswerFileType =>
  value !== undefined && Object.hasOwn(answerFileTypes, value);

// Stores the file a candidate gives as the answer to a file-upload question, replacing the one they gave
// before. The bytes go to the file store as they arrive; then one transaction writes the answer, links
// its file and deletes the one it replaces.
export async function uploadAnswerFile({
  db,
  files,
  applicantId,
  attemptId,
  questionId,
  declaredType,
  fileName,
  content,
  now = new Date(),
}: {
  db: Database;
  files: FileStore;
  applicantId: string;
  attemptId: string;
  questionId: string;
  declaredType: string | undefined;
  fileName: string | undefined;
  content: AsyncIterable<Uint8Array>;
  now?: Date;
}): Promise<AnswerFile> {
  if (!isAnswerFileType(declaredType)) throw new AppError('unsupported_media_type', attemptTexts.fileType);
  // Checked before the bytes are stored; checked again under the lock below.
  await db.transaction((tx) => lockOpenAttempt({ db: tx, applicantId, attemptId, now }));
  const name = cleanUploadedFileName(fileName);
  const stored = await files.write({
    ownerId: applicantId,
    kind: 'answer',
    name,
    contentType: declaredType,
    content,
    maxBytes: ANSWER_FILE_MAX_BYTES,
    tooLarge: () => new AppError('payload_too_large', attemptTexts.fileTooLarge),
    empty: () => new AppError('validation', attemptTexts.fileEmpty),
  });
  const file: AnswerFile = { file_id: stored.id, name, size: stored.byteSize, content_type: declaredType };
  let replaced: string[];
  try {
    if (!name) throw new AppError('validation', attemptTexts.fileNameRequired);
    replaced = await db.transaction(async (tx) => {
      const attempt = await lockOpenAttempt({ db: tx, applicantId, attemptId, now });
      const question = attempt.questions.find((candidate) => candidate.id === questionId);
      if (!question) throw new AppError('not_found', attemptTexts.questionNotInTest);
      if (question.type !== 'file-upload') throw new AppError('validation', attemptTexts.questionNotInTest);
      const [previous] = await tx
        .select({ fileId: testAnswers.fileId })
        .from(testAnswers)
        .where(and(eq(testAnswers.attemptId, attemptId), eq(testAnswers.questionId, questionId)));
      if (!(await linkStoredFile({ tx, fileId: stored.id, ownerId: applicantId, kind: 'answer', now }))) {
        throw new Error('The uploaded answer file was not found to link.');
      }
      await tx
        .insert(testAnswers)
        .values({ attemptId, questionId, answer: file, fileId: stored.id, answeredAt: now })
        .onConflictDoUpdate({
          target: [testAnswers.attemptId, testAnswers.questionId],
          set: { answer: file, fileId: stored.id, answeredAt: now },
        });
      return deleteStoredFiles({ tx, fileIds: [previous?.fileId] });
    });
  } catch (error) {
    await files.discard(stored.id);
    throw error;
  }
  await files.forget(replaced);
  return file;
}
