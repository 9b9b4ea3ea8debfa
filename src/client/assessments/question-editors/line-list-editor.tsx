import { PlusIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '~/client/components/ui/button';
import { FieldError } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { cn } from '~/client/lib/cn';
import { type EditableQuestion, newLine } from '../question-content';
import type { LineListField } from './question-form';

interface LineListEditorProps {
  name: LineListField;
  legend: string;
  // Names one line, numbered: 'Option' → 'Option 1'.
  itemLabel: string;
  addLabel: string;
  // Lines before this index have no remove button (options from the third on can be removed,
  // docs/spec/portal-and-public-site.md §5).
  removableFrom: number;
  maxLines: number;
  hint?: string;
  className?: string;
}

// A list of short texts with add and remove, in the add-question form: a choice question's options, a
// short answer's accepted answers, a grid's rows and columns. Focus follows the line added or the place of
// the line removed. Each line keeps its own id (the answer key points at it), so the list's keys are `key`.
export function LineListEditor({
  name,
  legend,
  itemLabel,
  addLabel,
  removableFrom,
  maxLines,
  hint,
  className,
}: LineListEditorProps) {
  const id = useId();
  const { control, register, setFocus, formState } = useFormContext<EditableQuestion>();
  const { fields, append, remove } = useFieldArray({ control, name, keyName: 'key' });
  const error = formState.errors[name]?.root?.message;
  const addButton = useRef<HTMLButtonElement>(null);
  // After a removal: the line now in the removed one's place, else the one before, else Add.
  const [focusAfterRemove, setFocusAfterRemove] = useState<number | 'add' | null>(null);

  useEffect(() => {
    if (focusAfterRemove === null) return;
    if (focusAfterRemove === 'add') addButton.current?.focus();
    else setFocus(`${name}.${focusAfterRemove}.text`);
    setFocusAfterRemove(null);
  }, [focusAfterRemove, name, setFocus]);

  const removeLine = (index: number) => {
    const remaining = fields.length - 1;
    remove(index);
    setFocusAfterRemove(remaining === 0 ? 'add' : Math.min(index, remaining - 1));
  };

  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <fieldset className={cn('grid min-w-0 content-start gap-2', className)} aria-describedby={describedBy || undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <ol className="grid gap-2">
        {fields.map((line, index) => {
          const label = `${itemLabel} ${index + 1}`;
          return (
            <li key={line.key} className="flex items-center gap-2">
              <Input
                aria-label={label}
                placeholder={label}
                maxLength={500}
                aria-invalid={Boolean(error)}
                {...register(`${name}.${index}.text`)}
              />
              {index >= removableFrom ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${label.toLowerCase()}`}
                  onClick={() => removeLine(index)}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              ) : (
                // Keeps the inputs one width whether or not the line can be removed.
                <span className="size-10 shrink-0" aria-hidden="true" />
              )}
            </li>
          );
        })}
      </ol>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      <div>
        <Button
          ref={addButton}
          variant="outline"
          size="sm"
          onClick={() => append(newLine(), { shouldFocus: true })}
          disabled={fields.length >= maxLines}
        >
          <PlusIcon aria-hidden="true" />
          {addLabel}
        </Button>
      </div>
    </fieldset>
  );
}
