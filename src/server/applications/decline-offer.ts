import { type ApplicantApplication, applicantTexts, applicationTexts } from '~/shared/applications';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../platform/errors';
import { findApplicantApplication } from './find-applicant-applications';
import { moveApplication } from './move-application';
import { readOwnApplicationStatus } from './read-own-application-status';

// The applicant turns the company's offer down: the application is withdrawn with the note "Declined the
// offer" in its history, and the company is told. Only an application on offer can be declined (a
// withdraw is its own move), so the stage is checked first.
export async function declineOffer({
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
  if (status === 'submitted' || status === 'shortlisted' || status === 'interviewing') {
    throw new AppError('conflict', applicantTexts.noOfferToDecline);
  }
  // From here on the state machine decides: an offer moves to withdrawn; a final stage is refused with
  // its sentence. The move is guarded by the stage it reads, so a company acting meanwhile wins cleanly.
  await moveApplication({
    db,
    mailer,
    applicationId,
    to: 'withdrawn',
    actor: { mover: 'applicant', actorId: applicantId },
    note: applicationTexts.declinedOffer,
    ipAddress,
  });
  const application = await findApplicantApplication({ db, applicantId, id: applicationId });
  if (!application) throw new AppError('not_found', applicationTexts.notFound);
  return application;
}
