import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type ApplicationMover,
  type ApplicationStatus,
  applicationTexts,
  canMoveApplication,
  illegalApplicationMoveMessage,
} from '~/shared/applications';
import { currencyOf } from '~/shared/currencies';
import { type InterviewStage, interviewStageTexts } from '~/shared/interview-stages';
import { milestoneTexts } from '~/shared/milestones';
import type { OfferedMilestone, OfferTerms } from '~/shared/offered-milestones';
import { fillTemplate, firstNameOf } from '~/shared/template-placeholders';
import type { Database } from '../../db/client';
import { type ApplicationHistoryEntry, applications, companies, jobs, offerMilestones, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { AppError, validationError } from '../../platform/errors';
import { type AuditAction, recordAuditEvent } from '../../platform/record-audit-event';
import { sendOfferAgreements } from '../agreements/send-offer-agreements';
import { voidOpenAgreements } from '../agreements/void-open-agreements';
import { emitWebhookEvent } from '../integrations/emit-webhook-event';
import { companyRecipients } from '../notices/company-recipients';
import { notify } from '../notices/notify';
import { applicantLeaveConsequences } from './applicant-leave-consequences';
import { assignStageTest } from './assign-stage-test';
import { companyMoveConsequences } from './company-move-consequences';
import { hireConsequences } from './hire-consequences';
import type { MoveConsequences, MoveContext } from './move-consequences';

const changedMeanwhile = 'This application changed while you were looking at it. Reload and try again.';

// Who is moving the application: a member of the job's company, or the applicant who owns it.
type ApplicationActor =
  | { mover: 'company'; actorId: string; companyId: string }
  | { mover: 'applicant'; actorId: string };

interface MovedApplication {
  id: string;
  jobId: string;
  from: ApplicationStatus;
  status: ApplicationStatus;
  // Made when an accepted offer turns into a hire.
  assignmentId: string | null;
  // The job closed because this hire filled its last opening.
  jobFilled: boolean;
}

const auditActionOf = (to: ApplicationStatus, mover: ApplicationMover): AuditAction => {
  if (to === 'offered') return 'application.offered';
  if (to === 'hired') return 'application.offer_accepted';
  if (to === 'withdrawn') return mover === 'applicant' ? 'application.withdrawn' : 'application.moved';
  return 'application.moved';
};

// Moves one application along the pipeline (docs/design.md §5) (or refuses: 404 outside the actor's reach,
// 409 with a sentence for a move the state machine forbids). In one transaction: the stage and its
// history, the offer's terms, what the stage sets off (notifications; for a hire the assignment and the job
// closing once its openings are filled: the *-consequences.ts files), and the audit row. The update is guarded by the stage it read, so two
// people acting at once cannot both move it from the same place. Offer and hire emails go out after.
export async function moveApplication({
  db,
  mailer,
  applicationId,
  to,
  interviewStageId,
  actor,
  offer,
  offerAgreements = [],
  rejectionReason,
  note,
  ipAddress,
  auditDetails = {},
  now = new Date(),
}: {
  db: Database;
  mailer?: Mailer;
  applicationId: string;
  to: ApplicationStatus;
  // Into Interviewing: which of the job's interview stages (the first when not given); within
  // Interviewing, the stage it moves to.
  interviewStageId?: string;
  actor: ApplicationActor;
  // Required when moving to offered.
  offer?: OfferTerms;
  // The agreements the offer sends (template references, decision 056).
  offerAgreements?: string[];
  // What the applicant reads when rejected; a neutral default otherwise.
  rejectionReason?: string;
  // Kept in the history entry ("Declined the offer").
  note?: string;
  ipAddress?: string;
  auditDetails?: Record<string, unknown>;
  now?: Date;
}): Promise<MovedApplication> {
  const emails: MoveConsequences['emails'] = [];
  const moved = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        id: applications.id,
        status: applications.status,
        interviewStageId: applications.interviewStageId,
        applicantId: applications.applicantId,
        jobId: applications.jobId,
        jobTitle: jobs.title,
        interviewStages: jobs.interviewStages,
        jobStatus: jobs.status,
        openings: jobs.openings,
        engagementType: jobs.engagementType,
        companyId: jobs.companyId,
        currency: companies.billingCurrency,
        offerRateCents: applications.offerRateCents,
        offerWeeklyHours: applications.offerWeeklyHours,
        offerStartDate: applications.offerStartDate,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(
        and(
          eq(applications.id, applicationId),
          actor.mover === 'company' ? eq(jobs.companyId, actor.companyId) : eq(applications.applicantId, actor.actorId),
        ),
      )
      .for('update', { of: applications });
    if (!current) throw new AppError('not_found', applicationTexts.notFound);
    const from = current.status;
    if (interviewStageId !== undefined && to !== 'interviewing') {
      throw validationError({ stage_id: interviewStageTexts.stageOnlyForInterviewing });
    }
    // Into or within Interviewing: the stage asked for, else the job's first (none on a job without stages).
    const stage =
      to !== 'interviewing'
        ? undefined
        : interviewStageId === undefined
          ? current.interviewStages[0]
          : current.interviewStages.find((candidate) => candidate.id === interviewStageId);
    if (interviewStageId !== undefined && !stage) throw validationError({ stage_id: interviewStageTexts.unknownStage });
    if (
      from === 'interviewing' &&
      to === 'interviewing' &&
      interviewStageId !== undefined &&
      stage &&
      actor.mover === 'company'
    ) {
      await moveBetweenInterviewStages({ tx, current, stage, actorId: actor.actorId, ipAddress, auditDetails, now });
      return { id: current.id, jobId: current.jobId, from, status: to, assignmentId: null, jobFilled: false };
    }
    if (!canMoveApplication(from, to, actor.mover)) {
      throw new AppError('conflict', illegalApplicationMoveMessage(from, to));
    }
    if (to === 'offered' && !offer)
      throw new AppError('validation', 'An offer needs a rate, weekly hours and a start date.');
    // A fixed-price job is offered as milestones, an hourly one as a rate (decision 035).
    if (offer && current.engagementType === 'fixed' && !offer.milestones) {
      throw new AppError('conflict', milestoneTexts.fixedPriceJob);
    }
    if (offer && current.engagementType === 'hourly' && offer.milestones) {
      throw new AppError('conflict', milestoneTexts.hourlyJob);
    }

    const [applicant] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, current.applicantId));
    // A reason is written once for every applicant rejected with it: its placeholders are this one's.
    let reason: string | undefined;
    if (to === 'rejected' && rejectionReason?.trim()) {
      const [company] = await tx
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, current.companyId));
      reason = fillTemplate(rejectionReason.trim(), {
        first_name: firstNameOf(applicant?.name ?? ''),
        job_title: current.jobTitle,
        company_name: company?.name ?? '',
      });
    }

    const entry: ApplicationHistoryEntry = {
      status: to,
      at: now.toISOString(),
      by: actor.actorId,
      ...(note ? { note } : {}),
      ...(stage ? { interview_stage: stage.name } : {}),
    };
    const [updated] = await tx
      .update(applications)
      .set({
        status: to,
        // Set only while in Interviewing on a job with stages (shared/interview-stages.ts).
        interviewStageId: stage?.id ?? null,
        history: sql`${applications.history} || ${JSON.stringify([entry])}::jsonb`,
        updatedAt: now,
        ...(to === 'offered' && offer
          ? {
              offeredAt: now,
              offerRateCents: offer.rateCents ?? null,
              offerWeeklyHours: offer.weeklyHours ?? null,
              offerStartDate: offer.startDate,
            }
          : {}),
        ...(to === 'hired' ? { hiredAt: now } : {}),
        ...(to === 'rejected' ? { rejectionReason: reason || applicationTexts.defaultRejectionReason } : {}),
      })
      .where(and(eq(applications.id, applicationId), eq(applications.status, from)))
      .returning({ id: applications.id });
    if (!updated) throw new AppError('conflict', changedMeanwhile);
    if (to === 'offered' && offer) await replaceOfferMilestones(tx, applicationId, offer.milestones ?? []);
    // An offer sends its agreements; one no longer open voids those nobody finished signing.
    const agreementTitles =
      to === 'offered' && offer
        ? await sendOfferAgreements({
            tx,
            application: { ...current, currency: currencyOf(current.currency) },
            offer,
            templates: offerAgreements,
            actorId: actor.actorId,
            now,
          })
        : [];
    if (from === 'offered' && to !== 'hired' && to !== 'offered') {
      await voidOpenAgreements(tx, { applicationId, actorId: actor.actorId, now });
    }
    if (stage) await sendStageTest(tx, stage, current, now);

    // Who hears of what the applicant does: the job's hiring team, or every member who may read applications.
    const recipientIds = await companyRecipients({
      db: tx,
      companyId: current.companyId,
      permission: 'read:job_application:own',
      jobId: current.jobId,
    });
    const members =
      recipientIds.length === 0
        ? []
        : await tx
            .select({ id: users.id, email: users.email, name: users.name })
            .from(users)
            .where(inArray(users.id, recipientIds));
    const context: MoveContext = {
      tx,
      application: { ...current, currency: currencyOf(current.currency) },
      from,
      to,
      mover: actor.mover,
      actorId: actor.actorId,
      applicant,
      applicantName: applicant?.name ?? 'The applicant',
      members,
      offer,
      agreementTitles,
      rejectionReason: reason,
      ipAddress,
      now,
    };
    const { notifications, emails: moveEmails, assignmentId, jobFilled } = await consequencesOf(context);
    emails.push(...moveEmails);
    await notify({ db: tx, items: notifications });

    await recordAuditEvent({
      db: tx,
      event: {
        actorId: actor.actorId,
        action:
          from === 'offered' && to === 'withdrawn' ? 'application.offer_declined' : auditActionOf(to, actor.mover),
        targetType: 'application',
        targetId: current.id,
        details: { from, to, job_id: current.jobId, ...auditDetails },
        ipAddress,
      },
    });
    const ids = { application_id: current.id, job_id: current.jobId, applicant_id: current.applicantId };
    await emitWebhookEvent({
      db: tx,
      companyId: current.companyId,
      type: 'application.moved',
      data: { ...ids, from_status: from, to_status: to },
    });
    if (to === 'hired' && assignmentId) {
      await emitWebhookEvent({
        db: tx,
        companyId: current.companyId,
        type: 'offer.accepted',
        data: { ...ids, assignment_id: assignmentId },
      });
    }
    return { id: current.id, jobId: current.jobId, from, status: to, assignmentId, jobFilled };
  });

  if (mailer) {
    for (const { to, email } of emails) await mailer.send(to, email);
  }
  return moved;
}

