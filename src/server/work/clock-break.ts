import { eq } from 'drizzle-orm';
import { type ClockState, workTexts } from '~/shared/billing';
import type { Database } from '../db/client';
import { clockSessions } from '../db/schema';
import { findAssignmentFor } from '../kernels/work/assignment-views';
import { AppError } from '../platform/errors';
import { clockStateOf, findOpenShift } from './clock-state';

export interface ClockMove {
  db: Database;
  applicantId: string;
  assignmentId: string;
  now?: Date;
}

// The talent's open shift on one of their assignments, locked, or a sentence saying there is none.
export async function lockOpenShift(db: Database, applicantId: string, assignmentId: string) {
  const assignment = await findAssignmentFor({
    db,
    assignmentId,
    actor: { kind: 'applicant', actorId: applicantId },
    hourly: true,
  });
  const shift = await findOpenShift(db, assignment.id, { lock: true });
  if (!shift) throw new AppError('conflict', workTexts.notClockedIn);
  return shift;
}

// A break stops the shift's worked minutes until the talent resumes (or clocks out).
export async function takeBreak({ db, applicantId, assignmentId, now = new Date() }: ClockMove): Promise<ClockState> {
  return db.transaction(async (tx) => {
    const shift = await lockOpenShift(tx, applicantId, assignmentId);
    if (shift.breakStartedAt) throw new AppError('conflict', workTexts.alreadyOnBreak);
    const [onBreak] = await tx
      .update(clockSessions)
      .set({ breakStartedAt: now })
      .where(eq(clockSessions.id, shift.id))
      .returning();
    return clockStateOf(shift.assignmentId, onBreak, now);
  });
}
