import { MIN_OPTIONS, POINTS_MAX, POINTS_MIN, ratingStarCounts, testTexts } from '~/shared/assessments';
import {
  isAiGradableType,
  isChoiceType,
  isGridType,
  type QuestionContent,
  SCALE_END_MAX,
  SCALE_END_MIN,
} from './question-content';

const hasDuplicates = (values: readonly string[]) =>
  new Set(values.map((value) => value.toLowerCase())).size !== values.length;

// One question's rules as field → message ('question', 'options', 'settings.rows', 'answer_key', …), empty
// when it is fine. Publishing (Create Test) also needs the answer key of every type graded automatically;
// a question may be added, and a draft saved, without it.
export function checkQuestion(
  question: QuestionContent,
  { publishing = false }: { publishing?: boolean } = {},
): Record<string, string> {
  const problems: Record<string, string> = {};
  const { type, settings, answer_key: key } = question;
  if (!question.question.trim()) problems.question = testTexts.questionRequired;
  if (!Number.isInteger(question.points) || question.points < POINTS_MIN || question.points > POINTS_MAX) {
    problems.points = testTexts.pointsRange;
  }
  if (isChoiceType(type)) {
    if (question.options.length < MIN_OPTIONS) problems.options = testTexts.optionsRequired;
    else if (hasDuplicates(question.options)) problems.options = 'Each option must be different.';
  }
  if (isGridType(type)) {
    for (const field of ['rows', 'columns'] as const) {
      const lines = settings[field] ?? [];
      if (lines.length === 0) problems[`settings.${field}`] = testTexts.gridRequired;
      else if (hasDuplicates(lines)) problems[`settings.${field}`] = 'Each row and each column must be different.';
    }
  }
  if (type === 'linear-scale') {
    const end = settings.scale_max ?? SCALE_END_MIN;
    if (!Number.isInteger(end) || end < SCALE_END_MIN || end > SCALE_END_MAX) {
      problems['settings.scale_max'] = `A scale ends at a number from ${SCALE_END_MIN} to ${SCALE_END_MAX}.`;
    }
  }
  if (type === 'rating' && !(ratingStarCounts as readonly number[]).includes(settings.stars ?? 5)) {
    problems['settings.stars'] = 'Choose 3, 4, 5 or 10 stars.';
  }
  if (question.use_ai) {
    if (!isAiGradableType(type)) problems.use_ai = testTexts.aiOnlyForText;
    else if (!question.rubric?.trim()) problems.rubric = testTexts.rubricRequired;
  }
  const takesKey = !['paragraph', 'file-upload', 'linear-scale', 'rating'].includes(type);
  if (publishing && takesKey && key === null && !question.use_ai) {
    problems.answer_key = 'Set the correct answer, so the test can be graded automatically.';
  }
  if (
    publishing &&
    type === 'multiple-choice-grid' &&
    key !== null &&
    typeof key === 'object' &&
    !Array.isArray(key) &&
    !(settings.rows ?? []).every((row) => Object.hasOwn(key, row))
  ) {
    problems.answer_key = 'Choose the correct column for every row.';
  }
  return problems;
}
