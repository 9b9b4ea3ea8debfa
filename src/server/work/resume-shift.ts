import { eq } from 'drizzle-orm';
import { type ClockState, workTexts } from '~/shared/billing';
import { clockSessions } from '../db/schema';
import { AppError } from '../platform/errors';
import { type ClockMove, lockOpenShift } from './clock-break';
import { minutesBetween } from './clock-minutes';
import { clockStateOf } from './clock-state';

export async function resumeShift({ db, applicantId, assignmentId, now = new Date() }: ClockMove): Promise<ClockState> {
  return db.transaction(async (tx) => {
    const shift = await lockOpenShift(tx, applicantId, assignmentId);
    if (!shift.breakStartedAt) throw new AppError('conflict', workTexts.notOnBreak);
    const [resumed] = await tx
      .update(clockSessions)
      .set({ breakStartedAt: null, breakMinutes: shift.breakMinutes + minutesBetween(shift.breakStartedAt, now) })
      .where(eq(clockSessions.id, shift.id))
      .returning();
    return clockStateOf(shift.assignmentId, resumed, now);
  });
}
