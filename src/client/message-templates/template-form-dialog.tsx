import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError } from '~/client/lib/form-errors';
import {
  type MessageTemplate,
  type MessageTemplateInput,
  messageTemplateInputSchema,
  templatePlaceholderDescriptions,
  templatePlaceholders,
} from '~/shared/message-templates';
import { useSaveMessageTemplate } from './api';

// Writing a template or changing one: a name, and a body whose placeholders are listed beside it; an
// unknown placeholder is named at the body (the same rule as the server's).
export function TemplateFormDialog({
  open,
  onOpenChange,
  template,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  // The template changed, or null for a new one.
  template: MessageTemplate | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={template ? 'Edit template' : 'New template'}
        description="Used when moving candidates through a pipeline and when messaging a whole stage."
        className="max-w-xl"
      >
        {open && <TemplateForm template={template} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function TemplateForm({ template, onDone }: { template: MessageTemplate | null; onDone: () => void }) {
  const save = useSaveMessageTemplate();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<MessageTemplateInput>({
    defaultValues: { name: template?.name ?? '', body: template?.body ?? '' },
    resolver: zodResolver(messageTemplateInputSchema),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setBanner(null);
    try {
      const saved = await save.mutateAsync({ id: template?.id ?? null, input });
      toast({ title: template ? 'Template saved' : 'Template created', description: saved.name });
      onDone();
    } catch (error) {
      setBanner(
        applyServerError(form, error, {
          fields: ['name', 'body'],
          fallback: 'The template was not saved. Please try again.',
        }),
      );
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <FormField label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
      </FormField>
      <FormField label="Message" error={errors.body?.message}>
        {(control) => <Textarea {...control} rows={7} {...form.register('body')} />}
      </FormField>
      <div className="rounded-md border border-border bg-muted/40 px-3 py-2 text-sm">
        <p className="font-medium">Placeholders, filled in for each candidate</p>
        <ul className="mt-1 grid gap-0.5">
          {templatePlaceholders.map((name) => (
            <li key={name}>
              <code className="rounded bg-background px-1 font-mono text-xs">{`{{${name}}}`}</code>{' '}
              {templatePlaceholderDescriptions[name]}
            </li>
          ))}
        </ul>
      </div>
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save template'}
        </Button>
      </DialogFooter>
    </form>
  );
}
