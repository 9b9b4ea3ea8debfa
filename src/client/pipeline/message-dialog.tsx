import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Textarea } from '~/client/components/ui/textarea';
import { applyServerError, toFieldErrors } from '~/client/lib/form-errors';
import {
  applicationMessageSchema,
  fillTemplate,
  type MessageTemplate,
  messageTemplateTexts,
  type TemplateValues,
} from '~/shared/message-templates';
import { newSendId } from './board-api';
import { TemplateSelect } from './template-select';

interface MessageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  // The candidate the preview is filled for, and their name ("Preview for Ada Lovelace").
  preview: { name: string; values: TemplateValues } | null;
  submitLabel: string;
  // Sends the body as written (the server fills the placeholders); a failure it throws shows here.
  onSend: (body: string, clientId: string) => Promise<void>;
}

// Writing to candidates from the pipeline: start from one of the company's templates or write it here,
// see it filled for a candidate, send. The placeholders are listed; an unknown one is refused at its field.
export function MessageDialog({ open, onOpenChange, title, description, ...form }: MessageDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} className="max-w-xl">
        {/* Mounted while open only: each opening starts empty, with a send id of its own. */}
        {open && <MessageForm {...form} onCancel={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

interface MessageValues {
  template: string;
  body: string;
}

const resolver: Resolver<MessageValues> = (values) => {
  const checked = applicationMessageSchema.shape.body.safeParse(values.body);
  if (checked.success) return { values, errors: {} };
  const message = checked.error.issues[0]?.message ?? messageTemplateTexts.bodyRequired;
  return { values: {}, errors: toFieldErrors<MessageValues>({ body: message }) };
};

function MessageForm({
  preview,
  submitLabel,
  onSend,
  onCancel,
}: Omit<MessageDialogProps, 'open' | 'onOpenChange' | 'title' | 'description'> & { onCancel: () => void }) {
  const [sendId] = useState(newSendId);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<MessageValues>({ defaultValues: { template: '', body: '' }, resolver });
  const { errors, isSubmitting } = form.formState;
  const body = form.watch('body');

  function chooseTemplate(id: string, template: MessageTemplate | undefined) {
    form.setValue('template', id);
    if (template) form.setValue('body', template.body, { shouldValidate: form.formState.isSubmitted });
  }

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onSend(values.body.trim(), sendId);
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['body'], fallback: 'Nothing was sent. Please try again.' }));
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <TemplateSelect label="Template" value={form.watch('template')} onChoose={chooseTemplate} />
      <FormField label="Message" error={errors.body?.message} hint={messageTemplateTexts.placeholdersHelp}>
        {(control) => <Textarea {...control} rows={6} {...form.register('body')} />}
      </FormField>
      {preview && (
        <section aria-label={`Preview for ${preview.name}`} className="grid gap-1.5">
          <h3 className="text-sm font-medium">Preview for {preview.name}</h3>
          <p className="min-h-12 whitespace-pre-wrap break-words rounded-md border border-border bg-muted/40 px-3 py-2 text-sm">
            {body.trim() ? (
              fillTemplate(body.trim(), preview.values)
            ) : (
              <span className="text-muted-foreground">Nothing written yet.</span>
            )}
          </p>
        </section>
      )}
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
