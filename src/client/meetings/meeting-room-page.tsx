import { useQuery } from '@tanstack/react-query';
import { VideoIcon } from 'lucide-react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { OwnTimeZoneNotice } from '~/client/components/own-time-zone-gate';
import { PageMeta } from '~/client/components/page-meta';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { callApi, errorMessage, isApiError } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { PageProps } from '~/client/routes';
import { meetingsContract } from '~/shared/contracts/meetings';
import { callServiceOf, meetingTexts } from '~/shared/meeting-texts';
import type { Meeting } from '~/shared/meetings';
import { paths } from '~/shared/routes';
import { isOrganizer } from './meeting-format';
import { MeetingSummary } from './meeting-summary';
import { VideoRoom } from './video-room';

// /meet/:token, where a meeting's join link leads: for its participants, whose meeting it is and when
// (in the viewer's own time zone and each other's, docs/decisions/022), and the way into the call: the
// organizer's Zoom, Google Meet or Teams link when they gave one, else Tandem's own video room.
export default function MeetingRoomPage({ pageId }: PageProps) {
  const { token = '' } = useParams();
  const location = useLocation();
  const room = useQuery({
    queryKey: [...queryKeys.meetings.all, 'room', token],
    queryFn: () => callApi(meetingsContract.room, { params: { token } }),
  });

  if (room.isError && isApiError(room.error) && room.error.status === 401) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`${paths.login.getHref()}?redirect=${redirect}`} replace />;
  }
  const meeting = room.data;
  const isApplicant = meeting?.participants.some((person) => person.is_you && person.role === 'applicant');
  const meetingsHref = isApplicant ? paths.applicantMeetings.getHref() : paths.companyMeetings.getHref();

  return (
    <>
      <PageMeta title={paths[pageId].title} noIndex />
      <div className="grid gap-5">
        <h1 className="text-2xl font-bold tracking-tight">{paths[pageId].title}</h1>
        {room.isPending ? (
          <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Opening the meeting...
          </div>
        ) : room.isError ? (
          <Alert variant="destructive" className="flex-col gap-2">
            <p>{errorMessage(room.error, meetingTexts.roomNotFound)}</p>
            {!(isApiError(room.error) && room.error.status < 500) && (
              <Button size="sm" variant="outline" onClick={() => room.refetch()}>
                Try Again
              </Button>
            )}
          </Alert>
        ) : (
          meeting && (
            <>
              <OwnTimeZoneNotice />
              <MeetingSummary meeting={meeting} isFull />
              {meeting.status === 'cancelled' ? (
                <Alert variant="destructive">This meeting was cancelled.</Alert>
              ) : meeting.call_link ? (
                <ExternalCall meeting={meeting} callLink={meeting.call_link} />
              ) : (
                <VideoRoom meeting={meeting} roomToken={token} />
              )}
              <Button asChild variant="outline">
                <Link to={meetingsHref}>Open your Meetings</Link>
              </Button>
            </>
          )
        )}
      </div>
    </>
  );
}

// The call is held elsewhere: its service by name, the way in, and the address itself to copy.
function ExternalCall({ meeting, callLink }: { meeting: Meeting; callLink: string }) {
  return (
    <section aria-labelledby="meeting-call-heading" className="grid gap-3 rounded-md border border-border p-4">
      <h2 id="meeting-call-heading" className="font-semibold">
        This meeting is held on {callServiceOf(callLink)}
      </h2>
      <p className="text-sm text-muted-foreground">
        {isOrganizer(meeting)
          ? 'You added this call link. Everyone’s Join Meeting opens it, and so do the calendar invitations.'
          : 'The organizer added this call link. It opens in a new tab.'}
      </p>
      <Button asChild className="justify-self-start">
        <a href={callLink} target="_blank" rel="noopener noreferrer">
          <VideoIcon aria-hidden="true" />
          Join the Call
        </a>
      </Button>
      <p className="text-sm break-all text-muted-foreground">{callLink}</p>
    </section>
  );
}
