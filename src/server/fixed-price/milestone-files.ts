import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { type MilestoneFile, milestoneTexts, SUBMISSION_FILES_MAX } from '~/shared/milestones';
import type { Database } from '../db/client';
import { milestoneFiles, type milestones } from '../db/schema';
import { storeAttachment } from '../platform/attachment-files';
import { deleteStoredFiles } from '../platform/delete-stored-files';
import { AppError } from '../platform/errors';
import type { FileStore, StoredFileContent } from '../platform/file-store';
import { linkStoredFile } from '../platform/link-stored-file';
import { type ContractReader, lockMilestoneFor } from './milestone-lock';

// The files of a milestone's work (decision 035), under messaging's attachment rules: its types, 10 MB a
// file. The talent uploads them before submitting; the submission hands in every waiting one.

const ATTACHABLE = ['funded', 'changes_requested'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type FileRow = typeof milestoneFiles.$inferSelect;

const downloadPathOf = (reader: ContractReader['kind'], row: Pick<FileRow, 'milestoneId' | 'id'>) =>
  `/api/${reader}/milestones/${row.milestoneId}/files/${row.id}`;

export function milestoneFileView(row: FileRow, reader: ContractReader['kind']): MilestoneFile {
  return {
    id: row.id,
    name: row.name,
    content_type: row.contentType,
    size: row.byteSize,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    download_url: downloadPathOf(reader, row),
  };
}

// Each milestone's files as the reader sees them: the company (and an administrator), what was handed
// in; the talent, also what waits for the next submission.
export async function loadMilestoneFiles(
  db: Database,
  milestoneIds: readonly string[],
  reader: ContractReader['kind'],
): Promise<Map<string, MilestoneFile[]>> {
  const byMilestone = new Map<string, MilestoneFile[]>();
  if (milestoneIds.length === 0) return byMilestone;
  const rows = await db
    .select()
    .from(milestoneFiles)
    .where(inArray(milestoneFiles.milestoneId, [...milestoneIds]))
    .orderBy(asc(milestoneFiles.createdAt), asc(milestoneFiles.id));
  for (const row of rows) {
    if (reader !== 'applicant' && row.submittedAt === null) continue;
    byMilestone.set(row.milestoneId, [...(byMilestone.get(row.milestoneId) ?? []), milestoneFileView(row, reader)]);
  }
  return byMilestone;
}

// The talent attaches a file to the work they are about to submit.
export async function uploadMilestoneFile({
  db,
  files,
  applicantId,
  milestoneId,
  declaredType,
  fileName,
  content,
}: {
  db: Database;
  files: FileStore;
  applicantId: string;
  milestoneId: string;
  declaredType: string | undefined;
  fileName: string | undefined;
  content: AsyncIterable<Uint8Array>;
}): Promise<MilestoneFile> {
  const reader: ContractReader = { kind: 'applicant', applicantId };
  // Refused before the bytes are kept: not theirs, not open to work, or full.
  await db.transaction(async (tx) => {
    const { milestone } = await lockMilestoneFor(tx, { milestoneId, reader });
    await refuseUnlessAttachable(tx, milestone);
  });
  const file = await storeAttachment({ files, ownerId: applicantId, declaredType, fileName, content });
  try {
    const row = await db.transaction(async (tx) => {
      // Looked at again under the lock: another upload, or the submission, may have come meanwhile.
      const { milestone } = await lockMilestoneFor(tx, { milestoneId, reader });
      await refuseUnlessAttachable(tx, milestone);
      if (!(await linkStoredFile({ tx, fileId: file.fileId, ownerId: applicantId, kind: 'attachment' }))) {
        throw new Error(`The uploaded file ${file.fileId} could not be linked.`);
      }
      const [inserted] = await tx
        .insert(milestoneFiles)
        .values({
          milestoneId,
          fileId: file.fileId,
          name: file.name,
          contentType: file.contentType,
          byteSize: file.size,
        })
        .returning();
      if (!inserted) throw new Error('The milestone file was not stored.');
      return inserted;
    });
    return milestoneFileView(row, 'applicant');
  } catch (error) {
    await files.discard(file.fileId);
    throw error;
  }
}

async function refuseUnlessAttachable(tx: Database, milestone: typeof milestones.$inferSelect) {
  if (!(ATTACHABLE as readonly string[]).includes(milestone.status)) {
    throw new AppError('conflict', milestoneTexts.cannotAttach);
  }
  const [waiting] = await tx
    .select({ value: count() })
    .from(milestoneFiles)
    .where(and(eq(milestoneFiles.milestoneId, milestone.id), isNull(milestoneFiles.submittedAt)));
  if ((waiting?.value ?? 0) >= SUBMISSION_FILES_MAX) throw new AppError('conflict', milestoneTexts.tooManyFiles);
}

// The talent takes back a file not handed in yet.
export async function removeMilestoneFile({
  db,
  files,
  applicantId,
  milestoneId,
  fileId,
}: {
  db: Database;
  files: FileStore;
  applicantId: string;
  milestoneId: string;
  fileId: string;
}): Promise<void> {
  if (!UUID.test(fileId)) throw new AppError('not_found', milestoneTexts.fileNotFound);
  const forgotten = await db.transaction(async (tx) => {
    await lockMilestoneFor(tx, { milestoneId, reader: { kind: 'applicant', applicantId } });
    const [row] = await tx
      .select()
      .from(milestoneFiles)
      .where(and(eq(milestoneFiles.id, fileId), eq(milestoneFiles.milestoneId, milestoneId)));
    if (!row) throw new AppError('not_found', milestoneTexts.fileNotFound);
    if (row.submittedAt) throw new AppError('conflict', milestoneTexts.fileSubmitted);
    return deleteStoredFiles({ tx, fileIds: [row.fileId] });
  });
  await files.forget(forgotten);
}

// A file of a milestone's work, for its talent, or for its company once handed in.
export async function readMilestoneFile({
  db,
  files,
  reader,
  milestoneId,
  fileId,
}: {
  db: Database;
  files: FileStore;
  reader: ContractReader;
  milestoneId: string;
  fileId: string;
}): Promise<StoredFileContent & { name: string }> {
  if (!UUID.test(fileId)) throw new AppError('not_found', milestoneTexts.fileNotFound);
  const row = await db.transaction(async (tx) => {
    await lockMilestoneFor(tx, { milestoneId, reader });
    const [found] = await tx
      .select()
      .from(milestoneFiles)
      .where(and(eq(milestoneFiles.id, fileId), eq(milestoneFiles.milestoneId, milestoneId)));
    return found;
  });
  if (!row || (reader.kind !== 'applicant' && row.submittedAt === null)) {
    throw new AppError('not_found', milestoneTexts.fileNotFound);
  }
  const file = await files.read(row.fileId);
  if (!file) throw new AppError('not_found', milestoneTexts.fileNotFound);
  return { ...file, name: row.name, contentType: row.contentType };
}
