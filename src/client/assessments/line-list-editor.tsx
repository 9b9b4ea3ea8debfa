import { PlusIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { FieldError } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { cn } from '~/client/lib/cn';
import { type Line, newLine } from './question-content';

interface LineListEditorProps {
  legend: string;
  // Names one line, numbered: 'Option' → 'Option 1'.
  itemLabel: string;
  addLabel: string;
  lines: Line[];
  onChange: (lines: Line[]) => void;
  // Lines before this index have no remove button (options from the third on can be removed, spec §5).
  removableFrom: number;
  maxLines: number;
  hint?: string;
  error?: string;
  className?: string;
}

// A list of short texts with add and remove: a choice question's options, a short answer's accepted
// answers, a grid's rows and columns. Focus follows the line added or the place of the line removed.
export function LineListEditor({
  legend,
  itemLabel,
  addLabel,
  lines,
  onChange,
  removableFrom,
  maxLines,
  hint,
  error,
  className,
}: LineListEditorProps) {
  const id = useId();
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusTarget, setFocusTarget] = useState<string | 'add' | null>(null);

  useEffect(() => {
    if (focusTarget === null) return;
    if (focusTarget === 'add') addButton.current?.focus();
    else inputs.current.get(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const add = () => {
    const line = newLine();
    onChange([...lines, line]);
    setFocusTarget(line.id);
  };

  const remove = (index: number) => {
    const next = lines.filter((_, position) => position !== index);
    onChange(next);
    setFocusTarget(next[index]?.id ?? next[index - 1]?.id ?? 'add');
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
        {lines.map((line, index) => {
          const label = `${itemLabel} ${index + 1}`;
          return (
            <li key={line.id} className="flex items-center gap-2">
              <Input
                ref={(element) => {
                  if (element) inputs.current.set(line.id, element);
                  else inputs.current.delete(line.id);
                }}
                aria-label={label}
                placeholder={label}
                value={line.text}
                maxLength={500}
                aria-invalid={Boolean(error)}
                onChange={(event) =>
                  onChange(
                    lines.map((other) => (other.id === line.id ? { ...other, text: event.target.value } : other)),
                  )
                }
              />
              {index >= removableFrom ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${label.toLowerCase()}`}
                  onClick={() => remove(index)}
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
        <Button ref={addButton} variant="outline" size="sm" onClick={add} disabled={lines.length >= maxLines}>
          <PlusIcon aria-hidden="true" />
          {addLabel}
        </Button>
      </div>
    </fieldset>
  );
}
