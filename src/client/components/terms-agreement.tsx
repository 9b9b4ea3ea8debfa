import { type RefCallback, useId } from 'react';
import { Checkbox } from '~/client/components/ui/checkbox';
import { FieldError } from '~/client/components/ui/form-field';
import { Label } from '~/client/components/ui/label';
import { paths } from '~/shared/routes';

// The Terms of Service and the Privacy Policy, each opened in a new tab beside the form being filled.
export function TermsLinks() {
  const linkClass = 'font-medium text-primary underline underline-offset-4';
  return (
    <>
      <a href={paths.terms.getHref()} target="_blank" rel="noreferrer" className={linkClass}>
        Terms of Service
      </a>{' '}
      and{' '}
      <a href={paths.privacy.getHref()} target="_blank" rel="noreferrer" className={linkClass}>
        Privacy Policy
      </a>
    </>
  );
}

// The "I agree" box every form that creates an account asks for (accept_terms), as a react-hook-form
// Controller renders it: its field, and the field's error under it.
export function TermsAgreementField({
  field,
  error,
}: {
  field: {
    value: boolean | undefined;
    onChange: (checked: boolean) => void;
    onBlur: () => void;
    ref: RefCallback<HTMLButtonElement>;
  };
  error: string | undefined;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-2">
        <Checkbox
          ref={field.ref}
          id={id}
          className="mt-0.5"
          checked={field.value === true}
          onCheckedChange={(checked) => field.onChange(checked === true)}
          onBlur={field.onBlur}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Label htmlFor={id} className="leading-snug">
          I agree to the <TermsLinks />
        </Label>
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
