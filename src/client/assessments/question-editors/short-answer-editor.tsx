import { useFormContext, useWatch } from 'react-hook-form';
import type { EditableQuestion } from '../question-content';
import { LineListEditor } from './line-list-editor';

// The contract takes up to 50; more than 20 ways to write one short answer would be a different question.
const MAX_ACCEPTED_ANSWERS = 20;

// Short answer: the answers that count as correct. Optional: without them the AI grades it against its
// rubric, or a person at the company grades it (shared/assessments.ts isHandGradableWithoutKey).
export function ShortAnswerEditor() {
  const { control } = useFormContext<EditableQuestion>();
  const useAi = useWatch({ control, name: 'useAi' });
  return (
    <LineListEditor
      name="acceptedAnswers"
      legend="Accepted answers"
      itemLabel="Accepted answer"
      addLabel="Add Answer"
      removableFrom={1}
      maxLines={MAX_ACCEPTED_ANSWERS}
      hint={
        useAi
          ? 'Optional with AI grading: an answer matching one of these is correct without asking the AI.'
          : 'An answer is correct when it matches one of these, ignoring case and spaces. Leave them empty to grade each answer by hand.'
      }
      className="max-w-xl"
    />
  );
}
