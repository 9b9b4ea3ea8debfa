import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Textarea } from '~/client/components/ui/textarea';
import { cn } from '~/client/lib/cn';
import type { PipelineMember } from '~/shared/hiring-team';
import { mentionCandidatesQueryOptions } from './api';

// How long a name may be typed after "@" before the picker stops looking.
const MENTION_QUERY_MAX = 40;
// The search waits for a pause in typing: one request per name, not per letter.
const MENTION_SEARCH_DELAY_MS = 150;

// The "@…" being typed just before the caret, if any: an "@" at the start or after a space, then no line break.
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start === -1 || caret - start - 1 > MENTION_QUERY_MAX) return null;
  if (start > 0 && !/\s|\(/.test(before[start - 1] ?? '')) return null;
  const query = before.slice(start + 1);
  if (/[\n\r]/.test(query) || query.startsWith(' ') || query.endsWith('  ')) return null;
  return { start, query };
}

type TextareaProps = Omit<ComponentProps<'textarea'>, 'value' | 'onChange'>;

// A textarea where typing "@" offers the company's colleagues who may read the pipeline (the ARIA 1.2
// combobox pattern: the textarea keeps the focus, arrows move through the listbox, Enter or Tab inserts the
// name, Escape closes it). Each choice is reported, so the note can tell the server whom it mentions.
export function MentionTextarea({
  value,
  onValueChange,
  onMention,
  ...textarea
}: TextareaProps & {
  value: string;
  onValueChange: (value: string) => void;
  onMention: (member: PipelineMember) => void;
}) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [search, setSearch] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const caretAfterInsert = useRef<number | null>(null);

  useEffect(() => {
    if (!mention) return;
    const timer = setTimeout(() => setSearch(mention.query), MENTION_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [mention]);

  const candidates = useQuery({ ...mentionCandidatesQueryOptions(search), enabled: mention !== null });
  const options = mention ? (candidates.data?.items ?? []) : [];
  const isOpen = mention !== null && options.length > 0;
  const active = isOpen ? options[Math.min(activeIndex, options.length - 1)] : undefined;
  const optionId = (index: number) => `${listId}-option-${index}`;

  // Escape closes the picker, not the drawer around it: this runs before the dialog's own listener.
  useEffect(() => {
    if (!isOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.activeElement !== ref.current) return;
      event.preventDefault();
      setMention(null);
    };
    window.addEventListener('keydown', closeOnEscape, { capture: true });
    return () => window.removeEventListener('keydown', closeOnEscape, { capture: true });
  }, [isOpen]);

  // The caret goes after the inserted name once React has written the new text (checked on every render:
  // the text arrives through the form's state, a render or two after the choice).
  useLayoutEffect(() => {
    const caret = caretAfterInsert.current;
    if (caret === null || !ref.current || ref.current.value.length < caret) return;
    ref.current.setSelectionRange(caret, caret);
    caretAfterInsert.current = null;
  });

  function follow(text: string, caret: number) {
    const next = mentionQueryAt(text, caret);
    setMention(next);
    if (next?.query !== mention?.query) setActiveIndex(0);
  }

  function choose(member: PipelineMember) {
    if (!mention || !ref.current) return;
    const caret = ref.current.selectionStart;
    const inserted = `@${member.name} `;
    caretAfterInsert.current = mention.start + inserted.length;
    onValueChange(`${value.slice(0, mention.start)}${inserted}${value.slice(caret)}`);
    onMention(member);
    setMention(null);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLTextAreaElement>) {
    if (!isOpen) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + options.length) % options.length);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && active) {
      event.preventDefault();
      choose(active);
    }
  }

  return (
    <div className="relative">
      <Textarea
        {...textarea}
        ref={ref}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-activedescendant={active ? optionId(options.indexOf(active)) : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          follow(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => {
          if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End')
            follow(event.currentTarget.value, event.currentTarget.selectionStart);
        }}
        onClick={(event) => follow(event.currentTarget.value, event.currentTarget.selectionStart)}
        onBlur={() => setMention(null)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Colleagues to mention"
        hidden={!isOpen}
        className="absolute inset-x-0 top-full z-10 mt-1 max-h-56 overflow-y-auto rounded-md border border-border bg-background p-1 shadow-md"
      >
        {options.map((member, index) => (
          // The textarea keeps the focus and drives this list; a click (which would blur it) chooses too.
          <div
            key={member.user_id}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={member === active}
            className={cn(
              'flex cursor-pointer flex-col rounded-sm px-2 py-1.5 text-sm',
              member === active && 'bg-muted',
            )}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActiveIndex(index)}
            onClick={() => choose(member)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                choose(member);
              }
            }}
          >
            <span className="font-medium break-words">{member.name}</span>
            <span className="text-xs break-all text-muted-foreground">{member.email}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
