import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Checkbox } from '~/client/components/ui/checkbox';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { NativeSelect } from '~/client/components/ui/native-select';
import { billingDetailsTexts, countryCodes, countryName } from '~/shared/billing-details-texts';
import { billingCurrencies } from '~/shared/currencies';

// The fields a company writes for its invoices (legal name, address, tax ID), shared by the company's own
// form on Billing and an administrator's in Company Management, which both send them as the API names them.

export const billingPartyFields = [
  'legal_name',
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
  'country',
  'tax_id',
] as const;
export type BillingPartyField = (typeof billingPartyFields)[number];

// By the name a reader looks for, not by code: "Germany" sits under G, not D (DE).
const countryOptions = countryCodes
  .map((code) => ({ code, name: countryName(code) }))
  .sort((first, second) => first.name.localeCompare(second.name, 'en'));

// A country select's options, "No country" first.
export function CountryOptions() {
  return (
    <>
      <option value="">No country</option>
      {countryOptions.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  );
}

interface BillingPartyFieldsProps {
  // The form's register of each field: `(name) => form.register(name)`.
  registerField: (name: BillingPartyField) => UseFormRegisterReturn;
  errors: Partial<Record<BillingPartyField, string | undefined>>;
}

// Browsers and password managers fill addresses by these autocomplete names.
export function BillingPartyFields({ registerField, errors }: BillingPartyFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        label="Legal name"
        hint="As registered. Invoices are made out to it; without one they use the company’s name on Tandem."
        error={errors.legal_name}
        className="sm:col-span-2"
      >
        {(control) => <Input {...control} autoComplete="organization" {...registerField('legal_name')} />}
      </FormField>
      <FormField label="Address line 1" error={errors.address_line1} className="sm:col-span-2">
        {(control) => <Input {...control} autoComplete="address-line1" {...registerField('address_line1')} />}
      </FormField>
      <FormField label="Address line 2" error={errors.address_line2} className="sm:col-span-2">
        {(control) => <Input {...control} autoComplete="address-line2" {...registerField('address_line2')} />}
      </FormField>
      <FormField label="City" error={errors.city}>
        {(control) => <Input {...control} autoComplete="address-level2" {...registerField('city')} />}
      </FormField>
      <FormField label="State or region" error={errors.region}>
        {(control) => <Input {...control} autoComplete="address-level1" {...registerField('region')} />}
      </FormField>
      <FormField label="Postal code" error={errors.postal_code}>
        {(control) => <Input {...control} autoComplete="postal-code" {...registerField('postal_code')} />}
      </FormField>
      <FormField label="Country" error={errors.country}>
        {(control) => (
          <NativeSelect {...control} autoComplete="country" {...registerField('country')}>
            <CountryOptions />
          </NativeSelect>
        )}
      </FormField>
      <FormField
        label="Tax ID"
        hint="The VAT, GST or other tax number your invoices should show. A VAT number is checked for your billing country: an EU one starts with its country code, as DE does for Germany."
        error={errors.tax_id}
        className="sm:col-span-2"
      >
        {(control) => <Input {...control} autoComplete="off" {...registerField('tax_id')} />}
      </FormField>
    </div>
  );
}

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });

// The company's billing currency (issue 55): chosen until it posts its first job, then shown and fixed.
export function BillingCurrencyField({
  register,
  error,
  isFixed,
}: {
  register: UseFormRegisterReturn;
  error: string | undefined;
  isFixed: boolean;
}) {
  return (
    <FormField
      label="Billing currency"
      hint={isFixed ? billingDetailsTexts.currencyFixed : billingDetailsTexts.currencyHint}
      error={error}
      className="sm:max-w-xs"
    >
      {(control) => (
        <NativeSelect {...control} disabled={isFixed} {...register}>
          {billingCurrencies.map((code) => (
            <option key={code} value={code}>
              {code} — {currencyNames.of(code)}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

// Whether invoice emails carry the EN 16931 e-invoice too (issue 56), as a react-hook-form Controller renders it.
export function EmailEInvoiceField({
  field,
}: {
  field: { value: boolean | undefined; onChange: (checked: boolean) => void; onBlur: () => void };
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={field.value === true}
        onCheckedChange={(checked) => field.onChange(checked === true)}
        onBlur={field.onBlur}
        aria-describedby={`${id}-hint`}
      />
      <div className="grid gap-1">
        <Label htmlFor={id} className="leading-snug">
          {billingDetailsTexts.emailEInvoiceLabel}
        </Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {billingDetailsTexts.emailEInvoiceHint}
        </p>
      </div>
    </div>
  );
}
