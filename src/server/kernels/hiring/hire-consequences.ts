import { paths } from '~/shared/routes';
import { hiredEmail } from '../../mail/templates/hired';
import { offerAcceptedEmail } from '../../mail/templates/offer-accepted';
import { AppError } from '../../platform/errors';
import { recordAuditEvent } from '../../platform/record-audit-event';
import { attachAgreementsToAssignment } from '../agreements/attach-agreements-to-assignment';
import { closeFilledJob } from './close-filled-job';
import { type MoveConsequences, type MoveContext, noConsequences, toCompany } from './move-consequences';
import { loadOfferMilestones } from './offer-milestones';
import { openAssignment } from './open-assignment';

// The applicant accepted the offer: its terms open the assignment (pending until its start date comes,
// when it starts by itself, work/start-due-assignments.ts, unless the company has started it), the
// company and the applicant are told, and filling the last opening closes the job.
export async function hireConsequences(context: MoveContext): Promise<MoveConsequences> {
  const { tx, application, actorId, applicant, applicantName, members, ipAddress, now } = context;
  const { offerRateCents, offerWeeklyHours, offerStartDate } = application;
  // A fixed-price offer's milestones become the contract's (decision 035).
  const offered = (await loadOfferMilestones(tx, [application.id])).get(application.id) ?? [];
  const terms =
    offerRateCents != null && offerWeeklyHours != null
      ? { rateCents: offerRateCents, weeklyHours: offerWeeklyHours }
      : offered.length > 0
        ? { milestones: offered }
        : null;
  // Offers made before their terms were kept (none through the API) cannot become an assignment.
  if (terms === null || offerStartDate == null) {
    throw new AppError(
      'conflict',
      'This offer has no rate, hours or start date yet: ask the company to make it again.',
    );
  }
  const consequences = noConsequences();
  const link = paths.companyJob.getHref({ id: application.jobId });
  consequences.assignmentId = await openAssignment({
    tx,
    assignment: {
      companyId: application.companyId,
      applicantId: application.applicantId,
      jobId: application.jobId,
      applicationId: application.id,
      role: application.jobTitle,
      ...terms,
      startDate: offerStartDate,
      createdBy: actorId,
      now,
    },
  });
  // The agreements the offer sent now hold this assignment's work until they are signed (decision 056).
  if (consequences.assignmentId) {
    await attachAgreementsToAssignment(tx, { applicationId: application.id, assignmentId: consequences.assignmentId });
  }
  await recordAuditEvent({
    db: tx,
    event: {
      actorId,
      action: 'assignment.created',
      targetType: 'assignment',
      targetId: consequences.assignmentId ?? undefined,
      details: { application_id: application.id, job_id: application.jobId },
      ipAddress,
    },
  });
  consequences.notifications.push(
    ...toCompany(members, {
      type: 'offer_accepted',
      title: `${applicantName} accepted your offer`,
      body: `${applicantName} is hired for ${application.jobTitle}.`,
      link,
    }),
  );
  for (const member of members) {
    consequences.emails.push({
      to: member.email,
      email: offerAcceptedEmail({
        name: member.name,
        applicantName,
        jobTitle: application.jobTitle,
        startDate: offerStartDate,
      }),
    });
  }
  if (applicant) {
    consequences.emails.push({
      to: applicant.email,
      email: hiredEmail({ name: applicantName, jobTitle: application.jobTitle, startDate: offerStartDate }),
    });
  }
  if (await closeFilledJob({ tx, jobId: application.jobId, actorId, ipAddress, now })) {
    consequences.jobFilled = true;
    consequences.notifications.push(
      ...toCompany(members, {
        type: 'job_filled',
        title: `${application.jobTitle} is filled`,
        body: 'Every opening is filled, so the job is closed to new applications.',
        link,
      }),
    );
  }
  return consequences;
}
