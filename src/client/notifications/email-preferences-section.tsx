import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Label } from '~/client/components/ui/label';
import { notify } from '~/client/components/ui/notify';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Switch } from '~/client/components/ui/switch';
import { errorMessage } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { NotificationType } from '~/shared/applications';
import {
  type NotificationPreferences,
  notificationTexts,
  notificationTypeHints,
  notificationTypeLabels,
} from '~/shared/notifications';
import { notificationPreferencesQueryOptions, saveNotificationPreferences } from './api';

// Settings' "Email notifications": a switch per kind of notification the person's role receives. The
// bell shows everything either way; these choose what is also emailed.
export function EmailPreferencesSection({ showsOfferNote }: { showsOfferNote: boolean }) {
  const preferences = useQuery(notificationPreferencesQueryOptions());

  return (
    <Card aria-labelledby="email-notifications-title">
      <CardHeader>
        <CardTitle id="email-notifications-title">{notificationTexts.preferencesTitle}</CardTitle>
        <CardDescription>{notificationTexts.preferencesDescription}</CardDescription>
      </CardHeader>
      {preferences.isPending && (
        <CardContent className="space-y-4" role="status">
          <span className="sr-only">Loading email notifications</span>
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex items-center justify-between gap-4">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-6 w-11 rounded-full" />
            </div>
          ))}
        </CardContent>
      )}
      {preferences.isError && (
        <CardContent>
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(preferences.error, 'Your email notifications could not be loaded.')}</p>
              <Button size="sm" variant="outline" onClick={() => void preferences.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        </CardContent>
      )}
      {preferences.isSuccess && <PreferencesForm saved={preferences.data} showsOfferNote={showsOfferNote} />}
    </Card>
  );
}

function PreferencesForm({ saved, showsOfferNote }: { saved: NotificationPreferences; showsOfferNote: boolean }) {
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState(() => new Map(saved.preferences.map((item) => [item.type, item.email])));
  const save = useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.notifications.preferences(), result);
      setChoices(new Map(result.preferences.map((item) => [item.type, item.email])));
      notify.success(notificationTexts.preferencesSaved);
    },
  });
  const isChanged = saved.preferences.some((item) => choices.get(item.type) !== item.email);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate({
      preferences: saved.preferences.map((item) => ({ type: item.type, email: choices.get(item.type) ?? item.email })),
    });
  }

  const toggle = (type: NotificationType, isOn: boolean) => setChoices((current) => new Map(current).set(type, isOn));

  return (
    <form onSubmit={handleSubmit} noValidate>
      <CardContent className="space-y-4">
        {save.isError && (
          <Alert variant="destructive">
            <p>{errorMessage(save.error, 'Your email notifications could not be saved. Please try again.')}</p>
          </Alert>
        )}
        <ul className="divide-y divide-border rounded-md border border-border">
          {saved.preferences.map(({ type }) => {
            const id = `email-${type}`;
            const hint = notificationTypeHints[type];
            return (
              <li key={type} className="flex items-center justify-between gap-4 p-3">
                <div className="min-w-0 space-y-1">
                  <Label htmlFor={id}>{notificationTypeLabels[type]}</Label>
                  {hint && (
                    <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                      {hint}
                    </p>
                  )}
                </div>
                <Switch
                  id={id}
                  checked={choices.get(type) ?? true}
                  onCheckedChange={(isOn) => toggle(type, isOn)}
                  aria-describedby={hint ? `${id}-hint` : undefined}
                />
              </li>
            );
          })}
        </ul>
        {showsOfferNote && <p className="text-sm text-muted-foreground">{notificationTexts.offersAlwaysEmailed}</p>}
      </CardContent>
      <CardFooter>
        <Button type="submit" disabled={!isChanged || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Email Notifications'}
        </Button>
      </CardFooter>
    </form>
  );
}
