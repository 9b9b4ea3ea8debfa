import { asc, eq, inArray } from 'drizzle-orm';
import {
  type Availability,
  type AvailabilityInput,
  clockOfMinutes,
  defaultWeeklyHours,
  minutesOfClock,
  type Weekday,
  type WeekdayHours,
} from '~/shared/availability';
import type { Database } from '../db/client';
import { availabilityDaysOff, availabilityWeeklyHours } from '../db/schema';
import { findOwnTimeZone } from '../kernels/identity/own-time-zones';
import { recordAuditEvent } from '../platform/record-audit-event';

// A person's working week as the slot finder reads it: minutes since their local midnight per weekday
// (null: not working), and their days off as their own calendar's dates.
export interface WorkingWeek {
  weekly: WeekdayHours[];
  daysOff: string[];
  isSaved: boolean;
}

// The weeks of several people at once (the organizer and their colleagues).
export async function findWorkingWeeks({
  db,
  userIds,
}: {
  db: Database;
  userIds: string[];
}): Promise<Map<string, WorkingWeek>> {
  const [hours, daysOff] = await Promise.all([
    db
      .select()
      .from(availabilityWeeklyHours)
      .where(inArray(availabilityWeeklyHours.userId, userIds))
      .orderBy(asc(availabilityWeeklyHours.weekday)),
    db
      .select()
      .from(availabilityDaysOff)
      .where(inArray(availabilityDaysOff.userId, userIds))
      .orderBy(asc(availabilityDaysOff.day)),
  ]);
  const weeks = new Map<string, WorkingWeek>();
  for (const userId of userIds) {
    const own = hours.filter((row) => row.userId === userId);
    weeks.set(userId, {
      isSaved: own.length > 0,
      weekly:
        own.length > 0
          ? own.map((row) => ({
              weekday: row.weekday as Weekday,
              is_working: row.isWorking,
              from: clockOfMinutes(row.startsMinute),
              to: clockOfMinutes(row.endsMinute),
            }))
          : defaultWeeklyHours,
      daysOff: daysOff.filter((row) => row.userId === userId).map((row) => row.day),
    });
  }
  return weeks;
}

export async function findAvailability({ db, userId }: { db: Database; userId: string }): Promise<Availability> {
  const [weeks, timeZone] = await Promise.all([
    findWorkingWeeks({ db, userIds: [userId] }),
    findOwnTimeZone({ db, userId }),
  ]);
  const week = weeks.get(userId) as WorkingWeek;
  return { weekly: week.weekly, days_off: week.daysOff, time_zone: timeZone, is_saved: week.isSaved };
}

// Replaces the week and the days off whole: the form always sends both.
export async function saveAvailability({
  db,
  userId,
  input,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  userId: string;
  input: AvailabilityInput;
  ipAddress?: string;
  now?: Date;
}): Promise<Availability> {
  await db.transaction(async (tx) => {
    await tx.delete(availabilityWeeklyHours).where(eq(availabilityWeeklyHours.userId, userId));
    await tx.insert(availabilityWeeklyHours).values(
      input.weekly.map((day) => ({
        userId,
        weekday: day.weekday,
        isWorking: day.is_working,
        startsMinute: minutesOfClock(day.from),
        endsMinute: minutesOfClock(day.to),
        updatedAt: now,
      })),
    );
    await tx.delete(availabilityDaysOff).where(eq(availabilityDaysOff.userId, userId));
    if (input.days_off.length > 0) {
      await tx.insert(availabilityDaysOff).values(input.days_off.map((day) => ({ userId, day })));
    }
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: userId,
        action: 'account.availability_changed',
        targetType: 'user',
        targetId: userId,
        details: { working_days: input.weekly.filter((day) => day.is_working).length, days_off: input.days_off.length },
        ipAddress,
      },
    });
  });
  return findAvailability({ db, userId });
}
