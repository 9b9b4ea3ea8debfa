import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { calendarConnections } from '../../db/schema';
import type { TaxIdCipher } from '../../platform/tax-id-cipher';
import { createCalDavCalendar } from './caldav-calendar';
import type { CalendarOAuthTokens } from './calendar-oauth';
import { CalendarAccessRefused, type CalendarProvider } from './calendar-provider';
import { createGoogleCalendar } from './google-calendar';
import { createMicrosoftCalendar } from './microsoft-calendar';

// A calendar connection's secret at rest (decision 059): a CalDAV app password, or an API's OAuth tokens as
// JSON, sealed with the platform cipher (AES-256-GCM under TAX_ID_KEYS or the derived key, as SSO seals OIDC
// client secrets) and bound to the connection's id, so a sealed value copied onto another row does not open.
// The connection's id is chosen before its row is written (randomUUID), so the first seal can name it.

export type CalendarConnectionRow = typeof calendarConnections.$inferSelect;

const bindingOf = (connectionId: string) => `calendar-connection:${connectionId}`;

export function sealCalendarCredentials({
  cipher,
  connectionId,
  secret,
}: {
  cipher: TaxIdCipher;
  connectionId: string;
  secret: string;
}): string {
  return cipher.seal(secret, bindingOf(connectionId));
}

export function openCalendarCredentials({
  cipher,
  connection,
}: {
  cipher: TaxIdCipher;
  connection: Pick<CalendarConnectionRow, 'id' | 'credentialsSealed'>;
}): string {
  try {
    return cipher.open(connection.credentialsSealed, bindingOf(connection.id));
  } catch {
    // A key no longer listed, or a value moved between rows: the person connects again.
    throw new CalendarAccessRefused('The saved sign-in for this calendar can no longer be read: connect it again.');
  }
}

export type CalendarConfig = Pick<
  Config,
  | 'webhookPrivateTargets'
  | 'GOOGLE_CALENDAR_CLIENT_ID'
  | 'GOOGLE_CALENDAR_CLIENT_SECRET'
  | 'MICROSOFT_CALENDAR_CLIENT_ID'
  | 'MICROSOFT_CALENDAR_CLIENT_SECRET'
  | 'CALENDAR_APIS_URL'
>;

// The provider a stored connection speaks through. `onCredentialsChanged` gets the newly sealed secret when an
// API's tokens were refreshed, for the caller to store (openStoredCalendarProvider does).
export function openCalendarProvider({
  connection,
  cipher,
  config,
  onCredentialsChanged,
  fetch,
}: {
  connection: CalendarConnectionRow;
  cipher: TaxIdCipher;
  config: CalendarConfig;
  onCredentialsChanged?: (credentialsSealed: string) => Promise<void>;
  // Tests: the transport (CalDAV) or the APIs' fetch.
  fetch?: typeof globalThis.fetch;
}): CalendarProvider {
  const secret = openCalendarCredentials({ cipher, connection });
  if (connection.provider === 'caldav') {
    if (!connection.serverUrl || !connection.username) {
      throw new CalendarAccessRefused('This calendar connection has no server address: connect it again.');
    }
    return createCalDavCalendar({
      serverUrl: connection.serverUrl,
      username: connection.username,
      password: secret,
      ownerAddresses: [connection.accountName],
      policy: { privateTargets: config.webhookPrivateTargets },
      ...(fetch && { fetch }),
    });
  }
  const [clientId, clientSecret, label, create] =
    connection.provider === 'google'
      ? [
          config.GOOGLE_CALENDAR_CLIENT_ID,
          config.GOOGLE_CALENDAR_CLIENT_SECRET,
          'Google Calendar',
          createGoogleCalendar,
        ]
      : [
          config.MICROSOFT_CALENDAR_CLIENT_ID,
          config.MICROSOFT_CALENDAR_CLIENT_SECRET,
          'Microsoft 365',
          createMicrosoftCalendar,
        ];
  if (!clientId || !clientSecret) throw new CalendarAccessRefused(`${label} is not configured on this server.`);
  let tokens: CalendarOAuthTokens;
  try {
    tokens = JSON.parse(secret) as CalendarOAuthTokens;
  } catch {
    throw new CalendarAccessRefused('The saved sign-in for this calendar can no longer be read: connect it again.');
  }
  return create({
    tokens,
    clientId,
    clientSecret,
    ...(config.CALENDAR_APIS_URL && { apiBase: config.CALENDAR_APIS_URL }),
    ...(fetch && { fetch }),
    onTokens: async (next) => {
      await onCredentialsChanged?.(
        sealCalendarCredentials({ cipher, connectionId: connection.id, secret: JSON.stringify(next) }),
      );
    },
  });
}

// How stored connections are opened, their refreshed tokens stored back on their rows.
export function calendarProviderOpener({
  db,
  cipher,
  config,
  fetch,
}: {
  db: Database;
  cipher: TaxIdCipher;
  config: CalendarConfig;
  fetch?: typeof globalThis.fetch;
}): (connection: CalendarConnectionRow) => CalendarProvider {
  return (connection) =>
    openCalendarProvider({
      connection,
      cipher,
      config,
      fetch,
      onCredentialsChanged: async (credentialsSealed) => {
        await db
          .update(calendarConnections)
          .set({ credentialsSealed, updatedAt: new Date() })
          .where(eq(calendarConnections.id, connection.id));
      },
    });
}

// A connection's provider by its id; null when the connection is gone.
export async function openStoredCalendarProvider({
  db,
  connectionId,
  cipher,
  config,
  fetch,
}: {
  db: Database;
  connectionId: string;
  cipher: TaxIdCipher;
  config: CalendarConfig;
  fetch?: typeof globalThis.fetch;
}): Promise<CalendarProvider | null> {
  const [connection] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, connectionId));
  return connection ? calendarProviderOpener({ db, cipher, config, fetch })(connection) : null;
}
