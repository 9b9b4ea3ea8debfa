import { z } from 'zod';
import { type TestType, testTypes } from './test-types';
import { isCalendarDate, singleLine, text } from './text';

export { type TestType, testBuilderTypes, testTypeLabels, testTypes } from './test-types';

// The contract of skills tests (docs/spec/portal-and-public-site.md §3 "Test" and "Question", §5, §9): the twelve
// question types, the texts both sides show, the payloads and answers of /api/tests.

export const TIME_LIMIT_MIN = 15;
export const TIME_LIMIT_MAX = 240;
export const DEFAULT_TIME_LIMIT = 60;
export const PASS_RATE_MIN = 0;
export const PASS_RATE_MAX = 100;
export const DEFAULT_PASS_RATE = 70;
export const POINTS_MIN = 1;
export const POINTS_MAX = 10;
export const MAX_QUESTIONS = 200;
export const TEST_NAME_MAX_LENGTH = 120;

// One candidate's go at a test: assigned → started → submitted → graded (docs/design.md §5).
export const testAttemptStatuses = ['assigned', 'started', 'submitted', 'graded'] as const;
export type TestAttemptStatus = (typeof testAttemptStatuses)[number];

export const questionTypes = [
  'short-answer',
  'paragraph',
  'multiple-choice',
  'checkboxes',
  'dropdown',
  'file-upload',
  'linear-scale',
  'rating',
  'multiple-choice-grid',
  'checkbox-grid',
  'date',
  'time',
] as const;
export type QuestionType = (typeof questionTypes)[number];
export const questionTypeLabels: Record<QuestionType, string> = {
  'short-answer': 'Short answer',
  paragraph: 'Paragraph',
  'multiple-choice': 'Multiple choice',
  checkboxes: 'Checkboxes',
  dropdown: 'Dropdown',
  'file-upload': 'File upload',
  'linear-scale': 'Linear scale',
  rating: 'Rating',
  'multiple-choice-grid': 'Multiple choice grid',
  'checkbox-grid': 'Checkbox grid',
  date: 'Date',
  time: 'Time',
};
const choiceQuestionTypes = ['multiple-choice', 'checkboxes', 'dropdown'] as const satisfies QuestionType[];
const gridQuestionTypes = ['multiple-choice-grid', 'checkbox-grid'] as const satisfies QuestionType[];
// AI grading exists only for these (docs/spec/portal-and-public-site.md §9).
const aiGradableQuestionTypes = ['short-answer', 'paragraph'] as const satisfies QuestionType[];
// Types with no answer key: a person grades them (or AI, for a paragraph with AI grading on).
export const ungradedQuestionTypes = ['paragraph', 'file-upload'] as const satisfies QuestionType[];
// Types whose answer key is optional, an accepted range: without one the answer is an opinion, not scored.
export const rangeQuestionTypes = ['linear-scale', 'rating'] as const satisfies QuestionType[];
// Types a person may grade instead of a key: a short answer without accepted answers (and without AI
// grading) waits for the company to grade it, as a paragraph does. The other keyed types are choices or
// exact values, where a missing key is an author's gap, not a way of grading.
const handGradableQuestionTypes = ['short-answer'] as const satisfies QuestionType[];
type ChoiceQuestionType = (typeof choiceQuestionTypes)[number];
type GridQuestionType = (typeof gridQuestionTypes)[number];

export const ratingStarCounts = [3, 4, 5, 10] as const;
export type RatingStarCount = (typeof ratingStarCounts)[number];
export const DEFAULT_RATING_STARS = 5;
// A linear scale runs from 0 or 1 up to 2–10 (Google Forms' rule); 1 to 5 until the author changes it.
export const SCALE_START_VALUES = [0, 1] as const;
export const SCALE_END_MIN = 2;
export const SCALE_END_MAX = 10;
export const DEFAULT_SCALE_START = 1;
export const DEFAULT_SCALE_END = 5;
export const OPTION_EDITOR_START_COUNT = 4;
// Options from the third on can be removed (docs/spec/portal-and-public-site.md §5): at least two stay.
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 20;
export const MAX_GRID_LINES = 20;

