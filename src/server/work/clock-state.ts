import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ClockState } from '~/shared/billing';
import type { Database } from '../db/client';
import { assignments, clockSessions } from '../db/schema';
import { minutesBetween } from './clock-minutes';

export type ClockSessionRow = typeof clockSessions.$inferSelect;

// The assignment's open shift, if any, locked when asked (clock moves on one shift happen in turn).
export async function findOpenShift(
  db: Database,
  assignmentId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ClockSessionRow | undefined> {
  const query = db
    .select()
    .from(clockSessions)
    .where(and(eq(clockSessions.assignmentId, assignmentId), isNull(clockSessions.clockedOutAt)));
  const [open] = lock ? await query.for('update') : await query;
  return open;
}

// Minutes worked so far in a shift: since clock-in, less the breaks taken and the one under way.
function workedMinutesOf(shift: ClockSessionRow, now: Date): number {
  const onBreak = shift.breakStartedAt ? minutesBetween(shift.breakStartedAt, now) : 0;
  return Math.max(minutesBetween(shift.clockedInAt, now) - shift.breakMinutes - onBreak, 0);
}

export function clockStateOf(assignmentId: string, shift: ClockSessionRow | undefined, now: Date): ClockState {
  if (!shift) {
    return {
      assignment_id: assignmentId,
      shift_status: 'offline',
      clocked_in_at: null,
      break_started_at: null,
      worked_minutes: 0,
    };
  }
  return {
    assignment_id: assignmentId,
    shift_status: shift.breakStartedAt ? 'on_break' : 'on_shift',
    clocked_in_at: shift.clockedInAt.toISOString(),
    break_started_at: shift.breakStartedAt?.toISOString() ?? null,
    worked_minutes: workedMinutesOf(shift, now),
  };
}

// GET /api/applicant/clock: the clock of each of the talent's active assignments, earliest start first.
export async function getClock({
  db,
  applicantId,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  now?: Date;
}): Promise<{ items: ClockState[] }> {
  const active = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.applicantId, applicantId), eq(assignments.status, 'active')))
    .orderBy(asc(assignments.startDate), asc(assignments.id));
  const ids = active.map((row) => row.id);
  const open =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(clockSessions)
          .where(and(inArray(clockSessions.assignmentId, ids), isNull(clockSessions.clockedOutAt)));
  const openByAssignment = new Map(open.map((shift) => [shift.assignmentId, shift]));
  return { items: ids.map((id) => clockStateOf(id, openByAssignment.get(id), now)) };
}
