import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Textarea } from '~/client/components/ui/textarea';
import { applyServerError } from '~/client/lib/form-errors';
import { type ApplicationNote, NOTE_MAX_LENGTH, noteSchema, pipelineTexts } from '~/shared/pipeline';

interface NoteValues {
  body: string;
}

import { useAddNote } from './api';
import { dayAndTimeLabel } from './pipeline-format';

// The reviewers' private notes, newest first, and the box to add one. The applicant never sees them.
export function ApplicationNotes({
  applicationId,
  notes,
  canWrite,
}: {
  applicationId: string;
  notes: ApplicationNote[];
  canWrite: boolean;
}) {
  return (
    <div className="grid gap-3">
      {canWrite && <AddNoteForm applicationId={applicationId} />}
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ul className="grid gap-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md border border-border p-3">
              <p className="text-sm break-words whitespace-pre-line">{note.body}</p>
              <p className="mt-2 text-xs text-muted-foreground">
                {note.author_name} · <time dateTime={note.created_at}>{dayAndTimeLabel(note.created_at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AddNoteForm({ applicationId }: { applicationId: string }) {
  const addNote = useAddNote(applicationId);
  const [banner, setBanner] = useState<string | null>(null);
  const resolver: Resolver<NoteValues> = (values) => {
    const parsed = noteSchema.safeParse(values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const message = parsed.error.issues[0]?.message ?? pipelineTexts.noteRequired;
    const errors: FieldErrors<NoteValues> = { body: { type: 'validate', message } };
    return { values: {}, errors };
  };
  const form = useForm<NoteValues>({ defaultValues: { body: '' }, resolver });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await addNote.mutateAsync(values);
      form.reset({ body: '' });
    } catch (error) {
      setBanner(
        applyServerError(form, error, { fields: ['body'], fallback: 'The note was not saved. Please try again.' }),
      );
    }
  });

  return (
    <form noValidate className="grid gap-2" onSubmit={submit}>
      <FormField label="Private note" error={errors.body?.message} hint="Only your company’s reviewers read notes.">
        {(control) => <Textarea {...control} rows={3} maxLength={NOTE_MAX_LENGTH} {...form.register('body')} />}
      </FormField>
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <Button type="submit" variant="outline" size="sm" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? 'Adding...' : 'Add Note'}
      </Button>
    </form>
  );
}
