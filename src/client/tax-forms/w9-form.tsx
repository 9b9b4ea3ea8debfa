import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TickField } from '~/client/components/tick-field';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { NativeSelect } from '~/client/components/ui/native-select';
import { applyServerError } from '~/client/lib/form-errors';
import {
  llcClassificationLabels,
  llcClassifications,
  taxFormTexts,
  usTinTypeLabels,
  usTinTypes,
  type W9FormInput,
  type W9Form as W9FormValues,
  w9ClassificationLabels,
  w9Classifications,
  w9FormSchema,
} from '~/shared/tax-forms';
import { useSubmitTaxForm } from './api';
import { SignatureFields, TextField } from './form-parts';

const fields = [
  'legal_name',
  'business_name',
  'tax_classification',
  'llc_classification',
  'other_classification',
  'has_foreign_partners',
  'exempt_payee_code',
  'fatca_code',
  'address_street',
  'address_city',
  'tin_type',
  'tin',
  'signature_name',
  'consent_to_sign_electronically',
] as const;

const empty: W9FormInput = {
  kind: 'w9',
  legal_name: '',
  business_name: '',
  tax_classification: 'individual',
  llc_classification: '',
  other_classification: '',
  has_foreign_partners: false,
  exempt_payee_code: '',
  fatca_code: '',
  address_street: '',
  address_city: '',
  tin_type: 'ssn',
  tin: '',
  signature_name: '',
  consent_to_sign_electronically: false,
};

// Form W-9 (Rev. March 2024), line by line, checked with the schema the server checks with.
export function W9Form({ onSigned }: { onSigned: (replaced: boolean) => void }) {
  const submitForm = useSubmitTaxForm();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<W9FormInput, unknown, W9FormValues>({
    resolver: zodResolver(w9FormSchema),
    defaultValues: empty,
  });
  const { errors, isSubmitting } = form.formState;
  const classification = useWatch({ control: form.control, name: 'tax_classification' });
  const llc = useWatch({ control: form.control, name: 'llc_classification' });
  const isEntity = classification !== 'individual';
  const isFlowThrough =
    classification === 'partnership' || classification === 'trust_estate' || (classification === 'llc' && llc === 'P');

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const answer = await submitForm.mutateAsync(values);
      onSigned(answer.replaced);
    } catch (error) {
      setBanner(applyServerError(form, error, { fields, fallback: taxFormTexts.submitFailed }));
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit} aria-label="Form W-9">
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <TextField
        label="1. Name (as shown on your income tax return)"
        error={errors.legal_name?.message}
        register={form.register('legal_name')}
        autoComplete="name"
      />
      <TextField
        label="2. Business name, if different (optional)"
        error={errors.business_name?.message}
        register={form.register('business_name')}
        autoComplete="organization"
      />
      <FormField label="3a. Federal tax classification" error={errors.tax_classification?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('tax_classification')}>
            {w9Classifications.map((value) => (
              <option key={value} value={value}>
                {w9ClassificationLabels[value]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {classification === 'llc' && (
        <FormField label="The LLC is taxed as" error={errors.llc_classification?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('llc_classification')}>
              <option value="">Choose</option>
              {llcClassifications.map((value) => (
                <option key={value} value={value}>
                  {llcClassificationLabels[value]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      )}
      {classification === 'other' && (
        <TextField
          label="Other classification"
          error={errors.other_classification?.message}
          register={form.register('other_classification')}
        />
      )}
      {isFlowThrough && (
        <TickField
          control={form.control}
          name="has_foreign_partners"
          label="3b. It has foreign partners, owners or beneficiaries"
          error={errors.has_foreign_partners?.message}
        />
      )}
      {isEntity && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="4. Exempt payee code (if any)"
            error={errors.exempt_payee_code?.message}
            register={form.register('exempt_payee_code')}
          />
          <TextField
            label="4. FATCA exemption code (if any)"
            error={errors.fatca_code?.message}
            register={form.register('fatca_code')}
          />
        </div>
      )}
      <TextField
        label="5. Address (number, street, and apartment or suite)"
        error={errors.address_street?.message}
        register={form.register('address_street')}
        autoComplete="street-address"
      />
      <TextField
        label="6. City, state, and ZIP code"
        error={errors.address_city?.message}
        register={form.register('address_city')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Part I. Taxpayer identification number" error={errors.tin_type?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('tin_type')}>
              {usTinTypes.map((value) => (
                <option key={value} value={value}>
                  {usTinTypeLabels[value]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <TextField
          label="Number"
          hint="9 digits; dashes are fine. We keep it encrypted and show only its last four."
          error={errors.tin?.message}
          register={form.register('tin')}
          inputMode="numeric"
        />
      </div>
      <SignatureFields
        control={form.control}
        signatureName={form.register('signature_name')}
        consentName="consent_to_sign_electronically"
        certifications={taxFormTexts.w9Certifications}
        errors={{ signature: errors.signature_name?.message, consent: errors.consent_to_sign_electronically?.message }}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Signing...' : 'Sign Form W-9'}
        </Button>
      </div>
    </form>
  );
}
