import { and, eq, sql } from 'drizzle-orm';
import { cvTexts } from '~/shared/applicant-cv';
import { profileTexts } from '~/shared/talent';
import type { Database } from '../db/client';
import { applicantProfiles, users } from '../db/schema';
import { companyMayReadCv } from '../kernels/profiles/cv-access';
import { AppError } from '../platform/errors';
import type { FileStore, StoredFileContent } from '../platform/file-store';
import { recordAuditEvent } from '../platform/record-audit-event';

// Who asks for a CV: a company user for their company, or an administrator.
export type CvReader = { role: 'company'; companyId: string } | { role: 'admin' };

// An applicant's CV for a company that may read it (kernels/profiles/cv-access.ts) or an administrator, recorded
// in the audit log as it leaves. A suspended applicant's CV is no more there than their profile.
export async function readApplicantCv({
  db,
  files,
  reader,
  actorId,
  ipAddress,
  applicantId,
}: {
  db: Database;
  files: FileStore;
  reader: CvReader;
  actorId: string;
  ipAddress?: string;
  applicantId: string;
}): Promise<StoredFileContent & { name: string }> {
  const [row] = await db
    .select({
      status: users.status,
      cvFileId: applicantProfiles.cvFileId,
      mayRead: reader.role === 'company' ? companyMayReadCv(reader.companyId) : sql<boolean>`true`,
    })
    .from(users)
    .innerJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
    .where(and(eq(users.id, applicantId), eq(users.role, 'applicant')));
  if (!row || (row.status !== 'active' && reader.role !== 'admin')) {
    throw new AppError('not_found', profileTexts.notFound);
  }
  if (!row.cvFileId) throw new AppError('not_found', cvTexts.missing);
  if (!row.mayRead) throw new AppError('forbidden', cvTexts.notPermitted);
  const file = await files.read(row.cvFileId);
  if (!file) throw new AppError('not_found', cvTexts.missing);
  await recordAuditEvent({
    db,
    event: {
      actorId,
      action: 'applicant.cv_downloaded',
      targetType: 'user',
      targetId: applicantId,
      details: {
        ...(reader.role === 'company' && { company_id: reader.companyId }),
        file_name: file.name,
        bytes: file.byteSize,
      },
      ipAddress,
    },
  });
  return { ...file, name: file.name ?? 'CV' };
}
