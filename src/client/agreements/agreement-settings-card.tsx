import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { OfferAgreementsField } from '~/client/components/offer-agreements-field';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Switch } from '~/client/components/ui/switch';
import { toast } from '~/client/components/ui/use-toast';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import { type AgreementSettings, signingTexts, updateAgreementSettingsSchema } from '~/shared/agreements';
import { agreementSettingsQueryOptions, useUpdateAgreementSettings } from './api';

const fields = [
  'default_templates',
  'countersign',
  'work_waits_for_signatures',
  'governing_law',
  'notice_period',
] as const;

// How the company's hires sign (decision 056): the agreements an offer starts with, whether the company
// countersigns, whether work waits for the signatures, and the governing law and notice its merge fields take.
export function AgreementSettingsCard() {
  const titleId = useId();
  const settings = useQuery(agreementSettingsQueryOptions());
  return (
    <Card aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId}>How hires sign</CardTitle>
        <CardDescription>
          The agreements each offer starts with, and the terms Tandem fills into them. Changes apply to offers sent from
          now on.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : settings.isError ? (
          <Alert variant="destructive">{errorMessage(settings.error, signingTexts.loadError)}</Alert>
        ) : (
          <SettingsForm settings={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

function SettingsForm({ settings }: { settings: AgreementSettings }) {
  const mayEdit = useAllowed('update:agreement:own');
  const save = useUpdateAgreementSettings();
  const [banner, setBanner] = useState<string | null>(null);
  const ids = useId();
  const form = useForm<AgreementSettings>({
    defaultValues: settings,
    resolver: (values) => {
      const parsed = updateAgreementSettingsSchema.safeParse(values);
      if (parsed.success) return { values, errors: {} };
      const errors: Record<string, { type: string; message: string }> = {};
      for (const issue of parsed.error.issues)
        errors[String(issue.path[0])] ??= { type: 'validate', message: issue.message };
      return { values: {}, errors };
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      form.reset(await save.mutateAsync(values));
      toast({ title: signingTexts.settingsSaved });
    } catch (error) {
      setBanner(
        applyServerError(form, error, { fields, fallback: 'The settings could not be saved. Please try again.' }),
      );
    }
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <fieldset disabled={!mayEdit} className="grid gap-5">
        <Controller
          control={form.control}
          name="default_templates"
          render={({ field }) => (
            <OfferAgreementsField
              legend="Agreements each offer starts with"
              hint="Ticked in Make Offer; whoever makes the offer can change them."
              chosen={field.value}
              onChange={field.onChange}
              error={errors.default_templates?.message}
            />
          )}
        />
        {(
          [
            ['countersign', 'The company countersigns', 'An Owner or Admin signs after the talent.'],
            [
              'work_waits_for_signatures',
              'Work waits for the signatures',
              'No start, no time logged and no milestone funded until every agreement is signed.',
            ],
          ] as const
        ).map(([name, label, hint]) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Switch
                  id={`${ids}-${name}`}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  aria-describedby={`${ids}-${name}-hint`}
                />
                <div className="grid gap-1">
                  <Label htmlFor={`${ids}-${name}`}>{label}</Label>
                  <p id={`${ids}-${name}-hint`} className="text-sm text-muted-foreground">
                    {hint}
                  </p>
                </div>
              </div>
            )}
          />
        ))}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Governing law"
            error={errors.governing_law?.message}
            hint="Left empty: the laws of the country on your billing details."
          >
            {(control) => (
              <Input {...control} placeholder="the laws of England and Wales" {...form.register('governing_law')} />
            )}
          </FormField>
          <FormField label="Notice period" error={errors.notice_period?.message} hint="Left empty: 14 days.">
            {(control) => <Input {...control} placeholder="14 days" {...form.register('notice_period')} />}
          </FormField>
        </div>
      </fieldset>
      {banner && <Alert variant="destructive">{banner}</Alert>}
      {mayEdit && (
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save settings'}
          </Button>
        </div>
      )}
    </form>
  );
}
