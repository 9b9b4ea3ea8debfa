import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import type { BusyInterval } from './calendar-provider';

// What one stored iCalendar object (a CalDAV resource: one event, its repeats and their exceptions) says
// about a person's time, read with ical.js.

// The ATTENDEE parameter Tandem writes on the reader's own line of each copy (build-meeting-calendar.ts): the
// calendar owner is that attendee even when the calendar account's address is not their Tandem email.
export const OWNER_MARK_PARAMETER = 'x-tandem-reader';

// A repeat rule with no end, started long ago, is walked this far at most.
const MAX_OCCURRENCES_WALKED = 20_000;

export interface IcalEventReading {
  uid: string | null;
  occurrences: BusyInterval[];
  busy: boolean;
  declined: boolean;
}

const isKnownZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

// An instant from an iCalendar time: UTC as is; a zone ical.js knows from the object's VTIMEZONE, by it; a
// TZID that is an IANA name, by that zone's rules (servers often leave the VTIMEZONE out); a floating time or
// an all-day date, as UTC (the server's owner zone is not known here).
function instantOf(time: ICAL.Time, tzid: string | null): Date {
  const zoneId = time.zone?.tzid;
  if (zoneId === 'UTC' || zoneId === 'Z') return new Date(time.toUnixTime() * 1000);
  const wallClock = [
    time.year,
    time.month - 1,
    time.day,
    time.isDate ? 0 : time.hour,
    time.isDate ? 0 : time.minute,
    time.isDate ? 0 : time.second,
  ] as const;
  const named = zoneId && zoneId !== 'floating' ? zoneId : tzid;
  if (named && isKnownZone(named)) return new Date(new TZDate(...wallClock, named).getTime());
  if (zoneId && zoneId !== 'floating') return new Date(time.toUnixTime() * 1000);
  return new Date(Date.UTC(...wallClock));
}

const tzidOf = (component: ICAL.Component, name: 'dtstart' | 'dtend') => {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
};

// Free (TRANSP:TRANSPARENT) or called off (STATUS:CANCELLED): it does not make the person busy.
const isBusy = (component: ICAL.Component) =>
  String(component.getFirstPropertyValue('transp') ?? 'OPAQUE').toUpperCase() !== 'TRANSPARENT' &&
  String(component.getFirstPropertyValue('status') ?? '').toUpperCase() !== 'CANCELLED';

// The calendar owner's own answer: their ATTENDEE line, found by one of their addresses or by Tandem's mark.
function isDeclinedBy(component: ICAL.Component, ownerAddresses: string[]): boolean {
  const addresses = new Set(ownerAddresses.map((address) => address.trim().toLowerCase()).filter(Boolean));
  for (const attendee of component.getAllProperties('attendee')) {
    const value = String(attendee.getFirstValue() ?? '')
      .replace(/^mailto:/i, '')
      .trim()
      .toLowerCase();
    const isOwner =
      addresses.has(value) || String(attendee.getParameter(OWNER_MARK_PARAMETER) ?? '').toUpperCase() === 'TRUE';
    if (isOwner) return String(attendee.getParameter('partstat') ?? '').toUpperCase() === 'DECLINED';
  }
  return false;
}

// Reads one VCALENDAR's event; null when it holds no VEVENT (a task, a journal entry) or cannot be parsed.
export function readIcalEvent(
  ics: string,
  { window, ownerAddresses }: { window: { from: Date; to: Date }; ownerAddresses: string[] },
): IcalEventReading | null {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(ics));
  } catch {
    return null;
  }
  const components = root.name === 'vevent' ? [root] : root.getAllSubcomponents('vevent');
  const master = components.find((component) => !component.hasProperty('recurrence-id')) ?? components[0];
  if (!master) return null;
  const event = new ICAL.Event(master);
  const exceptions = components.filter((component) => component !== master && component.hasProperty('recurrence-id'));
  for (const exception of exceptions) event.relateException(exception);
  const from = window.from.getTime();
  const to = window.to.getTime();
  const occurrences: BusyInterval[] = [];
  const add = (startsAt: Date, endsAt: Date, component: ICAL.Component) => {
    // A cancelled or free exception takes that one occurrence out.
    if (component !== master && !isBusy(component)) return;
    const end = endsAt.getTime() > startsAt.getTime() ? endsAt : startsAt;
    if (end.getTime() > from && startsAt.getTime() < to) occurrences.push({ startsAt, endsAt: end });
  };
  const startOf = (component: ICAL.Component, time: ICAL.Time) => instantOf(time, tzidOf(component, 'dtstart'));
  const endOf = (component: ICAL.Component, time: ICAL.Time) =>
    instantOf(time, tzidOf(component, 'dtend') ?? tzidOf(component, 'dtstart'));
  try {
    if (event.isRecurring()) {
      const iterator = event.iterator();
      for (let walked = 0; walked < MAX_OCCURRENCES_WALKED; walked += 1) {
        const next = iterator.next();
        if (!next) break;
        const details = event.getOccurrenceDetails(next);
        const component = details.item.component;
        const startsAt = startOf(component, details.startDate);
        if (startsAt.getTime() >= to) break;
        add(startsAt, endOf(component, details.endDate), component);
      }
      // An exception moved into the window from an occurrence outside it.
      for (const exception of exceptions) {
        const moved = new ICAL.Event(exception);
        const startsAt = startOf(exception, moved.startDate);
        const endsAt = endOf(exception, moved.endDate);
        if (!occurrences.some((occurrence) => occurrence.startsAt.getTime() === startsAt.getTime())) {
          add(startsAt, endsAt, exception);
        }
      }
    } else if (event.startDate) {
      add(startOf(master, event.startDate), endOf(master, event.endDate ?? event.startDate), master);
    }
  } catch {
    return null;
  }
  occurrences.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return {
    uid: event.uid || null,
    occurrences,
    busy: isBusy(master),
    declined: isDeclinedBy(master, ownerAddresses),
  };
}
