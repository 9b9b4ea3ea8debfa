import type { ReactNode } from 'react';
import type { Control, FieldValues, Path, UseFormRegisterReturn } from 'react-hook-form';
import { TickField } from '~/client/components/tick-field';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { countryCodes } from '~/shared/billing-details-texts';
import { taxCountryName, taxFormTexts } from '~/shared/tax-forms';

// What both forms are made of: a text field, a country list, a tick box, and the signature at the end.

const countryOptions = countryCodes
  .map((code) => ({ code, name: taxCountryName(code) }))
  .sort((first, second) => first.name.localeCompare(second.name, 'en'));

export function TextField({
  label,
  hint,
  error,
  register,
  autoComplete = 'off',
  inputMode,
  className,
}: {
  label: string;
  hint?: ReactNode;
  error: string | undefined;
  register: UseFormRegisterReturn;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  className?: string;
}) {
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) => <Input {...control} autoComplete={autoComplete} inputMode={inputMode} {...register} />}
    </FormField>
  );
}

export function CountryField({
  label,
  error,
  register,
  emptyLabel,
  autoComplete = 'off',
}: {
  label: string;
  error: string | undefined;
  register: UseFormRegisterReturn;
  // The empty choice's words: "Choose a country", or "Same as above" where it may stay empty.
  emptyLabel: string;
  autoComplete?: string;
}) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <NativeSelect {...control} autoComplete={autoComplete} {...register}>
          <option value="">{emptyLabel}</option>
          {countryOptions.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

const todayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

// Part II of a W-9, Part III of a W-8BEN: the declaration, the typed name, and the consent to sign electronically.
export function SignatureFields<Values extends FieldValues>({
  control,
  signatureName,
  consentName,
  errors,
  certifications,
  children,
}: {
  control: Control<Values>;
  certifications: readonly string[];
  signatureName: UseFormRegisterReturn;
  consentName: Path<Values>;
  errors: { signature?: string; consent?: string };
  children?: ReactNode;
}) {
  return (
    <fieldset className="grid gap-4 rounded-md border p-4">
      <legend className="px-1 text-sm font-semibold">Certification</legend>
      <p className="text-sm">{taxFormTexts.perjury}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {certifications.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {children}
      <TextField
        label="Signature: type your name as on line 1"
        hint={`Dated ${todayFormat.format(new Date())} by our server when you sign.`}
        error={errors.signature}
        register={signatureName}
        autoComplete="name"
      />
      <TickField control={control} name={consentName} label={taxFormTexts.consentLabel} error={errors.consent} />
    </fieldset>
  );
}
