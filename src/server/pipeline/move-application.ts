import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type ApplicationMover,
  type ApplicationStatus,
  applicationStatusLabels,
  applicationTexts,
  canMoveApplication,
  illegalApplicationMoveMessage,
} from '~/shared/applications';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { type ApplicationHistoryEntry, applications, companyMembers, jobs, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import type { RenderedEmail } from '../mail/templates/compose-email';
import { hiredEmail } from '../mail/templates/hired';
import { offerAcceptedEmail } from '../mail/templates/offer-accepted';
import { offerMadeEmail } from '../mail/templates/offer-made';
import { AppError } from '../platform/errors';
import { type Notification, notify } from '../platform/notify';
import { openAssignment } from '../platform/open-assignment';
import { type AuditAction, recordAuditEvent } from '../platform/record-audit-event';

export interface OfferTerms {
  rateCents: number;
  weeklyHours: number;
  startDate: string;
}

// Who is moving the application: a member of the job's company, or the applicant who owns it.
export type ApplicationActor =
  | { mover: 'company'; actorId: string; companyId: string }
  | { mover: 'applicant'; actorId: string };

export interface MovedApplication {
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

// Moves one application along the pipeline of DESIGN.md §5 (or refuses: 404 outside the actor's reach,
// 409 with a sentence for a move the state machine forbids). In one transaction: the stage and its
// history, the offer's terms, the assignment an accepted offer makes, the job closing once its openings
// are filled, the notifications and the audit row. The update is guarded by the stage it read, so two
// people acting at once cannot both move it from the same place. Offer and hire emails go out after.
export async function moveApplication({
  db,
  mailer,
  applicationId,
  to,
  actor,
  offer,
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
  actor: ApplicationActor;
  // Required when moving to offered.
  offer?: OfferTerms;
  // What the applicant reads when rejected; a neutral default otherwise.
  rejectionReason?: string;
  // Kept in the history entry ("Declined the offer").
  note?: string;
  ipAddress?: string;
  auditDetails?: Record<string, unknown>;
  now?: Date;
}): Promise<MovedApplication> {
  const emails: Array<{ to: string; email: RenderedEmail }> = [];
  const moved = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        id: applications.id,
        status: applications.status,
        applicantId: applications.applicantId,
        jobId: applications.jobId,
        jobTitle: jobs.title,
        jobStatus: jobs.status,
        openings: jobs.openings,
        companyId: jobs.companyId,
        offerRateCents: applications.offerRateCents,
        offerWeeklyHours: applications.offerWeeklyHours,
        offerStartDate: applications.offerStartDate,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(
        and(
          eq(applications.id, applicationId),
          actor.mover === 'company' ? eq(jobs.companyId, actor.companyId) : eq(applications.applicantId, actor.actorId),
        ),
      )
      .for('update', { of: applications });
    if (!current) throw new AppError('not_found', applicationTexts.notFound);
    const from = current.status;
    if (!canMoveApplication(from, to, actor.mover)) {
      throw new AppError('conflict', illegalApplicationMoveMessage(from, to));
    }
    if (to === 'offered' && !offer)
      throw new AppError('validation', 'An offer needs a rate, weekly hours and a start date.');

    const entry: ApplicationHistoryEntry = {
      status: to,
      at: now.toISOString(),
      by: actor.actorId,
      ...(note ? { note } : {}),
    };
    const [updated] = await tx
      .update(applications)
      .set({
        status: to,
        history: sql`${applications.history} || ${JSON.stringify([entry])}::jsonb`,
        updatedAt: now,
        ...(to === 'offered' && offer
          ? {
              offeredAt: now,
              offerRateCents: offer.rateCents,
              offerWeeklyHours: offer.weeklyHours,
              offerStartDate: offer.startDate,
            }
          : {}),
        ...(to === 'hired' ? { hiredAt: now } : {}),
        ...(to === 'rejected'
          ? { rejectionReason: rejectionReason?.trim() || applicationTexts.defaultRejectionReason }
          : {}),
      })
      .where(and(eq(applications.id, applicationId), eq(applications.status, from)))
      .returning({ id: applications.id });
    if (!updated)
      throw new AppError('conflict', 'This application changed while you were looking at it. Reload and try again.');

    const [applicant] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, current.applicantId));
    const members = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, current.companyId));
    const applicantName = applicant?.name ?? 'The applicant';
    const applicantLink = paths.applicantApplications.getHref();
    const companyLink = paths.companyJob.getHref({ id: current.jobId });
    const toCompany = (item: Omit<Notification, 'userId'>) => members.map((member) => ({ ...item, userId: member.id }));

    let assignmentId: string | null = null;
    let jobFilled = false;
    const notes: Notification[] = [];
    if (actor.mover === 'company') {
      notes.push(
        to === 'offered'
          ? {
              userId: current.applicantId,
              type: 'offer_made',
              title: `Offer for ${current.jobTitle}`,
              body: 'You have an offer. Open My Applications to accept or decline it.',
              link: applicantLink,
            }
          : {
              userId: current.applicantId,
              type: 'application_stage_changed',
              title: `${current.jobTitle}: ${applicationStatusLabels[to]}`,
              body:
                to === 'rejected'
                  ? rejectionReason?.trim() || applicationTexts.defaultRejectionReason
                  : `Your application moved to ${applicationStatusLabels[to]}.`,
              link: applicantLink,
            },
      );
      if (to === 'offered' && applicant && offer) {
        emails.push({
          to: applicant.email,
          email: offerMadeEmail({ name: applicantName, jobTitle: current.jobTitle, ...offer }),
        });
      }
    } else if (to === 'hired') {
      // Offers made before their terms were kept (none through the API) cannot become an assignment.
      if (current.offerRateCents == null || current.offerWeeklyHours == null || current.offerStartDate == null) {
        throw new AppError(
          'conflict',
          'This offer has no rate, hours or start date yet: ask the company to make it again.',
        );
      }
      // The offer's terms open the assignment; it starts when the company starts it.
      assignmentId = await openAssignment(tx, {
        companyId: current.companyId,
        applicantId: current.applicantId,
        jobId: current.jobId,
        applicationId: current.id,
        role: current.jobTitle,
        rateCents: current.offerRateCents,
        weeklyHours: current.offerWeeklyHours,
        startDate: current.offerStartDate,
        createdBy: actor.actorId,
        now,
      });
      await recordAuditEvent({
        db: tx,
        event: {
          actorId: actor.actorId,
          action: 'assignment.created',
          targetType: 'assignment',
          targetId: assignmentId ?? undefined,
          details: { application_id: current.id, job_id: current.jobId },
          ipAddress,
        },
      });
      notes.push(
        ...toCompany({
          type: 'offer_accepted',
          title: `${applicantName} accepted your offer`,
          body: `${applicantName} is hired for ${current.jobTitle}.`,
          link: companyLink,
        }),
      );
      for (const member of members) {
        emails.push({
          to: member.email,
          email: offerAcceptedEmail({
            name: member.name,
            applicantName,
            jobTitle: current.jobTitle,
            startDate: current.offerStartDate,
          }),
        });
      }
      if (applicant) {
        emails.push({
          to: applicant.email,
          email: hiredEmail({ name: applicantName, jobTitle: current.jobTitle, startDate: current.offerStartDate }),
        });
      }
      // Filling the last opening closes the job, so nobody applies to a post that is filled.
      const [hires] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(applications)
        .where(and(eq(applications.jobId, current.jobId), eq(applications.status, 'hired')));
      if ((hires?.count ?? 0) >= current.openings && (current.jobStatus === 'open' || current.jobStatus === 'paused')) {
        await tx
          .update(jobs)
          .set({ status: 'closed', closedAt: now, updatedAt: now })
          .where(and(eq(jobs.id, current.jobId), inArray(jobs.status, ['open', 'paused'])));
        jobFilled = true;
        await recordAuditEvent({
          db: tx,
          event: {
            actorId: actor.actorId,
            action: 'job.filled',
            targetType: 'job',
            targetId: current.jobId,
            details: { openings: current.openings },
            ipAddress,
          },
        });
        notes.push(
          ...toCompany({
            type: 'job_filled',
            title: `${current.jobTitle} is filled`,
            body: 'Every opening is filled, so the job is closed to new applications.',
            link: companyLink,
          }),
        );
      }
    } else if (from === 'offered') {
      notes.push(
        ...toCompany({
          type: 'offer_declined',
          title: `${applicantName} declined your offer`,
          body: `${applicantName} declined the offer for ${current.jobTitle}.`,
          link: companyLink,
        }),
      );
    } else {
      notes.push(
        ...toCompany({
          type: 'application_withdrawn',
          title: `${applicantName} withdrew their application`,
          body: `${applicantName} withdrew from ${current.jobTitle}.`,
          link: companyLink,
        }),
      );
    }
    await notify(tx, notes);

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
    return { id: current.id, jobId: current.jobId, from, status: to, assignmentId, jobFilled };
  });

  if (mailer) {
    for (const { to, email } of emails) await mailer.send(to, email);
  }
  return moved;
}
