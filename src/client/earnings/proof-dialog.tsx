import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { applyServerError, toFieldErrors } from '~/client/lib/form-errors';
import type { PayoutProof } from '~/shared/payouts';
import { checkProof, emptyProof, type ProofValues, proofFieldName, proofFields } from './payout-proof';
import { ProofFields } from './proof-fields';

interface ProofDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  pendingLabel: string;
  hasPassword: boolean;
  // Does the change with the proof; a refusal it throws stays in the dialog.
  onProof: (proof: PayoutProof) => Promise<void>;
}

// A change to where payouts go that needs only the proof: a new default method, setting up Stripe.
export function ProofDialog({ open, onOpenChange, title, description, ...form }: ProofDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        {open && <ProofForm {...form} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ProofForm({
  submitLabel,
  pendingLabel,
  hasPassword,
  onProof,
  onDone,
}: Omit<ProofDialogProps, 'open' | 'onOpenChange' | 'title' | 'description'> & { onDone: () => void }) {
  const [banner, setBanner] = useState<string | null>(null);
  const resolver: Resolver<ProofValues> = (values) => {
    const { problems } = checkProof(values, hasPassword);
    if (!problems) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors<ProofValues>(problems) };
  };
  const form = useForm<ProofValues>({ defaultValues: emptyProof, resolver });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const { proof } = checkProof(values, hasPassword);
    if (!proof) return;
    setBanner(null);
    try {
      await onProof(proof);
      onDone();
    } catch (error) {
      setBanner(
        applyServerError(form, error, {
          fields: proofFields,
          fallback: 'Nothing was changed. Please check your connection and try again.',
          formNameOf: proofFieldName,
        }),
      );
    }
  });

  return (
    <form noValidate className="grid min-w-0 gap-4" onSubmit={submit}>
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
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
        isPending={isSubmitting}
      />
    </form>
  );
}
