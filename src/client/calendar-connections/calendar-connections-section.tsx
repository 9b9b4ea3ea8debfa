import { useQuery } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { CalendarDaysIcon, PlusIcon, RefreshCwIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { NativeSelect } from '~/client/components/ui/native-select';
import { notify } from '~/client/components/ui/notify';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Switch } from '~/client/components/ui/switch';
import { errorMessage } from '~/client/lib/api-client';
import {
  type CalendarConnection,
  calendarOAuthResultParams,
  calendarOAuthStartPath,
  calendarProviderLabels,
  calendarConnectionTexts as texts,
} from '~/shared/calendar-connections';
import {
  calendarConnectionsQueryOptions,
  useDisconnectCalendarConnection,
  useRefreshCalendarConnection,
  useUpdateCalendarConnection,
} from './api';
import { ConnectCalDavDialog, ReconnectCalDavDialog } from './connect-caldav-dialog';

const NO_WRITE_CALENDAR = '';

// Settings → Calendars: the person's own calendar accounts. Their events make the person busy where Tandem offers
// times, and Tandem writes their meetings into the calendar they choose. CalDAV always; Google and Microsoft 365
// when this server has their sign-in configured.
export function CalendarConnectionsSection() {
  const list = useQuery(calendarConnectionsQueryOptions());
  const [isConnecting, setIsConnecting] = useState(false);
  const providers = list.data?.providers;
  const [params, setParams] = useSearchParams();
  // Back from Google's or Microsoft's consent: what the callback said, until the person dismisses it.
  const oauthError = params.get(calendarOAuthResultParams.error);
  const oauthConnected = params.get(calendarOAuthResultParams.connected);
  const dismissOauthResult = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(calendarOAuthResultParams.error);
        next.delete(calendarOAuthResultParams.connected);
        return next;
      },
      { replace: true },
    );

  return (
    <Card aria-labelledby="calendar-connections-title" className="min-w-0">
      <CardHeader>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1.5">
            <CardTitle id="calendar-connections-title">{texts.sectionTitle}</CardTitle>
            <CardDescription>{texts.sectionDescription}</CardDescription>
          </div>
          <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
            {providers?.google && (
              <Button asChild variant="outline">
                <a href={calendarOAuthStartPath('google')}>Connect with Google</a>
              </Button>
            )}
            {providers?.microsoft && (
              <Button asChild variant="outline">
                <a href={calendarOAuthStartPath('microsoft')}>Connect with Microsoft 365</a>
              </Button>
            )}
            <Button type="button" onClick={() => setIsConnecting(true)} disabled={!list.isSuccess}>
              <PlusIcon aria-hidden="true" />
              Connect CalDAV
            </Button>
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {(oauthError || oauthConnected) && (
          <Alert variant={oauthError ? 'destructive' : 'default'}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p>{oauthError ?? texts.connected}</p>
              <Button size="sm" variant="outline" onClick={dismissOauthResult}>
                Dismiss
              </Button>
            </div>
          </Alert>
        )}
        {list.isPending && (
          <div className="space-y-3" role="status">
            <span className="sr-only">Loading your calendars</span>
            <Skeleton className="h-24 w-full" />
          </div>
        )}
        {list.isError && (
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(list.error, texts.loadFailed)}</p>
              <Button size="sm" variant="outline" onClick={() => list.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        )}
        {list.isSuccess && list.data.connections.length === 0 && (
          <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
            {texts.empty}
          </p>
        )}
        {list.isSuccess && list.data.connections.length > 0 && (
          <ul aria-label="Your connected calendars" className="grid gap-4">
            {list.data.connections.map((connection) => (
              <ConnectionItem key={connection.id} connection={connection} />
            ))}
          </ul>
        )}
      </CardContent>
      {isConnecting && <ConnectCalDavDialog onClose={() => setIsConnecting(false)} />}
    </Card>
  );
}

