import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { AUTO_APPROVE_DAYS, AUTO_APPROVE_REMINDER_DAYS } from '~/shared/milestones';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { assignments, milestones } from '../db/schema';
import { notifyCompany } from '../kernels/work/work-notifications';
import { addDays, isoDay } from '../platform/work-calendar';
import { lockMilestoneFor } from './milestone-lock';
import { releaseMilestone } from './release-milestone';

const DAY_MS = 86_400_000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

// The automatic approval (schedule.ts, hourly; decision 035): work the company has left unanswered for
// AUTO_APPROVE_DAYS is approved — released, invoiced, the talent told — as if the company had approved it;
// AUTO_APPROVE_REMINDER_DAYS before, the company is told once (a notification, and its email). Each
// release takes the milestone's lock and moves it from submitted only, so a run that overlaps another,
// or a retry, releases nothing twice; a reminder is stamped in the update that claims it.
export async function approveDueMilestones({ db, now = new Date() }: { db: Database; now?: Date }) {
  const reminded = await db.transaction(async (tx) => {
    const due = await tx
      .update(milestones)
      .set({ approvalRemindedAt: now })
      .where(
        and(
          eq(milestones.status, 'submitted'),
          isNull(milestones.approvalRemindedAt),
          lte(milestones.submittedAt, daysBefore(now, AUTO_APPROVE_DAYS - AUTO_APPROVE_REMINDER_DAYS)),
          // Those about to be approved in this very run need no warning.
          gt(milestones.submittedAt, daysBefore(now, AUTO_APPROVE_DAYS)),
        ),
      )
      .returning({
        id: milestones.id,
        title: milestones.title,
        assignmentId: milestones.assignmentId,
        submittedAt: milestones.submittedAt,
      });
    for (const milestone of due) {
      const [contract] = await tx
        .select({ companyId: assignments.companyId })
        .from(assignments)
        .where(eq(assignments.id, milestone.assignmentId));
      if (!contract || !milestone.submittedAt) continue;
      await notifyCompany(tx, contract.companyId, {
        type: 'milestone_changed',
        title: `Approves itself soon: ${milestone.title}`,
        body: `${milestone.title} was submitted and is approved automatically on ${addDays(isoDay(milestone.submittedAt), AUTO_APPROVE_DAYS)} unless you approve it or request changes first.`,
        link: paths.companyContract.getHref({ id: milestone.assignmentId }),
      });
    }
    return due.length;
  });

  const overdue = await db
    .select({ id: milestones.id })
    .from(milestones)
    .where(and(eq(milestones.status, 'submitted'), lte(milestones.submittedAt, daysBefore(now, AUTO_APPROVE_DAYS))));
  let approved = 0;
  for (const { id } of overdue) {
    const released = await db.transaction(async (tx) => {
      const locked = await lockMilestoneFor(tx, { milestoneId: id, reader: null });
      if (locked.milestone.status !== 'submitted') return false;
      await releaseMilestone({ tx, locked, actorId: null, now });
      return true;
    });
    if (released) approved += 1;
  }
  return { reminded, approved };
}
