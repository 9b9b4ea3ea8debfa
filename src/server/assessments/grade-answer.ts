import { type GradingMethod, gradingMethodOf, isAnswerRange, type Question, rangeBoundsOf } from '~/shared/assessments';
import { isAnswered } from '~/shared/test-attempts';

// The grade of one answer as grading first sees it: points for what an answer key decides, null for what
// waits for the text grader or a person.
export interface AnswerGrade {
  method: GradingMethod;
  points: number | null;
  explanation: string | null;
}

export const roundPoints = (value: number) => Math.round(value * 100) / 100;

// Short answers are compared ignoring case and runs of spaces.
const normalizeShortAnswer = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

const quoted = (values: readonly string[]) => values.map((value) => `“${value}”`).join(', ');
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

interface Credit {
  fraction: number;
  explanation: string;
}

const full = (explanation: string): Credit => ({ fraction: 1, explanation });
const none = (explanation: string): Credit => ({ fraction: 0, explanation });

function asStringList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const sameSet = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && left.every((item) => right.includes(item));

// Credit against an answer key, by type: all or nothing, except checkboxes (right ticks minus wrong ones,
// over the right ones) and grids (the share of rows answered as the key says).
function creditAgainstKey(question: Question, answer: unknown): Credit {
  const key = question.answer_key;
  switch (question.type) {
    case 'short-answer': {
      const accepted = asStringList(key);
      const given = typeof answer === 'string' ? normalizeShortAnswer(answer) : '';
      return accepted.some((value) => normalizeShortAnswer(value) === given)
        ? full('Matches an accepted answer.')
        : none(`Not an accepted answer (accepted: ${quoted(accepted)}).`);
    }
    case 'multiple-choice':
    case 'dropdown':
    case 'date':
    case 'time':
      return answer === key ? full('Correct.') : none(`Incorrect; the answer is “${String(key)}”.`);
    case 'checkboxes': {
      const right = asStringList(key);
      const chosen = asStringList(answer);
      const hits = chosen.filter((option) => right.includes(option)).length;
      const wrong = chosen.length - hits;
      const fraction = right.length === 0 ? 0 : Math.max(0, (hits - wrong) / right.length);
      return {
        fraction,
        explanation: `${hits} of ${plural(right.length, 'correct option')} chosen${wrong > 0 ? `, ${wrong} wrong (each cancels a correct one)` : ''}.`,
      };
    }
    case 'multiple-choice-grid': {
      const expected = asRecord(key);
      const given = asRecord(answer);
      const rows = Object.keys(expected);
      const correct = rows.filter((row) => given[row] === expected[row]).length;
      return {
        fraction: rows.length === 0 ? 0 : correct / rows.length,
        explanation: `${correct} of ${plural(rows.length, 'row')} correct.`,
      };
    }
    case 'checkbox-grid': {
      // A row the key leaves out is right when nothing in it is ticked.
      const expected = asRecord(key);
      const given = asRecord(answer);
      const rows = question.settings.rows ?? Object.keys(expected);
      const correct = rows.filter((row) => sameSet(asStringList(given[row]), asStringList(expected[row]))).length;
      return {
        fraction: rows.length === 0 ? 0 : correct / rows.length,
        explanation: `${correct} of ${plural(rows.length, 'row')} correct.`,
      };
    }
    case 'linear-scale':
    case 'rating': {
      if (!isAnswerRange(key)) return none('No accepted range.');
      const [lowest, highest] = rangeBoundsOf(question);
      const range = key.min === key.max ? `${key.min}` : `${key.min} to ${key.max}`;
      const inRange = typeof answer === 'number' && answer >= key.min && answer <= key.max;
      return inRange
        ? full(`Within the accepted range (${range} of ${lowest}–${highest}).`)
        : none(`Outside the accepted range (${range} of ${lowest}–${highest}).`);
    }
    default:
      return none('This type has no answer key.');
  }
}

// Grades what an answer key or the lack of an answer decides. Text for the grader and answers for a
// person come back with points null.
export function gradeAnswer(question: Question, answer: unknown): AnswerGrade {
  const method = gradingMethodOf(question);
  if (method === 'unscored') return { method, points: null, explanation: null };
  if (!isAnswered(answer)) return { method, points: 0, explanation: 'Not answered.' };
  if (method === 'manual') return { method, points: null, explanation: null };
  if (method === 'ai') {
    // An accepted answer, when the author gave some, is full marks without asking the grader.
    if (question.type === 'short-answer' && asStringList(question.answer_key).length > 0) {
      const credit = creditAgainstKey(question, answer);
      if (credit.fraction === 1) return { method, points: question.points, explanation: credit.explanation };
    }
    return { method, points: null, explanation: null };
  }
  const credit = creditAgainstKey(question, answer);
  return { method, points: roundPoints(credit.fraction * question.points), explanation: credit.explanation };
}
