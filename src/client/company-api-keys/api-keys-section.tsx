import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { KeyRoundIcon, PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { SecretOnceNotice } from '~/client/components/secret-once-notice';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import { relativeDateLabel } from '~/client/lib/relative-date';
import {
  type ApiKey,
  type ApiKeyResource,
  type ApiKeyScope,
  type ApiKeySecret,
  apiKeyExpiryChoices,
  apiKeyResourceNames,
  apiKeyResources,
  createApiKeySchema,
  apiKeyTexts as texts,
} from '~/shared/api-keys';
import { companyApiKeysQueryOptions, useCreateApiKey, useRevokeApiKey, useRotateApiKey } from './api';

const dayLabel = (iso: string) => format(new Date(iso), 'MMM d, yyyy');
type Access = 'none' | 'read' | 'write';

// The scopes a key holds, as people read them: "Jobs and tests (read and write), Audit log (read)".
function scopesLabel(scopes: readonly ApiKeyScope[]): string {
  return apiKeyResourceNames
    .flatMap((resource) => {
      const access = scopes.includes(`${resource}:write`)
        ? 'read and write'
        : scopes.includes(`${resource}:read`)
          ? 'read'
          : null;
      return access ? [`${apiKeyResources[resource].label} (${access})`] : [];
    })
    .join(', ');
}

// "API keys" in Settings → Integrations (Owner and Admins): the company's keys for its own systems, each with the
// scopes it was given; created and rotated with the key shown once, revoked.
export function ApiKeysSection() {
  const keys = useQuery(companyApiKeysQueryOptions());
  const [isCreating, setIsCreating] = useState(false);
  const [shown, setShown] = useState<{ title: string; description: string; answer: ApiKeySecret } | null>(null);

  return (
    <Card aria-labelledby="api-keys-title" className="min-w-0">
      <CardHeader>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1.5">
            <CardTitle id="api-keys-title">{texts.sectionTitle}</CardTitle>
            <CardDescription>{texts.sectionDescription}</CardDescription>
          </div>
          <Button type="button" onClick={() => setIsCreating(true)} disabled={!keys.isSuccess}>
            <PlusIcon aria-hidden="true" />
            Create key
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {keys.isSuccess && (
          <p className="text-sm text-muted-foreground">
            Each key may make {keys.data.rate_limit_per_minute} requests a minute. Every create takes an Idempotency-Key
            header, and lists page by a cursor: see the API reference.
          </p>
        )}
        {shown && (
          <SecretOnceNotice
            title={shown.title}
            description={shown.description}
            secret={shown.answer.secret}
            label="Your new API key"
            onDone={() => setShown(null)}
          />
        )}
        {keys.isPending && (
          <div className="space-y-3" role="status">
            <span className="sr-only">Loading API keys</span>
            {[0, 1].map((row) => (
              <Skeleton key={row} className="h-14 w-full" />
            ))}
          </div>
        )}
        {keys.isError && (
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(keys.error, texts.loadFailed)}</p>
              <Button size="sm" variant="outline" onClick={() => keys.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        )}
        {keys.isSuccess && keys.data.keys.length === 0 && (
          <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
            {texts.empty}
          </p>
        )}
        {keys.isSuccess && keys.data.keys.length > 0 && (
          <ul aria-label="Your company’s API keys" className="divide-y divide-border rounded-md border border-border">
            {keys.data.keys.map((key) => (
              <KeyRow
                key={key.id}
                apiKey={key}
                onRotated={(answer) =>
                  setShown({
                    title: `${texts.rotatedTitle}: ${answer.key.name}`,
                    description: texts.rotatedDescription,
                    answer,
                  })
                }
              />
            ))}
          </ul>
        )}
      </CardContent>
      {isCreating && (
        <CreateKeyDialog
          onClose={() => setIsCreating(false)}
          onCreated={(answer) =>
            setShown({
              title: `${texts.createdTitle}: ${answer.key.name}`,
              description: texts.createdDescription,
              answer,
            })
          }
        />
      )}
    </Card>
  );
}

function KeyRow({ apiKey, onRotated }: { apiKey: ApiKey; onRotated: (answer: ApiKeySecret) => void }) {
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);
  const isExpired = apiKey.expires_at !== null && Date.parse(apiKey.expires_at) <= Date.now();

  function confirm() {
    const done = () => setConfirming(null);
    const failed = (error: unknown) => {
      done();
      toast({ title: 'Error', description: errorMessage(error, texts.actionFailed), variant: 'destructive' });
    };
    if (confirming === 'rotate') {
      rotate.mutate(apiKey.id, {
        onSuccess: (answer) => {
          done();
          onRotated(answer);
        },
        onError: failed,
      });
    } else if (confirming === 'revoke') {
      revoke.mutate(apiKey.id, {
        onSuccess: () => {
          done();
          toast({ title: texts.revokedTitle, description: texts.revokedDescription });
        },
        onError: failed,
      });
    }
  }

  return (
    <li className="flex flex-col gap-3 p-3 lg:flex-row lg:items-center lg:justify-between">
      <div className="min-w-0 space-y-0.5 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <KeyRoundIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          <span className="wrap-anywhere">{apiKey.name}</span>
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground">
            {apiKey.key_prefix}…
          </code>
          {isExpired && (
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">Expired</span>
          )}
        </p>
        <p className="wrap-anywhere">{scopesLabel(apiKey.scopes)}</p>
        <p className="text-muted-foreground">
          Created <time dateTime={apiKey.created_at}>{dayLabel(apiKey.created_at)}</time>
          {apiKey.created_by ? ` by ${apiKey.created_by}` : ''} · Last used{' '}
          {apiKey.last_used_at ? (
            <time dateTime={apiKey.last_used_at}>{relativeDateLabel(apiKey.last_used_at)}</time>
          ) : (
            'never'
          )}
          {' · '}
          {apiKey.expires_at ? (
            <>
              {isExpired ? 'Expired' : 'Expires'}{' '}
              <time dateTime={apiKey.expires_at}>{dayLabel(apiKey.expires_at)}</time>
            </>
          ) : (
            'No expiry'
          )}
          {apiKey.previous_key_expires_at && (
            <>
              {' '}
              · the replaced key works until{' '}
              <time dateTime={apiKey.previous_key_expires_at}>{dayLabel(apiKey.previous_key_expires_at)}</time>
            </>
          )}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => setConfirming('rotate')}
          aria-label={`Rotate ${apiKey.name}`}
        >
          Rotate
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => setConfirming('revoke')}
          aria-label={`Revoke ${apiKey.name}`}
        >
          Revoke
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming === 'rotate' ? `Rotate "${apiKey.name}"?` : `Revoke "${apiKey.name}"?`}
        description={
          confirming === 'rotate'
            ? 'A new key replaces this one, with the same scopes. The current key keeps working for 24 hours so your systems can switch.'
            : 'Systems using this key stop working at once. This cannot be undone; you can create a new key.'
        }
        confirmLabel={confirming === 'rotate' ? 'Rotate Key' : 'Revoke Key'}
        destructive={confirming === 'revoke'}
        pending={rotate.isPending || revoke.isPending}
        onConfirm={confirm}
      />
    </li>
  );
}

