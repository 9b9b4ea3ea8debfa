import { eq } from 'drizzle-orm';
import { isCvContentType, type OwnCv } from '~/shared/applicant-cv';
import type { Database } from '../db/client';
import { applicantProfiles, storedFiles } from '../db/schema';

// The applicant's own CV as the profile page shows it: the file, who may download it, and how far the
// reading of its text got.
export async function getOwnCv({ db, applicantId }: { db: Database; applicantId: string }): Promise<OwnCv> {
  const [row] = await db
    .select({
      name: storedFiles.name,
      contentType: storedFiles.contentType,
      byteSize: storedFiles.byteSize,
      uploadedAt: storedFiles.createdAt,
      visibility: applicantProfiles.cvVisibility,
      textStatus: applicantProfiles.cvTextStatus,
    })
    .from(applicantProfiles)
    .innerJoin(storedFiles, eq(storedFiles.id, applicantProfiles.cvFileId))
    .where(eq(applicantProfiles.userId, applicantId));
  if (!row || !isCvContentType(row.contentType)) return { cv: null };
  return {
    cv: {
      name: row.name ?? 'CV',
      content_type: row.contentType,
      byte_size: row.byteSize,
      uploaded_at: row.uploadedAt.toISOString(),
      visibility: row.visibility,
      text_status: row.textStatus ?? 'pending',
    },
  };
}
