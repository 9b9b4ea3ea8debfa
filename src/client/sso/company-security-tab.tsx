import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { BadgeCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SecretOnceNotice } from '~/client/components/secret-once-notice';
import { TickField } from '~/client/components/tick-field';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { NativeSelect } from '~/client/components/ui/native-select';
import { RadioGroup, RadioGroupItem } from '~/client/components/ui/radio-group';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import { companyRoleLabels } from '~/shared/company-roles';
import {
  type ClaimDomainInput,
  claimDomainSchema,
  type IdentitySettings,
  provisionedRoles,
  ssoTexts as texts,
  type UpdateSsoInput,
  updateSsoSchema,
} from '~/shared/sso';
import {
  identitySettingsQueryOptions,
  useClaimDomain,
  useConfirmDomain,
  useCreateScimToken,
  useUpdateSso,
} from './api';

// Settings → Security (issue 58), for the company's Owner and Admins: the email domain, proved by a code sent to an
// address at it; the identity provider its people sign in through; SCIM provisioning's token.
export function CompanySecurityTab() {
  const settings = useQuery(identitySettingsQueryOptions());
  if (settings.isPending) {
    return (
      <div className="grid gap-6" role="status">
        <span className="sr-only">Loading sign-in settings</span>
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <Alert variant="destructive">
        <div className="space-y-2">
          <p>{errorMessage(settings.error, texts.loadFailed)}</p>
          <Button size="sm" variant="outline" onClick={() => settings.refetch()}>
            Try Again
          </Button>
        </div>
      </Alert>
    );
  }
  const { data } = settings;
  return (
    <div className="grid gap-6">
      <DomainCard settings={data} />
      <SsoCard settings={data} />
      <ScimCard settings={data} />
    </div>
  );
}

function DomainCard({ settings }: { settings: IdentitySettings }) {
  const claim = useClaimDomain();
  const confirm = useConfirmDomain();
  const [banner, setBanner] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const form = useForm<ClaimDomainInput, unknown, z.output<typeof claimDomainSchema>>({
    resolver: zodResolver(claimDomainSchema),
    defaultValues: { domain: settings.domain ?? '', email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await claim.mutateAsync(values);
      toast({ title: texts.codeSentTitle, description: texts.codeSent(values.email) });
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['domain', 'email'], fallback: texts.saveFailed }));
    }
  });

  async function submitCode(event: React.FormEvent) {
    event.preventDefault();
    setCodeError(null);
    try {
      await confirm.mutateAsync(code.trim());
      setCode('');
      toast({ title: texts.domainVerifiedTitle, description: settings.domain ?? '' });
    } catch (error) {
      setCodeError(errorMessage(error, texts.codeInvalid));
    }
  }

  return (
    <Card aria-labelledby="domain-title">
      <CardHeader>
        <CardTitle id="domain-title">{texts.domainTitle}</CardTitle>
        <CardDescription>{texts.domainDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {settings.domain_verified && (
          <p className="flex items-center gap-2 text-sm">
            <BadgeCheckIcon className="size-4 text-emerald-700" aria-hidden="true" />
            <span className="font-medium">{settings.domain}</span>
            <Badge variant="success">Verified</Badge>
          </p>
        )}
        <form onSubmit={onSubmit} noValidate className="space-y-3">
          {banner && <Alert variant="destructive">{banner}</Alert>}
          <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
            <FormField label="Domain" error={errors.domain?.message}>
              {(control) => (
                <Input {...control} placeholder="acme.com" autoComplete="off" {...form.register('domain')} />
              )}
            </FormField>
            <FormField label="Send the code to" error={errors.email?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  placeholder="it@acme.com"
                  autoComplete="off"
                  {...form.register('email')}
                />
              )}
            </FormField>
            <Button type="submit" variant="outline" className="sm:mt-7" disabled={isSubmitting}>
              {isSubmitting ? 'Sending...' : settings.domain_verified ? 'Change domain' : 'Send code'}
            </Button>
          </div>
        </form>
        {settings.pending_confirmation_email && (
          <form onSubmit={submitCode} noValidate className="grid gap-3 sm:grid-cols-[12rem_auto] sm:items-start">
            <FormField
              label="Confirmation code"
              error={codeError ?? undefined}
              hint={`Sent to ${settings.pending_confirmation_email}`}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
              )}
            </FormField>
            <Button type="submit" className="sm:mt-7 sm:justify-self-start" disabled={confirm.isPending}>
              {confirm.isPending ? 'Verifying...' : 'Verify domain'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

type SsoRequest = z.output<typeof updateSsoSchema>;

function CopyableValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <code className="rounded bg-muted px-2 py-1 font-mono text-xs wrap-anywhere">{value}</code>
    </div>
  );
}

