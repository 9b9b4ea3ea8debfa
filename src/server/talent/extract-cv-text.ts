import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { CV_MAX_BYTES } from '~/shared/applicant-cv';
import type { Database } from '../db/client';
import { applicantProfiles } from '../db/schema';
import type { FileStore } from '../platform/file-store';
import { CV_TEXT_LIMITS, readCvText } from './read-cv-text';

// The extract-cv-text job (schedule.ts), sent when a CV is uploaded: reads the CV's text in a worker
// thread within CV_TEXT_LIMITS and puts it in Talent Search (applicant_profiles.cv_text, whose
// cv_document the search reads). A file the reader gives up on (a hostile PDF, a zip bomb, a scan with
// no text) is recorded as failed: the CV is kept and the applicant's profile says its text could not be
// read. The job itself then succeeds, as running it again would give up again. Idempotent: a CV
// replaced, removed or already read since the job was sent is left alone.
export async function extractCvText({
  db,
  files,
  logger,
  applicantId,
  fileId,
  limits = CV_TEXT_LIMITS,
}: {
  db: Database;
  files: FileStore;
  logger: Pick<Logger, 'warn'>;
  applicantId: string;
  fileId: string;
  limits?: typeof CV_TEXT_LIMITS;
}): Promise<void> {
  const isThisCv = and(eq(applicantProfiles.userId, applicantId), eq(applicantProfiles.cvFileId, fileId));
  const [profile] = await db.select({ status: applicantProfiles.cvTextStatus }).from(applicantProfiles).where(isThisCv);
  if (profile?.status !== 'pending') return;
  const file = await files.read(fileId);
  if (!file) return;

  let answer: Awaited<ReturnType<typeof readCvText>>;
  if (file.byteSize > CV_MAX_BYTES) {
    file.content.destroy();
    answer = { ok: false, reason: `${file.byteSize} bytes, more than ${CV_MAX_BYTES}` };
  } else {
    const chunks: Buffer[] = [];
    for await (const chunk of file.content) chunks.push(chunk as Buffer);
    answer = await readCvText({ bytes: new Uint8Array(Buffer.concat(chunks)), contentType: file.contentType, limits });
  }
  if (!answer.ok) logger.warn({ applicantId, fileId, reason: answer.reason }, 'could not read the text of a CV');
  await db
    .update(applicantProfiles)
    .set(answer.ok ? { cvTextStatus: 'ready', cvText: answer.text } : { cvTextStatus: 'failed', cvText: null })
    .where(and(isThisCv, eq(applicantProfiles.cvTextStatus, 'pending')));
}
