import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage, isApiError } from '~/client/lib/api-client';
import { billingCurrencies, currencies } from '~/shared/currencies';
import { type FxSettings, fxRateSourceLabels } from '~/shared/fx-rates';
import { percentOfBasisPoints } from '~/shared/settings';
import {
  fxRatesQueryOptions,
  fxSettingsQueryOptions,
  useEnterFxRate,
  useImportFxRates,
  useSaveFxSettings,
} from './api';

const LOAD_FAILED = 'Failed to load the exchange rates. Please try again.';

// Exchange rates (issue 55; docs/decisions/050): the latest rate of each pair with its day, source and age
// (flagged past the maximum age, which blocks payout runs), an ECB file imported, a rate entered by hand, the
// FX margin every conversion adds, shown here rather than hidden, and the currency the reports add up in.
export function ExchangeRatesCard() {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId}>Exchange rates</CardTitle>
        <CardDescription>
          Rates come from the European Central Bank’s daily reference rates (fetched each afternoon where the network
          allows), an ECB file you import, or a rate you enter. Each conversion records the rate it used.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <FxSettingsSection />
        <RatesTable />
        <div className="grid gap-6 lg:grid-cols-2">
          <ImportRatesForm />
          <EnterRateForm />
        </div>
      </CardContent>
    </Card>
  );
}

function FxSettingsSection() {
  const settings = useQuery(fxSettingsQueryOptions());
  if (settings.isPending) return <Skeleton role="status" aria-label="Loading the FX settings" className="h-20" />;
  if (settings.isError) {
    return (
      <Alert variant="destructive">
        <div className="space-y-2">
          <p>{errorMessage(settings.error, 'Failed to load the FX settings. Please try again.')}</p>
          <Button size="sm" variant="outline" onClick={() => settings.refetch()}>
            Try Again
          </Button>
        </div>
      </Alert>
    );
  }
  return <FxSettingsForm stored={settings.data} />;
}

