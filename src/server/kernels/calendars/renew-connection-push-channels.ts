import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calendarConnections } from '../../db/schema';
import type { CalendarConnectionRow } from './calendar-credentials';
import type { CalendarProvider } from './calendar-provider';
import { pushCapableOf } from './calendar-push';
import { keepPushChannels } from './keep-push-channels';

// After each refresh of an account (schedule.ts): its push channels renewed before they run out (Google's last a
// week, Graph's three days). A CalDAV account has none.
export async function renewConnectionPushChannels({
  db,
  connectionId,
  open,
  publicUrl,
  secret,
}: {
  db: Database;
  connectionId: string;
  open: (connection: CalendarConnectionRow) => CalendarProvider;
  publicUrl: string;
  secret: string;
}): Promise<{ failures: number }> {
  const [connection] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, connectionId));
  const account = connection && pushCapableOf(connection.provider, open(connection));
  if (!account) return { failures: 0 };
  return keepPushChannels({ db, connectionId, account, publicUrl, secret });
}