type FormValues = { name: string; expiry: string } & Record<ApiKeyResource, Access>;

function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (answer: ApiKeySecret) => void }) {
  const create = useCreateApiKey();
  const [banner, setBanner] = useState<string | null>(null);
  const [scopesError, setScopesError] = useState<string | null>(null);
  const scopesId = useId();
  const form = useForm<FormValues>({
    defaultValues: {
      name: '',
      expiry: '365',
      ...(Object.fromEntries(apiKeyResourceNames.map((resource) => [resource, 'none'])) as Record<
        ApiKeyResource,
        Access
      >),
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    setScopesError(null);
    const scopes = apiKeyResourceNames.flatMap((resource): ApiKeyScope[] =>
      values[resource] === 'none' ? [] : [`${resource}:${values[resource]}` as ApiKeyScope],
    );
    const parsed = createApiKeySchema.safeParse({
      name: values.name,
      scopes,
      expires_in_days: values.expiry === 'never' ? null : Number(values.expiry),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'name') form.setError('name', { type: 'client', message: issue.message });
        if (issue.path[0] === 'scopes') setScopesError(issue.message);
      }
      return;
    }
    try {
      onCreated(await create.mutateAsync(parsed.data));
      onClose();
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['name'], fallback: texts.createFailed }));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-2xl"
        title="Create API key"
        description="Give the key only the access your system needs. It acts as the company, whoever on your team made it."
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
            <FormField label="Key name" error={errors.name?.message}>
              {(control) => (
                <Input {...control} placeholder="e.g. Greenhouse sync" autoComplete="off" {...form.register('name')} />
              )}
            </FormField>
            <FormField label="Expires">
              {(control) => (
                <NativeSelect {...control} {...form.register('expiry')}>
                  {apiKeyExpiryChoices.map((days) => (
                    <option key={days} value={String(days)}>
                      In {days} days
                    </option>
                  ))}
                  <option value="never">Never (until revoked)</option>
                </NativeSelect>
              )}
            </FormField>
          </div>
          <fieldset className="grid min-w-0 gap-2" aria-describedby={scopesError ? `${scopesId}-error` : undefined}>
            <legend className="mb-1 text-sm font-semibold">Scopes</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {apiKeyResourceNames.map((resource) => (
                <FormField key={resource} label={apiKeyResources[resource].label}>
                  {(control) => (
                    <NativeSelect {...control} {...form.register(resource)}>
                      <option value="none">No access</option>
                      <option value="read">Read</option>
                      {apiKeyResources[resource].write.length > 0 && <option value="write">Read and write</option>}
                    </NativeSelect>
                  )}
                </FormField>
              ))}
            </div>
            {scopesError && <FieldError id={`${scopesId}-error`}>{scopesError}</FieldError>}
          </fieldset>
          <DialogFormFooter
            banner={banner}
            cancelLabel="Cancel"
            onCancel={onClose}
            submitLabel="Create Key"
            pendingLabel="Creating..."
            isPending={isSubmitting}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
