import { type ReactNode, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Textarea } from '~/client/components/ui/textarea';
import { applyServerError, toFieldErrors } from '~/client/lib/form-errors';
import { reasonBodySchema, referenceBodySchema } from '~/shared/payouts';

// The one line most payout actions ask for (docs/decisions/036): the bank's reference of a payment made,
// or the reason for a failure or a hold. Checked with the API's own schema before anything is sent; the
// server's refusal goes next to the field, or above the buttons when it is about something else.

export type NoteKind = 'reference' | 'reason';

const noteSchemas = { reference: referenceBodySchema, reason: reasonBodySchema } as const;

interface NoteValues {
  note: string;
}

export interface NoteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  kind: NoteKind;
  label: string;
  hint?: string;
  submitLabel: string;
  pendingLabel: string;
  // The banner's sentence when the request got no answer.
  failure: string;
  destructive?: boolean;
  // Sends the checked note; resolves when the server agreed (the caller toasts and closes), throws its refusal.
  onSubmit: (note: string) => Promise<unknown>;
}

export function NoteDialog({ open, onOpenChange, title, description, ...form }: NoteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        {open && <NoteForm {...form} onCancel={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function NoteForm({
  kind,
  label,
  hint,
  submitLabel,
  pendingLabel,
  failure,
  destructive = false,
  onSubmit,
  onCancel,
}: Omit<NoteDialogProps, 'open' | 'onOpenChange' | 'title' | 'description'> & { onCancel: () => void }) {
  const [banner, setBanner] = useState<string | null>(null);
  // The schema names the field as the API does ('reference', 'reason'); the form holds it as `note`.
  const resolver: Resolver<NoteValues> = ({ note }) => {
    const parsed = noteSchemas[kind].safeParse({ [kind]: note });
    if (parsed.success) {
      // Trimmed, as the server reads it.
      const values: NoteValues = { note: Object.values(parsed.data)[0] ?? '' };
      return { values, errors: {} };
    }
    return { values: {}, errors: toFieldErrors<NoteValues>({ note: parsed.error.issues[0]?.message ?? '' }) };
  };
  const form = useForm<NoteValues>({ defaultValues: { note: '' }, resolver });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ note }) => {
    setBanner(null);
    try {
      await onSubmit(note);
    } catch (error) {
      setBanner(
        applyServerError(form, error, {
          fields: ['note'],
          fallback: failure,
          formNameOf: (name) => (name === kind ? 'note' : name),
        }),
      );
    }
  });
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <FormField label={label} error={errors.note?.message} hint={hint}>
        {(control) =>
          kind === 'reason' ? (
            <Textarea {...control} rows={3} {...form.register('note')} />
          ) : (
            <Input {...control} autoComplete="off" {...form.register('note')} />
          )
        }
      </FormField>
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={onCancel}
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
        isPending={isSubmitting}
        destructive={destructive}
      />
    </form>
  );
}
