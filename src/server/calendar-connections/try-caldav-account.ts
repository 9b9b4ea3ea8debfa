import { calendarConnectionTexts as texts } from '~/shared/calendar-connections';
import { createCalDavCalendar } from '../kernels/calendars/caldav-calendar';
import { CalendarAccessRefused, type RemoteCalendar } from '../kernels/calendars/calendar-provider';
import { validationError } from '../platform/errors';
import type { CalendarServerPolicy } from './calendar-server-url';

// How long the first sign-in may take before the person is told the server cannot be reached.
const TRY_TIMEOUT_MS = 20_000;

// The account's calendars, or the sentence the form shows: a refused password at the password, anything else
// (no answer, not a CalDAV server, an error page) at the address.
export async function tryCalDavAccount(
  input: { server_url: string; username: string; password: string },
  policy: CalendarServerPolicy,
): Promise<RemoteCalendar[]> {
  const provider = createCalDavCalendar({
    serverUrl: input.server_url,
    username: input.username,
    password: input.password,
    policy,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      provider.listCalendars(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), TRY_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    if (error instanceof CalendarAccessRefused) throw validationError({ password: texts.passwordRefused });
    throw validationError({ server_url: texts.serverUnreachable });
  } finally {
    clearTimeout(timer);
  }
}

// A server may name a calendar twice (a shared one under two homes): one row each.
export function uniqueById(calendars: readonly RemoteCalendar[]): RemoteCalendar[] {
  return [...new Map(calendars.map((calendar) => [calendar.id, calendar])).values()];
}