// Within Interviewing, from one of the job's interview stages to another: the applicant still reads
// Interviewing, so nobody is told (nor a webhook: its status stays); the history and the audit log keep the
// step, and the stage's test goes out.
async function moveBetweenInterviewStages({
  tx,
  current,
  stage,
  actorId,
  ipAddress,
  auditDetails,
  now,
}: {
  tx: Database;
  current: {
    id: string;
    jobId: string;
    jobTitle: string;
    applicantId: string;
    interviewStageId: string | null;
    interviewStages: InterviewStage[];
  };
  stage: InterviewStage;
  actorId: string;
  ipAddress?: string;
  auditDetails: Record<string, unknown>;
  now: Date;
}) {
  if (stage.id === current.interviewStageId) throw new AppError('conflict', interviewStageTexts.sameStage);
  const entry: ApplicationHistoryEntry = {
    status: 'interviewing',
    at: now.toISOString(),
    by: actorId,
    interview_stage: stage.name,
  };
  const [updated] = await tx
    .update(applications)
    .set({
      interviewStageId: stage.id,
      history: sql`${applications.history} || ${JSON.stringify([entry])}::jsonb`,
      updatedAt: now,
    })
    .where(and(eq(applications.id, current.id), eq(applications.status, 'interviewing')))
    .returning({ id: applications.id });
  if (!updated) throw new AppError('conflict', changedMeanwhile);
  const testSent = await sendStageTest(tx, stage, current, now);
  const fromStage = current.interviewStages.find((candidate) => candidate.id === current.interviewStageId);
  await recordAuditEvent({
    db: tx,
    event: {
      actorId,
      action: 'application.moved',
      targetType: 'application',
      targetId: current.id,
      details: {
        from: 'interviewing',
        to: 'interviewing',
        job_id: current.jobId,
        from_stage: fromStage?.name ?? null,
        to_stage: stage.name,
        ...(testSent && { stage_test_sent: stage.test_id }),
        ...auditDetails,
      },
      ipAddress,
    },
  });
}

