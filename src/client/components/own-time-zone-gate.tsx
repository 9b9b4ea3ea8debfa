import { useQuery } from '@tanstack/react-query';
import { GlobeIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { OwnTimeZoneForm } from '~/client/components/own-time-zone-form';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { ownTimeZoneQueryOptions } from '~/client/lib/own-time-zone';

// What a scheduling dialog shows before its fields: the person's own zone, in which the time they
// choose is read (docs/decisions/022). Someone without one is asked for it first, saved to their
// account, and then sees the fields; nothing falls back to UTC or to the browser unasked.
export function OwnTimeZoneGate({ children }: { children: (zone: string) => ReactNode }) {
  const own = useQuery(ownTimeZoneQueryOptions());
  if (own.isPending) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading your time zone</span>
        <Skeleton className="h-10" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (own.isError) {
    return (
      <Alert variant="destructive" className="flex-col gap-2">
        <p>{errorMessage(own.error, 'Failed to load your time zone. Please try again.')}</p>
        <Button size="sm" variant="outline" className="self-start" onClick={() => own.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  const zone = own.data.time_zone;
  if (zone) return children(zone);
  return (
    <div className="grid gap-4">
      <Alert variant="warning">
        <GlobeIcon aria-hidden="true" />
        <p className="min-w-0">
          <span className="font-medium">Set your time zone first.</span> The time you choose is read in it, and everyone
          invited sees it in their own. It is saved to your account; you can change it in Settings.
        </p>
      </Alert>
      <OwnTimeZoneForm current={null} submitLabel="Save and Continue" />
    </div>
  );
}

// Over a screen of meeting times, for someone who has not set a zone: the times below are in UTC,
// said so, and the zone can be set right here.
export function OwnTimeZoneNotice() {
  const own = useQuery(ownTimeZoneQueryOptions());
  const [isSetting, setIsSetting] = useState(false);
  if (!own.isSuccess || own.data.time_zone) return null;
  return (
    <Alert variant="warning" role="region" aria-label="Your time zone" className="flex-col gap-3">
      <p className="flex gap-2">
        <GlobeIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0">
          <span className="font-medium">You have not set a time zone,</span> so the times here are in UTC. Set yours to
          see every meeting on your own clock; the people you meet see it on theirs.
        </span>
      </p>
      {isSetting ? (
        <OwnTimeZoneForm current={null} />
      ) : (
        <Button size="sm" variant="outline" className="self-start" onClick={() => setIsSetting(true)}>
          Set Time Zone
        </Button>
      )}
    </Alert>
  );
}
