import { and, eq } from 'drizzle-orm';
import { isPhotoContentType, type PhotoContentType, profileTexts } from '~/shared/talent';
import type { Database } from '../db/client';
import { applicantProfiles, users } from '../db/schema';
import { AppError } from '../platform/errors';
import { readPhotoFile } from './photo-files';

// An applicant's photo: its bytes, the content type it was stored with, and its file name (the version
// its address carries).
export async function readApplicantPhoto({
  db,
  photosDirectory,
  applicantId,
}: {
  db: Database;
  photosDirectory: string;
  applicantId: string;
}): Promise<{ content: Buffer; contentType: PhotoContentType; version: string }> {
  const [row] = await db
    .select({ photoFile: applicantProfiles.photoFile, photoContentType: applicantProfiles.photoContentType })
    .from(users)
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
    .where(and(eq(users.id, applicantId), eq(users.role, 'applicant')));
  if (!row) throw new AppError('not_found', profileTexts.notFound);
  const { photoFile, photoContentType } = row;
  if (!photoFile || !photoContentType || !isPhotoContentType(photoContentType)) {
    throw new AppError('not_found', profileTexts.photoMissing);
  }
  const content = await readPhotoFile(photosDirectory, photoFile);
  if (!content) throw new AppError('not_found', profileTexts.photoMissing);
  return { content, contentType: photoContentType, version: photoFile.replace(/\.\w+$/, '') };
}