function SsoCard({ settings }: { settings: IdentitySettings }) {
  const update = useUpdateSso();
  const [banner, setBanner] = useState<string | null>(null);
  const protocolId = useId();
  const form = useForm<UpdateSsoInput, unknown, SsoRequest>({
    resolver: zodResolver(updateSsoSchema),
    defaultValues: {
      protocol: settings.protocol,
      saml_entry_point: settings.saml_entry_point,
      saml_idp_issuer: settings.saml_idp_issuer,
      saml_certificate: settings.saml_certificate,
      oidc_issuer: settings.oidc_issuer,
      oidc_client_id: settings.oidc_client_id,
      oidc_client_secret: '',
      require_sso: settings.require_sso,
      jit_provisioning: settings.jit_provisioning,
      default_role: settings.default_role,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const protocol = form.watch('protocol');
  const provider = settings.service_provider;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await update.mutateAsync(values);
      form.setValue('oidc_client_secret', '');
      toast({
        title: texts.savedTitle,
        description: values.protocol ? 'Your people can sign in with SSO.' : 'Single sign-on is off.',
      });
    } catch (error) {
      setBanner(
        applyServerError(form, error, {
          fields: [
            'saml_entry_point',
            'saml_idp_issuer',
            'saml_certificate',
            'oidc_issuer',
            'oidc_client_id',
            'oidc_client_secret',
            'require_sso',
          ],
          fallback: texts.saveFailed,
        }),
      );
    }
  });

  return (
    <Card aria-labelledby="sso-title">
      <CardHeader>
        <CardTitle id="sso-title">{texts.ssoTitle}</CardTitle>
        <CardDescription>{texts.ssoDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {!settings.domain_verified ? (
          <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
            {texts.verifyDomainFirst}
          </p>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            {banner && <Alert variant="destructive">{banner}</Alert>}
            <div className="grid gap-2">
              <Label id={protocolId}>Identity provider</Label>
              <Controller
                control={form.control}
                name="protocol"
                render={({ field }) => (
                  <RadioGroup
                    ref={field.ref}
                    value={field.value ?? 'none'}
                    onValueChange={(value) => field.onChange(value === 'none' ? null : value)}
                    aria-labelledby={protocolId}
                    className="flex flex-wrap gap-4"
                  >
                    {[
                      ['none', 'Off'],
                      ['saml', 'SAML 2.0'],
                      ['oidc', 'OpenID Connect'],
                    ].map(([value, label]) => (
                      <div key={value} className="flex items-center gap-2">
                        <RadioGroupItem id={`${protocolId}-${value}`} value={value ?? ''} />
                        <Label htmlFor={`${protocolId}-${value}`} className="cursor-pointer font-normal">
                          {label}
                        </Label>
                      </div>
                    ))}
                  </RadioGroup>
                )}
              />
            </div>
            {protocol === 'saml' && (
              <div className="grid gap-4">
                <div className="grid gap-3 rounded-md bg-muted/40 p-3">
                  <p className="text-sm">Give your identity provider these values:</p>
                  <CopyableValue label="Entity ID (audience)" value={provider.saml_entity_id} />
                  <CopyableValue label="Assertion consumer service URL" value={provider.saml_acs_url} />
                  <CopyableValue label="Metadata" value={provider.saml_metadata_url} />
                </div>
                <FormField label="Sign-on URL" error={errors.saml_entry_point?.message}>
                  {(control) => (
                    <Input {...control} type="url" autoComplete="off" {...form.register('saml_entry_point')} />
                  )}
                </FormField>
                <FormField label="Identity provider entity ID" error={errors.saml_idp_issuer?.message}>
                  {(control) => <Input {...control} autoComplete="off" {...form.register('saml_idp_issuer')} />}
                </FormField>
                <FormField label="Signing certificate (PEM)" error={errors.saml_certificate?.message}>
                  {(control) => (
                    <Textarea
                      {...control}
                      rows={5}
                      className="font-mono text-xs"
                      placeholder="-----BEGIN CERTIFICATE-----"
                      {...form.register('saml_certificate')}
                    />
                  )}
                </FormField>
              </div>
            )}
            {protocol === 'oidc' && (
              <div className="grid gap-4">
                <div className="grid gap-3 rounded-md bg-muted/40 p-3">
                  <p className="text-sm">Register Tandem with your identity provider with this redirect URI:</p>
                  <CopyableValue label="Redirect URI" value={provider.oidc_redirect_uri} />
                </div>
                <FormField label="Issuer URL" error={errors.oidc_issuer?.message}>
                  {(control) => (
                    <Input
                      {...control}
                      type="url"
                      placeholder="https://login.acme.com"
                      autoComplete="off"
                      {...form.register('oidc_issuer')}
                    />
                  )}
                </FormField>
                <FormField label="Client ID" error={errors.oidc_client_id?.message}>
                  {(control) => <Input {...control} autoComplete="off" {...form.register('oidc_client_id')} />}
                </FormField>
                <FormField
                  label="Client secret"
                  error={errors.oidc_client_secret?.message}
                  hint={settings.has_oidc_client_secret ? 'Saved. Leave empty to keep it.' : undefined}
                >
                  {(control) => (
                    <Input
                      {...control}
                      type="password"
                      autoComplete="new-password"
                      {...form.register('oidc_client_secret')}
                    />
                  )}
                </FormField>
              </div>
            )}
            <div className="grid gap-3">
              <TickField
                control={form.control}
                name="require_sso"
                label={`Require single sign-on: people with an address at ${settings.domain} sign in only through your identity provider (the Owner keeps a password, for when it is down).`}
                error={errors.require_sso?.message}
              />
              <TickField
                control={form.control}
                name="jit_provisioning"
                label="Just-in-time membership: someone of your domain who signs in through your identity provider with no account here joins your team."
                error={errors.jit_provisioning?.message}
              />
              <FormField label="Role of people who join this way" error={errors.default_role?.message}>
                {(control) => (
                  <NativeSelect {...control} className="sm:w-64" {...form.register('default_role')}>
                    {provisionedRoles.map((role) => (
                      <option key={role} value={role}>
                        {companyRoleLabels[role]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            </div>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Single Sign-On'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function ScimCard({ settings }: { settings: IdentitySettings }) {
  const create = useCreateScimToken();
  const [token, setToken] = useState<string | null>(null);

  function generate() {
    create.mutate(undefined, {
      onSuccess: (answer) => setToken(answer.token),
      onError: (error) =>
        toast({ title: 'Error', description: errorMessage(error, texts.saveFailed), variant: 'destructive' }),
    });
  }

  return (
    <Card aria-labelledby="scim-title">
      <CardHeader>
        <CardTitle id="scim-title">{texts.scimTitle}</CardTitle>
        <CardDescription>{texts.scimDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <CopyableValue label="SCIM base URL" value={settings.service_provider.scim_base_url} />
        {token && (
          <SecretOnceNotice
            title={texts.scimTokenTitle}
            description={texts.scimTokenDescription}
            secret={token}
            label="Your SCIM token"
            onDone={() => setToken(null)}
          />
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {settings.scim_token ? (
              <>
                Token <code className="rounded bg-muted px-1 font-mono text-xs">{settings.scim_token.prefix}…</code>{' '}
                made{' '}
                <time dateTime={settings.scim_token.created_at}>
                  {format(new Date(settings.scim_token.created_at), 'MMM d, yyyy')}
                </time>
                . A new one replaces it at once.
              </>
            ) : (
              'No SCIM token yet.'
            )}
          </p>
          <Button type="button" variant="outline" onClick={generate} disabled={create.isPending}>
            {create.isPending ? 'Creating...' : settings.scim_token ? 'Replace token' : 'Create token'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
