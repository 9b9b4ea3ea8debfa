import { useQuery } from '@tanstack/react-query';
import { OwnTimeZoneForm } from '~/client/components/own-time-zone-form';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { ownTimeZoneQueryOptions } from '~/client/lib/own-time-zone';

// Settings → Time zone, for every role but applicants (whose zone is a field of their profile, set in
// its section above): the zone meetings, their emails and calendar files use for this person
// (docs/decisions/022).
export function TimeZoneSection() {
  const own = useQuery(ownTimeZoneQueryOptions());
  return (
    <Card aria-labelledby="time-zone-title">
      <CardHeader>
        <CardTitle id="time-zone-title">Time zone</CardTitle>
        <CardDescription>
          Meeting times on Tandem, in its emails and in its calendar files are shown to you in this zone, and a time you
          pick when scheduling is read in it. The people you meet see the same meeting in theirs.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {own.isPending ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading your time zone</span>
            <Skeleton className="h-10 max-w-md" />
            <Skeleton className="h-10 w-36" />
          </div>
        ) : own.isError ? (
          <Alert variant="destructive" className="flex-col gap-2">
            <p>{errorMessage(own.error, 'Failed to load your time zone. Please try again.')}</p>
            <Button size="sm" variant="outline" className="self-start" onClick={() => own.refetch()}>
              Try Again
            </Button>
          </Alert>
        ) : (
          <div className="grid max-w-md gap-3">
            {!own.data.time_zone && (
              <Alert variant="warning">You have not set a time zone yet: meeting times show in UTC until you do.</Alert>
            )}
            <OwnTimeZoneForm current={own.data.time_zone} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
