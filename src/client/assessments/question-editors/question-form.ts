import type { Path, Resolver } from 'react-hook-form';
import { toFieldErrors } from '~/client/lib/form-errors';
import {
  checkQuestion,
  isChoiceQuestion,
  isGridQuestion,
  isRangeQuestion,
  type QuestionType,
  questionInputSchema,
} from '~/shared/assessments';
import { type EditableQuestion, toQuestionContent } from '../question-content';

// The add-question panel as a react-hook-form form: its values are an EditableQuestion, and its resolver
// is the contract's own (questionInputSchema and checkQuestion, which the server runs too) with each
// message moved to the control where it is fixed.

type QuestionFormField = Path<EditableQuestion>;

// The lists of lines edited with useFieldArray: a message about the whole list goes to its root.
const lineListFields = ['options', 'acceptedAnswers', 'rows', 'columns'] as const;
export type LineListField = (typeof lineListFields)[number];

function answerKeyField(type: QuestionType): QuestionFormField {
  if (isChoiceQuestion(type)) return 'correctOptionIds';
  if (isGridQuestion(type)) return 'gridAnswers';
  if (type === 'short-answer') return 'acceptedAnswers';
  if (type === 'date') return 'correctDate';
  if (type === 'time') return 'correctTime';
  if (isRangeQuestion(type)) return 'acceptedRange';
  // The other types have no answer key to set; a message about one belongs to the type.
  return 'type';
}

const settingsFields: Record<string, QuestionFormField> = {
  scale_min: 'scaleMin',
  scale_max: 'scaleMax',
  min_label: 'minLabel',
  max_label: 'maxLabel',
  stars: 'stars',
  rows: 'rows',
  columns: 'columns',
};

// Where the panel edits a field of the contract ('answer_key', 'settings.rows', 'options.3', …).
function panelFieldOf(type: QuestionType, contractField: string): QuestionFormField {
  const [head = '', next = ''] = contractField.split('.');
  switch (head) {
    case 'answer_key':
      return answerKeyField(type);
    case 'settings':
      return settingsFields[next] ?? 'type';
    case 'use_ai':
      return 'useAi';
    case 'question':
    case 'points':
    case 'options':
    case 'rubric':
    case 'type':
      return head;
    default:
      return 'question';
  }
}

// The question's problems as panel field → message, the first one per field; in the order the contract
// finds them, so the first is the one to tell first.
function findQuestionProblems(values: EditableQuestion): Partial<Record<QuestionFormField, string>> {
  const content = toQuestionContent(values);
  const found: Array<[string, string]> = Object.entries(checkQuestion(content));
  const parsed = questionInputSchema.safeParse(content);
  for (const issue of parsed.error?.issues ?? []) found.push([issue.path.join('.'), issue.message]);
  const problems: Partial<Record<QuestionFormField, string>> = {};
  for (const [field, message] of found) problems[panelFieldOf(values.type, field)] ??= message;
  return problems;
}

export const questionResolver: Resolver<EditableQuestion> = (values) => {
  const problems = findQuestionProblems(values);
  if (Object.keys(problems).length === 0) return { values, errors: {} };
  return { values: {}, errors: toFieldErrors<EditableQuestion>(problems as Record<string, string>, lineListFields) };
};
