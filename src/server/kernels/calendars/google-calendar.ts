import { TZDate } from '@date-fns/tz';
import {
  type CalendarPushChannel,
  createOAuthClient,
  type OAuthClientOptions,
  oauthEndpointsOf,
} from './calendar-oauth';
import type {
  BusyInterval,
  CalendarChanges,
  CalendarProvider,
  CalendarReadState,
  EventToWrite,
  RemoteCalendar,
  RemoteEvent,
  StoredEventRef,
} from './calendar-provider';

// A Google account's calendars through the Calendar API v3 (decision 059,
// https://developers.google.com/calendar/api/v3/reference): the calendar list, events read with
// singleEvents=true (each occurrence of a repeating event is an item of its own) and then incrementally from
// nextSyncToken, Tandem's meetings imported under their iCalendar UID, and push channels (events.watch).

interface GoogleDateTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

interface GoogleEvent {
  id: string;
  etag?: string;
  status?: string;
  iCalUID?: string;
  transparency?: string;
  start?: GoogleDateTime;
  end?: GoogleDateTime;
  attendees?: Array<{ self?: boolean; responseStatus?: string }>;
}

export interface GoogleRemoteCalendar extends RemoteCalendar {
  primary: boolean;
}

const PAGE_SIZE = 2500;
// A loop that never ends (a server that keeps sending pages) stops here.
const MAX_PAGES = 50;
// Google keeps a channel a week at most.
const CHANNEL_SECONDS = 7 * 24 * 3600;

const encode = encodeURIComponent;

// An all-day event's date is a day in the calendar's zone.
function instantOf(value: GoogleDateTime | undefined, calendarZone: string | undefined): Date | null {
  if (value?.dateTime) return new Date(value.dateTime);
  if (value?.date) {
    const [year, month, day] = value.date.split('-').map(Number);
    const zone = value.timeZone ?? calendarZone ?? 'UTC';
    try {
      return new Date(new TZDate(year ?? 1970, (month ?? 1) - 1, day ?? 1, zone).getTime());
    } catch {
      return new Date(`${value.date}T00:00:00Z`);
    }
  }
  return null;
}

function remoteEventOf(item: GoogleEvent, calendarZone: string | undefined): RemoteEvent {
  const startsAt = instantOf(item.start, calendarZone);
  const endsAt = instantOf(item.end, calendarZone);
  const occurrences: BusyInterval[] = startsAt && endsAt && endsAt > startsAt ? [{ startsAt, endsAt }] : [];
  return {
    id: item.id,
    etag: item.etag ?? null,
    uid: item.iCalUID ?? null,
    occurrences,
    busy: item.transparency !== 'transparent' && item.status !== 'cancelled',
    declined: (item.attendees ?? []).some((attendee) => attendee.self && attendee.responseStatus === 'declined'),
  };
}

function eventBody(event: EventToWrite) {
  return {
    summary: event.title,
    description: event.description,
    location: event.location,
    start: { dateTime: event.startsAt.toISOString() },
    end: { dateTime: event.endsAt.toISOString() },
    status: event.cancelled ? 'cancelled' : 'confirmed',
    transparency: 'opaque',
  };
}

