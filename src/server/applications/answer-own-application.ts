import { and, eq } from 'drizzle-orm';
import {
  type ApplicantApplication,
  type ApplicantApplicationAction,
  type ApplicationStatus,
  applicantTexts,
  applicationTexts,
} from '~/shared/applications';
import type { Database } from '../db/client';
import { applications } from '../db/schema';
import { moveApplication } from '../kernels/hiring/move-application';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../platform/errors';
import { findApplicantApplication } from './find-applicant-applications';

// What each of the applicant's moves does. Withdraw: any stage before a hire. Accept: the offer becomes a
// hire, and moveApplication makes the assignment on its terms (closing the job once it is filled).
// Decline: the offer is withdrawn with "Declined the offer" in its history. An answer to an offer that was
// never made says so, rather than the state machine's general sentence.
const answers: Record<ApplicantApplicationAction, { to: ApplicationStatus; note?: string; whenNoOffer?: string }> = {
  withdraw: { to: 'withdrawn' },
  'accept-offer': { to: 'hired', whenNoOffer: applicantTexts.noOfferToAccept },
  'decline-offer': {
    to: 'withdrawn',
    note: applicationTexts.declinedOffer,
    whenNoOffer: applicantTexts.noOfferToDecline,
  },
};
const beforeAnOffer: readonly ApplicationStatus[] = ['submitted', 'shortlisted', 'interviewing'];

// The applicant's own move on their own application (someone else's is a 404, as if it did not exist);
// the company is told and the audit log keeps it. Answers the application as it now is.
export async function answerOwnApplication({
  db,
  mailer,
  applicantId,
  applicationId,
  action,
  ipAddress,
}: {
  db: Database;
  mailer?: Mailer;
  applicantId: string;
  applicationId: string;
  action: ApplicantApplicationAction;
  ipAddress?: string;
}): Promise<ApplicantApplication> {
  const { to, note, whenNoOffer } = answers[action];
  if (whenNoOffer) {
    const [row] = await db
      .select({ status: applications.status })
      .from(applications)
      .where(and(eq(applications.id, applicationId), eq(applications.applicantId, applicantId)));
    if (!row) throw new AppError('not_found', applicationTexts.notFound);
    if (beforeAnOffer.includes(row.status)) throw new AppError('conflict', whenNoOffer);
  }
  // From here the state machine decides, guarded by the stage it reads, so a company acting meanwhile
  // wins cleanly.
  await moveApplication({
    db,
    mailer,
    applicationId,
    to,
    note,
    actor: { mover: 'applicant', actorId: applicantId },
    ipAddress,
  });
  const application = await findApplicantApplication({ db, applicantId, id: applicationId });
  if (!application) throw new AppError('not_found', applicationTexts.notFound);
  return application;
}
