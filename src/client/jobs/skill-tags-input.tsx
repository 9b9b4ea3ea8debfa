import { PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { FieldError } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { addTag } from './job-form-values';
import { Chip } from './removable-chip';

const SKILL_MAX_LENGTH = 40;
const MAX_SKILLS = 30;

interface SkillTagsInputProps {
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
}

// Required skills as chips: typed, then added with Enter or the Add button; no blanks and no duplicates
// in any case (spec §5); each chip removable.
export function SkillTagsInput({ value, onChange, error }: SkillTagsInputProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const isFull = value.length >= MAX_SKILLS;

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
      <Label htmlFor={id}>Required Skills</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={SKILL_MAX_LENGTH}
          disabled={isFull}
          placeholder="e.g. React"
          aria-invalid={Boolean(shownError)}
          aria-describedby={[hintId, shownError ? errorId : null].filter(Boolean).join(' ')}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            // Enter adds the skill instead of submitting the form.
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
        {isFull ? `You can add up to ${MAX_SKILLS} skills.` : 'Press Enter or Add after each skill.'}
      </p>
      {shownError && <FieldError id={errorId}>{shownError}</FieldError>}
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Selected skills">
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
