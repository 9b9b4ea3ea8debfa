import { useId, useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { NativeSelect } from '~/client/components/ui/native-select';
import { RadioGroup, RadioGroupItem } from '~/client/components/ui/radio-group';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError, toFieldErrors } from '~/client/lib/form-errors';
import { payoutCurrencies } from '~/shared/currencies';
import {
  bankCodeTypeLabels,
  bankCodeTypes,
  PAYOUT_METHOD_WAIT_HOURS,
  payoutMethodKindLabels,
  payoutTexts,
} from '~/shared/payouts';
import { useAddPayoutMethod } from './api';
import {
  checkPayoutMethodForm,
  emptyPayoutMethodValues,
  newPayoutMethodKinds,
  type PayoutMethodFormValues,
  payoutMethodFieldName,
  payoutMethodFormFields,
} from './payout-method-form-values';
import { ProofFields } from './proof-fields';

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });
// Issue 55: what a payout through this method arrives in; other currencies are converted before it leaves.
const payoutCurrencyHint =
  'Earnings in other currencies are converted at the rate locked when the payout run is approved; you see the rate before.';

const NOT_ADDED = 'The payout method was not added. Please check your connection and try again.';

interface AddPayoutMethodDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hasPassword: boolean;
}

// Add payout method (docs/decisions/036): a bank account or a Wise, Payoneer or PayPal account, then the
// proof. The method can be paid PAYOUT_METHOD_WAIT_HOURS later, which the toast says.
export function AddPayoutMethodDialog({ open, onOpenChange, hasPassword }: AddPayoutMethodDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Add payout method"
        description={`Where your payouts go. For your security, a new method can receive payouts ${PAYOUT_METHOD_WAIT_HOURS} hours after you add it.`}
      >
        {open && <AddPayoutMethodForm hasPassword={hasPassword} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AddPayoutMethodForm({ hasPassword, onDone }: { hasPassword: boolean; onDone: () => void }) {
  const addMethod = useAddPayoutMethod();
  const [banner, setBanner] = useState<string | null>(null);
  const resolver: Resolver<PayoutMethodFormValues> = (values) => {
    const { problems } = checkPayoutMethodForm(values, hasPassword);
    if (!problems) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors<PayoutMethodFormValues>(problems) };
  };
  const form = useForm<PayoutMethodFormValues>({ defaultValues: emptyPayoutMethodValues, resolver });
  const { errors, isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const codeType = useWatch({ control: form.control, name: 'bank_code_type' });
  const kindLabelId = useId();

  const submit = form.handleSubmit(async (values) => {
    const { body } = checkPayoutMethodForm(values, hasPassword);
    if (!body) return;
    setBanner(null);
    try {
      await addMethod.mutateAsync(body);
      toast({ title: payoutTexts.methodAdded(PAYOUT_METHOD_WAIT_HOURS) });
      onDone();
    } catch (error) {
      setBanner(
        applyServerError(form, error, {
          fields: payoutMethodFormFields,
          fallback: NOT_ADDED,
          formNameOf: payoutMethodFieldName,
        }),
      );
    }
  });

  return (
    <form noValidate className="grid min-w-0 gap-4" onSubmit={submit}>
      <div className="grid gap-2">
        <Label id={kindLabelId}>Type</Label>
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <RadioGroup
              ref={field.ref}
              value={field.value}
              onValueChange={(value) => {
                field.onChange(value);
                form.clearErrors();
              }}
              aria-labelledby={kindLabelId}
              className="flex flex-wrap gap-x-4 gap-y-2"
            >
              {newPayoutMethodKinds.map((value) => (
                <KindOption key={value} value={value} label={payoutMethodKindLabels[value]} />
              ))}
            </RadioGroup>
          )}
        />
        {errors.kind?.message && <FieldError>{errors.kind.message}</FieldError>}
      </div>

      <FormField label="Paid in" hint={payoutCurrencyHint} error={errors.currency?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('currency')}>
            {payoutCurrencies.map((code) => (
              <option key={code} value={code}>
                {code} — {currencyNames.of(code)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>

      {kind === 'bank_account' ? (
        <>
          <FormField label="Account holder name" error={errors.holder_name?.message}>
            {(control) => <Input {...control} autoComplete="name" {...form.register('holder_name')} />}
          </FormField>
          <FormField label="Bank name" error={errors.bank_name?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('bank_name')} />}
          </FormField>
          <FormField
            label="Account number or IBAN"
            error={errors.account_number?.message}
            hint="Spaces and dashes are fine."
          >
            {(control) => <Input {...control} autoComplete="off" {...form.register('account_number')} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Bank identified by" error={errors.bank_code_type?.message}>
              {(control) => (
                <NativeSelect {...control} {...form.register('bank_code_type')}>
                  {bankCodeTypes.map((type) => (
                    <option key={type} value={type}>
                      {bankCodeTypeLabels[type]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={bankCodeTypeLabels[codeType]} error={errors.bank_code?.message}>
              {(control) => <Input {...control} autoComplete="off" {...form.register('bank_code')} />}
            </FormField>
          </div>
        </>
      ) : (
        <FormField label={`${payoutMethodKindLabels[kind]} email`} error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
      )}

      <ProofFields
        hasPassword={hasPassword}
        password={form.register('password')}
        emailCode={form.register('email_code')}
        errors={{ password: errors.password?.message, email_code: errors.email_code?.message }}
      />
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={onDone}
        submitLabel="Add payout method"
        pendingLabel="Adding..."
        isPending={isSubmitting}
      />
    </form>
  );
}

function KindOption({ value, label }: { value: string; label: string }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <RadioGroupItem id={id} value={value} />
      <Label htmlFor={id} className="cursor-pointer font-normal">
        {label}
      </Label>
    </div>
  );
}
