import { TZDate } from '@date-fns/tz';
import {
  type CalendarPushChannel,
  createOAuthClient,
  type OAuthClientOptions,
  oauthEndpointsOf,
  oauthScopes,
} from './calendar-oauth';
import type {
  CalendarChanges,
  CalendarProvider,
  CalendarReadState,
  EventToWrite,
  RemoteCalendar,
  RemoteEvent,
  StoredEventRef,
} from './calendar-provider';

// A Microsoft 365 (Outlook) account's calendars through Microsoft Graph v1.0 (decision 059,
// https://learn.microsoft.com/graph/api/resources/calendar): the calendars, events read by
// calendarView/delta (occurrences of repeating events expanded in the window; its deltaLink is the next read's
// start), Tandem's meetings written with their UID as the transactionId (a retried create makes no second
// event), and change subscriptions for push.

interface GraphDateTime {
  dateTime?: string;
  timeZone?: string;
}

interface GraphEvent {
  id: string;
  '@odata.etag'?: string;
  '@removed'?: unknown;
  iCalUId?: string;
  showAs?: string;
  isCancelled?: boolean;
  start?: GraphDateTime;
  end?: GraphDateTime;
  responseStatus?: { response?: string };
}

export interface MicrosoftRemoteCalendar extends RemoteCalendar {
  primary: boolean;
}

const MAX_PAGES = 50;
// Graph keeps a subscription on Outlook events for at most 10,080 minutes; three days leaves room to renew.
const SUBSCRIPTION_SECONDS = 3 * 24 * 3600;
// Every date and time in Graph's answers in UTC, so they read without Windows zone names.
const IN_UTC = { Prefer: 'outlook.timezone="UTC", odata.maxpagesize=200' };

const encode = encodeURIComponent;

function instantOf(value: GraphDateTime | undefined): Date | null {
  if (!value?.dateTime) return null;
  // "2026-03-02T09:00:00.0000000": no offset; its zone is beside it.
  const [date = '', time = '00:00:00'] = value.dateTime.split('T');
  const wallClock = `${date}T${time.slice(0, 12)}`;
  const zone = value.timeZone ?? 'UTC';
  if (zone === 'UTC' || zone === 'Etc/UTC') return new Date(`${wallClock}Z`);
  try {
    const [year, month, day] = date.split('-').map(Number);
    const [hours, minutes, seconds] = time.split(':').map((part) => Number.parseFloat(part));
    return new Date(
      new TZDate(
        year ?? 1970,
        (month ?? 1) - 1,
        day ?? 1,
        hours ?? 0,
        minutes ?? 0,
        Math.floor(seconds ?? 0),
        zone,
      ).getTime(),
    );
  } catch {
    return new Date(`${wallClock}Z`);
  }
}

function remoteEventOf(item: GraphEvent): RemoteEvent {
  const startsAt = instantOf(item.start);
  const endsAt = instantOf(item.end);
  return {
    id: item.id,
    etag: item['@odata.etag'] ?? null,
    uid: item.iCalUId ?? null,
    occurrences: startsAt && endsAt && endsAt > startsAt ? [{ startsAt, endsAt }] : [],
    busy: item.showAs !== 'free' && item.isCancelled !== true,
    declined: item.responseStatus?.response === 'declined',
  };
}

// Graph's dateTime has no offset: the zone is given beside it.
const graphDateTime = (instant: Date) => ({ dateTime: instant.toISOString().replace(/Z$/, ''), timeZone: 'UTC' });

function eventBody(event: EventToWrite) {
  return {
    // Graph has no way to mark an event cancelled but its organiser's cancel (which mails attendees): a
    // cancelled meeting stays, named so and free.
    subject: event.cancelled ? `Cancelled: ${event.title}` : event.title,
    body: { contentType: 'text', content: event.description },
    location: { displayName: event.location },
    start: graphDateTime(event.startsAt),
    end: graphDateTime(event.endsAt),
    showAs: event.cancelled ? 'free' : 'busy',
  };
}