export const draftTestDefaults = {
  name: 'Untitled Test',
  type: 'mixed',
  time_limit: DEFAULT_TIME_LIMIT,
  pass_rate: DEFAULT_PASS_RATE,
} as const satisfies { name: string; type: TestType; time_limit: number; pass_rate: number };

// Texts of docs/spec/portal-and-public-site.md §5 and §8, word for word, and the server's field messages.
export const testTexts = {
  requiredFields: 'Please fill in all required fields and add at least one question.',
  questionRequired: 'Please enter a question before adding.',
  questionAdded: 'Question added',
  created: 'Test created successfully',
  createErrorTitle: 'Error creating test',
  createError: 'Failed to create test. Please try again.',
  draftSaved: 'Draft saved',
  draftErrorTitle: 'Error saving draft',
  draftError: 'Failed to save test draft. Please try again.',
  loadErrorTitle: 'Error loading tests',
  loadError: 'Failed to load available tests. Please try again.',
  updated: 'Test template updated',
  notFound: 'This test does not exist.',
  nameRequired: 'Please give the test a name.',
  nameTooLong: `The test name can be at most ${TEST_NAME_MAX_LENGTH} characters.`,
  typeRequired: 'Choose a test type.',
  questionsRequired: 'Add at least one question.',
  unknownQuestionType: 'Unknown question type.',
  timeLimitRange: `The time limit must be between ${TIME_LIMIT_MIN} and ${TIME_LIMIT_MAX} minutes.`,
  passRateRange: `The passing score must be between ${PASS_RATE_MIN} and ${PASS_RATE_MAX}.`,
  pointsRange: `Points must be between ${POINTS_MIN} and ${POINTS_MAX}.`,
  optionsRequired: 'Add at least two options.',
  optionsDistinct: 'Each option must be different.',
  tooManyOptions: `A question can have at most ${MAX_OPTIONS} options.`,
  gridRequired: 'Add at least one row and one column.',
  gridDistinct: 'Each row and each column must be different.',
  scaleStart: 'A scale starts at 0 or 1.',
  scaleEnd: `A scale ends at a number from ${SCALE_END_MIN} to ${SCALE_END_MAX}.`,
  ratingStars: 'Choose 3, 4, 5 or 10 stars.',
  aiOnlyForText: 'AI grading is only available for short-answer and paragraph questions.',
  rubricRequired: 'Describe what a good answer contains, so the AI can grade it.',
  answerKeyRequired: 'Set the correct answer, so the test can be graded automatically.',
  answerKeyShape: 'This correct answer does not fit the question type.',
  answerKeyOption: 'The correct answer must be one of the options.',
  answerKeyOptions: 'The correct answers must be among the options.',
  answerKeyGrid: 'Each correct answer must name one of the rows and one of the columns.',
  answerKeyGridRows: 'Choose the correct column for every row.',
  answerKeyDate: 'Enter the correct date as YYYY-MM-DD.',
  answerKeyTime: 'Enter the correct time as HH:MM (24-hour).',
  noAnswerKey: 'This type of question has no correct answer to set.',
  answerKeyRange: 'The accepted range must lie within the scale, its lowest value first.',
  publicOnlyAdmins: 'Only administrators can share a test publicly.',
  archivedReadOnly: 'This test is archived. Restore it before editing.',
  deleteHasAttempts: 'This test has been taken, so it cannot be deleted. Archive it instead.',
} as const;

export function isChoiceQuestion(type: QuestionType): type is ChoiceQuestionType {
  return (choiceQuestionTypes as readonly QuestionType[]).includes(type);
}

export function isGridQuestion(type: QuestionType): type is GridQuestionType {
  return (gridQuestionTypes as readonly QuestionType[]).includes(type);
}

export function canGradeWithAi(type: QuestionType): boolean {
  return (aiGradableQuestionTypes as readonly QuestionType[]).includes(type);
}

// Whether the builder offers an answer key for this type.
export function takesAnswerKey(type: QuestionType): boolean {
  return !(ungradedQuestionTypes as readonly QuestionType[]).includes(type);
}

