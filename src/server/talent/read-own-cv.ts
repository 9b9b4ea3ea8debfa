import { eq } from 'drizzle-orm';
import { cvTexts } from '~/shared/applicant-cv';
import type { Database } from '../db/client';
import { applicantProfiles } from '../db/schema';
import { AppError } from '../platform/errors';
import type { FileStore, StoredFileContent } from '../platform/file-store';

// The applicant's own CV file, to download.
export async function readOwnCv({
  db,
  files,
  applicantId,
}: {
  db: Database;
  files: FileStore;
  applicantId: string;
}): Promise<StoredFileContent & { name: string }> {
  const [row] = await db
    .select({ cvFileId: applicantProfiles.cvFileId })
    .from(applicantProfiles)
    .where(eq(applicantProfiles.userId, applicantId));
  const file = row?.cvFileId ? await files.read(row.cvFileId) : null;
  if (!file) throw new AppError('not_found', cvTexts.ownMissing);
  return { ...file, name: file.name ?? 'CV' };
}
