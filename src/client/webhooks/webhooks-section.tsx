import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { PlusIcon, WebhookIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { SecretOnceNotice } from '~/client/components/secret-once-notice';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Checkbox } from '~/client/components/ui/checkbox';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import {
  type CreateWebhookEndpointInput,
  createWebhookEndpointSchema,
  webhookTexts as texts,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookSecretAnswer,
} from '~/shared/webhooks';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
  type WebhookOwner,
  webhookEndpointsQueryOptions,
} from './api';
import { WebhookDeliveries } from './webhook-deliveries';

const dayLabel = (iso: string) => format(new Date(iso), 'MMM d, yyyy h:mm a');

// "Webhooks": a company's endpoints in Settings → Integrations, or the platform's in System Settings. Each
// endpoint: its address and events, whether it is on, its secret's start, and its delivery log with replays.
export function WebhooksSection({ owner }: { owner: WebhookOwner }) {
  const endpoints = useQuery(webhookEndpointsQueryOptions(owner));
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [shownSecret, setShownSecret] = useState<{ title: string; answer: WebhookSecretAnswer } | null>(null);

  return (
    <Card aria-labelledby={`webhooks-${owner}-title`} className="min-w-0">
      <CardHeader>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1.5">
            <CardTitle id={`webhooks-${owner}-title`}>{texts.sectionTitle}</CardTitle>
            <CardDescription>
              {owner === 'company' ? texts.sectionDescription : texts.platformDescription}
            </CardDescription>
          </div>
          <Button type="button" onClick={() => setEditing('new')} disabled={!endpoints.isSuccess}>
            <PlusIcon aria-hidden="true" />
            {texts.addEndpoint}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {shownSecret && (
          <SecretOnceNotice
            title={shownSecret.title}
            description={shownSecret.title === texts.rotatedTitle ? texts.rotatedDescription : texts.createdDescription}
            secret={shownSecret.answer.secret}
            label="The endpoint’s signing secret"
            onDone={() => setShownSecret(null)}
          />
        )}
        {endpoints.isPending && (
          <div className="space-y-3" role="status">
            <span className="sr-only">Loading webhook endpoints</span>
            {[0, 1].map((row) => (
              <Skeleton key={row} className="h-20 w-full" />
            ))}
          </div>
        )}
        {endpoints.isError && (
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(endpoints.error, texts.loadFailed)}</p>
              <Button size="sm" variant="outline" onClick={() => endpoints.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        )}
        {endpoints.isSuccess && endpoints.data.endpoints.length === 0 && (
          <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
            {texts.empty}
          </p>
        )}
        {endpoints.isSuccess && endpoints.data.endpoints.length > 0 && (
          <ul aria-label="Webhook endpoints" className="divide-y divide-border rounded-md border border-border">
            {endpoints.data.endpoints.map((endpoint) => (
              <EndpointItem
                key={endpoint.id}
                owner={owner}
                endpoint={endpoint}
                onEdit={() => setEditing(endpoint)}
                onRotated={(answer) => setShownSecret({ title: texts.rotatedTitle, answer })}
              />
            ))}
          </ul>
        )}
      </CardContent>
      {endpoints.isSuccess && editing && (
        <EndpointDialog
          owner={owner}
          eventTypes={endpoints.data.event_types}
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(answer) => setShownSecret({ title: `${texts.createdTitle}: ${answer.endpoint.url}`, answer })}
        />
      )}
    </Card>
  );
}

function StatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.enabled) return <Badge variant="success">On</Badge>;
  return (
    <Badge variant={endpoint.disabled_reason === 'failures' ? 'danger' : 'neutral'}>
      {endpoint.disabled_reason === 'failures' ? texts.disabledByFailures : texts.disabledByPerson}
    </Badge>
  );
}

