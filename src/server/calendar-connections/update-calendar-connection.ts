import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type CalendarConnection,
  calendarConnectionTexts as texts,
  type updateCalendarConnectionSchema,
} from '~/shared/calendar-connections';
import type { Database } from '../db/client';
import { calendarBusyTimes, calendarConnections, connectedCalendars } from '../db/schema';
import { validationError } from '../platform/errors';
import type { JobQueue } from '../platform/job-queue';
import { recordAuditEvent } from '../platform/record-audit-event';
import { describeConnection, findOwnConnection } from './calendar-connection-views';

// The calendar Tandem writes the person's meetings into (one of the account's, or none), and which calendars
// count as busy. A calendar no longer counted loses its busy times and where its reading stood, so counting it
// again reads it whole; the refresh that follows a change puts it right.
export async function updateCalendarConnection({
  db,
  jobs,
  actorId,
  ipAddress,
  id,
  input,
  now = new Date(),
}: {
  db: Database;
  jobs: JobQueue;
  actorId: string;
  ipAddress?: string;
  id: string;
  input: z.output<typeof updateCalendarConnectionSchema>;
  now?: Date;
}): Promise<CalendarConnection> {
  return db.transaction(async (transaction) => {
    const connection = await findOwnConnection(transaction, actorId, id);
    const calendars = await transaction
      .select()
      .from(connectedCalendars)
      .where(eq(connectedCalendars.connectionId, id));
    const known = new Map(calendars.map((calendar) => [calendar.calendarId, calendar]));
    if (input.write_calendar_id && !known.has(input.write_calendar_id)) {
      throw validationError({ write_calendar_id: texts.unknownCalendar });
    }
    if (input.write_calendar_id && known.get(input.write_calendar_id)?.writable === false) {
      throw validationError({ write_calendar_id: texts.readOnlyCalendar });
    }
    const toggles = (input.calendars ?? []).filter((toggle) => {
      const calendar = known.get(toggle.id);
      if (!calendar) throw validationError({ calendars: texts.unknownCalendar });
      return calendar.checksBusy !== toggle.checks_busy;
    });
    const writeCalendarId =
      input.write_calendar_id === undefined ? connection.writeCalendarId : input.write_calendar_id;
    const writeChanged = writeCalendarId !== connection.writeCalendarId;
    if (!writeChanged && toggles.length === 0) return describeConnection(transaction, connection);

    for (const toggle of toggles) {
      const calendar = and(eq(connectedCalendars.connectionId, id), eq(connectedCalendars.calendarId, toggle.id));
      await transaction
        .update(connectedCalendars)
        .set(
          toggle.checks_busy
            ? { checksBusy: true }
            : { checksBusy: false, syncToken: null, ctag: null, syncedAt: null },
        )
        .where(calendar);
      if (!toggle.checks_busy) {
        await transaction
          .delete(calendarBusyTimes)
          .where(and(eq(calendarBusyTimes.connectionId, id), eq(calendarBusyTimes.calendarId, toggle.id)));
      }
    }
    const [row] = await transaction
      .update(calendarConnections)
      .set({ writeCalendarId, updatedAt: now })
      .where(eq(calendarConnections.id, id))
      .returning();
    if (!row) throw new Error('The calendar connection was not updated.');
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'calendar_connection.updated',
        targetType: 'calendar_connection',
        targetId: id,
        details: {
          account_name: row.accountName,
          ...(writeChanged ? { write_calendar: nameOf(known, writeCalendarId) } : {}),
          ...(toggles.length > 0
            ? {
                checks_busy: Object.fromEntries(
                  toggles.map((toggle) => [nameOf(known, toggle.id), toggle.checks_busy]),
                ),
              }
            : {}),
        },
        ipAddress,
      },
    });
    await jobs.send('calendar.refresh-connection', { connectionId: id }, { transaction });
    return describeConnection(transaction, row);
  });
}

const nameOf = (known: Map<string, { name: string }>, calendarId: string | null) =>
  calendarId === null ? null : (known.get(calendarId)?.name ?? calendarId);
