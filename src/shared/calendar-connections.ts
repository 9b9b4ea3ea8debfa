import { z } from 'zod';

// A person's own calendars connected to Tandem (docs/decisions/059): CalDAV servers (iCloud, Fastmail,
// Nextcloud…) with an app password, Google and Microsoft 365 through their APIs when configured.
export const calendarProviders = ['caldav', 'google', 'microsoft'] as const;
export type CalendarProvider = (typeof calendarProviders)[number];

// 'failing': the last refresh could not reach it or was refused; it keeps its last busy times and is tried again.
export const calendarConnectionStatuses = ['active', 'failing'] as const;
export type CalendarConnectionStatus = (typeof calendarConnectionStatuses)[number];

// The words of Settings → Calendars and the sentences its API answers with.
export const calendarConnectionTexts = {
  sectionTitle: 'Calendars',
  sectionDescription:
    'Connect the calendars you already use. Tandem treats their events as busy when it offers times for meetings, and writes your Tandem meetings into the calendar you choose.',
  empty: 'No calendars connected yet. Connect one so nobody books you when you are already busy.',
  loadFailed: 'Failed to load your calendars. Please try again.',
  actionFailed: 'That did not work. Please try again.',
  notFound: 'This calendar connection does not exist, or is not yours.',
  duplicate: 'This account is already connected. Disconnect it first to connect it again.',
  serverUrlRequired: 'Enter your calendar server’s address.',
  serverUrlInvalid: 'Enter a full address starting with https://, for example https://caldav.icloud.com.',
  serverUrlNotHttps: 'Use an https:// address: your password travels with every request.',
  serverUrlPrivate:
    'This address points inside a private network (a loopback, private or link-local address). Use your calendar provider’s public address.',
  serverUrlUnresolvable: 'This address’s host name could not be found. Check it and try again.',
  serverUnreachable:
    'We could not reach a calendar server at this address. Check the address and try again in a moment.',
  usernameRequired: 'Enter the user name you sign in to your calendar with.',
  passwordRequired: 'Enter the password (for iCloud, an app-specific password).',
  passwordRefused:
    'The server refused this user name and password. Check them; iCloud and Fastmail need an app-specific password.',
  noCalendars:
    'We signed in but found no calendars at this address. Check the address: it should be the server or your calendar home.',
  nothingToChange: 'Choose the write calendar or which calendars count as busy.',
  unknownCalendar: 'Choose one of this account’s calendars.',
  readOnlyCalendar: 'That calendar is read-only: choose one Tandem may write meetings into.',
  refreshLimited: 'You refreshed this calendar many times just now',
  connected: 'Calendar connected. Its busy times are being read now.',
  reconnected: 'Calendar reconnected. Its busy times are being read again.',
  notCalDav: 'Reconnect this account through its provider’s sign-in.',
  refreshing: 'Refreshing your calendar. Its busy times update in a moment.',
  disconnected: 'Calendar disconnected.',
  organizerHint: 'Busy times from connected calendars count too. Connect your own in Settings → Calendars.',
} as const;

// Where to start for the servers people use most: the address to enter and where the password comes from.
export const calDavPresets = [
  {
    id: 'icloud',
    name: 'iCloud',
    serverUrl: 'https://caldav.icloud.com',
    help: 'Use your Apple Account email and an app-specific password made at account.apple.com → Sign-In and Security → App-Specific Passwords (your Apple password will not work).',
  },
  {
    id: 'fastmail',
    name: 'Fastmail',
    serverUrl: 'https://caldav.fastmail.com',
    help: 'Use your Fastmail address and an app password made in Settings → Privacy & Security → Connected apps & API tokens, with CalDAV access.',
  },
  {
    id: 'nextcloud',
    name: 'Nextcloud',
    serverUrl: 'https://',
    help: 'Enter your Nextcloud’s address followed by /remote.php/dav (for example https://cloud.example.com/remote.php/dav), your user name, and an app password from Settings → Security → Devices & sessions.',
  },
  {
    id: 'other',
    name: 'Other CalDAV server',
    serverUrl: 'https://',
    help: 'Enter your server’s CalDAV address (your provider’s help pages name it), your user name and your password or app password.',
  },
] as const;
export type CalDavPresetId = (typeof calDavPresets)[number]['id'];

