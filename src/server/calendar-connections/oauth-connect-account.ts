import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CalendarOauthProvider } from '~/shared/contracts/calendar-oauth';
import type { Database } from '../db/client';
import { calendarConnections, connectedCalendars } from '../db/schema';
import { sealCalendarCredentials } from '../kernels/calendars/calendar-credentials';
import type { CalendarOAuthTokens } from '../kernels/calendars/calendar-oauth';
import type { RemoteCalendar } from '../kernels/calendars/calendar-provider';
import { isUniqueViolation } from '../platform/errors';
import type { JobQueue } from '../platform/job-queue';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { TaxIdCipher } from '../platform/tax-id-cipher';

// The account a person just let Tandem into, kept: a new connection, or the same account connected again
// (new tokens, failing no more; the calendars chosen before stay). Tokens are sealed bound to the row, every
// calendar counts as busy, and meetings go into the account's main calendar when Tandem may write there (the
// first writable one otherwise). The first read is queued in the same transaction.
export async function connectOAuthAccount({
  db,
  jobs,
  cipher,
  actorId,
  ipAddress,
  provider,
  accountName,
  tokens,
  calendars,
  now = new Date(),
}: {
  db: Database;
  jobs: JobQueue;
  cipher: TaxIdCipher;
  actorId: string;
  ipAddress?: string;
  provider: CalendarOauthProvider;
  accountName: string;
  tokens: CalendarOAuthTokens;
  calendars: Array<RemoteCalendar & { primary: boolean }>;
  now?: Date;
}): Promise<{ connectionId: string; reconnected: boolean }> {
  const connect = () =>
    db.transaction(async (transaction) => {
      const [existing] = await transaction
        .select({ id: calendarConnections.id, writeCalendarId: calendarConnections.writeCalendarId })
        .from(calendarConnections)
        .where(
          and(
            eq(calendarConnections.userId, actorId),
            eq(calendarConnections.provider, provider),
            eq(calendarConnections.accountName, accountName),
          ),
        )
        .for('update');
      const connectionId = existing?.id ?? randomUUID();
      const credentialsSealed = sealCalendarCredentials({ cipher, connectionId, secret: JSON.stringify(tokens) });
      const writeCalendar =
        calendars.find((calendar) => calendar.primary && calendar.writable) ??
        calendars.find((calendar) => calendar.writable);

      if (existing) {
        await transaction
          .update(calendarConnections)
          .set({
            credentialsSealed,
            status: 'active',
            lastError: null,
            // A write calendar gone from the account is replaced; one still there stays as chosen.
            ...(!calendars.some((calendar) => calendar.id === existing.writeCalendarId) && {
              writeCalendarId: writeCalendar?.id ?? null,
            }),
            updatedAt: now,
          })
          .where(eq(calendarConnections.id, connectionId));
      } else {
        await transaction.insert(calendarConnections).values({
          id: connectionId,
          userId: actorId,
          provider,
          accountName,
          credentialsSealed,
          writeCalendarId: writeCalendar?.id ?? null,
          createdAt: now,
          updatedAt: now,
        });
      }
      if (calendars.length > 0) {
        await transaction
          .insert(connectedCalendars)
          .values(
            calendars.map((calendar) => ({
              connectionId,
              calendarId: calendar.id,
              name: calendar.name.trim() || 'Calendar',
              writable: calendar.writable,
              checksBusy: true,
            })),
          )
          .onConflictDoNothing();
      }
      await recordAuditEvent({
        db: transaction,
        event: {
          actorId,
          action: existing ? 'calendar_connection.reconnected' : 'calendar_connection.connected',
          targetType: 'calendar_connection',
          targetId: connectionId,
          details: { provider, account_name: accountName },
          ipAddress,
        },
      });
      await jobs.send('calendar.refresh-connection', { connectionId }, { transaction });
      return { connectionId, reconnected: Boolean(existing) };
    });
  try {
    return await connect();
  } catch (error) {
    // The same account connected from two tabs at once: the second finds the first's row this time.
    if (isUniqueViolation(error, ['calendar_connections_account_unique'])) return connect();
    throw error;
  }
}
