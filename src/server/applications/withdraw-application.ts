import { type ApplicantApplication, applicationTexts } from '~/shared/applications';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../platform/errors';
import { findApplicantApplication } from './find-applicant-applications';
import { moveApplication } from './move-application';

// The applicant takes their application back (any stage before a hire; 409 from the state machine
// otherwise). The company is told, and the audit log keeps it.
export async function withdrawApplication({
  db,
  mailer,
  applicantId,
  applicationId,
  ipAddress,
}: {
  db: Database;
  mailer?: Mailer;
  applicantId: string;
  applicationId: string;
  ipAddress?: string;
}): Promise<ApplicantApplication> {
  await moveApplication({
    db,
    mailer,
    applicationId,
    to: 'withdrawn',
    actor: { mover: 'applicant', actorId: applicantId },
    ipAddress,
  });
  const application = await findApplicantApplication({ db, applicantId, id: applicationId });
  if (!application) throw new AppError('not_found', applicationTexts.notFound);
  return application;
}
