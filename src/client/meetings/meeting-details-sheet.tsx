import { useQuery } from '@tanstack/react-query';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Sheet, SheetContent } from '~/client/components/ui/sheet';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage, isNotFoundError } from '~/client/lib/api-client';
import { meetingQueryOptions } from '~/client/lib/meeting-queries';
import { meetingTexts } from '~/shared/meeting-texts';
import { MeetingActions } from './meeting-actions';
import { MeetingSummary } from './meeting-summary';

// One meeting in a panel over the calendar (its id in the URL, ?meeting=…, where a notification's link
// lands): everything about it and everything the viewer can do.
export function MeetingDetailsSheet({ meetingId, onClose }: { meetingId: string | null; onClose: () => void }) {
  const query = useQuery({ ...meetingQueryOptions(meetingId ?? ''), enabled: meetingId !== null });
  const meeting = query.data;
  return (
    <Sheet
      open={meetingId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <SheetContent side="right" title={meeting?.title ?? 'Meeting'} className="overflow-y-auto">
        <div className="grid gap-6 p-4 pt-12 sm:p-6 sm:pt-12">
          {query.isPending ? (
            <div role="status" className="grid gap-3">
              <span className="sr-only">Loading meeting</span>
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-24" />
            </div>
          ) : query.isError ? (
            <Alert variant="destructive" className="flex-col gap-2">
              <p>
                {isNotFoundError(query.error)
                  ? meetingTexts.notFound
                  : errorMessage(query.error, meetingTexts.loadError)}
              </p>
              {!isNotFoundError(query.error) && (
                <Button size="sm" variant="outline" onClick={() => query.refetch()}>
                  Try Again
                </Button>
              )}
            </Alert>
          ) : (
            meeting && (
              <>
                <MeetingSummary meeting={meeting} isFull />
                <MeetingActions meeting={meeting} />
              </>
            )
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
