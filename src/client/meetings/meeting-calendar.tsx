import {
  addDays,
  addMonths,
  addWeeks,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameDay,
  isSameMonth,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { dayIn, startsAtOf } from '~/client/components/meeting-time-fields';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { cn } from '~/client/lib/cn';
import { meetingCalendarDay, meetingClockTime } from '~/shared/meeting-texts';
import type { Meeting } from '~/shared/meetings';
import { meetingHours, meetingState, meetingWith } from './meeting-format';

export type CalendarView = 'month' | 'week';

// Weeks start on Sunday (docs/spec/portal-and-public-site.md §9).
const weekOptions = { weekStartsOn: 0 } as const;
const CHIPS_PER_DAY = 2;

// The days a view shows around a day: a month as whole weeks, or one week. Days are calendar dates of
// the viewer's own zone (docs/decisions/022), whatever zone the browser is in.
export function calendarDays(view: CalendarView, anchor: Date): Date[] {
  const start = view === 'month' ? startOfWeek(startOfMonth(anchor), weekOptions) : startOfWeek(anchor, weekOptions);
  const end = view === 'month' ? endOfWeek(endOfMonth(anchor), weekOptions) : endOfWeek(anchor, weekOptions);
  return eachDayOfInterval({ start, end });
}

// Midnight of a calendar date in a zone, as an instant.
const midnightIn = (day: Date, zone: string) => startsAtOf({ day, time: '00:00', duration: 0 }, zone) ?? day;

// The range to ask the API for: from the first day's midnight to the midnight after the last, in the zone.
export function calendarRange(view: CalendarView, anchor: Date, zone: string): { from: string; to: string } {
  const days = calendarDays(view, anchor);
  const first = days[0] ?? anchor;
  const last = days[days.length - 1] ?? anchor;
  return { from: midnightIn(first, zone).toISOString(), to: midnightIn(addDays(last, 1), zone).toISOString() };
}

export const stepAnchor = (view: CalendarView, anchor: Date, step: 1 | -1) =>
  view === 'month' ? addMonths(anchor, step) : addWeeks(anchor, step);

const meetingsOn = (meetings: Meeting[], day: Date, zone: string) =>
  meetings.filter((meeting) => meetingCalendarDay(meeting.starts_at, zone) === format(day, 'yyyy-MM-dd'));

interface MeetingCalendarProps {
  view: CalendarView;
  anchor: Date;
  // The viewer's own zone (UTC, said so on the page, until they set one).
  zone: string;
  meetings: Meeting[];
  onAnchorChange: (day: Date) => void;
  onOpen: (meeting: Meeting) => void;
}

// The month or week of the viewer's meetings. In a month each day shows its first meetings (dots on a
// phone) and a click on the day lists them all below; a week lists every meeting of each day.
export function MeetingCalendar({ view, anchor, zone, meetings, onAnchorChange, onOpen }: MeetingCalendarProps) {
  const days = calendarDays(view, anchor);
  const first = days[0] ?? anchor;
  const last = days[days.length - 1] ?? anchor;
  const heading =
    view === 'month'
      ? format(anchor, 'MMMM yyyy')
      : `${format(first, 'MMM d')} – ${format(last, isSameMonth(first, last) ? 'd, yyyy' : 'MMM d, yyyy')}`;
  const unit = view === 'month' ? 'month' : 'week';
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold" aria-live="polite">
          {heading}
        </h2>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label={`Previous ${unit}`}
            onClick={() => onAnchorChange(stepAnchor(view, anchor, -1))}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <Button variant="outline" size="sm" onClick={() => onAnchorChange(dayIn(new Date(), zone))}>
            Today
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={`Next ${unit}`}
            onClick={() => onAnchorChange(stepAnchor(view, anchor, 1))}
          >
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
      </div>
      {view === 'month' ? (
        <MonthGrid
          days={days}
          anchor={anchor}
          zone={zone}
          meetings={meetings}
          onAnchorChange={onAnchorChange}
          onOpen={onOpen}
        />
      ) : (
        <WeekAgenda days={days} zone={zone} meetings={meetings} onOpen={onOpen} />
      )}
    </div>
  );
}

