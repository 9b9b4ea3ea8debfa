import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { calendarConnections } from '../db/schema';
import { sealCalendarCredentials } from '../kernels/calendars/calendar-credentials';
import type { CalendarOAuthTokens } from '../kernels/calendars/calendar-oauth';
import { keepPushChannels } from '../kernels/calendars/keep-push-channels';
import type { TaxIdCipher } from '../platform/tax-id-cipher';
import type { OAuthCalendarAccount } from './oauth-flow';

// Right after connecting: push channels on the calendars Tandem reads and writes, so a change there is heard at
// once (each refresh of the account renews them; polling runs whatever happens). Each token change is sealed
// onto the row.
export async function startPushChannels({
  db,
  cipher,
  connectionId,
  open,
  publicUrl,
  secret,
}: {
  db: Database;
  cipher: TaxIdCipher;
  connectionId: string;
  // The account's API, given the function that keeps each change of its tokens.
  open: (onTokens: (tokens: CalendarOAuthTokens) => Promise<void>) => OAuthCalendarAccount;
  publicUrl: string;
  secret: string;
}): Promise<{ failures: number }> {
  const account = open(async (tokens) => {
    await db
      .update(calendarConnections)
      .set({ credentialsSealed: sealCalendarCredentials({ cipher, connectionId, secret: JSON.stringify(tokens) }) })
      .where(eq(calendarConnections.id, connectionId));
  });
  return keepPushChannels({ db, connectionId, account, publicUrl, secret });
}