function FxSettingsForm({ stored }: { stored: FxSettings }) {
  const save = useSaveFxSettings();
  const [margin, setMargin] = useState(String(percentOfBasisPoints(stored.margin_basis_points)));
  const [maxAge, setMaxAge] = useState(String(stored.max_rate_age_days));
  const [reporting, setReporting] = useState<string>(stored.reporting_currency);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    const percent = Number(margin);
    try {
      const saved = await save.mutateAsync({
        // A percentage with more than two decimals is sent as typed, so the server names the step.
        margin_basis_points: margin.trim() === '' ? Number.NaN : Number((percent * 100).toFixed(6)),
        max_rate_age_days: maxAge.trim() === '' ? Number.NaN : Number(maxAge),
        // Sent as chosen: the server names a currency it does not report in.
        reporting_currency: reporting as FxSettings['reporting_currency'],
      });
      setMargin(String(percentOfBasisPoints(saved.margin_basis_points)));
      setMaxAge(String(saved.max_rate_age_days));
      setReporting(saved.reporting_currency);
      toast({
        title: 'Settings Saved',
        description: 'The FX margin, maximum rate age and reporting currency have been updated.',
      });
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else toast({ title: 'Error', description: errorMessage(error, 'Failed to save. Please try again.') });
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
    >
      <FormField
        label="FX margin (%)"
        hint={`Added to the rate of every conversion, and shown with it: now ${percentOfBasisPoints(stored.margin_basis_points)}% (${stored.margin_basis_points} basis points).`}
        error={errors.margin_basis_points}
      >
        {(control) => (
          <Input {...control} inputMode="decimal" value={margin} onChange={(event) => setMargin(event.target.value)} />
        )}
      </FormField>
      <FormField
        label="Maximum rate age (days)"
        hint="A payout run that needs an older rate is blocked."
        error={errors.max_rate_age_days}
      >
        {(control) => (
          <Input {...control} inputMode="numeric" value={maxAge} onChange={(event) => setMaxAge(event.target.value)} />
        )}
      </FormField>
      <FormField
        label="Reporting currency"
        hint="The trial balance, month-end report and revenue add every currency up in it, each at its recorded rate."
        error={errors.reporting_currency}
      >
        {(control) => (
          <NativeSelect {...control} value={reporting} onChange={(event) => setReporting(event.target.value)}>
            {billingCurrencies.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save FX Settings'}
      </Button>
    </form>
  );
}

const dash = '—';

function RatesTable() {
  const [page, setPage] = useState(1);
  const rates = useQuery(fxRatesQueryOptions(page));
  if (rates.isPending) {
    return (
      <div role="status" aria-label="Loading exchange rates" className="space-y-2">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-9 w-full" />
        ))}
      </div>
    );
  }
  if (rates.isError) {
    return (
      <Alert variant="destructive">
        <div className="space-y-2">
          <p>{errorMessage(rates.error, LOAD_FAILED)}</p>
          <Button size="sm" variant="outline" onClick={() => rates.refetch()}>
            Try Again
          </Button>
        </div>
      </Alert>
    );
  }
  const { items, total, page_size: pageSize, max_rate_age_days: maxAge, latest_date: latest } = rates.data;
  if (total === 0) {
    return (
      <p className="text-muted-foreground text-sm">No exchange rates yet. Import the ECB’s file or enter a rate.</p>
    );
  }
  const pages = Math.max(Math.ceil(total / pageSize), 1);
  return (
    <section aria-label="Latest exchange rates" className="space-y-2">
      <p className="text-muted-foreground text-sm">
        The latest rate of each currency pair; the newest is of {latest}. A rate older than {maxAge} days is flagged.
      </p>
      <div className="overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Currency</TableHead>
              <TableHead scope="col">Rate</TableHead>
              <TableHead scope="col">Per EUR</TableHead>
              <TableHead scope="col">Per USD</TableHead>
              <TableHead scope="col">Date</TableHead>
              <TableHead scope="col">Source</TableHead>
              <TableHead scope="col">Age</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((item) => (
              <TableRow key={`${item.base}-${item.quote}`}>
                <TableCell className="font-medium">{item.quote}</TableCell>
                <TableCell>
                  1 {item.base} = {item.rate} {item.quote}
                </TableCell>
                <TableCell>{item.per_eur ?? dash}</TableCell>
                <TableCell>{item.per_usd ?? dash}</TableCell>
                <TableCell>{item.rate_date}</TableCell>
                <TableCell>
                  {fxRateSourceLabels[item.source]}
                  {item.imported_by && <span className="text-muted-foreground"> by {item.imported_by.name}</span>}
                </TableCell>
                <TableCell>
                  {item.age_days === 1 ? '1 day' : `${item.age_days} days`}
                  {item.is_stale && (
                    <Badge variant="warning" className="ml-2">
                      Older than {maxAge} days
                    </Badge>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {pages > 1 && (
        <nav aria-label="Exchange rate pages" className="flex items-center justify-end gap-2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm">
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </section>
  );
}

function ImportRatesForm() {
  const importRates = useImportFxRates();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setFileError('Choose the ECB’s reference rates file (XML).');
      return;
    }
    setFileError(null);
    setOutcome(null);
    try {
      const imported = await importRates.mutateAsync(file);
      const description = `${imported.rates} rates of ${imported.dates.at(-1)} read; ${imported.stored} new stored.`;
      // Said beside the form too: a screen reader hears it, and it stays after the toast goes.
      setOutcome(description);
      toast({ title: 'Rates imported', description });
    } catch (error) {
      setFileError(errorMessage(error, 'The file was not imported. Please try again.'));
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Import an ECB file" className="space-y-3">
      <h3 className="font-medium">Import an ECB file</h3>
      <FormField
        label="Reference rates file (XML)"
        hint="eurofxref-daily.xml or eurofxref-hist-90d.xml as the ECB publishes it. Rates already stored are kept."
        error={fileError ?? undefined}
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            accept=".xml,application/xml,text/xml"
            className="h-auto py-1.5"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(null);
            }}
          />
        )}
      </FormField>
      <Button type="submit" disabled={importRates.isPending}>
        {importRates.isPending ? 'Importing...' : 'Import Rates'}
      </Button>
      <p role="status" className="text-sm">
        {outcome}
      </p>
    </form>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

function EnterRateForm() {
  const enter = useEnterFxRate();
  const [values, setValues] = useState({ base: 'EUR', quote: 'USD', rate: '', rate_date: today() });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    try {
      const rate = await enter.mutateAsync(values as Parameters<typeof enter.mutateAsync>[0]);
      toast({
        title: 'Rate saved',
        description: `1 ${rate.base} = ${rate.rate} ${rate.quote} on ${rate.rate_date}.`,
      });
      setValues((current) => ({ ...current, rate: '' }));
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else toast({ title: 'Error', description: errorMessage(error, 'The rate was not saved. Please try again.') });
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Enter a rate" className="space-y-3">
      <h3 className="font-medium">Enter a rate</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="From (1 unit of)" error={errors.base}>
          {(control) => (
            <NativeSelect {...control} value={values.base} onChange={set('base')}>
              {currencies.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="To" error={errors.quote}>
          {(control) => (
            <NativeSelect {...control} value={values.quote} onChange={set('quote')}>
              {currencies.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Rate" hint="How many of the second currency one unit of the first buys." error={errors.rate}>
          {(control) => <Input {...control} inputMode="decimal" value={values.rate} onChange={set('rate')} />}
        </FormField>
        <FormField label="Date" error={errors.rate_date}>
          {(control) => <Input {...control} type="date" value={values.rate_date} onChange={set('rate_date')} />}
        </FormField>
      </div>
      <Button type="submit" disabled={enter.isPending}>
        {enter.isPending ? 'Saving...' : 'Save Rate'}
      </Button>
    </form>
  );
}
