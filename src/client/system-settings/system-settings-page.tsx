import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { RotateCcwIcon, TriangleAlertIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type Control, Controller, type FieldPath, type UseFormReturn, useForm } from 'react-hook-form';
import { PageMeta } from '~/client/components/page-meta';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Switch } from '~/client/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/client/components/ui/tabs';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage, isApiError } from '~/client/lib/api-client';
import type { PageProps } from '~/client/routes';
import { apiTokenTexts } from '~/shared/api-tokens';
import { JOB_VALIDITY_DAYS_MAX, JOB_VALIDITY_DAYS_MIN } from '~/shared/job-reach';
import { paths } from '~/shared/routes';
import {
  PAYOUT_MINIMUM_CENTS_MAX,
  PAYOUT_SECURITY_DAYS_MAX,
  type PlatformSettings,
  SESSION_TIMEOUT_MINUTES_MAX,
  SESSION_TIMEOUT_MINUTES_MIN,
  systemSettingsTexts as texts,
} from '~/shared/settings';
import { AccountCodesCard } from './account-codes-card';
import { systemSettingsQueryOptions, useResetSettings, useSaveSettings } from './api';
import { ExchangeRatesCard } from './exchange-rates-card';
import { InvoiceSellerCard } from './invoice-seller-card';
import {
  changesOf,
  formFieldOfServerField,
  type SettingsFormValues,
  settingsFormSchema,
  toFormValues,
} from './settings-form';
import { TaxDataReadersCard } from './tax-data-readers-card';
import { TaxRatesCard } from './tax-rates-card';

const tabs = [
  { value: 'general', label: 'General' },
  { value: 'payouts', label: 'Payouts' },
  { value: 'security', label: 'Security' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'api', label: 'API Settings' },
] as const;
type Tab = (typeof tabs)[number]['value'];

// Where a field lives, to open its tab when the server refuses its value.
const tabOfField: Record<keyof SettingsFormValues, Tab> = {
  allow_registrations: 'general',
  maintenance_mode: 'general',
  platform_fee_percent: 'general',
  job_validity_days: 'general',
  payouts_wait_for_payment: 'payouts',
  payout_security_days: 'payouts',
  payout_minimum_dollars: 'payouts',
  payouts_require_tax_form: 'payouts',
  email_verification: 'security',
  admin_two_factor: 'security',
  session_timeout_minutes: 'security',
  notify_new_user: 'notifications',
  notify_new_job: 'notifications',
  notify_contact_message: 'notifications',
  api_access: 'api',
};

// /admin/settings (docs/spec/admin-billing-and-content.md §2 item 10): the admin's System Settings in five
// tabs, saved together.
export function SystemSettingsPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const settings = useQuery(systemSettingsQueryOptions());
  return (
    <div className="grid min-w-0 gap-6">
      <div className="space-y-1">
        <PageMeta title={title} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          How the platform behaves for everyone: sign-up, paying the talent, security, notifications and API access.
        </p>
      </div>
      {settings.isPending && (
        <Card role="status" aria-label="Loading settings" className="space-y-4 p-6">
          <Skeleton className="h-10 w-full max-w-md" />
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex items-center justify-between gap-4">
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-3 w-2/3" />
              </div>
              <Skeleton className="h-6 w-11 rounded-full" />
            </div>
          ))}
        </Card>
      )}
      {settings.isError && (
        <Alert variant="destructive">
          <div className="space-y-2">
            <p>{errorMessage(settings.error, texts.loadFailed)}</p>
            <Button size="sm" variant="outline" onClick={() => settings.refetch()}>
              Try Again
            </Button>
          </div>
        </Alert>
      )}
      {settings.isSuccess && <SettingsForm stored={settings.data} />}
      <InvoiceSellerCard />
      <AccountCodesCard />
      <ExchangeRatesCard />
      <TaxRatesCard />
      <TaxDataReadersCard />
    </div>
  );
}

