import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { KeyRoundIcon, TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SecretOnceNotice } from '~/client/components/secret-once-notice';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import { relativeDateLabel } from '~/client/lib/relative-date';
import {
  type ApiToken,
  apiTokenExpiryChoices,
  type CreateApiTokenInput,
  type CreatedApiToken,
  createApiTokenSchema,
  apiTokenTexts as texts,
} from '~/shared/api-tokens';
import { apiTokensQueryOptions, useCreateApiToken, useRevokeApiToken } from './api';

// The section's anchor, for links from elsewhere (System Settings' API tab).
export const API_TOKENS_SECTION_ID = 'api-tokens';

type FormValues = { name: string; expiry: string };

const dayLabel = (iso: string) => format(new Date(iso), 'MMM d, yyyy');

// "API tokens" in every role's settings: create one with a name (copied once), the list, revoke.
export function ApiTokensSection() {
  const tokens = useQuery(apiTokensQueryOptions());
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useRevokeApiToken();

  function handleRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(null);
        toast({ title: texts.revokedTitle, description: texts.revokedDescription });
      },
      onError: (error) => {
        setRevoking(null);
        toast({ title: 'Error', description: errorMessage(error, texts.revokeFailed), variant: 'destructive' });
      },
    });
  }

  return (
    <Card id={API_TOKENS_SECTION_ID} aria-labelledby="api-tokens-title" className="scroll-mt-20">
      <CardHeader>
        <CardTitle id="api-tokens-title">{texts.sectionTitle}</CardTitle>
        <CardDescription>{texts.sectionDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {tokens.data?.api_access === false && (
          <Alert variant="warning">
            <TriangleAlertIcon aria-hidden="true" />
            <p>{texts.apiAccessOff}</p>
          </Alert>
        )}
        {/* While the platform refuses tokens, a new one would only look usable (the server refuses it too). */}
        {tokens.data?.api_access !== false && <CreateTokenForm onCreated={setCreated} />}
        {created && (
          <SecretOnceNotice
            title={`${texts.createdTitle}: ${created.token.name}`}
            description={texts.createdDescription}
            secret={created.secret}
            label="Your new API token"
            onDone={() => setCreated(null)}
          />
        )}
        {tokens.isPending && (
          <div className="space-y-3" role="status">
            <span className="sr-only">Loading API tokens</span>
            {[0, 1].map((row) => (
              <Skeleton key={row} className="h-12 w-full" />
            ))}
          </div>
        )}
        {tokens.isError && (
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(tokens.error, texts.loadFailed)}</p>
              <Button size="sm" variant="outline" onClick={() => tokens.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        )}
        {tokens.isSuccess && tokens.data.tokens.length === 0 && (
          <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
            {texts.empty}
          </p>
        )}
        {tokens.isSuccess && tokens.data.tokens.length > 0 && (
          <ul aria-label="Your API tokens" className="divide-y divide-border rounded-md border border-border">
            {tokens.data.tokens.map((token) => (
              <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={`Revoke "${revoking?.name ?? ''}"?`}
        description="Programs using this token stop working at once. This cannot be undone; you can create a new token."
        confirmLabel="Revoke Token"
        destructive
        pending={revoke.isPending}
        onConfirm={handleRevoke}
      />
    </Card>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const create = useCreateApiToken();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<FormValues>({ defaultValues: { name: '', expiry: '90' } });
  const nameSchema = createApiTokenSchema.shape.name;
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, expiry }) => {
    setBanner(null);
    const input: CreateApiTokenInput = {
      name,
      expires_in_days: Number(expiry) as CreateApiTokenInput['expires_in_days'],
    };
    try {
      const created = await create.mutateAsync(input);
      form.reset({ name: '', expiry });
      onCreated(created);
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['name'], fallback: texts.createFailed }));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <FormField label="Token name" error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              placeholder="e.g. Nightly report script"
              autoComplete="off"
              {...form.register('name', {
                validate: (value) => {
                  const parsed = nameSchema.safeParse(value);
                  return parsed.success || (parsed.error.issues[0]?.message ?? texts.createFailed);
                },
              })}
            />
          )}
        </FormField>
        <FormField label="Expires">
          {(control) => (
            <NativeSelect {...control} {...form.register('expiry')}>
              {apiTokenExpiryChoices.map((days) => (
                <option key={days} value={String(days)}>
                  In {days} days
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit" disabled={isSubmitting} className="sm:mt-7">
          <KeyRoundIcon aria-hidden="true" />
          {isSubmitting ? 'Creating...' : 'Create Token'}
        </Button>
      </div>
    </form>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const isExpired = token.expires_at !== null && Date.parse(token.expires_at) <= Date.now();
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-0.5 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="wrap-anywhere">{token.name}</span>
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground">
            {token.token_prefix}…
          </code>
          {isExpired && (
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">Expired</span>
          )}
        </p>
        <p className="text-muted-foreground">
          Created <time dateTime={token.created_at}>{dayLabel(token.created_at)}</time> · Last used{' '}
          {token.last_used_at ? (
            <time dateTime={token.last_used_at}>{relativeDateLabel(token.last_used_at)}</time>
          ) : (
            'never'
          )}
          {token.expires_at && !isExpired && (
            <>
              {' '}
              · Expires <time dateTime={token.expires_at}>{dayLabel(token.expires_at)}</time>
            </>
          )}
        </p>
      </div>
      <Button type="button" size="sm" variant="outline" onClick={onRevoke} aria-label={`Revoke ${token.name}`}>
        Revoke
      </Button>
    </li>
  );
}
