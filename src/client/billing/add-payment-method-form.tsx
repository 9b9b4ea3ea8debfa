import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { NewPaymentMethodFields } from '~/client/components/new-payment-method-fields';
import {
  applyNewMethodErrors,
  checkNewMethod,
  emptyNewMethodValues,
  type NewMethodValues,
  newMethodResolver,
  paymentMethodKindLabels,
} from '~/client/components/payment-method-form';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { DialogFooter } from '~/client/components/ui/dialog';
import { Label } from '~/client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '~/client/components/ui/radio-group';
import { toast } from '~/client/components/ui/use-toast';
import type { PaymentMethodKind } from '~/shared/billing';
import { paymentMethodKinds } from '~/shared/billing-texts';
import { useAddPaymentMethod } from './api';

// The Add Payment Method dialog's form (PaymentMethodsSection loads it when the dialog opens, with
// react-hook-form and the method's checks).
export function AddPaymentMethodForm({ onDone }: { onDone: () => void }) {
  const addMethod = useAddPaymentMethod();
  const [kind, setKind] = useState<PaymentMethodKind>('card');
  const [banner, setBanner] = useState<string | null>(null);
  const kindRef = useRef(kind);
  kindRef.current = kind;
  const form = useForm<NewMethodValues>({
    defaultValues: emptyNewMethodValues,
    resolver: newMethodResolver(() => kindRef.current),
  });
  const { errors, isSubmitting } = form.formState;
  const ids = useId();

  const submit = form.handleSubmit(async (values) => {
    const { method } = checkNewMethod(kind, values);
    if (!method) return;
    setBanner(null);
    try {
      const saved = await addMethod.mutateAsync(method);
      toast({ title: 'Payment method added', description: `${saved.label} is saved for future payments.` });
      onDone();
    } catch (error) {
      setBanner(applyNewMethodErrors(form, error, 'The payment method was not saved. Please try again.'));
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Type</legend>
        <RadioGroup
          value={kind}
          onValueChange={(value) => {
            setKind(value as PaymentMethodKind);
            form.clearErrors();
          }}
          className="flex flex-wrap gap-4"
          aria-label="Type"
        >
          {paymentMethodKinds.map((value) => (
            <div key={value} className="flex items-center gap-2">
              <RadioGroupItem id={`${ids}-${value}`} value={value} />
              <Label htmlFor={`${ids}-${value}`} className="cursor-pointer font-normal">
                {paymentMethodKindLabels[value]}
              </Label>
            </div>
          ))}
        </RadioGroup>
      </fieldset>
      <NewPaymentMethodFields kind={kind} register={form.register} errors={errors} />
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Add Payment Method'}
        </Button>
      </DialogFooter>
    </form>
  );
}