function ConnectionItem({ connection }: { connection: CalendarConnection }) {
  const update = useUpdateCalendarConnection();
  const refresh = useRefreshCalendarConnection();
  const disconnect = useDisconnectCalendarConnection();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isReconnecting, setIsReconnecting] = useState(false);
  const titleId = useId();
  const isFailing = connection.status === 'failing';
  const failed = (error: unknown) => notify.error(errorMessage(error, texts.actionFailed));

  const chooseWriteCalendar = (value: string) =>
    update.mutate(
      { id: connection.id, input: { write_calendar_id: value === NO_WRITE_CALENDAR ? null : value } },
      { onSuccess: () => notify.success('Saved'), onError: failed },
    );
  const toggleBusy = (calendarId: string, checksBusy: boolean) =>
    update.mutate(
      { id: connection.id, input: { calendars: [{ id: calendarId, checks_busy: checksBusy }] } },
      { onError: failed },
    );

  return (
    <li aria-labelledby={titleId} className="grid gap-4 rounded-md border border-border p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <CalendarDaysIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            <span id={titleId} className="font-medium wrap-anywhere">
              {connection.account_name}
            </span>
            <Badge variant={isFailing ? 'danger' : 'success'}>{isFailing ? 'Not syncing' : 'Connected'}</Badge>
          </p>
          <p className="text-muted-foreground">
            {calendarProviderLabels[connection.provider]}
            {connection.server_url && <span className="wrap-anywhere"> · {connection.server_url}</span>} ·{' '}
            {connection.last_synced_at ? (
              <>
                Last read{' '}
                <time dateTime={connection.last_synced_at}>
                  {formatDistanceToNow(new Date(connection.last_synced_at), { addSuffix: true })}
                </time>
              </>
            ) : (
              'Not read yet'
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0">
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={refresh.isPending}
            aria-label={`Refresh now: ${connection.account_name}`}
            onClick={() =>
              refresh.mutate(connection.id, { onSuccess: () => notify.success(texts.refreshing), onError: failed })
            }
          >
            <RefreshCwIcon aria-hidden="true" />
            Refresh now
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-label={`Disconnect ${connection.account_name}`}
            onClick={() => setIsConfirming(true)}
          >
            Disconnect
          </Button>
        </div>
      </div>
      {isFailing && (
        <Alert variant="destructive">
          <div className="space-y-2">
            <p>
              {connection.last_error ?? 'The last refresh of this calendar failed.'} Its last known busy times still
              count.
            </p>
            {connection.provider === 'caldav' ? (
              <Button size="sm" variant="outline" onClick={() => setIsReconnecting(true)}>
                Reconnect
              </Button>
            ) : (
              <Button asChild size="sm" variant="outline">
                <a href={calendarOAuthStartPath(connection.provider)}>Reconnect</a>
              </Button>
            )}
          </div>
        </Alert>
      )}
      <FormField
        label="Write my Tandem meetings into"
        hint="Your meetings appear there and follow every change. Choose one you can write to."
        className="sm:max-w-md"
      >
        {(control) => (
          <NativeSelect
            {...control}
            value={connection.write_calendar_id ?? NO_WRITE_CALENDAR}
            disabled={update.isPending}
            onChange={(event) => chooseWriteCalendar(event.target.value)}
          >
            <option value={NO_WRITE_CALENDAR}>None: only read my busy times</option>
            {connection.calendars
              .filter((calendar) => calendar.writable || calendar.is_write_calendar)
              .map((calendar) => (
                <option key={calendar.id} value={calendar.id}>
                  {calendar.name}
                </option>
              ))}
          </NativeSelect>
        )}
      </FormField>
      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-1 text-sm font-semibold">Calendars</legend>
        <ul className="divide-y divide-border rounded-md border border-border">
          {connection.calendars.map((calendar) => (
            <CalendarRow
              key={calendar.id}
              name={calendar.name}
              checksBusy={calendar.checks_busy}
              isWriteCalendar={calendar.is_write_calendar}
              disabled={update.isPending}
              onToggle={(checksBusy) => toggleBusy(calendar.id, checksBusy)}
            />
          ))}
        </ul>
      </fieldset>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={`Disconnect ${connection.account_name}?`}
        description="Tandem stops reading its busy times and writing your meetings there. Meetings already written there stay in that calendar."
        confirmLabel="Disconnect"
        destructive
        pending={disconnect.isPending}
        onConfirm={() =>
          disconnect.mutate(connection.id, {
            onSuccess: () => {
              setIsConfirming(false);
              notify.success(texts.disconnected);
            },
            onError: (error) => {
              setIsConfirming(false);
              failed(error);
            },
          })
        }
      />
      {isReconnecting && <ReconnectCalDavDialog connection={connection} onClose={() => setIsReconnecting(false)} />}
    </li>
  );
}

function CalendarRow({
  name,
  checksBusy,
  isWriteCalendar,
  disabled,
  onToggle,
}: {
  name: string;
  checksBusy: boolean;
  isWriteCalendar: boolean;
  disabled: boolean;
  onToggle: (checksBusy: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
      <span className="flex min-w-0 flex-wrap items-center gap-2">
        <span id={`${id}-name`} className="wrap-anywhere">
          {name}
        </span>
        {isWriteCalendar && <Badge variant="info">Meetings written here</Badge>}
      </span>
      <span className="ml-auto flex items-center gap-2">
        <span id={`${id}-label`} className="text-muted-foreground">
          Check for conflicts
        </span>
        <Switch
          checked={checksBusy}
          disabled={disabled}
          aria-labelledby={`${id}-label ${id}-name`}
          onCheckedChange={onToggle}
        />
      </span>
    </li>
  );
}
