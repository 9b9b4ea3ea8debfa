import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RadicaleServer, startRadicale } from '../../testing/radicale-server';
import { createCalDavCalendar } from './caldav-calendar';
import { CalendarAccessRefused, CalendarUnreachable, type EventToWrite } from './calendar-provider';
import { calendarServerFetch } from './calendar-server-fetch';

// The CalDAV provider against a real CalDAV server (Debian's Radicale, on loopback): discovery from the
// server's address, the calendars, the first read in full and the next ones by ctag and sync token, repeats
// expanded, free and declined events told apart, Tandem's copies written and removed, refusals said.

const ana = { username: 'ana@example.com', password: 'app-password-1' };
const DAY = 86_400_000;

const vevent = (lines: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    'BEGIN:VEVENT',
    ...lines,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

describe('the CalDAV calendar', () => {
  let radicale: RadicaleServer;
  let calendarUrl: string;
  const now = new Date(Date.UTC(2031, 2, 3, 12));
  const window = { from: new Date(now.getTime() - DAY), to: new Date(now.getTime() + 60 * DAY) };
  const policy = { privateTargets: true };
  const provider = () => createCalDavCalendar({ serverUrl: radicale.url, ...ana, policy });

  beforeAll(async () => {
    radicale = await startRadicale({ users: [ana] });
    calendarUrl = await radicale.createCalendar(ana, 'work', 'Work');
  }, 60_000);
  afterAll(async () => {
    await radicale?.stop();
  });

  it('finds the calendars from the server’s address, and reads them in full, then only what changed', async () => {
    expect(await provider().listCalendars()).toEqual([{ id: calendarUrl, name: 'Work', writable: true }]);
    const at = new Date(now.getTime() + 2 * DAY);
    await radicale.putEvent(
      ana,
      `${calendarUrl}dentist.ics`,
      vevent([
        'UID:dentist-1',
        `DTSTAMP:${stamp(now)}`,
        `DTSTART:${stamp(at)}`,
        `DTEND:${stamp(new Date(at.getTime() + 3_600_000))}`,
        'SUMMARY:Dentist',
      ]),
    );
    // A weekly meeting in Berlin's time, one occurrence left out, one moved, one more marked free.
    await radicale.putEvent(
      ana,
      `${calendarUrl}weekly.ics`,
      vevent([
        'UID:weekly-1',
        `DTSTAMP:${stamp(now)}`,
        'DTSTART;TZID=Europe/Berlin:20310303T090000',
        'DTEND;TZID=Europe/Berlin:20310303T100000',
        'RRULE:FREQ=WEEKLY;COUNT=4',
        'EXDATE;TZID=Europe/Berlin:20310310T090000',
        'SUMMARY:Stand-up',
      ]),
    );
    await radicale.putEvent(
      ana,
      `${calendarUrl}free.ics`,
      vevent([
        'UID:free-1',
        `DTSTAMP:${stamp(now)}`,
        `DTSTART:${stamp(at)}`,
        'DURATION:PT1H',
        'TRANSP:TRANSPARENT',
        'SUMMARY:Focus',
      ]),
    );
    await radicale.putEvent(
      ana,
      `${calendarUrl}declined.ics`,
      vevent([
        'UID:declined-1',
        `DTSTAMP:${stamp(now)}`,
        `DTSTART:${stamp(at)}`,
        'DURATION:PT30M',
        'ORGANIZER:mailto:boss@example.com',
        'ATTENDEE;PARTSTAT=DECLINED:mailto:Ana@Example.com',
        'SUMMARY:Offsite',
      ]),
    );
    const first = await provider().readChanges(calendarUrl, { syncToken: null, ctag: null }, window);
    expect(first.complete).toBe(true);
    expect(first.state.syncToken).toBeTruthy();
    const byUid = new Map(first.events.map((event) => [event.uid, event]));
    expect(byUid.get('dentist-1')).toMatchObject({
      id: `${calendarUrl}dentist.ics`,
      busy: true,
      declined: false,
      occurrences: [{ startsAt: at, endsAt: new Date(at.getTime() + 3_600_000) }],
    });
    // 09:00 in Berlin is 08:00 UTC before the end of March.
    expect(byUid.get('weekly-1')?.occurrences.map((occurrence) => occurrence.startsAt.toISOString())).toEqual([
      '2031-03-03T08:00:00.000Z',
      '2031-03-17T08:00:00.000Z',
      '2031-03-24T08:00:00.000Z',
    ]);
    expect(byUid.get('free-1')).toMatchObject({ busy: false });
    expect(byUid.get('declined-1')).toMatchObject({ busy: true, declined: true });

    // Nothing changed: the ctag says so, nothing is read.
    const unchanged = await provider().readChanges(calendarUrl, first.state, window);
    expect(unchanged).toEqual({ state: first.state, complete: false, events: [], removedIds: [] });

    // One moved, one removed: the sync token brings just those.
    const later = new Date(at.getTime() + DAY);
    await radicale.putEvent(
      ana,
      `${calendarUrl}dentist.ics`,
      vevent(['UID:dentist-1', `DTSTAMP:${stamp(now)}`, `DTSTART:${stamp(later)}`, 'DURATION:PT1H', 'SUMMARY:Dentist']),
    );
    await radicale.deleteEvent(ana, `${calendarUrl}free.ics`);
    const changes = await provider().readChanges(calendarUrl, first.state, window);
    expect(changes.complete).toBe(false);
    expect(changes.events.map((event) => [event.uid, event.occurrences[0]?.startsAt])).toEqual([['dentist-1', later]]);
    expect(changes.removedIds).toEqual([`${calendarUrl}free.ics`]);
    expect(changes.state.syncToken).not.toBe(first.state.syncToken);

    // A token the server does not know: the window again, in full.
    const refused = await provider().readChanges(
      calendarUrl,
      { syncToken: 'http://radicale.org/ns/sync/unknown', ctag: null },
      window,
    );
    expect(refused.complete).toBe(true);
    expect(refused.events.map((event) => event.uid).sort()).toEqual(['declined-1', 'dentist-1', 'weekly-1']);
  });

  it('writes an event as <uid>.ics, replaces it by its etag and removes it (gone already counts as done)', async () => {
    const startsAt = new Date(now.getTime() + 3 * DAY);
    const event = (sequence: number, start: Date): EventToWrite => ({
      uid: '7d3c7d0e-1111-4222-8333-944445555666@tandem.example',
      title: 'Interview',
      description: '',
      location: 'https://tandem.example/room',
      startsAt: start,
      endsAt: new Date(start.getTime() + 1_800_000),
      sequence,
      cancelled: false,
      ics: vevent([
        'UID:7d3c7d0e-1111-4222-8333-944445555666@tandem.example',
        `SEQUENCE:${sequence}`,
        `DTSTAMP:${stamp(now)}`,
        `DTSTART:${stamp(start)}`,
        'DURATION:PT30M',
        'SUMMARY:Interview',
      ]),
    });
    const calendar = provider();
    const written = await calendar.putEvent(calendarUrl, event(0, startsAt), null);
    expect(written.id).toBe(`${calendarUrl}7d3c7d0e-1111-4222-8333-944445555666%40tandem.example.ics`);
    expect(written.etag).toBeTruthy();
    // Written again as new (a retry whose record was lost): the same resource, replaced.
    const again = await calendar.putEvent(calendarUrl, event(0, startsAt), null);
    expect(again.id).toBe(written.id);
    const moved = await calendar.putEvent(calendarUrl, event(1, new Date(startsAt.getTime() + DAY)), again);
    expect(moved.etag).not.toBe(again.etag);
    // A stale etag: the calendar changed since; said, not overwritten.
    await expect(calendar.putEvent(calendarUrl, event(2, startsAt), again)).rejects.toBeInstanceOf(CalendarUnreachable);
    expect(await (await radicale.getEvent(ana, moved.id)).text()).toContain('SEQUENCE:1');
    await calendar.deleteEvent(calendarUrl, moved);
    await calendar.deleteEvent(calendarUrl, moved);
    expect((await radicale.getEvent(ana, moved.id)).status).toBe(404);
  });

  it('says a wrong password is refused, and an address nobody answers is unreachable', async () => {
    const wrong = createCalDavCalendar({ serverUrl: radicale.url, username: ana.username, password: 'nope', policy });
    await expect(wrong.listCalendars()).rejects.toBeInstanceOf(CalendarAccessRefused);
    await expect(wrong.readChanges(calendarUrl, { syncToken: null, ctag: null }, window)).rejects.toThrow(
      'The calendar server refused the user name or app password.',
    );
    const nobody = createCalDavCalendar({ serverUrl: 'http://127.0.0.1:9/', ...ana, policy });
    await expect(nobody.listCalendars()).rejects.toBeInstanceOf(CalendarUnreachable);
  });

  it('does not connect to loopback or private addresses in production', async () => {
    const guarded = createCalDavCalendar({ serverUrl: radicale.url, ...ana, policy: { privateTargets: false } });
    await expect(guarded.listCalendars()).rejects.toThrow(/https|private/);
    const viaName = calendarServerFetch({ privateTargets: false });
    await expect(viaName('https://localhost:9/')).rejects.toThrow(/private, loopback or link-local/);
  });
});
