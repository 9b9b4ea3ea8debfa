import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { NewMethodValues } from '~/client/components/payment-method-form';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import type { PaymentMethodKind } from '~/shared/billing';

interface NewPaymentMethodFieldsProps {
  kind: PaymentMethodKind;
  register: UseFormRegister<NewMethodValues>;
  errors: FieldErrors<NewMethodValues>;
}

// The details of a new card, bank account or wallet (docs/spec/admin-billing-and-content.md §9), each field
// with its browser autofill.
export function NewPaymentMethodFields({ kind, register, errors }: NewPaymentMethodFieldsProps) {
  if (kind === 'card') {
    return (
      <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:grid-cols-3">
        <FormField label="Card number" error={errors.card_number?.message} className="col-span-2 sm:col-span-3">
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="4242 4242 4242 4242"
              {...register('card_number')}
            />
          )}
        </FormField>
        <FormField label="Expiry month" error={errors.exp_month?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="cc-exp-month"
              placeholder="MM"
              maxLength={2}
              {...register('exp_month')}
            />
          )}
        </FormField>
        <FormField label="Expiry year" error={errors.exp_year?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="cc-exp-year"
              placeholder="YYYY"
              maxLength={4}
              {...register('exp_year')}
            />
          )}
        </FormField>
        <FormField label="CVC" error={errors.cvc?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              {...register('cvc')}
            />
          )}
        </FormField>
      </div>
    );
  }
  if (kind === 'bank') {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Account holder" error={errors.account_holder?.message} className="sm:col-span-2">
          {(control) => <Input {...control} autoComplete="name" {...register('account_holder')} />}
        </FormField>
        <FormField label="Routing number" error={errors.routing_number?.message}>
          {(control) => <Input {...control} inputMode="numeric" maxLength={9} {...register('routing_number')} />}
        </FormField>
        <FormField label="Account number" error={errors.account_number?.message}>
          {(control) => <Input {...control} inputMode="numeric" maxLength={17} {...register('account_number')} />}
        </FormField>
      </div>
    );
  }
  return (
    <FormField label="Wallet email" error={errors.email?.message} hint="The email address of your wallet account.">
      {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
    </FormField>
  );
}
