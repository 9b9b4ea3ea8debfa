import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TickField } from '~/client/components/tick-field';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { applyServerError } from '~/client/lib/form-errors';
import {
  taxFormTexts,
  type W8benFormInput,
  type W8benForm as W8benFormValues,
  w8benFormSchema,
} from '~/shared/tax-forms';
import { useSubmitTaxForm } from './api';
import { CountryField, SignatureFields, TextField } from './form-parts';

const fields = [
  'legal_name',
  'citizenship_country',
  'residence_street',
  'residence_city',
  'residence_country',
  'mailing_street',
  'mailing_city',
  'mailing_country',
  'us_tin',
  'foreign_tin',
  'foreign_tin_not_required',
  'foreign_tin_not_required_reason',
  'date_of_birth',
  'treaty_claim',
  'treaty_country',
  'treaty_article',
  'treaty_rate',
  'treaty_income_type',
  'treaty_conditions',
  'capacity_to_sign',
  'signature_name',
  'consent_to_sign_electronically',
] as const;

const empty: W8benFormInput = {
  kind: 'w8ben',
  legal_name: '',
  citizenship_country: '',
  residence_street: '',
  residence_city: '',
  residence_country: '',
  mailing_street: '',
  mailing_city: '',
  mailing_country: '',
  us_tin: '',
  foreign_tin: '',
  foreign_tin_not_required: false,
  foreign_tin_not_required_reason: '',
  date_of_birth: '',
  treaty_claim: false,
  treaty_country: '',
  treaty_article: '',
  treaty_rate: '',
  treaty_income_type: '',
  treaty_conditions: '',
  capacity_to_sign: false,
  signature_name: '',
  consent_to_sign_electronically: false,
};

// Form W-8BEN (Rev. October 2021), Parts I to III, checked with the schema the server checks with.
export function W8benForm({ onSigned }: { onSigned: (replaced: boolean) => void }) {
  const submitForm = useSubmitTaxForm();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<W8benFormInput, unknown, W8benFormValues>({
    resolver: zodResolver(w8benFormSchema),
    defaultValues: empty,
  });
  const { errors, isSubmitting } = form.formState;
  const notRequired = useWatch({ control: form.control, name: 'foreign_tin_not_required' });
  const claimsTreaty = useWatch({ control: form.control, name: 'treaty_claim' });

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
    <form noValidate className="grid gap-4" onSubmit={submit} aria-label="Form W-8BEN">
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <h3 className="text-base font-semibold">Part I. Identification of beneficial owner</h3>
      <TextField
        label="1. Name of individual who is the beneficial owner"
        error={errors.legal_name?.message}
        register={form.register('legal_name')}
        autoComplete="name"
      />
      <CountryField
        label="2. Country of citizenship"
        emptyLabel="Choose a country"
        error={errors.citizenship_country?.message}
        register={form.register('citizenship_country')}
      />
      <TextField
        label="3. Permanent residence address (street, apartment or suite)"
        hint="Where you live: not a P.O. box or an in-care-of address."
        error={errors.residence_street?.message}
        register={form.register('residence_street')}
        autoComplete="street-address"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="City or town, state or province, postal code"
          error={errors.residence_city?.message}
          register={form.register('residence_city')}
        />
        <CountryField
          label="Country of residence"
          emptyLabel="Choose a country"
          error={errors.residence_country?.message}
          register={form.register('residence_country')}
          autoComplete="country"
        />
      </div>
      <fieldset className="grid gap-4">
        <legend className="text-sm font-medium">4. Mailing address, only if different</legend>
        <TextField
          label="Mailing street address"
          error={errors.mailing_street?.message}
          register={form.register('mailing_street')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Mailing city, state or province, postal code"
            error={errors.mailing_city?.message}
            register={form.register('mailing_city')}
          />
          <CountryField
            label="Mailing country"
            emptyLabel="Same as above"
            error={errors.mailing_country?.message}
            register={form.register('mailing_country')}
          />
        </div>
      </fieldset>
      <TextField
        label="5. US taxpayer identification number (SSN or ITIN), if you have one"
        error={errors.us_tin?.message}
        register={form.register('us_tin')}
        inputMode="numeric"
      />
      <TextField
        label="6a. Foreign tax identifying number"
        hint="The number your country of residence gave you for tax. We keep it encrypted and show only its last four."
        error={errors.foreign_tin?.message}
        register={form.register('foreign_tin')}
      />
      <TickField
        control={form.control}
        name="foreign_tin_not_required"
        label="6b. My country does not require a foreign tax identifying number"
        error={errors.foreign_tin_not_required?.message}
      />
      {notRequired && (
        <TextField
          label="Why your country does not give you one"
          error={errors.foreign_tin_not_required_reason?.message}
          register={form.register('foreign_tin_not_required_reason')}
        />
      )}
      <TextField
        label="8. Date of birth"
        hint="YYYY-MM-DD, such as 1990-05-17."
        error={errors.date_of_birth?.message}
        register={form.register('date_of_birth')}
        autoComplete="bday"
      />
      <h3 className="text-base font-semibold">Part II. Claim of tax treaty benefits (optional)</h3>
      <TickField
        control={form.control}
        name="treaty_claim"
        label="I claim the benefits of the income tax treaty between the US and my country of residence"
        error={errors.treaty_claim?.message}
      />
      {claimsTreaty && (
        <div className="grid gap-4 sm:grid-cols-2">
          <CountryField
            label="9. Treaty country"
            emptyLabel="Choose a country"
            error={errors.treaty_country?.message}
            register={form.register('treaty_country')}
          />
          <TextField
            label="10. Article and paragraph"
            error={errors.treaty_article?.message}
            register={form.register('treaty_article')}
          />
          <TextField
            label="Rate of withholding (%)"
            error={errors.treaty_rate?.message}
            register={form.register('treaty_rate')}
            inputMode="numeric"
          />
          <TextField
            label="Type of income"
            error={errors.treaty_income_type?.message}
            register={form.register('treaty_income_type')}
          />
          <TextField
            label="Additional conditions (optional)"
            error={errors.treaty_conditions?.message}
            register={form.register('treaty_conditions')}
            className="sm:col-span-2"
          />
        </div>
      )}
      <SignatureFields
        control={form.control}
        signatureName={form.register('signature_name')}
        consentName="consent_to_sign_electronically"
        certifications={taxFormTexts.w8benCertifications}
        errors={{ signature: errors.signature_name?.message, consent: errors.consent_to_sign_electronically?.message }}
      >
        <TickField
          control={form.control}
          name="capacity_to_sign"
          label="I certify that I have the capacity to sign for the person identified on line 1 of this form."
          error={errors.capacity_to_sign?.message}
        />
      </SignatureFields>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Signing...' : 'Sign Form W-8BEN'}
        </Button>
      </div>
    </form>
  );
}
