import { useQuery } from '@tanstack/react-query';
import { format, isValid, parse } from 'date-fns';
import { CalendarCogIcon, CalendarPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OwnTimeZoneNotice } from '~/client/components/own-time-zone-gate';
import { PageMeta } from '~/client/components/page-meta';
import { ScheduleMeetingDialog } from '~/client/components/schedule-meeting-dialog';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { dayIn } from '~/client/lib/calendar-day';
import { meetingRangeQueryOptions, useLiveMeetings } from '~/client/lib/meeting-queries';
import { ownTimeZoneQueryOptions } from '~/client/lib/own-time-zone';
import type { PageProps } from '~/client/routes';
import { meetingTexts } from '~/shared/meeting-texts';
import type { Meeting } from '~/shared/meetings';
import { paths } from '~/shared/routes';
import { ConnectCalendarButton } from './connect-calendar-dialog';
import { type CalendarView, calendarRange, MeetingCalendar } from './meeting-calendar';
import { MeetingDetailsSheet } from './meeting-details-sheet';
import { UpcomingMeetings } from './upcoming-meetings';

const DAY_FORMAT = 'yyyy-MM-dd';
// Where each portal keeps Settings → Calendars (the person's connected calendars and the feed).
const calendarSettingsPath: Partial<Record<string, string>> = {
  company: paths.companySettings.path,
  applicant: paths.applicantSettings.path,
  manager: paths.managerSettings.path,
};

// /company/meetings and /applicant/meetings (docs/spec/portal-and-public-site.md §2 "Meetings and Messages"):
// the month or week of the person's meetings, the upcoming ones with what can be done about each, Connect
// Google Calendar, and for a company Schedule Meeting. The view, the day and the meeting open live in the URL
// (?view=week&date=2026-03-10&meeting=…), so a notification's link opens the meeting.
export default function MeetingsPage({ pageId, canSchedule = false }: PageProps & { canSchedule?: boolean }) {
  const { title } = paths[pageId];
  const isApplicant = paths[pageId].layout === 'applicant';
  const [params, setParams] = useSearchParams();
  const [isScheduling, setIsScheduling] = useState(false);
  useLiveMeetings();
  // The calendar's days are the viewer's own (docs/decisions/022); UTC, said so, until they set a zone.
  const own = useQuery(ownTimeZoneQueryOptions());
  const zone = own.data?.time_zone ?? 'UTC';

  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'month';
  const parsedDay = parse(params.get('date') ?? '', DAY_FORMAT, new Date());
  const anchor = isValid(parsedDay) ? parsedDay : dayIn(new Date(), zone);
  const openId = params.get('meeting');
  const range = calendarRange(view, anchor, zone);
  const meetings = useQuery({ ...meetingRangeQueryOptions(range), enabled: own.isSuccess });

  const change = (next: Record<string, string | null>) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === null) updated.delete(key);
          else updated.set(key, value);
        }
        return updated;
      },
      { replace: true },
    );
  const open = (meeting: Meeting) => change({ meeting: meeting.id });
  const showDay = (day: Date) => change({ date: format(day, DAY_FORMAT) });

  return (
    <>
      <PageMeta title={title} />
      <div className="grid gap-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0 space-y-1">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
            <p className="text-sm text-muted-foreground">
              {isApplicant
                ? 'Interviews and calls companies scheduled with you, in your own time zone.'
                : 'Interviews and calls with your applicants and your account manager, in your own time zone.'}
              {own.data?.time_zone && ` Times are in ${own.data.time_zone}.`}
            </p>
          </div>
          <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
            <ConnectCalendarButton />
            <Button asChild variant="outline">
              <Link to={`${calendarSettingsPath[paths[pageId].layout] ?? paths.companySettings.path}?tab=calendars`}>
                <CalendarCogIcon aria-hidden="true" />
                Your Calendars
              </Link>
            </Button>
            {canSchedule && (
              <Button onClick={() => setIsScheduling(true)}>
                <CalendarPlusIcon aria-hidden="true" />
                Schedule Meeting
              </Button>
            )}
          </div>
        </div>
        <OwnTimeZoneNotice />
        <div className="grid gap-6 lg:grid-cols-3">
          <Card aria-label="Calendar" className="min-w-0 lg:col-span-2">
            <CardContent className="grid gap-4 pt-4 sm:pt-6">
              <fieldset className="inline-flex justify-self-start rounded-md bg-muted p-1">
                <legend className="sr-only">Calendar view</legend>
                {(['month', 'week'] as const).map((option) => (
                  <Button
                    key={option}
                    size="sm"
                    variant={view === option ? 'outline' : 'ghost'}
                    aria-pressed={view === option}
                    className="h-8"
                    onClick={() => change({ view: option === 'week' ? 'week' : null })}
                  >
                    {option === 'month' ? 'Month' : 'Week'}
                  </Button>
                ))}
              </fieldset>
              {own.isError ? (
                <Alert variant="destructive" className="flex-col gap-2">
                  <p>{errorMessage(own.error, 'Failed to load your time zone. Please try again.')}</p>
                  <Button size="sm" variant="outline" onClick={() => own.refetch()}>
                    Try Again
                  </Button>
                </Alert>
              ) : meetings.isPending ? (
                <div role="status" className="grid gap-3">
                  <span className="sr-only">Loading your calendar</span>
                  <Skeleton className="h-8 w-48" />
                  <Skeleton className="h-80" />
                </div>
              ) : meetings.isError ? (
                <Alert variant="destructive" className="flex-col gap-2">
                  <p>{errorMessage(meetings.error, meetingTexts.loadError)}</p>
                  <Button size="sm" variant="outline" onClick={() => meetings.refetch()}>
                    Try Again
                  </Button>
                </Alert>
              ) : (
                <>
                  <MeetingCalendar
                    view={view}
                    anchor={anchor}
                    zone={zone}
                    meetings={meetings.data.items}
                    onAnchorChange={showDay}
                    onOpen={open}
                  />
                  {meetings.data.total > meetings.data.items.length && (
                    <p className="text-sm text-muted-foreground">
                      Showing the first {meetings.data.items.length} of {meetings.data.total} meetings in this {view}:
                      switch to the week view to see them all.
                    </p>
                  )}
                </>
              )}
            </CardContent>
          </Card>
          <UpcomingMeetings
            onOpen={open}
            emptyHint={
              isApplicant
                ? 'Interviews and calls companies schedule with you will appear here.'
                : 'Schedule a meeting with an applicant from your pipeline, or a call with your account manager.'
            }
          />
        </div>
      </div>
      <MeetingDetailsSheet meetingId={openId} onClose={() => change({ meeting: null })} />
      {canSchedule && (
        <ScheduleMeetingDialog
          open={isScheduling}
          onOpenChange={setIsScheduling}
          onScheduled={(meeting) => showDay(new Date(meeting.starts_at))}
        />
      )}
    </>
  );
}