export function isRangeQuestion(type: QuestionType): boolean {
  return (rangeQuestionTypes as readonly QuestionType[]).includes(type);
}

// Whether a question of this type without its answer key is graded by hand, published or not.
export function isHandGradableWithoutKey(type: QuestionType): boolean {
  return (handGradableQuestionTypes as readonly QuestionType[]).includes(type);
}

// How an answer to the question is graded: against its answer key ('auto'), by the text grader against
// its rubric ('ai'), by a person at the company ('manual': files, text without a key), or not at all
// ('unscored': a scale or rating without an accepted range is an opinion).
export const gradingMethods = ['auto', 'ai', 'manual', 'unscored'] as const;
export type GradingMethod = (typeof gradingMethods)[number];

export function gradingMethodOf(question: { type: QuestionType; answer_key: unknown; use_ai: boolean }): GradingMethod {
  if (canGradeWithAi(question.type) && question.use_ai) return 'ai';
  const hasKey = question.answer_key !== null && question.answer_key !== undefined;
  if (isRangeQuestion(question.type)) return hasKey ? 'auto' : 'unscored';
  if (!takesAnswerKey(question.type)) return 'manual';
  return hasKey ? 'auto' : 'manual';
}

// Whether a question's points count toward the test's score: all but the opinions do.
export function isScoredQuestion(question: { type: QuestionType; answer_key: unknown; use_ai: boolean }): boolean {
  return gradingMethodOf(question) !== 'unscored';
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

// "6 questions · 6 points", the points of the scored questions only; the unscored ones by number
// ("Questions 3 and 5 are not scored.").
export function describeTestPoints(
  questions: ReadonlyArray<{ type: QuestionType; answer_key: unknown; use_ai: boolean; points: number }>,
): { summary: string; unscored: string | null; manual: string | null } {
  const points = questions.filter(isScoredQuestion).reduce((sum, question) => sum + question.points, 0);
  const numbersWith = (method: GradingMethod) =>
    questions.flatMap((question, index) => (gradingMethodOf(question) === method ? [index + 1] : []));
  const summary = `${plural(questions.length, 'question', 'questions')} · ${plural(points, 'point', 'points')}`;
  const sentence = (numbers: number[], predicate: string) => {
    if (numbers.length === 0) return null;
    const listed =
      numbers.length === 1
        ? `Question ${numbers[0]} is`
        : `Questions ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)} are`;
    return `${listed} ${predicate}.`;
  };
  return {
    summary,
    unscored: sentence(numbersWith('unscored'), 'not scored'),
    manual: sentence(numbersWith('manual'), 'graded by hand'),
  };
}

// Per-type settings: scale bounds and labels, star count, grid rows and columns.
export const questionSettingsSchema = z
  .object({
    scale_min: z.literal(SCALE_START_VALUES, { message: testTexts.scaleStart }).optional(),
    scale_max: z
      .number({ message: testTexts.scaleEnd })
      .int({ message: testTexts.scaleEnd })
      .min(SCALE_END_MIN, { message: testTexts.scaleEnd })
      .max(SCALE_END_MAX, { message: testTexts.scaleEnd })
      .optional(),
    min_label: text().trim().max(60).optional(),
    max_label: text().trim().max(60).optional(),
    stars: z.literal(ratingStarCounts, { message: testTexts.ratingStars }).optional(),
    rows: z.array(text().max(200)).max(MAX_GRID_LINES).optional(),
    columns: z.array(text().max(200)).max(MAX_GRID_LINES).optional(),
  })
  .default({});
export type QuestionSettings = z.output<typeof questionSettingsSchema>;

// What counts as correct, by type:
// short-answer: accepted answers (string[], compared ignoring case and spaces) · multiple-choice and
// dropdown: the option (string) · checkboxes: the options (string[]) · multiple-choice-grid: row → column
// (Record<string, string>) · checkbox-grid: row → columns (Record<string, string[]>) · date: YYYY-MM-DD ·
// time: HH:MM · linear-scale and rating, optionally: the accepted range ({min, max}, ends included).
// Paragraph and file upload have none.
export const answerKeySchema = z
  .union([
    z.strictObject({ min: z.number().int(), max: z.number().int() }),
    text().max(500),
    z.array(text().max(500)).max(50),
    z.record(text().max(200), z.union([text().max(200), z.array(text().max(200)).max(MAX_GRID_LINES)])),
  ])
  .nullish()
  .transform((value) => value ?? null);
export type AnswerKey = z.output<typeof answerKeySchema>;

export const questionInputSchema = z.object({
  // The builder's own id for the question (a timestamp string). The server answers with its own ids;
  // sending one of those back on an edit keeps the question's id.
  id: text().max(64).optional(),
  type: z.enum(questionTypes, { message: testTexts.unknownQuestionType }),
  question: text().trim().min(1, { message: testTexts.questionRequired }).max(2000),
  // Blanks are dropped on save (docs/spec/portal-and-public-site.md §3).
  options: z
    .array(text().max(500))
    .max(MAX_OPTIONS, { message: testTexts.tooManyOptions })
    .default([])
    .transform((options) => options.map((option) => option.trim()).filter(Boolean)),
  points: z
    .number({ message: testTexts.pointsRange })
    .int({ message: testTexts.pointsRange })
    .min(POINTS_MIN, { message: testTexts.pointsRange })
    .max(POINTS_MAX, { message: testTexts.pointsRange })
    .default(1),
  use_ai: z.boolean().default(false),
  rubric: text()
    .trim()
    .max(4000)
    .nullish()
    .transform((value) => value || null),
  settings: questionSettingsSchema,
  answer_key: answerKeySchema,
});
export type QuestionInput = z.input<typeof questionInputSchema>;
type QuestionFields = z.output<typeof questionInputSchema>;

const limitedNumber = (min: number, max: number, message: string, fallback: number) =>
  z
    .number({ message })
    .int({ message })
    .min(min, { message })
    .max(max, { message })
    .nullish()
    .transform((value) => value ?? fallback);

// The fields of a test, as created (Create Test: is_active true), saved as a draft (false) or edited.
// What a published test needs, and each question's rules, are in checkTest and checkQuestion below.
export const testFieldsSchema = z.object({
  name: singleLine()
    .trim()
    .max(TEST_NAME_MAX_LENGTH, { message: testTexts.nameTooLong })
    .nullish()
    .transform((value) => value ?? ''),
  description: text()
    .trim()
    .max(5000)
    .nullish()
    .transform((value) => value ?? ''),
  // Unset while the builder's select is empty; a draft then becomes 'mixed'.
  type: z
    .enum(testTypes, { message: testTexts.typeRequired })
    .nullish()
    .transform((value) => value ?? null),
  time_limit: limitedNumber(TIME_LIMIT_MIN, TIME_LIMIT_MAX, testTexts.timeLimitRange, DEFAULT_TIME_LIMIT),
  pass_rate: limitedNumber(PASS_RATE_MIN, PASS_RATE_MAX, testTexts.passRateRange, DEFAULT_PASS_RATE),
  questions: z.array(questionInputSchema).max(MAX_QUESTIONS).default([]),
  // true from Create Test, false from Save as Draft.
  is_active: z.boolean().default(false),
  // Always false from the builder (docs/spec/portal-and-public-site.md §4); public tests are the admin's.
  is_public: z.boolean().default(false),
});
export type TestInput = z.input<typeof testFieldsSchema>;
export type TestFields = z.output<typeof testFieldsSchema>;

// What checkQuestion reads: a question as the builder holds it, before or after parsing.
export type QuestionDraft = Pick<QuestionFields, 'type' | 'question' | 'options' | 'points' | 'use_ai'> & {
  rubric?: string | null;
  settings?: QuestionSettings;
  answer_key?: AnswerKey;
};

function cleanLines(values: readonly string[] | undefined): string[] {
  return (values ?? []).map((value) => value.trim()).filter((value) => value.length > 0);
}

function hasDuplicates(values: readonly string[]): boolean {
  const seen = new Set(values.map((value) => value.toLowerCase()));
  return seen.size !== values.length;
}

export type AnswerRange = { min: number; max: number };

export function isAnswerRange(value: unknown): value is AnswerRange {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as AnswerRange).min === 'number' &&
    typeof (value as AnswerRange).max === 'number'
  );
}

