import {
  calendarMultiGet,
  calendarQuery,
  createAccount,
  type DAVAccount,
  type DAVResponse,
  fetchCalendars,
  propfind,
  syncCollection,
} from 'tsdav';
import {
  CalendarAccessRefused,
  type CalendarChanges,
  type CalendarProvider,
  type CalendarReadState,
  CalendarUnreachable,
  type RemoteEvent,
  type StoredEventRef,
} from './calendar-provider';
import { type CalendarServerPolicy, calendarServerFetch } from './calendar-server-fetch';
import { readIcalEvent } from './read-ical-events';

// A CalDAV account (iCloud, Fastmail, Nextcloud, Radicale…) as a CalendarProvider (decision 059), through
// tsdav: discovery from the server's address or the calendar home (/.well-known/caldav, then
// current-user-principal and calendar-home-set), the calendars that hold events, and their changes read by
// ctag (unchanged: nothing read), then WebDAV sync-collection (RFC 6578) from the last token, or a
// calendar-query over the window when there is no token or the server no longer honours it. Events are read
// with ical.js (read-ical-events.ts). Tandem's copies are stored as `<uid>.ics` in the chosen calendar.

export interface CalDavAccountOptions {
  serverUrl: string;
  username: string;
  password: string;
  // The transport; by default calendarServerFetch under `policy` (https and public addresses only).
  fetch?: typeof fetch;
  policy?: CalendarServerPolicy;
  // The owner's addresses besides the user name (when it is an email): an ATTENDEE with one of them is them.
  ownerAddresses?: string[];
}

// How many events one calendar-multiget asks for.
const MULTIGET_BATCH = 100;

const refused = () => new CalendarAccessRefused('The calendar server refused the user name or app password.');

