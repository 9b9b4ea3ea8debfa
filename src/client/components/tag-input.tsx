import { PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { FieldError } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { Chip } from './removable-chip';

export const tagTexts = {
  skillBlank: 'Type a skill to add it.',
  skillDuplicate: (skill: string) => `${skill} is already in the list.`,
} as const;

// A skill is added only when it is not blank and not already there in any case
// (docs/spec/portal-and-public-site.md §5).
export function addTag(tags: readonly string[], input: string): { tags: string[]; error: string | null } {
  const tag = input.trim().replace(/\s+/g, ' ');
  if (!tag) return { tags: [...tags], error: tagTexts.skillBlank };
  const existing = tags.find((other) => other.toLowerCase() === tag.toLowerCase());
  if (existing) return { tags: [...tags], error: tagTexts.skillDuplicate(existing) };
  return { tags: [...tags, tag], error: null };
}

interface TagInputProps {
  label: string;
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
  placeholder?: string;
  // What the chips' list is called for screen readers ("Selected skills").
  listLabel?: string;
  maxTags?: number;
  maxLength?: number;
}

// Tags as chips (a job's required skills, an applicant's skills): typed, then added with Enter or the
// Add button; no blanks and no duplicates in any case; each chip removable.
export function TagInput({
  label,
  value,
  onChange,
  error,
  placeholder = 'e.g. React',
  listLabel = 'Selected skills',
  maxTags = 30,
  maxLength = 40,
}: TagInputProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const isFull = value.length >= maxTags;

  function add() {
    const result = addTag(value, draft);
    setProblem(result.error);
    if (!result.error) {
      onChange(result.tags);
      setDraft('');
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={maxLength}
          disabled={isFull}
          placeholder={placeholder}
          aria-invalid={Boolean(shownError)}
          aria-describedby={[hintId, shownError ? errorId : null].filter(Boolean).join(' ')}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            // Enter adds the tag instead of submitting the form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" onClick={add} disabled={isFull}>
          <PlusIcon aria-hidden="true" />
          Add
        </Button>
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {isFull ? `You can add up to ${maxTags} skills.` : 'Press Enter or Add after each skill.'}
      </p>
      {shownError && <FieldError id={errorId}>{shownError}</FieldError>}
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={listLabel}>
          {value.map((tag) => (
            <li key={tag}>
              <Chip label={tag} onRemove={() => onChange(value.filter((other) => other !== tag))} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