export function createGoogleCalendar(options: OAuthClientOptions) {
  const endpoints = oauthEndpointsOf('google', options.apiBase);
  const client = createOAuthClient(options, { tokenUrl: endpoints.token });
  const api = endpoints.api;
  const eventsOf = (calendarId: string) => `${api}/calendars/${encode(calendarId)}/events`;

  async function listCalendars(): Promise<GoogleRemoteCalendar[]> {
    const calendars: GoogleRemoteCalendar[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const query = new URLSearchParams({ maxResults: '250', ...(pageToken && { pageToken }) });
      const { body } = await client.call(`${api}/users/me/calendarList?${query}`);
      for (const item of (body.items ?? []) as Array<Record<string, unknown>>) {
        if (typeof item.id !== 'string' || item.deleted === true) continue;
        calendars.push({
          id: item.id,
          name: String(item.summaryOverride ?? item.summary ?? item.id),
          writable: item.accessRole === 'owner' || item.accessRole === 'writer',
          primary: item.primary === true,
        });
      }
      pageToken = typeof body.nextPageToken === 'string' ? body.nextPageToken : undefined;
      if (!pageToken) break;
    }
    return calendars;
  }

  // Every page of one listing; null when Google no longer honours the sync token (410 Gone).
  async function readPages(calendarId: string, parameters: Record<string, string>) {
    const items: GoogleEvent[] = [];
    let calendarZone: string | undefined;
    let nextSyncToken: string | null = null;
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const query = new URLSearchParams({
        ...parameters,
        singleEvents: 'true',
        maxResults: String(PAGE_SIZE),
        ...(pageToken && { pageToken }),
      });
      const { status, body } = await client.call(`${eventsOf(calendarId)}?${query}`, {}, [410]);
      if (status === 410) return null;
      items.push(...((body.items ?? []) as GoogleEvent[]));
      if (typeof body.timeZone === 'string') calendarZone = body.timeZone;
      if (typeof body.nextSyncToken === 'string') nextSyncToken = body.nextSyncToken;
      pageToken = typeof body.nextPageToken === 'string' ? body.nextPageToken : undefined;
      if (!pageToken) break;
    }
    return { items, calendarZone, nextSyncToken };
  }

  function changesOf(
    read: NonNullable<Awaited<ReturnType<typeof readPages>>>,
    complete: boolean,
    previous: CalendarReadState,
  ): CalendarChanges {
    const events: RemoteEvent[] = [];
    const removedIds: string[] = [];
    for (const item of read.items) {
      if (item.status === 'cancelled') removedIds.push(item.id);
      else events.push(remoteEventOf(item, read.calendarZone));
    }
    return {
      state: { syncToken: read.nextSyncToken ?? (complete ? null : previous.syncToken), ctag: null },
      complete,
      events,
      removedIds,
    };
  }

  async function readChanges(
    calendarId: string,
    state: CalendarReadState,
    window: { from: Date; to: Date },
  ): Promise<CalendarChanges> {
    if (state.syncToken) {
      // The other parameters must be those of the read that gave the token (no timeMin/timeMax with it).
      const read = await readPages(calendarId, { syncToken: state.syncToken });
      if (read) return changesOf(read, false, state);
    }
    const read = await readPages(calendarId, {
      timeMin: window.from.toISOString(),
      timeMax: window.to.toISOString(),
    });
    if (!read) throw new Error('Google answered 410 to a read without a sync token.');
    return changesOf(read, true, state);
  }

  async function putEvent(
    calendarId: string,
    event: EventToWrite,
    existing: StoredEventRef | null,
  ): Promise<StoredEventRef> {
    if (existing) {
      // Google raises the sequence itself on each change and refuses a lower one: a copy the person moved
      // there has a higher one than Tandem's, so the update leaves it to Google.
      const { status, body } = await client.call(
        `${eventsOf(calendarId)}/${encode(existing.id)}?sendUpdates=none`,
        { method: 'PATCH', body: eventBody(event) },
        [404, 410],
      );
      if (status === 200) return { id: String(body.id ?? existing.id), etag: (body.etag as string) ?? null };
      // Deleted there: written again below.
    }
    // import, not insert: it keeps Tandem's UID, and importing the same UID again updates that event, so a
    // retried write makes no second copy.
    const { body } = await client.call(`${eventsOf(calendarId)}/import`, {
      method: 'POST',
      body: { ...eventBody(event), iCalUID: event.uid, sequence: event.sequence },
    });
    return { id: String(body.id), etag: (body.etag as string) ?? null };
  }

  async function deleteEvent(calendarId: string, existing: StoredEventRef): Promise<void> {
    await client.call(
      `${eventsOf(calendarId)}/${encode(existing.id)}?sendUpdates=none`,
      { method: 'DELETE' },
      [404, 410],
    );
  }

  // Asks Google to post to `address` when the calendar's events change (events.watch).
  async function watchCalendar(
    calendarId: string,
    { address, token, channelId }: { address: string; token: string; channelId: string },
  ): Promise<CalendarPushChannel> {
    const { body } = await client.call(`${eventsOf(calendarId)}/watch`, {
      method: 'POST',
      body: { id: channelId, type: 'web_hook', address, token, params: { ttl: String(CHANNEL_SECONDS) } },
    });
    const expiration = Number(body.expiration);
    return {
      calendarId,
      id: String(body.id ?? channelId),
      resourceId: typeof body.resourceId === 'string' ? body.resourceId : null,
      expiresAt: new Date(Number.isFinite(expiration) ? expiration : Date.now() + CHANNEL_SECONDS * 1000).toISOString(),
    };
  }

  async function stopChannel(channel: CalendarPushChannel): Promise<void> {
    await client.call(
      `${api}/channels/stop`,
      { method: 'POST', body: { id: channel.id, resourceId: channel.resourceId } },
      [404],
    );
  }

  // The account's address (the connection's name).
  async function readAccountEmail(): Promise<string | null> {
    const { body } = await client.call(endpoints.userInfo);
    return typeof body.email === 'string' ? body.email.toLowerCase() : null;
  }

  return {
    listCalendars,
    readChanges,
    putEvent,
    deleteEvent,
    watchCalendar,
    stopChannel,
    readAccountEmail,
    currentTokens: client.currentTokens,
    saveTokens: client.saveTokens,
  } satisfies CalendarProvider & Record<string, unknown>;
}

export type GoogleCalendar = ReturnType<typeof createGoogleCalendar>;