function MonthGrid({
  days,
  anchor,
  zone,
  meetings,
  onAnchorChange,
  onOpen,
}: {
  days: Date[];
  anchor: Date;
  zone: string;
  meetings: Meeting[];
  onAnchorChange: (day: Date) => void;
  onOpen: (meeting: Meeting) => void;
}) {
  const today = dayIn(new Date(), zone);
  const weeks = Array.from({ length: days.length / 7 }, (_, index) => days.slice(index * 7, index * 7 + 7));
  const selected = meetingsOn(meetings, anchor, zone);
  return (
    <div className="grid gap-4">
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">Meetings in {format(anchor, 'MMMM yyyy')}</caption>
        <thead>
          <tr>
            {(weeks[0] ?? []).map((day) => (
              <th key={day.toISOString()} scope="col" className="pb-2 text-xs font-medium text-muted-foreground">
                <abbr title={format(day, 'EEEE')} className="no-underline">
                  {format(day, 'EEE')}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.toISOString()}>
              {week.map((day) => {
                const onDay = meetingsOn(meetings, day, zone);
                const isOtherMonth = !isSameMonth(day, anchor);
                const isSelected = isSameDay(day, anchor);
                return (
                  <td
                    key={day.toISOString()}
                    className={cn(
                      'h-14 border border-border p-0.5 align-top sm:h-24 sm:p-1',
                      isOtherMonth && 'bg-muted/40',
                      isSelected && 'bg-accent/60',
                    )}
                  >
                    <button
                      type="button"
                      onClick={() => onAnchorChange(day)}
                      aria-pressed={isSelected}
                      aria-label={`${format(day, 'EEEE, MMMM d')}: ${onDay.length === 1 ? '1 meeting' : `${onDay.length} meetings`}`}
                      className={cn(
                        'flex size-7 items-center justify-center rounded-full text-xs hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                        isOtherMonth ? 'text-muted-foreground' : 'font-medium',
                        isSameDay(day, today) && 'bg-primary text-primary-foreground hover:bg-primary-hover',
                      )}
                    >
                      {format(day, 'd')}
                    </button>
                    {onDay.length > 0 && (
                      <div className="mt-0.5 flex flex-wrap gap-0.5 sm:hidden" aria-hidden="true">
                        {onDay.slice(0, 3).map((meeting) => (
                          <span
                            key={meeting.id}
                            className={cn(
                              'size-1.5 rounded-full',
                              meeting.status === 'cancelled' ? 'bg-muted-foreground' : 'bg-primary',
                            )}
                          />
                        ))}
                      </div>
                    )}
                    <ul className="mt-0.5 hidden gap-0.5 sm:grid">
                      {onDay.slice(0, CHIPS_PER_DAY).map((meeting) => (
                        <li key={meeting.id} className="min-w-0">
                          <MeetingChip meeting={meeting} zone={zone} onOpen={onOpen} />
                        </li>
                      ))}
                      {onDay.length > CHIPS_PER_DAY && (
                        <li>
                          <button
                            type="button"
                            onClick={() => onAnchorChange(day)}
                            className="px-1 text-xs font-medium text-primary hover:underline"
                          >
                            +{onDay.length - CHIPS_PER_DAY} more
                          </button>
                        </li>
                      )}
                    </ul>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-labelledby="selected-day-title" className="grid gap-2">
        <h3 id="selected-day-title" className="text-sm font-semibold">
          {format(anchor, 'EEEE, MMMM d')}
        </h3>
        {selected.length === 0 ? (
          <p className="text-sm text-muted-foreground">No meetings on this day.</p>
        ) : (
          <ul className="grid gap-2">
            {selected.map((meeting) => (
              <li key={meeting.id}>
                <MeetingRow meeting={meeting} zone={zone} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

// A week as an agenda: a row per day with all of its meetings, readable at any width.
function WeekAgenda({
  days,
  zone,
  meetings,
  onOpen,
}: {
  days: Date[];
  zone: string;
  meetings: Meeting[];
  onOpen: (meeting: Meeting) => void;
}) {
  const today = dayIn(new Date(), zone);
  return (
    <ol className="grid divide-y divide-border rounded-md border border-border">
      {days.map((day) => {
        const onDay = meetingsOn(meetings, day, zone);
        return (
          <li key={day.toISOString()} className="grid gap-2 p-2 sm:grid-cols-[5rem_1fr] sm:items-start">
            <h3 className={cn('pt-1 text-sm font-semibold', isSameDay(day, today) && 'text-primary')}>
              {format(day, 'EEE d')}
              <span className="sr-only">{` ${format(day, 'MMMM')}`}</span>
            </h3>
            {onDay.length === 0 ? (
              <p className="pt-1 text-sm text-muted-foreground">No meetings</p>
            ) : (
              <ul className="grid gap-2">
                {onDay.map((meeting) => (
                  <li key={meeting.id} className="min-w-0">
                    <MeetingRow meeting={meeting} zone={zone} onOpen={onOpen} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

interface MeetingItemProps {
  meeting: Meeting;
  zone: string;
  onOpen: (meeting: Meeting) => void;
}

function MeetingChip({ meeting, zone, onOpen }: MeetingItemProps) {
  const state = meetingState(meeting);
  const isCancelled = meeting.status === 'cancelled';
  const startsAt = meetingClockTime(meeting.starts_at, zone);
  return (
    <button
      type="button"
      onClick={() => onOpen(meeting)}
      aria-label={`${startsAt} ${meeting.title}, ${state.label}`}
      title={`${meetingHours(meeting, zone)} ${meeting.title} · ${meetingWith(meeting)}`}
      className={cn(
        'w-full min-w-0 rounded px-1 py-0.5 text-left text-xs leading-tight hover:opacity-90 focus-visible:outline-2 focus-visible:outline-ring',
        isCancelled ? 'bg-muted text-muted-foreground line-through' : 'bg-primary/10 text-foreground',
        meeting.my_response === 'pending' && !isCancelled && 'border border-dashed border-primary',
      )}
    >
      <span className="line-clamp-2 break-words">
        <span className="font-medium">{startsAt}</span> {meeting.title}
      </span>
    </button>
  );
}

function MeetingRow({ meeting, zone, onOpen }: MeetingItemProps) {
  const state = meetingState(meeting);
  return (
    <button
      type="button"
      onClick={() => onOpen(meeting)}
      className="flex w-full flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span className="min-w-0">
        <span className="block font-medium break-words">{meeting.title}</span>
        <span className="block text-muted-foreground">
          {meetingHours(meeting, zone)} · {meetingWith(meeting)}
        </span>
      </span>
      <Badge variant={state.variant}>{state.label}</Badge>
    </button>
  );
}