function normalizeAnswerKey(type: QuestionType, key: AnswerKey | undefined): AnswerKey {
  if (key === null || key === undefined) return null;
  if (isAnswerRange(key)) return key;
  if (typeof key === 'string') {
    const value = key.trim();
    if (!value) return null;
    // A single accepted answer or a single ticked box may come as a plain string.
    return type === 'short-answer' || type === 'checkboxes' ? [value] : value;
  }
  if (Array.isArray(key)) {
    const values = [...new Set(cleanLines(key))];
    return values.length > 0 ? values : null;
  }
  const entries: [string, string | string[]][] = [];
  for (const [row, value] of Object.entries(key as Record<string, string | string[]>)) {
    const cleaned = typeof value === 'string' ? value.trim() : [...new Set(cleanLines(value))];
    if (cleaned.length > 0) entries.push([row.trim(), cleaned]);
  }
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

// A question as it is stored: text trimmed, blank options dropped, only the settings its type uses
// (with their defaults), the rubric only with AI grading, an empty answer key as none.
export function normalizeQuestion<Question extends QuestionDraft>(
  question: Question,
): Question & { rubric: string | null; settings: QuestionSettings; answer_key: AnswerKey } {
  const { type } = question;
  const given = question.settings ?? {};
  const settings: QuestionSettings = {};
  if (type === 'linear-scale') {
    settings.scale_min = given.scale_min ?? DEFAULT_SCALE_START;
    settings.scale_max = given.scale_max ?? DEFAULT_SCALE_END;
    if (given.min_label?.trim()) settings.min_label = given.min_label.trim();
    if (given.max_label?.trim()) settings.max_label = given.max_label.trim();
  } else if (type === 'rating') {
    settings.stars = given.stars ?? DEFAULT_RATING_STARS;
  } else if (isGridQuestion(type)) {
    settings.rows = cleanLines(given.rows);
    settings.columns = cleanLines(given.columns);
  }
  return {
    ...question,
    question: question.question.trim(),
    options: isChoiceQuestion(type) ? cleanLines(question.options) : [],
    rubric: question.use_ai ? question.rubric?.trim() || null : null,
    settings,
    answer_key: normalizeAnswerKey(type, question.answer_key),
  };
}

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function isStringList(value: AnswerKey): value is string[] {
  return Array.isArray(value);
}

function isKeyRecord(value: AnswerKey): value is Record<string, string | string[]> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !isAnswerRange(value);
}

