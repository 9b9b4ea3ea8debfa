import { and, asc, eq, inArray } from 'drizzle-orm';
import { type ProposalFile, proposalFileTexts, type UploadedProposalFile } from '~/shared/proposal-files';
import type { Database } from '../../db/client';
import { applicationFiles, applications, jobs, storedFiles } from '../../db/schema';
import { storeAttachment } from '../../platform/attachment-files';
import { AppError, validationError } from '../../platform/errors';
import type { FileStore, StoredFileContent } from '../../platform/file-store';
import { linkStoredFile } from '../../platform/link-stored-file';
import { type ApplicationReader, readerCondition } from './application-scope';

// The files of a proposal (shared/proposal-files.ts): uploaded one by one as the applicant chooses them,
// kept unlinked and theirs alone, then named by the application in the apply's transaction.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ProposalFileReader = 'company' | 'applicant';

const downloadPathOf = (reader: ProposalFileReader, applicationId: string, id: string) =>
  reader === 'company'
    ? `/api/applications/${applicationId}/files/${id}`
    : `/api/applicant/applications/${applicationId}/files/${id}`;

export async function uploadProposalFile({
  files,
  applicantId,
  declaredType,
  fileName,
  content,
}: {
  files: FileStore;
  applicantId: string;
  declaredType: string | undefined;
  fileName: string | undefined;
  content: AsyncIterable<Uint8Array>;
}): Promise<UploadedProposalFile> {
  const file = await storeAttachment({ files, ownerId: applicantId, declaredType, fileName, content });
  return { file_id: file.fileId, name: file.name, content_type: file.contentType, size: file.size };
}

// In the apply's transaction: each waiting file of the applicant's becomes the application's. One that is
// not theirs, was swept, or is named already is refused at the field, and the application is not made.
export async function attachProposalFiles({
  tx,
  applicationId,
  applicantId,
  fileIds,
  now,
}: {
  tx: Database;
  applicationId: string;
  applicantId: string;
  fileIds: string[];
  now: Date;
}): Promise<void> {
  if (fileIds.length === 0) return;
  for (const fileId of fileIds) {
    if (!(await linkStoredFile({ tx, fileId, ownerId: applicantId, kind: 'attachment', now }))) {
      throw validationError({ attachment_ids: proposalFileTexts.notWaiting });
    }
  }
  const stored = await tx
    .select({
      id: storedFiles.id,
      name: storedFiles.name,
      contentType: storedFiles.contentType,
      byteSize: storedFiles.byteSize,
    })
    .from(storedFiles)
    .where(inArray(storedFiles.id, fileIds));
  const byId = new Map(stored.map((file) => [file.id, file]));
  await tx.insert(applicationFiles).values(
    fileIds.map((fileId, position) => {
      const file = byId.get(fileId);
      if (!file) throw new Error(`The linked file ${fileId} has no row.`);
      // In the order chosen: a millisecond apart, as createdAt orders them.
      return {
        applicationId,
        fileId,
        name: file.name ?? 'file',
        contentType: file.contentType,
        byteSize: file.byteSize,
        createdAt: new Date(now.getTime() + position),
      };
    }),
  );
}

// Each application's files, oldest first, with the reader's download address.
export async function loadProposalFiles(
  db: Database,
  applicationIds: readonly string[],
  reader: ProposalFileReader,
): Promise<Map<string, ProposalFile[]>> {
  const byApplication = new Map<string, ProposalFile[]>();
  if (applicationIds.length === 0) return byApplication;
  const rows = await db
    .select()
    .from(applicationFiles)
    .where(inArray(applicationFiles.applicationId, [...applicationIds]))
    .orderBy(asc(applicationFiles.createdAt), asc(applicationFiles.id));
  for (const row of rows) {
    const view: ProposalFile = {
      id: row.id,
      name: row.name,
      content_type: row.contentType,
      size: row.byteSize,
      download_url: downloadPathOf(reader, row.applicationId, row.id),
    };
    byApplication.set(row.applicationId, [...(byApplication.get(row.applicationId) ?? []), view]);
  }
  return byApplication;
}

// A file of an application, for the company it went to or the applicant who sent it.
export async function readProposalFile({
  db,
  files,
  reader,
  applicationId,
  fileId,
}: {
  db: Database;
  files: FileStore;
  reader: { applicantId: string } | ApplicationReader;
  applicationId: string;
  fileId: string;
}): Promise<StoredFileContent & { name: string }> {
  // The route checked the application's id; a file id of another shape names no file.
  if (!UUID.test(fileId)) throw new AppError('not_found', proposalFileTexts.fileNotFound);
  const readable = 'applicantId' in reader ? eq(applications.applicantId, reader.applicantId) : readerCondition(reader);
  const [row] = await db
    .select({ fileId: applicationFiles.fileId, name: applicationFiles.name, contentType: applicationFiles.contentType })
    .from(applicationFiles)
    .innerJoin(applications, eq(applications.id, applicationFiles.applicationId))
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(and(eq(applicationFiles.id, fileId), eq(applicationFiles.applicationId, applicationId), readable));
  if (!row) throw new AppError('not_found', proposalFileTexts.fileNotFound);
  const file = await files.read(row.fileId);
  if (!file) throw new AppError('not_found', proposalFileTexts.fileNotFound);
  return { ...file, name: row.name, contentType: row.contentType };
}
