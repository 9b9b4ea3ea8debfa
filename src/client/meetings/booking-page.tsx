import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheckIcon, DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { z } from 'zod';
import { PortalPage } from '~/client/components/portal-page';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { callApi, errorMessage, isNotFoundError } from '~/client/lib/api-client';
import { useRefreshMeetings } from '~/client/lib/meeting-queries';
import { queryKeys } from '~/client/lib/query-keys';
import type { PageProps } from '~/client/routes';
import { type BookingLink, bookingTexts, type SlotDay } from '~/shared/booking';
import { bookingContract } from '~/shared/contracts/booking';
import { meetingTexts } from '~/shared/meeting-texts';
import type { Meeting } from '~/shared/meetings';
import { paths } from '~/shared/routes';
import { downloadMeetingIcs } from './api';
import { CancelMeetingDialog } from './meeting-dialogs';
import { canChange, joinHrefOf, meetingWhen } from './meeting-format';

const bookingLinkQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.meetings.all, 'booking-link', id] as const,
    queryFn: () => callApi(bookingContract.getLink, { params: { id } }),
  });

// Books (or moves) a time; a 409 (just taken) refreshes the times offered.
function useBookingAction(id: string, action: 'book' | 'reschedule') {
  const queryClient = useQueryClient();
  const refresh = useRefreshMeetings();
  const options = bookingLinkQueryOptions(id);
  return useMutation({
    mutationFn: (startsAt: string) =>
      action === 'book'
        ? callApi(bookingContract.book, { params: { id }, body: { starts_at: startsAt } })
        : callApi(bookingContract.reschedule, { params: { id }, body: { starts_at: startsAt } }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: options.queryKey }), refresh()]),
  });
}

// /applicant/book/:id: the booking link a company sent this applicant (docs/decisions/031). Its free
// times by day in the applicant's own zone; once booked, the confirmation, from which the meeting is
// moved to another free time or cancelled.
export default function BookingPage({ pageId }: PageProps) {
  const { id = '' } = useParams();
  // An id that cannot be a booking link's is not asked for: the link does not exist.
  const isLinkId = z.uuid().safeParse(id).success;
  const link = useQuery({ ...bookingLinkQueryOptions(id), enabled: isLinkId });
  return (
    <PortalPage
      title={paths[pageId].title}
      back={{ to: paths.applicantMeetings.getHref(), label: 'Back to Meetings' }}
      description="Pick a time that suits you from the company’s free times."
    >
      {!isLinkId ? (
        <Alert variant="destructive">{bookingTexts.notFound}</Alert>
      ) : link.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading the free times</span>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : link.isError ? (
        isNotFoundError(link.error) ? (
          <Alert variant="destructive">{errorMessage(link.error, bookingTexts.notFound)}</Alert>
        ) : (
          <Alert variant="destructive" className="flex-col gap-2">
            <p>{errorMessage(link.error, bookingTexts.loadError)}</p>
            <Button size="sm" variant="outline" className="self-start" onClick={() => link.refetch()}>
              Try Again
            </Button>
          </Alert>
        )
      ) : (
        <BookingLinkView link={link.data} />
      )}
    </PortalPage>
  );
}

function BookingLinkView({ link }: { link: BookingLink }) {
  const summary = (
    <Card aria-labelledby="booking-title">
      <CardHeader>
        <CardTitle id="booking-title">{link.title}</CardTitle>
        <CardDescription>
          {`${link.company_name} · ${link.duration_minutes} minutes with ${link.hosts.join(', ')}`}
        </CardDescription>
      </CardHeader>
    </Card>
  );
  if (link.status === 'expired') {
    return (
      <>
        {summary}
        <Alert variant="warning">{bookingTexts.expired}</Alert>
      </>
    );
  }
  if (link.status === 'cancelled') {
    return (
      <>
        {summary}
        <Alert variant="warning">{bookingTexts.cancelled}</Alert>
      </>
    );
  }
  if (link.status === 'booked' && link.meeting) return <Confirmation link={link} meeting={link.meeting} />;
  return (
    <>
      {summary}
      <SlotPicker link={link} action="book" />
    </>
  );
}

function ZoneLine({ zone }: { zone: string | null }) {
  return (
    <p className="text-sm text-muted-foreground">
      {zone ? (
        <>
          Times are shown in your time zone, <span className="font-medium text-foreground">{zone}</span>.
        </>
      ) : (
        'Times are shown in UTC: you have not set a time zone. Set it in your profile to see your own times.'
      )}
    </p>
  );
}

