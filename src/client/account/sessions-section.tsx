import { useQuery } from '@tanstack/react-query';
import { MonitorSmartphoneIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { sessionsQueryOptions, useSignOutOtherSessions } from './api';
import { describeLastActive, describeUserAgent } from './describe-session';
import { type Feedback, FeedbackMessage } from './form-feedback';

export function SessionsSection() {
  const sessions = useQuery(sessionsQueryOptions());
  const signOutOthers = useSignOutOtherSessions();
  const [feedback, setFeedback] = useState<Feedback>(null);
  // This device first, then the others as the server lists them.
  const items = [...(sessions.data?.items ?? [])].sort(
    (first, second) => Number(second.is_current) - Number(first.is_current),
  );
  const hasOtherSessions = items.some((session) => !session.is_current);

  function handleSignOutOthers() {
    setFeedback(null);
    signOutOthers.mutate(undefined, {
      onSuccess: ({ message }) => setFeedback({ kind: 'success', message }),
      onError: (error) =>
        setFeedback({ kind: 'error', message: errorMessage(error, 'An error occurred. Please try again.') }),
    });
  }

  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader>
        <CardTitle id="sessions-title">Active sessions</CardTitle>
        <CardDescription>The browsers and devices signed in to your account.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <FeedbackMessage feedback={feedback} />
        {sessions.isPending && (
          <div className="space-y-3" role="status">
            <span className="sr-only">Loading sessions</span>
            {[0, 1].map((row) => (
              <div key={row} className="flex items-center gap-3">
                <Skeleton className="size-9 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </div>
            ))}
          </div>
        )}
        {sessions.isError && (
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(sessions.error, 'Failed to load your sessions. Please try again.')}</p>
              <Button size="sm" variant="outline" onClick={() => sessions.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        )}
        {sessions.isSuccess && (
          <ul aria-label="Sessions" className="divide-y divide-border rounded-md border border-border">
            {items.map((session) => (
              <li key={session.id} className="flex items-start gap-3 p-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                  <MonitorSmartphoneIcon className="size-4" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1 space-y-0.5 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="wrap-anywhere">{describeUserAgent(session.user_agent)}</span>
                    {session.is_current && (
                      <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">
                        This device
                      </span>
                    )}
                  </p>
                  <p className="text-muted-foreground">
                    {session.ip_address ?? 'Unknown address'} ·{' '}
                    <time dateTime={session.last_seen_at} title={new Date(session.last_seen_at).toLocaleString()}>
                      {describeLastActive(session.last_seen_at)}
                    </time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter>
        <Button variant="outline" disabled={!hasOtherSessions || signOutOthers.isPending} onClick={handleSignOutOthers}>
          {signOutOthers.isPending ? 'Signing out...' : 'Sign out of other sessions'}
        </Button>
        {sessions.isSuccess && !hasOtherSessions && (
          <p className="text-sm text-muted-foreground">You are signed in on this device only.</p>
        )}
      </CardFooter>
    </Card>
  );
}
