import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CountryOptions } from '~/client/components/billing-party-fields';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import {
  billingDetailsTexts,
  countryName,
  type InvoiceSeller,
  type UpdateInvoiceSeller,
  updateInvoiceSellerSchema,
} from '~/shared/billing-details';
import { invoiceSellerQueryOptions, useSaveInvoiceSeller } from './api';

const SAVE_FAILED = 'Failed to save the seller on invoices. Please try again.';
const sellerFields = ['legal_name', 'address', 'tax_id', 'country', 'email', 'us_ein', 'phone'] as const;

// The seller every invoice names (decision 044): Tandem's legal name, its address as its registration
// writes it (one line per line), its tax ID and its country, whose VAT or GST rule invoices follow (053). Saved on its own, and not touched by Reset: it is the
// company's identity, not a platform default. Issued invoices keep the seller they were issued with.
export function InvoiceSellerCard() {
  const seller = useQuery(invoiceSellerQueryOptions());
  const mayEdit = useAllowed('update:settings:any');
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId}>Seller on invoices</CardTitle>
        <CardDescription>
          Who every invoice is from: Tandem’s legal entity as it is registered. {billingDetailsTexts.fromNowOn}
        </CardDescription>
      </CardHeader>
      {seller.isPending && (
        <CardContent role="status" aria-label="Loading the seller on invoices" className="space-y-2">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-24 w-full" />
        </CardContent>
      )}
      {seller.isError && (
        <CardContent>
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(seller.error, 'Failed to load the seller on invoices. Please try again.')}</p>
              <Button size="sm" variant="outline" onClick={() => seller.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        </CardContent>
      )}
      {seller.isSuccess &&
        (mayEdit ? <InvoiceSellerForm stored={seller.data} /> : <SellerFacts seller={seller.data} />)}
    </Card>
  );
}

function SellerFacts({ seller }: { seller: InvoiceSeller }) {
  const notSet = <span className="font-normal text-muted-foreground">Not set</span>;
  return (
    <CardContent>
      <dl className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ['Legal name', seller.legal_name],
            ['Tax ID', seller.tax_id],
            ['Country', countryName(seller.country)],
            ['Billing email', seller.email],
            ['US EIN', seller.us_ein],
            ['Phone', seller.phone],
            ['Address', seller.address],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="grid content-start gap-0.5">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-sm font-medium whitespace-pre-line [overflow-wrap:anywhere]">{value || notSet}</dd>
          </div>
        ))}
      </dl>
    </CardContent>
  );
}

function InvoiceSellerForm({ stored }: { stored: InvoiceSeller }) {
  const save = useSaveInvoiceSeller();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<UpdateInvoiceSeller>({
    resolver: zodResolver(updateInvoiceSellerSchema),
    defaultValues: stored,
  });
  const { errors, isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      form.reset(await save.mutateAsync(values));
      toast({ title: 'Settings Saved', description: billingDetailsTexts.sellerUpdated });
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: sellerFields, fallback: SAVE_FAILED }));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Seller on invoices">
      <CardContent className="grid gap-4 sm:grid-cols-2">
        {banner && (
          <Alert variant="destructive" className="sm:col-span-2">
            {banner}
          </Alert>
        )}
        <FormField label="Legal name" error={errors.legal_name?.message}>
          {(control) => <Input {...control} autoComplete="organization" {...form.register('legal_name')} />}
        </FormField>
        <FormField label="Tax ID" error={errors.tax_id?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('tax_id')} />}
        </FormField>
        <FormField
          label="Billing email"
          hint="Where companies’ accounting reaches Tandem: e-invoices name it as the seller’s address."
          error={errors.email?.message}
        >
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
        <FormField
          label="US EIN"
          hint="The payer’s number on every Form 1099-NEC Tandem issues to US talent. Empty: no 1099-NEC is issued."
          error={errors.us_ein?.message}
        >
          {(control) => <Input {...control} autoComplete="off" inputMode="numeric" {...form.register('us_ein')} />}
        </FormField>
        <FormField
          label="Phone"
          hint="The payer’s telephone, which each Form 1099-NEC prints."
          error={errors.phone?.message}
        >
          {(control) => <Input {...control} type="tel" autoComplete="tel" {...form.register('phone')} />}
        </FormField>
        <FormField
          label="Country"
          hint="Where Tandem’s entity is established: invoices charge its VAT or GST rule. No country: each company’s sales tax."
          error={errors.country?.message}
        >
          {(control) => (
            <NativeSelect {...control} autoComplete="country" {...form.register('country')}>
              <CountryOptions />
            </NativeSelect>
          )}
        </FormField>
        <FormField
          label="Address"
          hint="One line per line, as the invoice prints it: up to 6 lines."
          error={errors.address?.message}
          className="sm:col-span-2"
        >
          {(control) => <Textarea {...control} rows={4} autoComplete="street-address" {...form.register('address')} />}
        </FormField>
      </CardContent>
      <CardFooter className="justify-end">
        <Button type="submit" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Seller'}
        </Button>
      </CardFooter>
    </form>
  );
}