// The values a scale or rating question offers: [lowest, highest].
export function rangeBoundsOf(question: {
  type: QuestionType;
  settings: QuestionSettings | StoredSettings;
}): [number, number] {
  if (question.type === 'rating') return [1, question.settings.stars ?? DEFAULT_RATING_STARS];
  return [question.settings.scale_min ?? DEFAULT_SCALE_START, question.settings.scale_max ?? DEFAULT_SCALE_END];
}
type StoredSettings = z.infer<typeof storedQuestionSettingsSchema>;

function checkGridKey(
  key: Record<string, string | string[]>,
  {
    rows,
    columns,
    singleColumn,
    publishing,
  }: { rows: string[]; columns: string[]; singleColumn: boolean; publishing: boolean },
): string | undefined {
  for (const [row, value] of Object.entries(key)) {
    if (singleColumn !== (typeof value === 'string')) return testTexts.answerKeyShape;
    const chosen = typeof value === 'string' ? [value] : value;
    if (!rows.includes(row) || !chosen.every((column) => columns.includes(column))) return testTexts.answerKeyGrid;
  }
  // Every row of a multiple-choice grid has one right column; a checkbox grid's rows left out have none ticked.
  if (publishing && singleColumn && !rows.every((row) => Object.hasOwn(key, row))) return testTexts.answerKeyGridRows;
  return undefined;
}

