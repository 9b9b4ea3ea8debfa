import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError } from '~/client/lib/form-errors';
import {
  type AgreementTemplate,
  agreementFieldDescriptions,
  agreementFields,
  agreementKindLabels,
  agreementKinds,
  agreementTexts,
  type CreateAgreementTemplate,
  createAgreementTemplateSchema,
} from '~/shared/agreements';
import { AgreementPreview } from './agreement-preview';
import { useCreateAgreementTemplate, useUpdateAgreementTemplate } from './api';

// What the dialog does: write a new template (from scratch or from one of Tandem's), save a company template's
// next version, or read a template as it fills in.
export type TemplateDialogMode =
  | { kind: 'create'; from: AgreementTemplate | null }
  | { kind: 'edit'; template: AgreementTemplate }
  | { kind: 'view'; template: AgreementTemplate };

const titles = { create: 'New agreement template', edit: 'Edit agreement template', view: 'Agreement template' };

export function AgreementTemplateDialog({
  mode,
  onOpenChange,
}: {
  mode: TemplateDialogMode | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={mode !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={mode ? (mode.kind === 'view' ? mode.template.name : titles[mode.kind]) : ''}
        description={
          mode?.kind === 'view'
            ? `${agreementKindLabels[mode.template.kind]} · as it reads for a sample hire.`
            : 'Merge fields in double braces are filled in from each hire; the preview fills them with a sample one.'
        }
        className="md:max-w-3xl lg:max-w-5xl"
      >
        {mode?.kind === 'view' && (
          <>
            <AgreementPreview body={mode.template.body} label="Preview" />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Close
              </Button>
            </DialogFooter>
          </>
        )}
        {mode && mode.kind !== 'view' && <TemplateForm mode={mode} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function TemplateForm({ mode, onDone }: { mode: Exclude<TemplateDialogMode, { kind: 'view' }>; onDone: () => void }) {
  const create = useCreateAgreementTemplate();
  const update = useUpdateAgreementTemplate();
  const [banner, setBanner] = useState<string | null>(null);
  const start = mode.kind === 'edit' ? mode.template : mode.from;
  const form = useForm<CreateAgreementTemplate>({
    defaultValues: {
      kind: start?.kind ?? 'contractor_agreement',
      name: mode.kind === 'edit' ? mode.template.name : '',
      body: start?.body ?? '',
    },
    resolver: zodResolver(createAgreementTemplateSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const body = form.watch('body');

  const submit = form.handleSubmit(async (input) => {
    setBanner(null);
    try {
      if (mode.kind === 'edit') {
        const saved = await update.mutateAsync({ id: mode.template.id, input: { name: input.name, body: input.body } });
        toast({
          title: saved.version === mode.template.version ? agreementTexts.unchanged : agreementTexts.saved,
          description: `${saved.name}, version ${saved.version}`,
        });
      } else {
        const created = await create.mutateAsync(input);
        toast({ title: agreementTexts.created, description: created.name });
      }
      onDone();
    } catch (error) {
      setBanner(
        applyServerError(form, error, {
          fields: ['kind', 'name', 'body'],
          fallback: 'The template was not saved. Please try again.',
        }),
      );
    }
  });

  return (
    <form noValidate className="grid min-w-0 gap-4" onSubmit={submit}>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-4">
          {mode.kind === 'create' ? (
            <FormField label="Kind" error={errors.kind?.message}>
              {(control) => (
                <NativeSelect {...control} {...form.register('kind')}>
                  {agreementKinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {agreementKindLabels[kind]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          ) : (
            <p className="text-sm">
              <span className="text-muted-foreground">Kind: </span>
              {agreementKindLabels[mode.template.kind]} · version {mode.template.version}
            </p>
          )}
          <FormField label="Name" error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
          </FormField>
          <FormField label="Text" hint="A line starting “# ” is a heading." error={errors.body?.message}>
            {(control) => <Textarea {...control} rows={14} className="font-mono text-xs" {...form.register('body')} />}
          </FormField>
          <details className="rounded-md border border-border bg-muted/40 px-3 py-2 text-sm">
            <summary className="cursor-pointer font-medium">Merge fields</summary>
            <ul className="mt-1 grid gap-0.5">
              {agreementFields.map((name) => (
                <li key={name}>
                  <code className="rounded bg-background px-1 font-mono text-xs">{`{{${name}}}`}</code>{' '}
                  {agreementFieldDescriptions[name]}
                </li>
              ))}
            </ul>
          </details>
        </div>
        <div className="grid min-w-0 content-start gap-2">
          <p className="text-sm font-medium">Preview, for a sample hire</p>
          <AgreementPreview body={body} label="Preview" />
        </div>
      </div>
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : mode.kind === 'edit' ? 'Save new version' : 'Create template'}
        </Button>
      </DialogFooter>
    </form>
  );
}
