import { type ApplicantApplication, applicantTexts, applicationTexts } from '~/shared/applications';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../platform/errors';
import { findApplicantApplication } from './find-applicant-applications';
import { moveApplication } from './move-application';
import { readOwnApplicationStatus } from './read-own-application-status';

// The applicant accepts the company's offer: the application is hired, and moveApplication makes the
// assignment on the offer's terms (and closes the job once its openings are filled).
export async function acceptOffer({
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
  const status = await readOwnApplicationStatus({ db, applicantId, applicationId });
  // Still on its way to an offer: say so, rather than the state machine's general sentence. The final
  // stages get the state machine's own (hired already, withdrawn, not selected).
  if (status === 'submitted' || status === 'shortlisted' || status === 'interviewing') {
    throw new AppError('conflict', applicantTexts.noOfferToAccept);
  }
  await moveApplication({
    db,
    mailer,
    applicationId,
    to: 'hired',
    actor: { mover: 'applicant', actorId: applicantId },
    ipAddress,
  });
  const application = await findApplicantApplication({ db, applicantId, id: applicationId });
  if (!application) throw new AppError('not_found', applicationTexts.notFound);
  return application;
}
