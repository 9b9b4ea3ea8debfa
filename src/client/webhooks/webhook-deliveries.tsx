import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Fragment, useState } from 'react';
import { FilterSelect } from '~/client/components/filter-select';
import { Alert } from '~/client/components/ui/alert';
import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import {
  webhookTexts as texts,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  webhookDeliveryStatuses,
} from '~/shared/webhooks';
import {
  useReplayWebhookDelivery,
  type WebhookOwner,
  webhookDeliveriesQueryOptions,
  webhookDeliveryQueryOptions,
} from './api';

const statusBadges: Record<WebhookDeliveryStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Retrying', variant: 'warning' },
  succeeded: { label: 'Delivered', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
};
const statusLabel = (status: WebhookDeliveryStatus) => statusBadges[status].label;
const momentLabel = (iso: string) => format(new Date(iso), 'MMM d, h:mm:ss a');

// An endpoint's delivery log, newest first, ten at a time by the server's cursor: each delivery's event, state,
// attempts and last answer; opened, its body and every attempt; sent again on request.
export function WebhookDeliveries({ owner, endpoint }: { owner: WebhookOwner; endpoint: WebhookEndpoint }) {
  const [status, setStatus] = useState<WebhookDeliveryStatus | null>(null);
  // The cursors of the pages before this one, to page back.
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1);
  const deliveries = useQuery(
    webhookDeliveriesQueryOptions(owner, endpoint.id, { status: status ?? undefined, after }),
  );
  const [opened, setOpened] = useState<string | null>(null);

  return (
    <section aria-label={`Deliveries to ${endpoint.url}`} className="min-w-0 space-y-3 rounded-md bg-muted/40 p-3">
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Status"
          className="sm:w-48"
          allLabel="All deliveries"
          value={status}
          options={webhookDeliveryStatuses}
          labels={statusLabel}
          onChange={(value) => {
            setStatus(value);
            setCursors([]);
          }}
        />
      </div>
      {deliveries.isPending && (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading deliveries</span>
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      )}
      {deliveries.isError && (
        <Alert variant="destructive">
          <div className="space-y-2">
            <p>{errorMessage(deliveries.error, texts.deliveriesLoadFailed)}</p>
            <Button size="sm" variant="outline" onClick={() => deliveries.refetch()}>
              Try Again
            </Button>
          </div>
        </Alert>
      )}
      {deliveries.isSuccess && deliveries.data.items.length === 0 && (
        <p className="p-2 text-sm text-muted-foreground">{texts.deliveriesEmpty}</p>
      )}
      {deliveries.isSuccess && deliveries.data.items.length > 0 && (
        <div className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Event</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Attempts</TableHead>
                <TableHead>Last answer</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {deliveries.data.items.map((delivery) => (
                <Fragment key={delivery.id}>
                  <DeliveryRow
                    owner={owner}
                    endpoint={endpoint}
                    delivery={delivery}
                    isOpen={opened === delivery.id}
                    onToggle={() => setOpened((current) => (current === delivery.id ? null : delivery.id))}
                  />
                  {opened === delivery.id && (
                    <TableRow>
                      <TableCell colSpan={6} className="bg-background">
                        <DeliveryDetail owner={owner} endpointId={endpoint.id} deliveryId={delivery.id} />
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {deliveries.isSuccess && (cursors.length > 0 || deliveries.data.next_cursor) && (
        <nav aria-label="Delivery pages" className="flex justify-end gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={cursors.length === 0}
            onClick={() => setCursors((previous) => previous.slice(0, -1))}
          >
            Newer
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={!deliveries.data.next_cursor}
            onClick={() => {
              const next = deliveries.data.next_cursor;
              if (next) setCursors((previous) => [...previous, next]);
            }}
          >
            Older
          </Button>
        </nav>
      )}
    </section>
  );
}

function DeliveryRow({
  owner,
  endpoint,
  delivery,
  isOpen,
  onToggle,
}: {
  owner: WebhookOwner;
  endpoint: WebhookEndpoint;
  delivery: WebhookDelivery;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const replay = useReplayWebhookDelivery(owner);
  const badge = statusBadges[delivery.status];
  return (
    <TableRow>
      <TableCell className="font-mono text-xs">{delivery.event_type}</TableCell>
      <TableCell>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </TableCell>
      <TableCell>{delivery.attempts}</TableCell>
      <TableCell>{delivery.last_status_code ?? '—'}</TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={delivery.created_at}>{momentLabel(delivery.created_at)}</time>
      </TableCell>
      <TableCell>
        <div className="flex justify-end gap-2">
          <Button type="button" size="sm" variant="ghost" aria-expanded={isOpen} onClick={onToggle}>
            {isOpen ? 'Close' : 'Details'}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={!endpoint.enabled || replay.isPending}
            title={endpoint.enabled ? undefined : texts.replayWhileDisabled}
            onClick={() =>
              replay.mutate(
                { endpointId: endpoint.id, deliveryId: delivery.id },
                {
                  onSuccess: () => toast({ title: texts.replayedTitle, description: texts.replayedDescription }),
                  onError: (error) =>
                    toast({
                      title: 'Error',
                      description: errorMessage(error, texts.saveFailed),
                      variant: 'destructive',
                    }),
                },
              )
            }
          >
            Send again
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}

function DeliveryDetail({
  owner,
  endpointId,
  deliveryId,
}: {
  owner: WebhookOwner;
  endpointId: string;
  deliveryId: string;
}) {
  const detail = useQuery(webhookDeliveryQueryOptions(owner, endpointId, deliveryId));
  if (detail.isPending) return <Skeleton className="h-24 w-full" />;
  if (detail.isError)
    return <p className="text-sm text-destructive">{errorMessage(detail.error, texts.deliveriesLoadFailed)}</p>;
  const { data } = detail;
  return (
    <div className="grid gap-3 text-sm">
      <p>
        <span className="font-medium">webhook-id</span> <code className="font-mono text-xs">{data.message_id}</code>
        {data.next_attempt_at && (
          <>
            {' '}
            · next attempt <time dateTime={data.next_attempt_at}>{momentLabel(data.next_attempt_at)}</time>
          </>
        )}
      </p>
      <ol aria-label="Attempts" className="grid gap-1">
        {data.attempt_log.map((attempt) => (
          <li key={attempt.attempted_at} className="wrap-anywhere">
            <time dateTime={attempt.attempted_at}>{momentLabel(attempt.attempted_at)}</time>
            {attempt.replay ? ' (sent again by hand)' : ''}: {attempt.status_code ?? 'no answer'}
            {attempt.error ? ` — ${attempt.error}` : ''} · {attempt.duration_ms} ms
            {attempt.response_body && (
              <span className="block text-muted-foreground">Answer: {attempt.response_body.slice(0, 300)}</span>
            )}
          </li>
        ))}
      </ol>
      <pre className="max-h-64 overflow-auto rounded bg-muted p-2 font-mono text-xs whitespace-pre-wrap wrap-anywhere">
        {JSON.stringify(JSON.parse(data.payload), null, 2)}
      </pre>
    </div>
  );
}
