import { eq } from 'drizzle-orm';
import { type CalendarConnection, calendarConnectionTexts as texts } from '~/shared/calendar-connections';
import type { Database } from '../db/client';
import { calendarConnections, connectedCalendars } from '../db/schema';
import { sealCalendarCredentials } from '../kernels/calendars/calendar-credentials';
import { AppError, validationError } from '../platform/errors';
import type { JobQueue } from '../platform/job-queue';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { TaxIdCipher } from '../platform/tax-id-cipher';
import { describeConnection, findOwnConnection } from './calendar-connection-views';
import type { CalendarServerPolicy } from './calendar-server-url';
import { tryCalDavAccount, uniqueById } from './try-caldav-account';

// Reconnect: a CalDAV account whose server refused the password (revoked, or changed) gets a new one, tried at
// once like a new connection. Its choices stay; calendars made since are added, counted as busy.
export async function reconnectCalDavAccount({
  db,
  jobs,
  cipher,
  policy,
  actorId,
  ipAddress,
  id,
  password,
  now = new Date(),
}: {
  db: Database;
  jobs: JobQueue;
  cipher: TaxIdCipher;
  policy: CalendarServerPolicy;
  actorId: string;
  ipAddress?: string;
  id: string;
  password: string;
  now?: Date;
}): Promise<CalendarConnection> {
  const connection = await findOwnConnection(db, actorId, id);
  if (connection.provider !== 'caldav' || !connection.serverUrl || !connection.username) {
    throw new AppError('conflict', texts.notCalDav);
  }
  const calendars = await tryCalDavAccount(
    { server_url: connection.serverUrl, username: connection.username, password },
    policy,
  );
  if (calendars.length === 0) throw validationError({ password: texts.noCalendars });
  return db.transaction(async (transaction) => {
    await findOwnConnection(transaction, actorId, id);
    const [row] = await transaction
      .update(calendarConnections)
      .set({
        credentialsSealed: sealCalendarCredentials({ cipher, connectionId: id, secret: password }),
        status: 'active',
        lastError: null,
        updatedAt: now,
      })
      .where(eq(calendarConnections.id, id))
      .returning();
    if (!row) throw new Error('The calendar connection was not updated.');
    await transaction
      .insert(connectedCalendars)
      .values(
        uniqueById(calendars).map((calendar) => ({
          connectionId: id,
          calendarId: calendar.id,
          name: calendar.name.trim() || 'Calendar',
          writable: calendar.writable,
          checksBusy: true,
        })),
      )
      .onConflictDoNothing();
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'calendar_connection.reconnected',
        targetType: 'calendar_connection',
        targetId: id,
        details: { provider: row.provider, account_name: row.accountName },
        ipAddress,
      },
    });
    await jobs.send('calendar.refresh-connection', { connectionId: id }, { transaction });
    return describeConnection(transaction, row);
  });
}