export function createMicrosoftCalendar(options: OAuthClientOptions) {
  const endpoints = oauthEndpointsOf('microsoft', options.apiBase);
  const client = createOAuthClient(options, { tokenUrl: endpoints.token, refreshScope: oauthScopes.microsoft });
  const api = endpoints.api;

  // Graph's next pages and delta links are whole addresses: followed only on Graph itself, never with the
  // token to another host.
  const isGraphLink = (link: unknown): link is string => typeof link === 'string' && link.startsWith(`${api}/`);

  async function listCalendars(): Promise<MicrosoftRemoteCalendar[]> {
    const calendars: MicrosoftRemoteCalendar[] = [];
    let next: string | null = `${api}/me/calendars?$top=100`;
    for (let page = 0; next && page < MAX_PAGES; page += 1) {
      const { body } = await client.call(next);
      for (const item of (body.value ?? []) as Array<Record<string, unknown>>) {
        if (typeof item.id !== 'string') continue;
        calendars.push({
          id: item.id,
          name: String(item.name ?? item.id),
          writable: item.canEdit === true,
          primary: item.isDefaultCalendar === true,
        });
      }
      const link = body['@odata.nextLink'];
      next = isGraphLink(link) ? link : null;
    }
    return calendars;
  }

  // Every page from `first` to the deltaLink; null when Graph no longer knows the delta state (410 Gone).
  async function readPages(first: string) {
    const items: GraphEvent[] = [];
    let deltaLink: string | null = null;
    let next: string | null = first;
    for (let page = 0; next && page < MAX_PAGES; page += 1) {
      const { status, body } = await client.call(next, { headers: IN_UTC }, [410]);
      if (status === 410) return null;
      items.push(...((body.value ?? []) as GraphEvent[]));
      const link = body['@odata.nextLink'];
      next = isGraphLink(link) ? link : null;
      if (isGraphLink(body['@odata.deltaLink'])) deltaLink = body['@odata.deltaLink'];
    }
    return { items, deltaLink };
  }

  function changesOf(read: NonNullable<Awaited<ReturnType<typeof readPages>>>, complete: boolean): CalendarChanges {
    const events: RemoteEvent[] = [];
    const removedIds: string[] = [];
    for (const item of read.items) {
      if (item['@removed'] !== undefined) removedIds.push(item.id);
      else events.push(remoteEventOf(item));
    }
    return { state: { syncToken: read.deltaLink, ctag: null }, complete, events, removedIds };
  }

  async function readChanges(
    calendarId: string,
    state: CalendarReadState,
    window: { from: Date; to: Date },
  ): Promise<CalendarChanges> {
    if (isGraphLink(state.syncToken)) {
      const read = await readPages(state.syncToken);
      if (read) return changesOf(read, false);
    }
    const query = new URLSearchParams({
      startDateTime: window.from.toISOString(),
      endDateTime: window.to.toISOString(),
    });
    const read = await readPages(`${api}/me/calendars/${encode(calendarId)}/calendarView/delta?${query}`);
    if (!read) throw new Error('Graph answered 410 to a first delta read.');
    return changesOf(read, true);
  }

  const refOf = (body: Record<string, unknown>): StoredEventRef => ({
    id: String(body.id),
    etag: typeof body['@odata.etag'] === 'string' ? body['@odata.etag'] : null,
  });

  async function putEvent(
    calendarId: string,
    event: EventToWrite,
    existing: StoredEventRef | null,
  ): Promise<StoredEventRef> {
    if (existing) {
      const { status, body } = await client.call(
        `${api}/me/events/${encode(existing.id)}`,
        { method: 'PATCH', body: eventBody(event) },
        [404],
      );
      if (status !== 404) return refOf(body);
      // Deleted there: written again below.
    }
    // transactionId: Graph answers a second create with the same one with the first event.
    const { body } = await client.call(`${api}/me/calendars/${encode(calendarId)}/events`, {
      method: 'POST',
      body: { ...eventBody(event), transactionId: event.uid },
    });
    return refOf(body);
  }

  async function deleteEvent(_calendarId: string, existing: StoredEventRef): Promise<void> {
    await client.call(`${api}/me/events/${encode(existing.id)}`, { method: 'DELETE' }, [404, 410]);
  }

  // Asks Graph to post to `address` when the calendar's events change; Graph checks the address first (it
  // posts a validationToken there and waits for it back).
  async function subscribeCalendar(
    calendarId: string,
    { address, clientState }: { address: string; clientState: string },
  ): Promise<CalendarPushChannel> {
    const { body } = await client.call(`${api}/subscriptions`, {
      method: 'POST',
      body: {
        changeType: 'created,updated,deleted',
        notificationUrl: address,
        resource: `me/calendars/${calendarId}/events`,
        expirationDateTime: new Date(Date.now() + SUBSCRIPTION_SECONDS * 1000).toISOString(),
        clientState,
      },
    });
    return {
      calendarId,
      id: String(body.id),
      resourceId: null,
      expiresAt: String(body.expirationDateTime ?? new Date(Date.now() + SUBSCRIPTION_SECONDS * 1000).toISOString()),
    };
  }

  // A subscription renewed; null when Graph no longer has it (then a new one is made).
  async function renewSubscription(channel: CalendarPushChannel): Promise<CalendarPushChannel | null> {
    const { status, body } = await client.call(
      `${api}/subscriptions/${encode(channel.id)}`,
      {
        method: 'PATCH',
        body: { expirationDateTime: new Date(Date.now() + SUBSCRIPTION_SECONDS * 1000).toISOString() },
      },
      [404],
    );
    if (status === 404) return null;
    return { ...channel, expiresAt: String(body.expirationDateTime ?? channel.expiresAt) };
  }

  async function deleteSubscription(channel: CalendarPushChannel): Promise<void> {
    await client.call(`${api}/subscriptions/${encode(channel.id)}`, { method: 'DELETE' }, [404]);
  }

  // The account's address (the connection's name): its mail, or the sign-in name when it has no mailbox name.
  async function readAccountEmail(): Promise<string | null> {
    const { body } = await client.call(endpoints.userInfo);
    const address = body.mail ?? body.userPrincipalName;
    return typeof address === 'string' ? address.toLowerCase() : null;
  }

  return {
    listCalendars,
    readChanges,
    putEvent,
    deleteEvent,
    subscribeCalendar,
    renewSubscription,
    deleteSubscription,
    readAccountEmail,
    currentTokens: client.currentTokens,
    saveTokens: client.saveTokens,
  } satisfies CalendarProvider & Record<string, unknown>;
}

export type MicrosoftCalendar = ReturnType<typeof createMicrosoftCalendar>;