function checkAnswerKey(question: ReturnType<typeof normalizeQuestion<QuestionDraft>>, publishing: boolean) {
  const { type, answer_key: key, options } = question;
  if (!takesAnswerKey(type)) return key === null ? undefined : testTexts.noAnswerKey;
  if (isRangeQuestion(type)) {
    if (key === null) return undefined;
    if (!isAnswerRange(key)) return testTexts.answerKeyShape;
    const [lowest, highest] = rangeBoundsOf(question);
    return lowest <= key.min && key.min <= key.max && key.max <= highest ? undefined : testTexts.answerKeyRange;
  }
  if (isAnswerRange(key)) return testTexts.answerKeyShape;
  // A short answer without accepted answers is graded by AI against its rubric, or else by a person
  // (gradingMethodOf says 'manual'): publishing it is fine. The other types need their key to publish.
  if (key === null) return publishing && !isHandGradableWithoutKey(type) ? testTexts.answerKeyRequired : undefined;
  switch (type) {
    case 'short-answer':
      return isStringList(key) ? undefined : testTexts.answerKeyShape;
    case 'multiple-choice':
    case 'dropdown':
      if (typeof key !== 'string') return testTexts.answerKeyShape;
      return options.includes(key) ? undefined : testTexts.answerKeyOption;
    case 'checkboxes':
      if (!isStringList(key)) return testTexts.answerKeyShape;
      return key.every((answer) => options.includes(answer)) ? undefined : testTexts.answerKeyOptions;
    case 'multiple-choice-grid':
    case 'checkbox-grid':
      if (!isKeyRecord(key)) return testTexts.answerKeyShape;
      return checkGridKey(key, {
        rows: question.settings.rows ?? [],
        columns: question.settings.columns ?? [],
        singleColumn: type === 'multiple-choice-grid',
        publishing,
      });
    case 'date':
      return typeof key === 'string' && isCalendarDate(key) ? undefined : testTexts.answerKeyDate;
    case 'time':
      return typeof key === 'string' && CLOCK_TIME.test(key) ? undefined : testTexts.answerKeyTime;
    default:
      return undefined;
  }
}

function isWithin(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

// One question's rules, as field → message ('options', 'answer_key', 'settings.rows', …); empty when
// it is fine. Publishing (the test's is_active) also needs an answer key on every type graded
// automatically; a draft may leave it for later.
export function checkQuestion(
  question: QuestionDraft,
  { publishing = false }: { publishing?: boolean } = {},
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!(questionTypes as readonly string[]).includes(question.type)) {
    problems.type = testTexts.unknownQuestionType;
    return problems;
  }
  const normalized = normalizeQuestion(question);
  const { type, options, settings } = normalized;
  if (!normalized.question) problems.question = testTexts.questionRequired;
  if (!isWithin(normalized.points, POINTS_MIN, POINTS_MAX)) problems.points = testTexts.pointsRange;
  if (isChoiceQuestion(type)) {
    if (options.length < MIN_OPTIONS) problems.options = testTexts.optionsRequired;
    else if (options.length > MAX_OPTIONS) problems.options = testTexts.tooManyOptions;
    else if (hasDuplicates(options)) problems.options = testTexts.optionsDistinct;
  }
  if (isGridQuestion(type)) {
    const rows = settings.rows ?? [];
    const columns = settings.columns ?? [];
    if (rows.length === 0) problems['settings.rows'] = testTexts.gridRequired;
    else if (hasDuplicates(rows)) problems['settings.rows'] = testTexts.gridDistinct;
    if (columns.length === 0) problems['settings.columns'] = testTexts.gridRequired;
    else if (hasDuplicates(columns)) problems['settings.columns'] = testTexts.gridDistinct;
  }
  if (type === 'linear-scale') {
    if (!(SCALE_START_VALUES as readonly number[]).includes(settings.scale_min ?? DEFAULT_SCALE_START)) {
      problems['settings.scale_min'] = testTexts.scaleStart;
    }
    if (!isWithin(settings.scale_max ?? DEFAULT_SCALE_END, SCALE_END_MIN, SCALE_END_MAX)) {
      problems['settings.scale_max'] = testTexts.scaleEnd;
    }
  }
  if (type === 'rating' && !(ratingStarCounts as readonly number[]).includes(settings.stars ?? DEFAULT_RATING_STARS)) {
    problems['settings.stars'] = testTexts.ratingStars;
  }
  if (normalized.use_ai) {
    if (!canGradeWithAi(type)) problems.use_ai = testTexts.aiOnlyForText;
    else if (!normalized.rubric) problems.rubric = testTexts.rubricRequired;
  }
  // The answer key names options, rows and columns: it is checked once those are right.
  const hasBrokenChoices = 'options' in problems || 'settings.rows' in problems || 'settings.columns' in problems;
  const keyProblem = hasBrokenChoices ? undefined : checkAnswerKey(normalized, publishing);
  if (keyProblem) problems.answer_key = keyProblem;
  return problems;
}

