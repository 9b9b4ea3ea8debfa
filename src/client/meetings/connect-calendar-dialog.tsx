import { useQuery } from '@tanstack/react-query';
import { CalendarPlusIcon, CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '~/client/components/ui/dialog';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { notify } from '~/client/components/ui/notify';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { meetingTexts } from '~/shared/meeting-texts';
import { calendarFeedQueryOptions, useCreateCalendarFeed } from './api';

const steps = [
  {
    app: 'Google Calendar',
    text: 'On a computer, open Google Calendar. Beside Other calendars click +, choose From URL, paste the address and click Add calendar.',
    path: 'Other calendars → + → From URL',
  },
  {
    app: 'Apple Calendar',
    text: 'Choose File → New Calendar Subscription, paste the address, click Subscribe, then choose how often it refreshes.',
    path: 'File → New Calendar Subscription',
  },
  {
    app: 'Outlook',
    text: 'In Outlook on the web, open the calendar, choose Add calendar → Subscribe from web, paste the address and click Import.',
    path: 'Add calendar → Subscribe from web',
  },
] as const;

// Connect Google Calendar (spec: applicant dashboard and meetings): a private iCalendar feed of the
// person's meetings that Google Calendar, Apple Calendar or Outlook subscribes to and keeps current.
export function ConnectCalendarButton({ size = 'default' }: { size?: 'default' | 'sm' }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size={size}>
          <CalendarPlusIcon aria-hidden="true" />
          Connect Google Calendar
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Connect Google Calendar"
        description="Subscribe to your private Tandem calendar: your meetings show up in Google Calendar, Apple Calendar or Outlook, and changes follow."
        className="max-w-xl"
      >
        <CalendarFeed />
      </DialogContent>
    </Dialog>
  );
}

// Settings → Calendars keeps the feed beside the connected calendars: the other way round, Tandem's meetings read
// by any calendar app that subscribes.
export function CalendarFeedCard() {
  return (
    <Card aria-labelledby="calendar-feed-title" className="min-w-0">
      <CardHeader>
        <CardTitle id="calendar-feed-title">Calendar feed</CardTitle>
        <CardDescription>
          A private address any calendar app can subscribe to, to show your Tandem meetings without connecting an
          account.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConnectCalendarButton />
      </CardContent>
    </Card>
  );
}

function CalendarFeed() {
  const status = useQuery(calendarFeedQueryOptions());
  const create = useCreateCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);

  async function makeUrl() {
    try {
      const created = await create.mutateAsync();
      setUrl(created.url);
      notify.success(meetingTexts.feedCreated);
    } catch {
      // The error shows below the button.
    }
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      notify.success('Feed address copied');
    } catch {
      notify.error('Your browser did not let us copy. Select the address and copy it by hand.');
    }
  }

  return (
    <div className="grid gap-5">
      {status.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : status.isError ? (
        <Alert variant="destructive" className="flex-col gap-2">
          <p>{errorMessage(status.error, 'Failed to load your calendar feed. Please try again.')}</p>
          <Button size="sm" variant="outline" onClick={() => status.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : url ? (
        <div className="grid gap-2">
          <Label htmlFor="calendar-feed-url">Your calendar feed address</Label>
          <div className="flex gap-2">
            <Input
              id="calendar-feed-url"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs sm:text-xs"
            />
            <Button type="button" variant="outline" onClick={() => copy(url)}>
              <CopyIcon aria-hidden="true" />
              Copy
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            Anyone with this address sees your meetings: keep it private. We show it only now; making a new one stops
            this one.
          </p>
        </div>
      ) : (
        <div className="grid gap-2">
          <p className="text-sm">
            {status.data.exists
              ? 'You made a feed address before. For your privacy it is shown only once: make a new one to add your calendar again. The old address stops working.'
              : 'Make your private feed address, then add it to your calendar app.'}
          </p>
          <div>
            <Button onClick={makeUrl} disabled={create.isPending}>
              {create.isPending
                ? 'Making address...'
                : status.data.exists
                  ? 'Make a New Feed Address'
                  : 'Get Feed Address'}
            </Button>
          </div>
          {create.isError && (
            <Alert variant="destructive">
              {errorMessage(create.error, 'No feed address was made. Please try again.')}
            </Alert>
          )}
        </div>
      )}
      <ol className="grid gap-3 text-sm">
        {steps.map((step) => (
          <li key={step.app} className="grid gap-0.5">
            <p className="font-medium">
              {step.app}: <span className="font-normal text-muted-foreground">{step.path}</span>
            </p>
            <p className="text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
      <p className="text-xs text-muted-foreground">
        Calendar apps fetch the feed on their own schedule: Google Calendar every few hours, so a change may take a
        while to show there.
      </p>
    </div>
  );
}