function EndpointItem({
  owner,
  endpoint,
  onEdit,
  onRotated,
}: {
  owner: WebhookOwner;
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onRotated: (answer: WebhookSecretAnswer) => void;
}) {
  const update = useUpdateWebhookEndpoint(owner);
  const rotate = useRotateWebhookSecret(owner);
  const remove = useDeleteWebhookEndpoint(owner);
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const [showsDeliveries, setShowsDeliveries] = useState(false);
  const deliveriesId = useId();
  const failed = (error: unknown) =>
    toast({ title: 'Error', description: errorMessage(error, texts.saveFailed), variant: 'destructive' });

  function toggle() {
    update.mutate(
      { id: endpoint.id, input: { enabled: !endpoint.enabled } },
      {
        onSuccess: (saved) =>
          toast({ title: texts.updatedTitle, description: saved.enabled ? 'It is on again.' : 'It is off.' }),
        onError: failed,
      },
    );
  }

  function confirm() {
    if (confirming === 'rotate') {
      rotate.mutate(endpoint.id, {
        onSuccess: (answer) => {
          setConfirming(null);
          onRotated(answer);
        },
        onError: (error) => {
          setConfirming(null);
          failed(error);
        },
      });
    } else if (confirming === 'delete') {
      remove.mutate(endpoint.id, {
        onSuccess: () => {
          setConfirming(null);
          toast({ title: texts.deletedTitle, description: endpoint.url });
        },
        onError: (error) => {
          setConfirming(null);
          failed(error);
        },
      });
    }
  }

  return (
    <li className="min-w-0 space-y-3 p-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-1 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <WebhookIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="font-mono font-medium wrap-anywhere">{endpoint.url}</span>
            <StatusBadge endpoint={endpoint} />
          </p>
          {endpoint.description && <p className="wrap-anywhere">{endpoint.description}</p>}
          <p className="text-muted-foreground wrap-anywhere">{endpoint.event_types.join(', ')}</p>
          <p className="text-muted-foreground">
            Secret <code className="rounded bg-muted px-1 font-mono text-xs">{endpoint.secret_prefix}…</code>
            {endpoint.previous_secret_expires_at && (
              <>
                {' '}
                · the previous one signs too until{' '}
                <time dateTime={endpoint.previous_secret_expires_at}>
                  {dayLabel(endpoint.previous_secret_expires_at)}
                </time>
              </>
            )}
            {endpoint.disabled_at && (
              <>
                {' '}
                · off since <time dateTime={endpoint.disabled_at}>{dayLabel(endpoint.disabled_at)}</time>
              </>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-expanded={showsDeliveries}
            aria-controls={deliveriesId}
            onClick={() => setShowsDeliveries((shown) => !shown)}
          >
            {showsDeliveries ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${endpoint.url}`}>
            Edit
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={toggle} disabled={update.isPending}>
            {endpoint.enabled ? 'Turn off' : 'Turn on'}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setConfirming('rotate')}>
            Rotate secret
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => setConfirming('delete')}
            aria-label={`Delete ${endpoint.url}`}
          >
            Delete
          </Button>
        </div>
      </div>
      {showsDeliveries && (
        <div id={deliveriesId} className="min-w-0">
          <WebhookDeliveries owner={owner} endpoint={endpoint} />
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming === 'rotate' ? 'Rotate the signing secret?' : `Delete ${endpoint.url}?`}
        description={
          confirming === 'rotate'
            ? 'A new secret signs every delivery from now on. The current one signs beside it for 24 hours, so your receiver can switch without missing any.'
            : 'Nothing more is sent to it, and its delivery log is deleted with it. This cannot be undone.'
        }
        confirmLabel={confirming === 'rotate' ? 'Rotate Secret' : 'Delete Endpoint'}
        destructive={confirming === 'delete'}
        pending={rotate.isPending || remove.isPending}
        onConfirm={confirm}
      />
    </li>
  );
}

type EndpointRequest = z.output<typeof createWebhookEndpointSchema>;

function EndpointDialog({
  owner,
  eventTypes,
  endpoint,
  onClose,
  onCreated,
}: {
  owner: WebhookOwner;
  eventTypes: WebhookEndpointList['event_types'];
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (answer: WebhookSecretAnswer) => void;
}) {
  const create = useCreateWebhookEndpoint(owner);
  const update = useUpdateWebhookEndpoint(owner);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<CreateWebhookEndpointInput, unknown, EndpointRequest>({
    resolver: zodResolver(createWebhookEndpointSchema),
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      event_types: endpoint?.event_types ?? [],
    },
  });
  const { errors, isSubmitting } = form.formState;
  const eventsId = useId();

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, input: values });
        toast({ title: texts.updatedTitle, description: values.url });
      } else onCreated(await create.mutateAsync(values));
      onClose();
    } catch (error) {
      setBanner(
        applyServerError(form, error, { fields: ['url', 'description', 'event_types'], fallback: texts.saveFailed }),
      );
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-2xl"
        title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
        description="Tandem posts each chosen event to this address as it happens. Answer with any 2xx status within 10 seconds; anything else is tried again for a day and a half."
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label="Endpoint URL" error={errors.url?.message}>
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://hooks.example.com/tandem"
                {...form.register('url')}
              />
            )}
          </FormField>
          <FormField label="Description (optional)" error={errors.description?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('description')} />}
          </FormField>
          <Controller
            control={form.control}
            name="event_types"
            render={({ field }) => {
              const chosen = field.value ?? [];
              const all = eventTypes.map((item) => item.type);
              return (
                <fieldset
                  className="grid min-w-0 gap-2"
                  aria-describedby={errors.event_types ? `${eventsId}-error` : undefined}
                >
                  <legend className="mb-1 text-sm font-semibold">Events</legend>
                  <div className="flex items-center gap-2">
                    <Checkbox
                      id={`${eventsId}-all`}
                      checked={chosen.length === all.length ? true : chosen.length > 0 ? 'indeterminate' : false}
                      onCheckedChange={(checked) => field.onChange(checked === true ? all : [])}
                    />
                    <Label htmlFor={`${eventsId}-all`} className="cursor-pointer">
                      Every event
                    </Label>
                  </div>
                  <ul className="grid gap-2 sm:grid-cols-2">
                    {eventTypes.map((item) => (
                      <li key={item.type} className="flex items-start gap-2">
                        <Checkbox
                          id={`${eventsId}-${item.type}`}
                          checked={chosen.includes(item.type)}
                          onCheckedChange={(checked) =>
                            field.onChange(
                              checked === true ? [...chosen, item.type] : chosen.filter((type) => type !== item.type),
                            )
                          }
                          aria-describedby={`${eventsId}-${item.type}-description`}
                          className="mt-0.5"
                        />
                        <div className="grid gap-0.5">
                          <Label htmlFor={`${eventsId}-${item.type}`} className="cursor-pointer font-mono text-xs">
                            {item.type}
                          </Label>
                          <span id={`${eventsId}-${item.type}-description`} className="text-xs text-muted-foreground">
                            {item.description}
                          </span>
                        </div>
                      </li>
                    ))}
                  </ul>
                  {errors.event_types?.message && (
                    <FieldError id={`${eventsId}-error`}>{errors.event_types.message}</FieldError>
                  )}
                </fieldset>
              );
            }}
          />
          <DialogFormFooter
            banner={banner}
            cancelLabel="Cancel"
            onCancel={onClose}
            submitLabel={endpoint ? 'Save Endpoint' : 'Add Endpoint'}
            pendingLabel="Saving..."
            isPending={isSubmitting}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
