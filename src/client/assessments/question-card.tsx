import { ArrowDownIcon, ArrowUpIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '~/client/components/ui/badge';
import { cn } from '~/client/lib/cn';
import { gradingMethodOf, questionTypeLabels } from '~/shared/assessments';
import type { QuestionContent } from './question-content';
import { QuestionSummary } from './question-summary';

export const pointsLabel = (points: number) => `${points} ${points === 1 ? 'point' : 'points'}`;

interface QuestionCardProps {
  number: number;
  question: QuestionContent;
  // Messages of the question's rules that failed (from the publish check or the server).
  problems?: string[];
  isBeingEdited?: boolean;
  actions?: ReactNode;
}

// One question of a test: its number, type, points, text and summary, and the builder's actions.
export function QuestionCard({ number, question, problems = [], isBeingEdited = false, actions }: QuestionCardProps) {
  const headingId = `question-${question.id ?? number}-title`;
  const method = gradingMethodOf(question);
  return (
    <article
      aria-labelledby={headingId}
      data-question-id={question.id}
      className={cn(
        'grid grid-cols-1 gap-3 rounded-lg border bg-background p-3 sm:p-4',
        problems.length > 0
          ? 'border-destructive'
          : isBeingEdited
            ? 'border-primary ring-1 ring-primary'
            : 'border-border',
      )}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">Question {number}</span>
        <Badge variant="secondary">{questionTypeLabels[question.type]}</Badge>
        <Badge variant="outline">{method === 'unscored' ? 'Not scored' : pointsLabel(question.points)}</Badge>
        {method === 'ai' && <Badge variant="info">AI graded</Badge>}
        {method === 'manual' && <Badge variant="neutral">Graded by hand</Badge>}
        {isBeingEdited && <Badge variant="warning">Editing</Badge>}
      </div>
      <h3 id={headingId} className="font-medium break-words whitespace-pre-wrap">
        {question.question}
      </h3>
      <QuestionSummary question={question} />
      {problems.length > 0 && (
        <ul className="grid gap-1 text-sm font-medium text-destructive">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {actions}
    </article>
  );
}

interface QuestionActionsProps {
  number: number;
  isFirst: boolean;
  isLast: boolean;
  onEdit: () => void;
  onMove: (offset: -1 | 1) => void;
  onDelete: () => void;
}

// Edit, Move up, Move down, Delete: plain buttons, so the keyboard reaches and works them all.
export function QuestionActions({ number, isFirst, isLast, onEdit, onMove, onDelete }: QuestionActionsProps) {
  const buttonClass =
    'inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-4';
  return (
    <div className="flex flex-wrap items-center gap-1 border-t border-border pt-2">
      <button
        type="button"
        className={buttonClass}
        data-action="edit"
        aria-label={`Edit question ${number}`}
        onClick={onEdit}
      >
        <PencilIcon aria-hidden="true" />
        Edit
      </button>
      <button
        type="button"
        className={buttonClass}
        data-action="up"
        aria-label={`Move question ${number} up`}
        disabled={isFirst}
        onClick={() => onMove(-1)}
      >
        <ArrowUpIcon aria-hidden="true" />
        <span className="hidden sm:inline">Up</span>
      </button>
      <button
        type="button"
        className={buttonClass}
        data-action="down"
        aria-label={`Move question ${number} down`}
        disabled={isLast}
        onClick={() => onMove(1)}
      >
        <ArrowDownIcon aria-hidden="true" />
        <span className="hidden sm:inline">Down</span>
      </button>
      <button
        type="button"
        className={cn(buttonClass, 'ml-auto text-destructive hover:bg-red-50')}
        data-action="delete"
        aria-label={`Delete question ${number}`}
        onClick={onDelete}
      >
        <Trash2Icon aria-hidden="true" />
        Delete
      </button>
    </div>
  );
}
