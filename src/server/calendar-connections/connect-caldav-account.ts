import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type CalendarConnection,
  type connectCalDavSchema,
  calendarConnectionTexts as texts,
} from '~/shared/calendar-connections';
import type { Database } from '../db/client';
import { calendarConnections, connectedCalendars } from '../db/schema';
import { sealCalendarCredentials } from '../kernels/calendars/calendar-credentials';
import { AppError, isUniqueViolation, validationError } from '../platform/errors';
import type { JobQueue } from '../platform/job-queue';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { TaxIdCipher } from '../platform/tax-id-cipher';
import { describeConnection } from './calendar-connection-views';
import { type CalendarServerPolicy, calDavAccountName, checkCalendarServerUrl } from './calendar-server-url';
import { tryCalDavAccount, uniqueById } from './try-caldav-account';

// Connects a person's CalDAV account: the server is asked for its calendars now, so a wrong password or address is
// said at the form rather than found by the first refresh. The password is kept sealed, bound to the row; every
// calendar counts as busy, and meetings are written into the first one the server lets Tandem write to.
export async function connectCalDavAccount({
  db,
  jobs,
  cipher,
  policy,
  actorId,
  ipAddress,
  input,
  now = new Date(),
}: {
  db: Database;
  jobs: JobQueue;
  cipher: TaxIdCipher;
  policy: CalendarServerPolicy;
  actorId: string;
  ipAddress?: string;
  input: z.output<typeof connectCalDavSchema>;
  now?: Date;
}): Promise<CalendarConnection> {
  await checkCalendarServerUrl(input.server_url, policy);
  const accountName = calDavAccountName(input.server_url, input.username);
  await refuseDuplicate(db, actorId, accountName);
  const calendars = await tryCalDavAccount(input, policy);
  if (calendars.length === 0) throw validationError({ server_url: texts.noCalendars });

  const id = randomUUID();
  const writeCalendar = calendars.find((calendar) => calendar.writable) ?? null;
  try {
    return await db.transaction(async (transaction) => {
      const [row] = await transaction
        .insert(calendarConnections)
        .values({
          id,
          userId: actorId,
          provider: 'caldav',
          accountName,
          serverUrl: input.server_url,
          username: input.username,
          credentialsSealed: sealCalendarCredentials({ cipher, connectionId: id, secret: input.password }),
          writeCalendarId: writeCalendar?.id ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('The calendar connection was not stored.');
      await transaction.insert(connectedCalendars).values(
        uniqueById(calendars).map((calendar) => ({
          connectionId: id,
          calendarId: calendar.id,
          name: calendar.name.trim() || 'Calendar',
          writable: calendar.writable,
          checksBusy: true,
        })),
      );
      await recordAuditEvent({
        db: transaction,
        event: {
          actorId,
          action: 'calendar_connection.connected',
          targetType: 'calendar_connection',
          targetId: id,
          details: { provider: 'caldav', account_name: accountName, server_url: input.server_url },
          ipAddress,
        },
      });
      await jobs.send('calendar.refresh-connection', { connectionId: id }, { transaction });
      return describeConnection(transaction, row);
    });
  } catch (error) {
    // Two tabs connecting the same account at once: the second meets the unique index.
    if (isUniqueViolation(error, ['calendar_connections_account_unique']))
      throw new AppError('conflict', texts.duplicate);
    throw error;
  }
}

async function refuseDuplicate(db: Database, userId: string, accountName: string) {
  const [existing] = await db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(
      and(
        eq(calendarConnections.userId, userId),
        eq(calendarConnections.provider, 'caldav'),
        eq(calendarConnections.accountName, accountName),
      ),
    );
  if (existing) throw new AppError('conflict', texts.duplicate);
}
