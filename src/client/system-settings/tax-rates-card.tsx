import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { CountryOptions } from '~/client/components/billing-party-fields';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { toast } from '~/client/components/ui/use-toast';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage, isApiError } from '~/client/lib/api-client';
import { percentToBasisPoints } from '~/client/lib/percent';
import { countryName } from '~/shared/billing-details-texts';
import { formatBasisPoints } from '~/shared/billing-texts';
import { taxTexts } from '~/shared/tax';
import { type TaxRate, taxRateNames } from '~/shared/tax-rates';
import { taxRatesQueryOptions, useAddTaxRate, useRemoveTaxRate } from './api';

const LOAD_FAILED = 'Failed to load the tax rates. Please try again.';

// VAT and GST rates (issue 56; docs/decisions/053): each country's rates by the day they take effect, the one in
// effect marked; a rate added from today or later, and one not yet in effect removed.
export function TaxRatesCard() {
  const titleId = useId();
  const mayEdit = useAllowed('update:settings:any');
  return (
    <Card aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId}>Tax rates</CardTitle>
        <CardDescription>{taxTexts.ratesHint}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <RatesTable mayEdit={mayEdit} />
        {mayEdit && <AddRateForm />}
      </CardContent>
    </Card>
  );
}

function RatesTable({ mayEdit }: { mayEdit: boolean }) {
  const [page, setPage] = useState(1);
  const rates = useQuery(taxRatesQueryOptions(page));
  const remove = useRemoveTaxRate();
  if (rates.isPending) {
    return (
      <div role="status" aria-label="Loading tax rates" className="space-y-2">
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
  const { items, total, page_size: pageSize } = rates.data;
  if (total === 0) return <p className="text-muted-foreground text-sm">{taxTexts.noRates}</p>;

  async function removeRate(rate: TaxRate) {
    try {
      await remove.mutateAsync(rate.id);
      toast({ title: taxTexts.rateRemoved });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'The rate was not removed. Please try again.') });
    }
  }

  return (
    <section aria-label="VAT and GST rates" className="space-y-2">
      <div className="overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Country</TableHead>
              <TableHead scope="col">Rate</TableHead>
              <TableHead scope="col">From</TableHead>
              {mayEdit && (
                <TableHead scope="col">
                  <span className="sr-only">Actions</span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((rate) => (
              <TableRow key={rate.id}>
                {/* By code, as the list is ordered: GB sorts under G. */}
                <TableCell>
                  <span className="font-medium">{countryName(rate.country)}</span>{' '}
                  <span className="text-muted-foreground">{rate.country}</span>
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {rate.name} {formatBasisPoints(rate.rate_basis_points)}
                </TableCell>
                <TableCell>
                  <span className="whitespace-nowrap">{rate.effective_from}</span>{' '}
                  {rate.is_current && (
                    <Badge variant="secondary" className="max-sm:mt-1 sm:ml-1">
                      In effect
                    </Badge>
                  )}
                  {rate.is_scheduled && (
                    <Badge variant="outline" className="max-sm:mt-1 sm:ml-1">
                      Scheduled
                    </Badge>
                  )}
                </TableCell>
                {mayEdit && (
                  <TableCell className="text-right">
                    {rate.is_scheduled && (
                      <Button size="sm" variant="outline" disabled={remove.isPending} onClick={() => removeRate(rate)}>
                        Remove
                        <span className="sr-only">
                          {' '}
                          the {countryName(rate.country)} rate from {rate.effective_from}
                        </span>
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Pagination page={page} pageSize={pageSize} total={total} onPageChange={setPage} noun="rates" />
    </section>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

function AddRateForm() {
  const add = useAddTaxRate();
  const [values, setValues] = useState({ country: '', name: 'VAT', percent: '', effective_from: today() });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    try {
      const rate = await add.mutateAsync({
        country: values.country,
        name: values.name as TaxRate['name'],
        rate_basis_points: percentToBasisPoints(values.percent),
        effective_from: values.effective_from,
      });
      toast({
        title: taxTexts.rateAdded,
        description: `${countryName(rate.country)}: ${rate.name} ${formatBasisPoints(rate.rate_basis_points)} from ${rate.effective_from}.`,
      });
      setValues((current) => ({ ...current, percent: '' }));
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else toast({ title: 'Error', description: errorMessage(error, 'The rate was not added. Please try again.') });
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Add a tax rate" className="space-y-3">
      <h3 className="font-medium">Add a rate</h3>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Country" error={errors.country}>
          {(control) => (
            <NativeSelect {...control} value={values.country} onChange={set('country')}>
              <CountryOptions />
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Tax" error={errors.name}>
          {(control) => (
            <NativeSelect {...control} value={values.name} onChange={set('name')}>
              {taxRateNames.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Rate (%)" error={errors.rate_basis_points}>
          {(control) => <Input {...control} inputMode="decimal" value={values.percent} onChange={set('percent')} />}
        </FormField>
        <FormField label="From" error={errors.effective_from}>
          {(control) => (
            <Input {...control} type="date" value={values.effective_from} onChange={set('effective_from')} />
          )}
        </FormField>
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add Rate'}
      </Button>
    </form>
  );
}
