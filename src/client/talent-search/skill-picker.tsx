import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Chip } from '~/client/components/removable-chip';
import { SEARCH_DEBOUNCE_MS } from '~/client/components/search-input';
import { addTag } from '~/client/components/tag-input';
import { FieldError } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { cn } from '~/client/lib/cn';
import { TALENT_MAX_SKILL_FILTERS, talentTexts } from '~/shared/talent-search-texts';
import { talentSkillsQueryOptions } from './api';

const SKILL_MAX_LENGTH = 40;

// The typed text, once the typing pauses: one suggestion request per pause, not per key.
function useDebounced(value: string) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

// The skills search box of the filter panel (docs/spec/portal-and-public-site.md §2): a combobox suggesting the
// skills listed profiles have (GET /api/talent/skills?q=), Enter or a click adds the skill as a removable chip.
export function SkillPicker({ value, onChange }: { value: string[]; onChange: (skills: string[]) => void }) {
  const id = useId();
  const listboxId = `${id}-suggestions`;
  const errorId = `${id}-error`;
  const [draft, setDraft] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [problem, setProblem] = useState<string | null>(null);
  const term = useDebounced(draft.trim());
  const suggestions = useQuery({ ...talentSkillsQueryOptions(term), enabled: term.length > 0 });
  const isCurrent = term === draft.trim();
  const options = (isCurrent ? (suggestions.data?.items ?? []) : []).filter(
    (skill) => !value.some((chosen) => chosen.toLowerCase() === skill.toLowerCase()),
  );
  const isListShown = isOpen && draft.trim().length > 0 && options.length > 0;
  const isFull = value.length >= TALENT_MAX_SKILL_FILTERS;

  function add(skill: string) {
    if (isFull) {
      setProblem(talentTexts.tooManySkills);
      return;
    }
    const result = addTag(value, skill);
    setProblem(result.error);
    if (!result.error) {
      onChange(result.tags);
      setDraft('');
      setActiveIndex(-1);
      setIsOpen(false);
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Search skills</Label>
      <div className="relative">
        <Input
          id={id}
          role="combobox"
          autoComplete="off"
          placeholder="e.g. TypeScript"
          maxLength={SKILL_MAX_LENGTH}
          value={draft}
          aria-expanded={isListShown}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={isListShown && activeIndex >= 0 ? `${listboxId}-${activeIndex}` : undefined}
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setIsOpen(true);
            setActiveIndex(-1);
            setProblem(null);
          }}
          onBlur={() => setIsOpen(false)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && options.length > 0) {
              event.preventDefault();
              setIsOpen(true);
              setActiveIndex((index) => (index + 1) % options.length);
            } else if (event.key === 'ArrowUp' && options.length > 0) {
              event.preventDefault();
              setIsOpen(true);
              setActiveIndex((index) => (index <= 0 ? options.length - 1 : index - 1));
            } else if (event.key === 'Enter') {
              // Enter adds the highlighted suggestion, else the text as typed.
              event.preventDefault();
              const chosen = isListShown && activeIndex >= 0 ? options[activeIndex] : undefined;
              add(chosen ?? draft);
            } else if (event.key === 'Escape' && isListShown) {
              event.preventDefault();
              setIsOpen(false);
            }
          }}
        />
        <div
          id={listboxId}
          role="listbox"
          aria-label="Skill suggestions"
          hidden={!isListShown}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-56 overflow-y-auto rounded-md border border-border bg-background py-1 shadow-lg"
        >
          {options.map((skill, index) => (
            // The input keeps the focus and drives this list (aria-activedescendant); a click adds.
            <div
              key={skill}
              id={`${listboxId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              // Keeps the focus in the input, so its blur does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActiveIndex(index)}
              onClick={() => add(skill)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  add(skill);
                }
              }}
              className={cn('cursor-pointer px-3 py-2 text-sm', index === activeIndex && 'bg-muted')}
            >
              {skill}
            </div>
          ))}
        </div>
      </div>
      {problem && <FieldError id={errorId}>{problem}</FieldError>}
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Selected skills">
          {value.map((skill) => (
            <li key={skill} className="max-w-full">
              <Chip label={skill} onRemove={() => onChange(value.filter((other) => other !== skill))} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