// What checkTest reads: the test as the builder holds it.
type TestDraft = Pick<TestFields, 'name' | 'type' | 'time_limit' | 'pass_rate' | 'is_active' | 'is_public'> & {
  questions: QuestionDraft[];
};

// The test's rules, as field → message: 'name', 'type' and 'questions' when a published test lacks
// them, then each question's as 'questions.<index>.<field>'. Publishing defaults to the test's is_active.
export function checkTest(
  test: TestDraft,
  { publishing = test.is_active }: { publishing?: boolean } = {},
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (publishing) {
    if (!test.name.trim()) problems.name = testTexts.nameRequired;
    if (!test.type) problems.type = testTexts.typeRequired;
    if (test.questions.length === 0) problems.questions = testTexts.questionsRequired;
  }
  if (!isWithin(test.time_limit, TIME_LIMIT_MIN, TIME_LIMIT_MAX)) problems.time_limit = testTexts.timeLimitRange;
  if (!isWithin(test.pass_rate, PASS_RATE_MIN, PASS_RATE_MAX)) problems.pass_rate = testTexts.passRateRange;
  if (test.is_public) problems.is_public = testTexts.publicOnlyAdmins;
  test.questions.forEach((question, index) => {
    for (const [field, message] of Object.entries(checkQuestion(question, { publishing }))) {
      problems[`questions.${index}.${field}`] = message;
    }
  });
  return problems;
}

// The one sentence to show for checkTest's problems: the spec's toast when a required field is
// missing, else the first problem; null when there is none.
export function summarizeTestProblems(problems: Record<string, string>): string | null {
  if ('name' in problems || 'type' in problems || 'questions' in problems) return testTexts.requiredFields;
  return Object.values(problems)[0] ?? null;
}

export type NormalizedTest = Omit<TestFields, 'type' | 'questions'> & {
  type: TestType;
  questions: ReturnType<typeof normalizeQuestion<QuestionFields>>[];
};

// A test as it is stored: a draft's missing name and type filled with the defaults of
// docs/spec/portal-and-public-site.md §5, each question normalized. Check it with checkTest first.
export function normalizeTest(test: TestFields): NormalizedTest {
  return {
    ...test,
    name: test.name.trim() || draftTestDefaults.name,
    type: test.type ?? draftTestDefaults.type,
    questions: test.questions.map((question) => normalizeQuestion(question)),
  };
}

export const storedQuestionSettingsSchema = z.object({
  scale_min: z.number().optional(),
  scale_max: z.number().optional(),
  min_label: z.string().optional(),
  max_label: z.string().optional(),
  stars: z.number().optional(),
  rows: z.array(z.string()).optional(),
  columns: z.array(z.string()).optional(),
});

export const questionSchema = z.object({
  id: z.string(),
  type: z.enum(questionTypes),
  question: z.string(),
  options: z.array(z.string()),
  points: z.number(),
  use_ai: z.boolean(),
  rubric: z.string().nullable(),
  settings: storedQuestionSettingsSchema,
  answer_key: z
    .union([
      z.object({ min: z.number(), max: z.number() }),
      z.string(),
      z.array(z.string()),
      z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    ])
    .nullable(),
});
export type Question = z.infer<typeof questionSchema>;

