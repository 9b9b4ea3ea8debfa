import { and, eq } from 'drizzle-orm';
import type { Role } from '~/shared/permissions';
import { isPhotoContentType, type PhotoContentType, profileTexts } from '~/shared/talent';
import type { Database } from '../db/client';
import { applicantProfiles, users } from '../db/schema';
import { AppError } from '../platform/errors';
import type { FileStore, StoredFileContent } from '../platform/file-store';

// An applicant's photo: its bytes, the content type it was stored with, and its file id (the version its
// address carries). A suspended applicant's photo is no more there than their profile, but to
// administrators (view-applicant-profile.ts).
export async function readApplicantPhoto({
  db,
  files,
  applicantId,
  viewerRole,
}: {
  db: Database;
  files: FileStore;
  applicantId: string;
  viewerRole: Role;
}): Promise<StoredFileContent & { contentType: PhotoContentType; version: string }> {
  const [row] = await db
    .select({
      status: users.status,
      photoFileId: applicantProfiles.photoFileId,
      photoContentType: applicantProfiles.photoContentType,
    })
    .from(users)
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
    .where(and(eq(users.id, applicantId), eq(users.role, 'applicant')));
  if (!row || (row.status !== 'active' && viewerRole !== 'admin')) {
    throw new AppError('not_found', profileTexts.notFound);
  }
  const { photoFileId, photoContentType } = row;
  if (!photoFileId || !photoContentType || !isPhotoContentType(photoContentType)) {
    throw new AppError('not_found', profileTexts.photoMissing);
  }
  const photo = await files.read(photoFileId);
  if (!photo) throw new AppError('not_found', profileTexts.photoMissing);
  return { ...photo, contentType: photoContentType, version: photoFileId };
}
