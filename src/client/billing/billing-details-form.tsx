import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  BillingCurrencyField,
  BillingPartyFields,
  billingPartyFields,
  EmailEInvoiceField,
} from '~/client/components/billing-party-fields';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError } from '~/client/lib/form-errors';
import {
  type BillingDetails,
  billingDetailsTexts,
  type UpdateBillingDetails,
  updateBillingDetailsSchema,
} from '~/shared/billing-details';
import { useUpdateBillingDetails } from './api';

const SAVE_FAILED = 'Your billing details were not saved. Please check your connection and try again.';

// The company's own part of its billing details (BillingDetailsSection loads it when Edit is pressed, with
// react-hook-form and the schema the server checks with). The whole part goes each time, as the API takes it.
export function BillingDetailsForm({ stored, onDone }: { stored: BillingDetails; onDone: () => void }) {
  const save = useUpdateBillingDetails();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<UpdateBillingDetails>({
    resolver: zodResolver(updateBillingDetailsSchema),
    defaultValues: {
      legal_name: stored.legal_name,
      address_line1: stored.address_line1,
      address_line2: stored.address_line2,
      city: stored.city,
      region: stored.region,
      postal_code: stored.postal_code,
      country: stored.country,
      tax_id: stored.tax_id,
      currency: stored.currency,
      email_e_invoice: stored.email_e_invoice,
    },
  });
  const { errors, isSubmitting } = form.formState;

  // Edit replaced itself with the form: its first field takes the focus.
  useEffect(() => form.setFocus('legal_name'), [form]);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await save.mutateAsync(values);
      toast({ title: billingDetailsTexts.updated, description: 'Your next invoices will show them.' });
      onDone();
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: [...billingPartyFields, 'currency'], fallback: SAVE_FAILED }));
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit} aria-label="Billing details">
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <BillingPartyFields
        registerField={(name) => form.register(name)}
        errors={Object.fromEntries(billingPartyFields.map((name) => [name, errors[name]?.message]))}
      />
      <BillingCurrencyField
        register={form.register('currency')}
        error={errors.currency?.message}
        isFixed={stored.currency_is_fixed}
      />
      <Controller
        control={form.control}
        name="email_e_invoice"
        render={({ field }) => <EmailEInvoiceField field={field} />}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Billing Details'}
        </Button>
      </div>
    </form>
  );
}