export const testStatuses = ['active', 'draft', 'archived'] as const;
export type TestStatus = (typeof testStatuses)[number];

// A row of the Tests tab, and what GET /api/tests?active_only=true reads (id, name, type, pass_rate).
const testSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(testTypes),
  time_limit: z.number(),
  pass_rate: z.number(),
  is_active: z.boolean(),
  is_public: z.boolean(),
  archived: z.boolean(),
  // archived, else active (is_active) or draft.
  status: z.enum(testStatuses),
  // Starred by the signed-in user (each user has their own favourites).
  is_favorite: z.boolean(),
  question_count: z.number(),
  // Jobs that require the test, archived jobs left out.
  linked_jobs: z.number(),
  attempts: z.object({
    total: z.number(),
    // Mean score (percent, rounded) of graded attempts; null while there is none.
    avg_score: z.number().nullable(),
  }),
  created_at: z.string(),
  // Last Edited.
  updated_at: z.string(),
});
export type TestSummary = z.infer<typeof testSummarySchema>;

export const testSchema = testSummarySchema.extend({ questions: z.array(questionSchema) });
export type Test = z.infer<typeof testSchema>;

const booleanFlag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

export const testSorts = ['updated_desc', 'name_asc', 'attempts_desc'] as const;
export type TestSort = (typeof testSorts)[number];

export const testListQuerySchema = z.object({
  // Part of the name, any case.
  q: text().trim().max(200).optional(),
  // Published, not archived: what a job can require.
  active_only: booleanFlag,
  type: z.enum(testTypes).optional(),
  favorites_only: booleanFlag,
  include_archived: booleanFlag,
  sort: z.enum(testSorts).default('updated_desc'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
// What a caller sends (the query's coerced numbers as numbers, decision 019's QueryOf).
export type PagedInput<Schema extends z.ZodType> = Omit<z.input<Schema>, 'page' | 'page_size'> & {
  page?: number;
  page_size?: number;
};
export type TestListQuery = PagedInput<typeof testListQuerySchema>;

export const testListSchema = z.object({
  items: z.array(testSummarySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type TestList = z.infer<typeof testListSchema>;

// PUT /api/tests/:id/favorite, and its answer.
export const testFavoriteSchema = z.object({ favorite: z.boolean() });
export type TestFavorite = z.infer<typeof testFavoriteSchema>;

// What the text grader looks for, from the rubric the builder writes: one criterion per line, a keyword
// or short phrase with its weight in brackets ("closure (2)"; 1 when left out), alternatives separated by
// "|" ("useEffect cleanup | cleanup function (2)"). Longer lines without a weight are guidance for a
// person or a hosted model, not criteria.
export interface RubricCriterion {
  phrases: string[];
  weight: number;
}

const RUBRIC_WEIGHT_MAX = 10;
const RUBRIC_PHRASE_MAX_WORDS = 6;
const RUBRIC_WEIGHT = /\s*[([]\s*(\d{1,2})\s*[)\]]\s*$/;

export function parseRubric(rubric: string | null | undefined): RubricCriterion[] {
  const criteria: RubricCriterion[] = [];
  for (const rawLine of (rubric ?? '').split('\n')) {
    const line = rawLine.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim();
    if (!line) continue;
    const weightMatch = RUBRIC_WEIGHT.exec(line);
    const weight = weightMatch ? Math.min(Number(weightMatch[1]), RUBRIC_WEIGHT_MAX) : 1;
    const body = weightMatch ? line.slice(0, weightMatch.index) : line;
    const phrases = body
      .split('|')
      .map((phrase) => phrase.trim())
      .filter((phrase) => /[\p{L}\p{N}]/u.test(phrase));
    if (phrases.length === 0 || weight === 0) continue;
    const isGuidance = !weightMatch && phrases.some((phrase) => phrase.split(/\s+/).length > RUBRIC_PHRASE_MAX_WORDS);
    if (!isGuidance) criteria.push({ phrases, weight });
  }
  return criteria;
}