function SettingsForm({ stored }: { stored: PlatformSettings }) {
  const [tab, setTab] = useState<Tab>('general');
  const [isConfirmingReset, setIsConfirmingReset] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const save = useSaveSettings();
  const reset = useResetSettings();
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: toFormValues(stored),
  });
  const { isDirty, isSubmitting } = form.formState;
  const isMaintenanceOn = form.watch('maintenance_mode');

  // The first field with a problem is shown: its tab opens.
  const openTabOf = (fields: string[]) => {
    const first = Object.keys(tabOfField).find((field) => fields.includes(field));
    if (first) setTab(tabOfField[first as keyof SettingsFormValues]);
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      setBanner(null);
      const changes = changesOf(values, stored);
      try {
        const saved = Object.keys(changes).length > 0 ? await save.mutateAsync(changes) : stored;
        form.reset(toFormValues(saved));
        toast({ title: texts.savedTitle, description: texts.savedDescription });
      } catch (error) {
        // What was typed stays in the form, to correct and save again.
        const placed: string[] = [];
        if (isApiError(error)) {
          for (const [name, message] of Object.entries(error.fields)) {
            const field = formFieldOfServerField(name);
            if (!field) continue;
            form.setError(field, { type: 'server', message });
            placed.push(field);
          }
        }
        openTabOf(placed);
        if (placed.length === 0) setBanner(errorMessage(error, texts.saveFailed));
        toast({
          title: texts.saveFailedTitle,
          description: errorMessage(error, texts.saveFailed),
          variant: 'destructive',
        });
      }
    },
    (problems) => openTabOf(Object.keys(problems)),
  );

  function handleReset() {
    setBanner(null);
    reset.mutate(undefined, {
      onSuccess: (restored) => {
        setIsConfirmingReset(false);
        form.reset(toFormValues(restored));
        toast({ title: texts.resetTitle, description: texts.resetDescription });
      },
      onError: (error) => {
        setIsConfirmingReset(false);
        toast({
          title: texts.saveFailedTitle,
          description: errorMessage(error, texts.resetFailed),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Card aria-labelledby="system-settings-title" className="min-w-0">
      <CardHeader className="sr-only">
        <CardTitle id="system-settings-title">Settings</CardTitle>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="space-y-4 pt-6">
          {banner && <Alert variant="destructive">{banner}</Alert>}
          <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
            <TabsList aria-label="Settings sections" className="h-auto flex-wrap">
              {tabs.map(({ value, label }) => (
                <TabsTrigger key={value} value={value}>
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>

            <TabsContent value="general" forceMount hidden={tab !== 'general'}>
              <SettingsGroup title="General" description="Who can join, and what the platform charges.">
                <ToggleField
                  control={form.control}
                  name="allow_registrations"
                  label="Allow registrations"
                  description="New companies and applicants can create an account."
                />
                <ToggleField
                  control={form.control}
                  name="maintenance_mode"
                  label="Maintenance mode"
                  description="The public site and sign-in show a maintenance page. Administrators still get in."
                />
                {isMaintenanceOn && (
                  <Alert variant="warning">
                    <TriangleAlertIcon aria-hidden="true" />
                    <p>
                      While maintenance mode is on, only administrators can use Tandem. Everyone else sees "We'll be
                      back soon".
                    </p>
                  </Alert>
                )}
                <NumberField
                  form={form}
                  name="platform_fee_percent"
                  label="Platform fee (%)"
                  hint="Added to every invoice, as a percentage of the work invoiced."
                  min={0}
                  max={50}
                  step={0.01}
                />
                <NumberField
                  form={form}
                  name="job_validity_days"
                  label="Job validity (days)"
                  hint={`How long a job takes applications when it names no closing date, from the day it is published. From ${JOB_VALIDITY_DAYS_MIN} to ${JOB_VALIDITY_DAYS_MAX} days.`}
                  min={JOB_VALIDITY_DAYS_MIN}
                  max={JOB_VALIDITY_DAYS_MAX}
                  step={1}
                />
                <ToggleField
                  control={form.control}
                  name="payouts_require_tax_form"
                  label="Require a tax form before payouts"
                  description="A talent is paid only with a W-9 or W-8BEN in force; without one, their payout waits as an exception the talent sees."
                />
              </SettingsGroup>
            </TabsContent>

            <TabsContent value="payouts" forceMount hidden={tab !== 'payouts'}>
              <SettingsGroup
                title="Payouts"
                description="When the talent's earnings can be paid out, and from what amount."
              >
                <ToggleField
                  control={form.control}
                  name="payouts_wait_for_payment"
                  label="Hold earnings until the company pays"
                  description="The earnings of an hourly week wait until the company has paid its invoice."
                />
                <NumberField
                  form={form}
                  name="payout_security_days"
                  label="Security period (days)"
                  hint={`Days before pending earnings become available: refunds and chargebacks come in this time. From 0 to ${PAYOUT_SECURITY_DAYS_MAX} days.`}
                  min={0}
                  max={PAYOUT_SECURITY_DAYS_MAX}
                  step={1}
                />
                <NumberField
                  form={form}
                  name="payout_minimum_dollars"
                  label="Payout minimum ($)"
                  hint={`The smallest available balance a payout run pays. From $1 to $${PAYOUT_MINIMUM_CENTS_MAX / 100}.`}
                  min={1}
                  max={PAYOUT_MINIMUM_CENTS_MAX / 100}
                  step={0.01}
                />
              </SettingsGroup>
            </TabsContent>

            <TabsContent value="security" forceMount hidden={tab !== 'security'}>
              <SettingsGroup title="Security" description="How people prove who they are, and for how long.">
                <ToggleField
                  control={form.control}
                  name="email_verification"
                  label="Email verification"
                  description="New accounts confirm their email address before publishing or applying."
                />
                <ToggleField
                  control={form.control}
                  name="admin_two_factor"
                  label="Two-factor authentication for admins"
                  description="Require two-factor authentication for all admin users."
                />
                <NumberField
                  form={form}
                  name="session_timeout_minutes"
                  label="Session timeout (minutes)"
                  hint={`A session idle for longer is signed out. From ${SESSION_TIMEOUT_MINUTES_MIN} to ${SESSION_TIMEOUT_MINUTES_MAX} minutes.`}
                  min={SESSION_TIMEOUT_MINUTES_MIN}
                  max={SESSION_TIMEOUT_MINUTES_MAX}
                  step={1}
                />
              </SettingsGroup>
            </TabsContent>

            <TabsContent value="notifications" forceMount hidden={tab !== 'notifications'}>
              <SettingsGroup title="Notifications" description="What administrators are emailed about.">
                <ToggleField
                  control={form.control}
                  name="notify_new_user"
                  label="New user email notifications"
                  description="Email administrators when a company or applicant registers."
                />
                <ToggleField
                  control={form.control}
                  name="notify_new_job"
                  label="New job email notifications"
                  description="Email administrators when a company publishes a job."
                />
                <ToggleField
                  control={form.control}
                  name="notify_contact_message"
                  label="Contact message email notifications"
                  description="Email administrators when someone writes through a contact form on the public site."
                />
              </SettingsGroup>
            </TabsContent>

            <TabsContent value="api" forceMount hidden={tab !== 'api'}>
              <SettingsGroup title="API Settings" description="Programs using the Tandem API with personal tokens.">
                <ToggleField
                  control={form.control}
                  name="api_access"
                  label="API access"
                  description="Personal API tokens work. When off, every request with a token is refused."
                />
                <p className="pt-4 text-sm text-muted-foreground">{apiTokenTexts.whoHasTokens}</p>
              </SettingsGroup>
            </TabsContent>
          </Tabs>
        </CardContent>
        <CardFooter className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button type="button" variant="outline" onClick={() => setIsConfirmingReset(true)}>
            <RotateCcwIcon aria-hidden="true" />
            Reset
          </Button>
          <Button type="submit" disabled={!isDirty || isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Changes'}
          </Button>
        </CardFooter>
      </form>
      <ConfirmDialog
        open={isConfirmingReset}
        onOpenChange={setIsConfirmingReset}
        title={texts.resetConfirmTitle}
        description={texts.resetConfirmDescription}
        confirmLabel="Reset to Defaults"
        destructive
        pending={reset.isPending}
        onConfirm={handleReset}
      />
    </Card>
  );
}

function SettingsGroup({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-1">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{description}</p>
      <div className="divide-y divide-border">{children}</div>
    </section>
  );
}

type NumberName =
  | 'platform_fee_percent'
  | 'session_timeout_minutes'
  | 'payout_security_days'
  | 'payout_minimum_dollars'
  | 'job_validity_days';
type ToggleName = Exclude<FieldPath<SettingsFormValues>, NumberName>;

function NumberField({
  form,
  name,
  label,
  hint,
  min,
  max,
  step,
}: {
  form: UseFormReturn<SettingsFormValues>;
  name: NumberName;
  label: string;
  hint: string;
  min: number;
  max: number;
  step: number;
}) {
  return (
    <FormField label={label} error={form.formState.errors[name]?.message} hint={hint} className="max-w-xs pt-4">
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
          min={min}
          max={max}
          step={step}
          {...form.register(name, { valueAsNumber: true })}
        />
      )}
    </FormField>
  );
}

function ToggleField({
  control,
  name,
  label,
  description,
}: {
  control: Control<SettingsFormValues>;
  name: ToggleName;
  label: string;
  description: string;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start justify-between gap-4 py-4">
          <div className="space-y-1">
            <Label htmlFor={id}>{label}</Label>
            <p id={`${id}-description`} className="text-sm text-muted-foreground">
              {description}
            </p>
          </div>
          <Switch
            id={id}
            ref={field.ref}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={`${id}-description`}
          />
        </div>
      )}
    />
  );
}