const serverUrlSchema = z
  .string({ message: calendarConnectionTexts.serverUrlRequired })
  .trim()
  .min(1, { message: calendarConnectionTexts.serverUrlRequired })
  .max(2000, { message: 'Keep the address to 2000 characters or fewer.' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !!url.hostname
        );
      } catch {
        return false;
      }
    },
    { message: calendarConnectionTexts.serverUrlInvalid },
  );

// POST /api/calendar-connections/caldav: the server is tried at once, so a wrong password is said before saving.
export const connectCalDavSchema = z.object({
  server_url: serverUrlSchema,
  username: z
    .string({ message: calendarConnectionTexts.usernameRequired })
    .trim()
    .min(1, { message: calendarConnectionTexts.usernameRequired })
    .max(320, { message: 'Keep the user name to 320 characters or fewer.' }),
  // Never trimmed: a password is what it is.
  password: z
    .string({ message: calendarConnectionTexts.passwordRequired })
    .min(1, { message: calendarConnectionTexts.passwordRequired })
    .max(1000, { message: 'Keep the password to 1000 characters or fewer.' }),
});
export type ConnectCalDavInput = z.input<typeof connectCalDavSchema>;

// POST /api/calendar-connections/{id}/reconnect: a new password for the same account (the old one was revoked).
export const reconnectCalDavSchema = connectCalDavSchema.pick({ password: true });
export type ReconnectCalDavInput = z.input<typeof reconnectCalDavSchema>;

// PATCH /api/calendar-connections/{id}: the calendar Tandem writes meetings into (null: none), and which
// calendars count as busy.
export const updateCalendarConnectionSchema = z
  .object({
    write_calendar_id: z
      .string({ message: calendarConnectionTexts.unknownCalendar })
      .min(1, { message: calendarConnectionTexts.unknownCalendar })
      .max(2000)
      .nullable()
      .optional(),
    calendars: z
      .array(
        z.object({
          id: z.string({ message: calendarConnectionTexts.unknownCalendar }).min(1).max(2000),
          checks_busy: z.boolean({ message: 'Say whether the calendar counts as busy.' }),
        }),
      )
      .max(200)
      .optional(),
  })
  .refine((value) => value.write_calendar_id !== undefined || (value.calendars?.length ?? 0) > 0, {
    message: calendarConnectionTexts.nothingToChange,
    path: ['write_calendar_id'],
  });
export type UpdateCalendarConnectionInput = z.input<typeof updateCalendarConnectionSchema>;

export const connectedCalendarSchema = z.object({
  // A CalDAV collection URL or an API calendar id.
  id: z.string(),
  name: z.string(),
  checks_busy: z.boolean(),
  // Whether meetings may be written there (the account's read-only calendars may not).
  writable: z.boolean(),
  // Tandem writes the person's meetings into this one.
  is_write_calendar: z.boolean(),
});
export type ConnectedCalendar = z.infer<typeof connectedCalendarSchema>;

// A connection as its person sees it: never its password or tokens.
export const calendarConnectionSchema = z.object({
  id: z.string(),
  provider: z.enum(calendarProviders),
  account_name: z.string(),
  server_url: z.string().nullable(),
  status: z.enum(calendarConnectionStatuses),
  // Why the last refresh failed, in a sentence (status 'failing').
  last_error: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  created_at: z.string(),
  write_calendar_id: z.string().nullable(),
  calendars: z.array(connectedCalendarSchema),
});
export type CalendarConnection = z.infer<typeof calendarConnectionSchema>;

export const calendarConnectionListSchema = z.object({
  connections: z.array(calendarConnectionSchema),
  // Which kinds this server can connect: CalDAV always; Google and Microsoft when their OAuth clients are set.
  providers: z.object({ caldav: z.boolean(), google: z.boolean(), microsoft: z.boolean() }),
});
export type CalendarConnectionList = z.infer<typeof calendarConnectionListSchema>;

export const calendarProviderLabels: Record<CalendarProvider, string> = {
  caldav: 'CalDAV',
  google: 'Google Calendar',
  microsoft: 'Microsoft 365',
};

// What the OAuth callback (calendar-connections/oauth-routes.ts) adds to the Settings page it sends the browser
// back to: the provider connected, or why not.
export const calendarOAuthResultParams = { connected: 'calendar_connected', error: 'calendar_error' } as const;

// Where the Google and Microsoft buttons go: the server's OAuth start (calendar-connections/oauth-*.ts).
export const calendarOAuthStartPath = (provider: Exclude<CalendarProvider, 'caldav'>) =>
  `/api/calendar-connections/oauth/${provider}/start`;
