import { and, desc, eq, gt, max } from 'drizzle-orm';
import { type Assignment, type ChangeAssignmentTermsInput, workTexts } from '~/shared/billing';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { assignmentTerms, timeEntries, timesheets } from '../db/schema';
import { sendAddendum } from '../kernels/agreements/send-addendum';
import { termsOnDay } from '../kernels/work/assignment-terms';
import {
  findAssignmentFor,
  loadAssignmentView,
  loadTermsHistories,
  type WorkActor,
} from '../kernels/work/assignment-views';
import { ensureFirstTerms } from '../kernels/work/ensure-first-terms';
import { syncTermsMirror } from '../kernels/work/sync-terms-mirror';
import { formatRate, notifyTalent } from '../kernels/work/work-notifications';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { addDays, requireRealDay, weekEndOf } from '../platform/work-calendar';

// A new rate and/or weekly hours from a day on (kept in assignment_terms; one row per day, so a second
// change for the same day replaces the first, on top of it). The talent's pay rate follows the rate.
// Approved weeks keep the terms they were approved under, and hours already logged (or submitted) keep
// the terms they were worked under: a change takes effect from the first day after the last of them, so
// no rate moves under work already done.
export async function changeAssignmentTerms({
  db,
  assignmentId,
  actor,
  input,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  assignmentId: string;
  actor: Exclude<WorkActor, { kind: 'applicant' }>;
  input: ChangeAssignmentTermsInput;
  ipAddress?: string;
  now?: Date;
}): Promise<Assignment> {
  const effectiveDate = requireRealDay(input.effective_date, 'effective date');
  await db.transaction(async (tx) => {
    const assignment = await findAssignmentFor({ db: tx, assignmentId, actor, lock: true, hourly: true });
    if (assignment.status === 'ended') throw new AppError('conflict', workTexts.endedNoTermsChange);
    if (effectiveDate < assignment.startDate) {
      const message = workTexts.termsBeforeStart(assignment.startDate);
      throw new AppError('validation', message, { effective_date: message });
    }
    const [lastApproved] = await tx
      .select({ weekStart: timesheets.weekStart })
      .from(timesheets)
      .where(and(eq(timesheets.assignmentId, assignment.id), eq(timesheets.status, 'approved')))
      .orderBy(desc(timesheets.weekStart))
      .limit(1);
    if (lastApproved && effectiveDate <= weekEndOf(lastApproved.weekStart)) {
      const lastDay = weekEndOf(lastApproved.weekStart);
      throw new AppError('conflict', workTexts.termsInApprovedWeek(lastDay, addDays(lastDay, 1)));
    }
    const [lastLogged] = await tx
      .select({ day: max(timeEntries.workDate) })
      .from(timeEntries)
      .innerJoin(timesheets, eq(timesheets.id, timeEntries.timesheetId))
      .where(and(eq(timesheets.assignmentId, assignment.id), gt(timeEntries.minutes, 0)));
    if (lastLogged?.day && effectiveDate <= lastLogged.day) {
      const message = workTexts.termsOverLoggedHours(lastLogged.day, addDays(lastLogged.day, 1));
      throw new AppError('conflict', message, { effective_date: message });
    }
    await ensureFirstTerms({ db: tx, assignment });
    const before = (await loadTermsHistories(tx, [assignment])).get(assignment.id) ?? [];
    const base = termsOnDay(before, effectiveDate);
    const terms = {
      rateCents: input.rate_cents ?? base.rateCents,
      payRateCents: input.rate_cents ?? base.payRateCents,
      weeklyHours: input.weekly_hours ?? base.weeklyHours,
    };
    await tx
      .insert(assignmentTerms)
      .values({ assignmentId: assignment.id, effectiveDate, createdBy: actor.actorId, createdAt: now, ...terms })
      .onConflictDoUpdate({
        target: [assignmentTerms.assignmentId, assignmentTerms.effectiveDate],
        set: { ...terms, createdBy: actor.actorId, createdAt: now },
      });
    const after = (await loadTermsHistories(tx, [assignment])).get(assignment.id) ?? [];
    await syncTermsMirror({ db: tx, assignment, history: after, now });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: actor.actorId,
        action: 'assignment.terms_changed',
        targetType: 'assignment',
        targetId: assignment.id,
        details: {
          effective_date: effectiveDate,
          rate_cents: terms.rateCents,
          weekly_hours: terms.weeklyHours,
          previous: { rate_cents: base.rateCents, weekly_hours: base.weeklyHours },
        },
        ipAddress,
      },
    });
    // A hire who signed agreements signs the change too (decision 056).
    await sendAddendum({
      tx,
      assignmentId: assignment.id,
      change: { startDate: effectiveDate, rateCents: terms.rateCents, weeklyHours: terms.weeklyHours },
      actorId: actor.actorId,
      now,
    });
    await notifyTalent(tx, assignment.applicantId, {
      type: 'assignment_changed',
      title: `New terms for ${assignment.role}`,
      body: `From ${effectiveDate}: ${formatRate(terms.rateCents)}, ${terms.weeklyHours} hours a week.`,
      link: paths.applicantApplications.getHref(),
    });
  });
  return loadAssignmentView({ db, id: assignmentId, now });
}