// The test an interview stage sends as an application enters it (shared/interview-stages.ts).
function sendStageTest(
  tx: Database,
  stage: InterviewStage,
  application: { id: string; jobId: string; jobTitle: string; applicantId: string },
  now: Date,
): Promise<boolean> {
  if (!stage.test_id) return Promise.resolve(false);
  return assignStageTest({
    db: tx,
    testId: stage.test_id,
    jobId: application.jobId,
    jobTitle: application.jobTitle,
    applicationId: application.id,
    applicantId: application.applicantId,
    now,
  });
}

// Each stage's consequences live in their own file.
function consequencesOf(context: MoveContext): Promise<MoveConsequences> | MoveConsequences {
  if (context.mover === 'company') return companyMoveConsequences(context);
  if (context.to === 'hired') return hireConsequences(context);
  return applicantLeaveConsequences(context);
}

// An offer's milestones replace those of an offer made before (an hourly offer has none).
async function replaceOfferMilestones(tx: Database, applicationId: string, milestones: readonly OfferedMilestone[]) {
  await tx.delete(offerMilestones).where(eq(offerMilestones.applicationId, applicationId));
  if (milestones.length === 0) return;
  await tx.insert(offerMilestones).values(
    milestones.map((milestone, index) => ({
      applicationId,
      position: index + 1,
      title: milestone.title,
      description: milestone.description,
      amountCents: milestone.amount_cents,
      dueDate: milestone.due_date,
    })),
  );
}
