import { Fragment, type ReactNode, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { applyServerError } from '~/client/lib/form-errors';
import type { PipelineMember } from '~/shared/hiring-team';
import {
  type ApplicationNote,
  mentionPositions,
  NOTE_MAX_LENGTH,
  namesWithAt,
  noteSchema,
  pipelineTexts,
} from '~/shared/pipeline';
import { useAddNote } from './api';
import { MentionTextarea } from './mention-textarea';
import { dayAndTimeLabel } from './pipeline-format';

interface NoteValues {
  body: string;
}

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
              <p className="text-sm break-words whitespace-pre-line">
                <NoteBody body={note.body} mentions={note.mentions} />
              </p>
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

// The note's text with each "@Name" it mentions marked; the longest name wins where two start alike.
export function NoteBody({ body, mentions }: { body: string; mentions: ApplicationNote['mentions'] }) {
  const spans = mentions
    .flatMap((mention) => mentionPositions(body, mention.name).map((at) => ({ at, end: at + mention.name.length + 1 })))
    .sort((left, right) => left.at - right.at || right.end - left.end);
  const parts: ReactNode[] = [];
  let cursor = 0;
  for (const span of spans) {
    if (span.at < cursor) continue;
    parts.push(body.slice(cursor, span.at));
    parts.push(
      <mark key={span.at} className="rounded-sm bg-primary/10 px-0.5 font-medium text-primary">
        {body.slice(span.at, span.end)}
      </mark>,
    );
    cursor = span.end;
  }
  parts.push(body.slice(cursor));
  return (
    <>
      {parts.map((part, index) => (
        // Text pieces and marks alternate in a fixed order for a given note.
        <Fragment key={typeof part === 'string' ? `text-${index}` : `mark-${index}`}>{part}</Fragment>
      ))}
    </>
  );
}

function AddNoteForm({ applicationId }: { applicationId: string }) {
  const addNote = useAddNote(applicationId);
  const [banner, setBanner] = useState<string | null>(null);
  // Colleagues picked from the @ list; sent if their "@Name" is still in the text.
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const resolver: Resolver<NoteValues> = (values) => {
    const parsed = noteSchema.safeParse(values);
    if (parsed.success) {
      const checked: NoteValues = { body: parsed.data.body };
      return { values: checked, errors: {} };
    }
    const message = parsed.error.issues[0]?.message ?? pipelineTexts.noteRequired;
    const errors: FieldErrors<NoteValues> = { body: { type: 'validate', message } };
    return { values: {}, errors };
  };
  const form = useForm<NoteValues>({ defaultValues: { body: '' }, resolver });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    const mentions = [...picked].filter(([, name]) => namesWithAt(values.body, name)).map(([userId]) => userId);
    try {
      await addNote.mutateAsync({ body: values.body, mentions });
      form.reset({ body: '' });
      setPicked(new Map());
    } catch (error) {
      setBanner(
        applyServerError(form, error, { fields: ['body'], fallback: 'The note was not saved. Please try again.' }),
      );
    }
  });

  return (
    <form noValidate className="grid gap-2" onSubmit={submit}>
      <FormField
        label="Private note"
        error={errors.body?.message}
        hint="Only your company’s reviewers read notes. Type @ to mention a colleague: they are told."
      >
        {(control) => (
          <Controller
            control={form.control}
            name="body"
            render={({ field }) => (
              <MentionTextarea
                {...control}
                name={field.name}
                rows={3}
                maxLength={NOTE_MAX_LENGTH}
                value={field.value}
                onValueChange={field.onChange}
                onMention={(member: PipelineMember) =>
                  setPicked((current) => new Map(current).set(member.user_id, member.name))
                }
              />
            )}
          />
        )}
      </FormField>
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <Button type="submit" variant="outline" size="sm" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? 'Adding...' : 'Add Note'}
      </Button>
    </form>
  );
}
