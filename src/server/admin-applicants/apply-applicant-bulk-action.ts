import { and, eq, inArray } from 'drizzle-orm';
import { type ApplicantBulkAction, type ApplicantBulkResult, adminApplicantTexts } from '~/shared/admin-applicants';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { anonymizeAccount } from '../kernels/identity/anonymize-account';
import { setApplicantStatus } from '../kernels/identity/set-applicant-status';
import { AppError } from '../platform/errors';
import type { FileStore } from '../platform/file-store';
import { recordAuditEvent } from '../platform/record-audit-event';
import { selectApplicants } from './find-admin-applicants';

// Bulk Suspend, Activate and Remove of Applicant Management. Suspend signs the applicant out at once
// (returning who, for the caller to tell their open tabs) and takes them out of Talent Search (talent-search/candidate-views.ts finds active users only); they
// cannot sign in while suspended. Remove erases the account by anonymisation (the row stays for the
// records that point at it, with no personal data). One audit row per applicant changed.
export async function applyApplicantBulkAction({
  db,
  action,
  applicantIds,
  actorId,
  files,
  ipAddress,
}: {
  db: Database;
  action: ApplicantBulkAction;
  applicantIds: string[];
  actorId: string;
  files: FileStore;
  ipAddress?: string;
}): Promise<{ result: ApplicantBulkResult; signedOutUserIds: string[] }> {
  const ids = [...new Set(applicantIds)];
  const found = await selectApplicants(db).where(and(inArray(users.id, ids), eq(users.role, 'applicant')));
  if (found.length !== ids.length) throw new AppError('not_found', adminApplicantTexts.someNotFound);

  let changed = 0;
  const signedOutUserIds: string[] = [];
  for (const applicant of found) {
    if (action === 'remove') {
      await anonymizeAccount({ db, files, userId: applicant.id, actorId, ipAddress });
      await recordAuditEvent({
        db,
        event: {
          actorId,
          action: 'applicant.removed',
          targetType: 'user',
          targetId: applicant.id,
          details: { before: { status: applicant.status, name: applicant.name }, after: { status: 'removed' } },
          ipAddress,
        },
      });
      changed += 1;
      continue;
    }
    const after = action === 'suspend' ? 'suspended' : 'active';
    if (applicant.status === after) continue;
    const { signedOutUserIds: signedOut } = await setApplicantStatus({
      db,
      applicant,
      status: after,
      actorId,
      ipAddress,
    });
    signedOutUserIds.push(...signedOut);
    changed += 1;
  }
  return { result: { changed }, signedOutUserIds };
}