// An event's address, the same however the server spelled its path ('@' or '%40').
export function eventIdOf(href: string, base: string): string {
  const url = new URL(href, base);
  url.pathname = url.pathname
    .split('/')
    .map((segment) => {
      try {
        return encodeURIComponent(decodeURIComponent(segment));
      } catch {
        return segment;
      }
    })
    .join('/');
  return url.href;
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
const textOf = (value: unknown): string | null => {
  if (value == null) return null;
  if (typeof value === 'object' && '_cdata' in value) return String((value as { _cdata: unknown })._cdata);
  if (typeof value === 'object' && '_text' in value) return String((value as { _text: unknown })._text);
  return typeof value === 'object' ? null : String(value);
};

// The privileges that let Tandem write events (RFC 3744): write, all, or write-content / bind.
const WRITE_PRIVILEGES = ['write', 'all', 'writeContent', 'bind'];
function canWrite(privilegeSet: unknown): boolean {
  // A server that does not say (no WebDAV ACL) is taken at its word that the collection is the person's.
  if (privilegeSet == null || typeof privilegeSet !== 'object') return true;
  const privileges = (privilegeSet as { privilege?: unknown }).privilege;
  const list = Array.isArray(privileges) ? privileges : privileges ? [privileges] : [];
  return list.some(
    (privilege) =>
      typeof privilege === 'object' &&
      privilege &&
      Object.keys(privilege).some((key) => WRITE_PRIVILEGES.includes(key)),
  );
}

// The status of a request that is not a multistatus, or null for a multistatus.
const failedStatus = (responses: DAVResponse[]): number | null => {
  const [first] = responses;
  const raw = first?.raw as { multistatus?: unknown } | string | undefined;
  if (raw && typeof raw === 'object' && 'multistatus' in raw) return null;
  return first?.status ?? 0;
};

const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function createCalDavCalendar(options: CalDavAccountOptions): CalendarProvider {
  const { serverUrl, username, password } = options;
  const transport = options.fetch ?? calendarServerFetch(options.policy ?? { privateTargets: false });
  const authorization = `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
  const ownerAddresses = [username, ...(options.ownerAddresses ?? [])].filter((address) => address.includes('@'));

  // Every request carries the credentials; a refusal of them, a server error or a failed connection becomes the
  // port's errors. A 403 on a REPORT is an answer (a sync token the server no longer honours), not a refusal.
  const request = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', authorization);
    let response: Response;
    try {
      response = await transport(input, { ...init, headers });
    } catch (error) {
      if (error instanceof CalendarUnreachable || error instanceof CalendarAccessRefused) throw error;
      throw new CalendarUnreachable(
        error instanceof Error ? error.message : 'The calendar server could not be reached.',
      );
    }
    const method = (init?.method ?? 'GET').toUpperCase();
    if (response.status === 401 || (response.status === 403 && method !== 'REPORT')) throw refused();
    if (response.status >= 500) {
      throw new CalendarUnreachable(`The calendar server answered with an error (HTTP ${response.status}).`);
    }
    return response;
  }) as typeof fetch;

  // Unknown failures inside tsdav (an address that is no CalDAV server) are said in a sentence.
  const guarded = async <T>(work: () => Promise<T>, failure: string): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof CalendarUnreachable || error instanceof CalendarAccessRefused) throw error;
      throw new CalendarUnreachable(failure);
    }
  };

  let account: DAVAccount | undefined;
  const discover = async () => {
    account ??= await guarded(
      () =>
        createAccount({
          account: { serverUrl, accountType: 'caldav', credentials: { username, password } },
          fetch: request,
        }),
      'No CalDAV calendars were found at this address: check it is your calendar server’s (iCloud’s is https://caldav.icloud.com).',
    );
    return account;
  };

  const readEvents = (responses: DAVResponse[], calendarId: string, window: { from: Date; to: Date }) => {
    const events: RemoteEvent[] = [];
    for (const response of responses) {
      if (!response.href || !response.ok) continue;
      const ics = textOf(response.props?.calendarData);
      if (!ics) continue;
      const reading = readIcalEvent(ics, { window, ownerAddresses });
      if (!reading) continue;
      events.push({ id: eventIdOf(response.href, calendarId), etag: textOf(response.props?.getetag), ...reading });
    }
    return events;
  };

  const collectionState = async (calendarId: string) => {
    const [answer] = await propfind({
      url: calendarId,
      props: { 'cs:getctag': {}, 'd:sync-token': {} },
      depth: '0',
      fetch: request,
    });
    if (!answer?.ok) {
      throw new CalendarUnreachable(
        answer?.status === 404
          ? 'This calendar no longer exists on the server.'
          : `The calendar server did not describe the calendar (HTTP ${answer?.status ?? 'no answer'}).`,
      );
    }
    return { ctag: textOf(answer.props?.getctag), syncToken: textOf(answer.props?.syncToken) };
  };

  const readWindow = async (calendarId: string, window: { from: Date; to: Date }) => {
    const responses = await calendarQuery({
      url: calendarId,
      props: { 'd:getetag': {}, 'c:calendar-data': {} },
      filters: {
        'comp-filter': {
          _attributes: { name: 'VCALENDAR' },
          'comp-filter': {
            _attributes: { name: 'VEVENT' },
            'time-range': { _attributes: { start: utcStamp(window.from), end: utcStamp(window.to) } },
          },
        },
      },
      depth: '1',
      fetch: request,
    });
    const status = failedStatus(responses);
    if (status !== null)
      throw new CalendarUnreachable(`The calendar server refused to list the events (HTTP ${status}).`);
    return readEvents(responses, calendarId, window);
  };

  // What changed since the token: null when the server no longer honours it (RFC 6578 §3.2: 403/409, or any
  // refusal), so the caller reads the window in full.
  const readSince = async (calendarId: string, syncToken: string, window: { from: Date; to: Date }) => {
    const responses = await syncCollection({
      url: calendarId,
      props: { 'd:getetag': {} },
      syncLevel: 1,
      syncToken,
      fetch: request,
    });
    if (failedStatus(responses) !== null) return null;
    const document = responses[0]?.raw as { multistatus?: { syncToken?: unknown } } | undefined;
    const nextToken = textOf(document?.multistatus?.syncToken);
    const collection = eventIdOf(withSlash(calendarId), calendarId);
    const changed: string[] = [];
    const removedIds: string[] = [];
    for (const response of responses) {
      if (!response.href) continue;
      const id = eventIdOf(response.href, calendarId);
      if (id === collection || withSlash(id) === collection) continue;
      if (response.status === 404 || response.status === 410) removedIds.push(id);
      else if (response.ok) changed.push(id);
    }
    const events: RemoteEvent[] = [];
    for (let start = 0; start < changed.length; start += MULTIGET_BATCH) {
      const batch = changed.slice(start, start + MULTIGET_BATCH);
      const answers = await calendarMultiGet({
        url: calendarId,
        props: { 'd:getetag': {}, 'c:calendar-data': {} },
        objectUrls: batch.map((id) => new URL(id).pathname),
        depth: '1',
        fetch: request,
      });
      const status = failedStatus(answers);
      if (status !== null)
        throw new CalendarUnreachable(`The calendar server refused to send the events (HTTP ${status}).`);
      events.push(...readEvents(answers, calendarId, window));
      // Gone between the report and the read: removed.
      for (const answer of answers) {
        if (answer.href && answer.status === 404) removedIds.push(eventIdOf(answer.href, calendarId));
      }
    }
    return { nextToken, events, removedIds };
  };

  const etagOf = async (url: string): Promise<string | null> => {
    const [answer] = await propfind({ url, props: { 'd:getetag': {} }, depth: '0', fetch: request });
    return answer?.ok ? textOf(answer.props?.getetag) : null;
  };

  const put = (url: string, ics: string, condition: Record<string, string>) =>
    request(url, {
      method: 'PUT',
      body: ics,
      headers: { 'content-type': 'text/calendar; charset=utf-8', ...condition },
    });

  return {
    async listCalendars() {
      const found = await discover();
      const calendars = await guarded(
        () =>
          fetchCalendars({
            account: found,
            props: {
              'd:displayname': {},
              'cs:getctag': {},
              'd:resourcetype': {},
              'c:supported-calendar-component-set': {},
              'd:sync-token': {},
              'd:current-user-privilege-set': {},
            },
            projectedProps: { currentUserPrivilegeSet: true },
            fetch: request,
          }),
        'The calendar server did not list the calendars.',
      );
      return calendars
        .filter((calendar) => !calendar.components?.length || calendar.components.includes('VEVENT'))
        .map((calendar) => {
          const name = textOf(calendar.displayName);
          return {
            id: calendar.url,
            name:
              name?.trim() ||
              decodeURIComponent(new URL(calendar.url).pathname.split('/').filter(Boolean).at(-1) ?? ''),
            writable: canWrite(calendar.projectedProps?.currentUserPrivilegeSet),
          };
        });
    },

    async readChanges(
      calendarId: string,
      state: CalendarReadState,
      window: { from: Date; to: Date },
    ): Promise<CalendarChanges> {
      return guarded(async () => {
        const current = await collectionState(calendarId);
        if (state.ctag && current.ctag && state.ctag === current.ctag) {
          return { state, complete: false, events: [], removedIds: [] };
        }
        if (state.syncToken) {
          const since = await readSince(calendarId, state.syncToken, window);
          if (since) {
            return {
              state: { syncToken: since.nextToken ?? current.syncToken, ctag: current.ctag },
              complete: false,
              events: since.events,
              removedIds: since.removedIds,
            };
          }
        }
        // The state read before the events: a change made during the read is read again next time.
        const events = await readWindow(calendarId, window);
        return { state: { syncToken: current.syncToken, ctag: current.ctag }, complete: true, events, removedIds: [] };
      }, 'The calendar server’s answer could not be read.');
    },

    async putEvent(calendarId, event, existing): Promise<StoredEventRef> {
      return guarded(async () => {
        const url = existing?.id ?? eventIdOf(`${encodeURIComponent(event.uid)}.ics`, withSlash(calendarId));
        let response = await put(
          url,
          event.ics,
          existing ? (existing.etag ? { 'if-match': existing.etag } : {}) : { 'if-none-match': '*' },
        );
        if (response.status === 412 && !existing) {
          // Written by an earlier try whose record was lost: replace that one.
          const etag = await etagOf(url);
          response = await put(url, event.ics, etag ? { 'if-match': etag } : {});
        }
        if (response.status === 412) {
          throw new CalendarUnreachable(
            'The event changed in the calendar since Tandem last read it: it is written again after the next refresh.',
          );
        }
        if (!response.ok)
          throw new CalendarUnreachable(`The calendar server refused the event (HTTP ${response.status}).`);
        return { id: url, etag: response.headers.get('etag') ?? (await etagOf(url)) };
      }, 'The calendar server did not store the event.');
    },

    async deleteEvent(_calendarId, existing) {
      await guarded(async () => {
        const response = await request(existing.id, { method: 'DELETE' });
        // Gone already is done.
        if (response.ok || response.status === 404 || response.status === 410) return;
        throw new CalendarUnreachable(`The calendar server did not remove the event (HTTP ${response.status}).`);
      }, 'The calendar server did not remove the event.');
    },
  };
}
