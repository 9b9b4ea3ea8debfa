import { useQuery } from '@tanstack/react-query';
import { CalendarDaysIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { UPCOMING_PAGE_SIZE, upcomingMeetingsQueryOptions } from '~/client/lib/meeting-queries';
import { meetingTexts } from '~/shared/meeting-texts';
import type { Meeting } from '~/shared/meetings';
import { MeetingActions } from './meeting-actions';
import { MeetingSummary } from './meeting-summary';

// The meetings still ahead, soonest first, each with what the viewer can do about it.
export function UpcomingMeetings({ onOpen, emptyHint }: { onOpen: (meeting: Meeting) => void; emptyHint: string }) {
  const [page, setPage] = useState(1);
  const upcoming = useQuery(upcomingMeetingsQueryOptions(page));
  return (
    <Card aria-labelledby="upcoming-title" className="min-w-0">
      <CardHeader>
        <CardTitle id="upcoming-title">Upcoming Meetings</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {upcoming.isPending ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading upcoming meetings</span>
            {[1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-28" />
            ))}
          </div>
        ) : upcoming.isError ? (
          <Alert variant="destructive" className="flex-col gap-2">
            <p>{errorMessage(upcoming.error, meetingTexts.loadError)}</p>
            <Button size="sm" variant="outline" onClick={() => upcoming.refetch()}>
              Try Again
            </Button>
          </Alert>
        ) : upcoming.data.items.length === 0 ? (
          <div className="grid justify-items-center gap-2 rounded-md border border-dashed border-border px-4 py-8 text-center">
            <CalendarDaysIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No upcoming meetings</p>
            <p className="max-w-sm text-sm text-muted-foreground">{emptyHint}</p>
          </div>
        ) : (
          <>
            <ul className="grid gap-3" aria-label="Upcoming meetings">
              {upcoming.data.items.map((meeting) => (
                <li key={meeting.id} className="grid gap-3 rounded-md border border-border p-3">
                  <button
                    type="button"
                    className="rounded-sm text-left focus-visible:outline-2 focus-visible:outline-ring"
                    onClick={() => onOpen(meeting)}
                    aria-label={`Details of ${meeting.title}`}
                  >
                    <MeetingSummary meeting={meeting} />
                  </button>
                  <MeetingActions meeting={meeting} />
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={UPCOMING_PAGE_SIZE}
              total={upcoming.data.total}
              onPageChange={setPage}
              noun="meetings"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
