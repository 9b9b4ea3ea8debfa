// What Tandem asks of a person's calendar account, whichever kind it is (decision 059): CalDAV
// (caldav-calendar.ts), Google Calendar (google-calendar.ts) and Microsoft 365 (microsoft-calendar.ts) each
// answer it, so the sync (refresh-calendar-connection.ts) and the meetings written there know one shape.

export interface RemoteCalendar {
  // A CalDAV collection URL or an API calendar id.
  id: string;
  name: string;
  // Whether Tandem may write its meetings there (a read-only or subscribed calendar is not offered).
  writable: boolean;
}

export interface BusyInterval {
  startsAt: Date;
  endsAt: Date;
}

export interface RemoteEvent {
  // The event's href (CalDAV) or id (APIs): what putEvent and deleteEvent name it by.
  id: string;
  etag: string | null;
  // The iCalendar UID (Google's iCalUID, Microsoft's iCalUId): Tandem's own copies carry `<meeting id>@<host>`.
  uid: string | null;
  // Its occurrences that touch the window read (one for a single event, each one for a repeating event).
  occurrences: BusyInterval[];
  // False for an event marked free (TRANSP:TRANSPARENT, transparency/showAs free) or cancelled.
  busy: boolean;
  // The calendar owner said no to it (their PARTSTAT / responseStatus / response is declined).
  declined: boolean;
}

// Where the next incremental read of a calendar starts.
export interface CalendarReadState {
  // WebDAV sync-token, Google nextSyncToken, Microsoft deltaLink.
  syncToken: string | null;
  // CalDAV getctag: unchanged, nothing to read.
  ctag: string | null;
}

export interface CalendarChanges {
  state: CalendarReadState;
  // True: `events` is everything in the window (a first read, or a token the server no longer honours), so
  // what was kept before is replaced; false: only what changed since the state given.
  complete: boolean;
  events: RemoteEvent[];
  // Ids of events deleted since the state given.
  removedIds: string[];
}

// A Tandem meeting as written into one participant's calendar.
export interface EventToWrite {
  uid: string;
  title: string;
  description: string;
  // The meeting's page or its call link.
  location: string;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  cancelled: boolean;
  // The same event as one iCalendar VCALENDAR (what CalDAV stores as is).
  ics: string;
}

export interface StoredEventRef {
  id: string;
  etag: string | null;
}

export interface CalendarProvider {
  listCalendars(): Promise<RemoteCalendar[]>;
  readChanges(calendarId: string, state: CalendarReadState, window: { from: Date; to: Date }): Promise<CalendarChanges>;
  // Creates the event (existing null) or replaces it; answers where it now is.
  putEvent(calendarId: string, event: EventToWrite, existing: StoredEventRef | null): Promise<StoredEventRef>;
  // Gone already counts as done.
  deleteEvent(calendarId: string, existing: StoredEventRef): Promise<void>;
}

// The account refused the credentials (a revoked app password or OAuth grant): the person must connect again.
export class CalendarAccessRefused extends Error {
  override name = 'CalendarAccessRefused';
}

// The server could not be reached or answered with an error: tried again later, the last busy times kept.
export class CalendarUnreachable extends Error {
  override name = 'CalendarUnreachable';
}
