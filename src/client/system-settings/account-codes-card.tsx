import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage, isApiError } from '~/client/lib/api-client';
import { type AccountCodes, accountCodesSchema, accountingTexts } from '~/shared/accounting';
import { ledgerAccountLabels, ledgerAccounts } from '~/shared/payouts';
import { accountCodesQueryOptions, useSaveAccountCodes } from './api';

const SAVE_FAILED = 'Failed to save the account codes. Please try again.';

// Accounting codes (docs/decisions/046): each ledger account under the code (Xero) and the name (QuickBooks
// Online) of the accountant's chart, and the tax rate Xero's journal lines name. Saved on their own, and not
// touched by Reset: the books' mapping is the accountant's, not a platform default to fall back to.
export function AccountCodesCard() {
  const codes = useQuery(accountCodesQueryOptions());
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId}>Accounting codes</CardTitle>
        <CardDescription>
          The journals for Xero and QuickBooks Online post each ledger account to your accountant’s account: its code
          for Xero, its name for QuickBooks Online. Two ledger accounts may share one account of the chart.
        </CardDescription>
      </CardHeader>
      {codes.isPending && (
        <CardContent role="status" aria-label="Loading account codes" className="space-y-2">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-9 w-full" />
          ))}
        </CardContent>
      )}
      {codes.isError && (
        <CardContent>
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(codes.error, 'Failed to load the account codes. Please try again.')}</p>
              <Button size="sm" variant="outline" onClick={() => codes.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        </CardContent>
      )}
      {codes.isSuccess && <AccountCodesForm stored={codes.data} />}
    </Card>
  );
}

function AccountCodesForm({ stored }: { stored: AccountCodes }) {
  const save = useSaveAccountCodes();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<AccountCodes>({ resolver: zodResolver(accountCodesSchema), defaultValues: stored });
  const { errors, isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      form.reset(await save.mutateAsync(values));
      toast({ title: 'Settings Saved', description: accountingTexts.codesSaved });
    } catch (error) {
      // The server names each refused field as the form does (accounts.escrow.code): shown under it.
      const fields = isApiError(error) ? Object.entries(error.fields) : [];
      for (const [name, message] of fields) {
        form.setError(name as FieldPath<AccountCodes>, { type: 'server', message });
      }
      if (fields.length === 0) setBanner(errorMessage(error, SAVE_FAILED));
      toast({ title: 'Error', description: errorMessage(error, SAVE_FAILED), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <CardContent className="space-y-4">
        {banner && <Alert variant="destructive">{banner}</Alert>}
        <div className="grid gap-x-4 gap-y-2">
          {ledgerAccounts.map((account) => (
            <fieldset key={account} className="grid gap-2 border-b pb-3 sm:grid-cols-[10rem_1fr] sm:items-start">
              <legend className="sr-only">{ledgerAccountLabels[account]}</legend>
              <FormField
                label={`${ledgerAccountLabels[account]}: code`}
                error={errors.accounts?.[account]?.code?.message}
              >
                {(control) => <Input {...control} {...form.register(`accounts.${account}.code`)} />}
              </FormField>
              <FormField
                label={`${ledgerAccountLabels[account]}: name`}
                error={errors.accounts?.[account]?.name?.message}
              >
                {(control) => <Input {...control} {...form.register(`accounts.${account}.name`)} />}
              </FormField>
            </fieldset>
          ))}
        </div>
        <FormField
          label="Xero tax rate"
          hint="The tax rate's full name in your Xero organisation, for every journal line: Tax Exempt (US), No GST (Australia, New Zealand), No VAT (UK)."
          error={errors.xero_tax_rate?.message}
          className="max-w-sm"
        >
          {(control) => <Input {...control} {...form.register('xero_tax_rate')} />}
        </FormField>
      </CardContent>
      <CardFooter className="justify-end">
        <Button type="submit" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Account Codes'}
        </Button>
      </CardFooter>
    </form>
  );
}
