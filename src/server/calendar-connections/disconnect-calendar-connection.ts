import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { calendarBusyTimes, calendarConnections, calendarEventCopies } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findOwnConnection } from './calendar-connection-views';

// Disconnects a calendar account: its sealed secret, its calendars, the busy times read from them and the records of
// meetings written there go (the cascade would take them; said here so the order is plain). The events already
// in the person's calendar stay there: they are the person's now.
export async function disconnectCalendarConnection({
  db,
  actorId,
  ipAddress,
  id,
}: {
  db: Database;
  actorId: string;
  ipAddress?: string;
  id: string;
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const connection = await findOwnConnection(transaction, actorId, id);
    await transaction.delete(calendarBusyTimes).where(eq(calendarBusyTimes.connectionId, id));
    await transaction.delete(calendarEventCopies).where(eq(calendarEventCopies.connectionId, id));
    await transaction.delete(calendarConnections).where(eq(calendarConnections.id, id));
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'calendar_connection.disconnected',
        targetType: 'calendar_connection',
        targetId: id,
        details: { provider: connection.provider, account_name: connection.accountName },
        ipAddress,
      },
    });
  });
}