function SlotPicker({
  link,
  action,
  onDone,
}: {
  link: BookingLink;
  action: 'book' | 'reschedule';
  onDone?: () => void;
}) {
  const mutation = useBookingAction(link.id, action);
  const [chosen, setChosen] = useState<{ starts_at: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!chosen) return;
    setError(null);
    try {
      await mutation.mutateAsync(chosen.starts_at);
      toast({ title: action === 'book' ? bookingTexts.booked : meetingTexts.rescheduled, description: chosen.text });
      setChosen(null);
      onDone?.();
    } catch (failure) {
      setError(errorMessage(failure, 'The time was not booked. Please try again.'));
      setChosen(null);
    }
  }

  return (
    <section aria-labelledby="free-times-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="free-times-title" className="text-lg font-semibold">
          {action === 'book' ? 'Free times' : 'Move to another free time'}
        </h2>
        <ZoneLine zone={link.time_zone} />
      </div>
      {error && <Alert variant="destructive">{error}</Alert>}
      {link.days.length === 0 ? (
        <Alert>{bookingTexts.noFreeTimesApplicant}</Alert>
      ) : (
        <div className="grid gap-4">
          {link.days.map((day) => (
            <SlotDayGroup key={day.day} day={day} chosen={chosen?.starts_at ?? null} onChoose={setChosen} />
          ))}
        </div>
      )}
      {chosen && (
        <div className="sticky bottom-0 flex flex-col gap-2 rounded-md border border-border bg-background p-3 shadow-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm font-medium">{chosen.text}</p>
          <Button onClick={confirm} disabled={mutation.isPending}>
            {mutation.isPending ? 'Booking...' : action === 'book' ? 'Book This Time' : 'Move to This Time'}
          </Button>
        </div>
      )}
    </section>
  );
}

function SlotDayGroup({
  day,
  chosen,
  onChoose,
}: {
  day: SlotDay;
  chosen: string | null;
  onChoose: (slot: { starts_at: string; text: string }) => void;
}) {
  const headingId = `day-${day.day}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {day.label}
      </h3>
      <ul className="flex flex-wrap gap-2">
        {day.slots.map((slot) => (
          <li key={slot.starts_at}>
            <Button
              type="button"
              size="sm"
              variant={chosen === slot.starts_at ? 'default' : 'outline'}
              aria-pressed={chosen === slot.starts_at}
              aria-label={`${day.label}, ${slot.label}`}
              onClick={() => onChoose({ starts_at: slot.starts_at, text: `${day.label}, ${slot.label}` })}
            >
              {slot.label}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Confirmation({ link, meeting }: { link: BookingLink; meeting: Meeting }) {
  const [isMoving, setIsMoving] = useState(false);
  const [isCancelling, setIsCancelling] = useState(false);
  const changeable = canChange(meeting);
  return (
    <>
      <Card aria-labelledby="confirmation-title">
        <CardHeader>
          <CardTitle id="confirmation-title" className="flex items-center gap-2">
            <CalendarCheckIcon className="size-5 text-green-700" aria-hidden="true" />
            {`You booked ${meeting.title}`}
          </CardTitle>
          <CardDescription>{bookingTexts.used}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <p>{meetingWhen(meeting)}</p>
          <p>{`${meeting.duration_minutes} minutes with ${link.hosts.join(', ')} (${link.company_name})`}</p>
          <p>
            <a className="font-medium underline" href={joinHrefOf(meeting)} target="_blank" rel="noopener noreferrer">
              Join Meeting
            </a>
          </p>
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => downloadMeetingIcs(meeting)}>
            <DownloadIcon aria-hidden="true" />
            Add to Calendar (.ics)
          </Button>
          {changeable && (
            <>
              <Button variant="outline" aria-expanded={isMoving} onClick={() => setIsMoving((open) => !open)}>
                Reschedule
              </Button>
              <Button variant="destructive" onClick={() => setIsCancelling(true)}>
                Cancel Meeting
              </Button>
            </>
          )}
        </CardFooter>
      </Card>
      {changeable && isMoving && <SlotPicker link={link} action="reschedule" onDone={() => setIsMoving(false)} />}
      <CancelMeetingDialog meeting={meeting} open={isCancelling} onOpenChange={setIsCancelling} />
    </>
  );
}
