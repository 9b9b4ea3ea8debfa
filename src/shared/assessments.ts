import { z } from 'zod';

// The contract of skills tests (spec §3 "Test" and "Question", §5, §9): the twelve question types, the
// texts both sides show, the payloads and answers of /api/tests.

export const TIME_LIMIT_MIN = 15;
export const TIME_LIMIT_MAX = 240;
export const DEFAULT_TIME_LIMIT = 60;
export const PASS_RATE_MIN = 0;
export const PASS_RATE_MAX = 100;
export const DEFAULT_PASS_RATE = 70;
export const POINTS_MIN = 1;
export const POINTS_MAX = 10;
export const MAX_QUESTIONS = 200;

// The builder offers these four; 'written' is the job dialog's name for tests graded by reading.
export const testBuilderTypes = ['coding', 'mcq', 'mixed', 'language'] as const;
export const testTypes = [...testBuilderTypes, 'written'] as const;
export type TestType = (typeof testTypes)[number];
export const testTypeLabels: Record<TestType, string> = {
  coding: 'Coding',
  mcq: 'MCQ',
  mixed: 'Mixed',
  language: 'Language',
  written: 'Written',
};

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
export const choiceQuestionTypes = ['multiple-choice', 'checkboxes', 'dropdown'] as const satisfies QuestionType[];
export const gridQuestionTypes = ['multiple-choice-grid', 'checkbox-grid'] as const satisfies QuestionType[];
// AI grading exists only for these (spec §9).
export const aiGradableQuestionTypes = ['short-answer', 'paragraph'] as const satisfies QuestionType[];
// Types whose answers are opinions or files: nothing to grade automatically, so no answer key.
export const ungradedQuestionTypes = [
  'paragraph',
  'file-upload',
  'linear-scale',
  'rating',
] as const satisfies QuestionType[];
export const ratingStarCounts = [3, 4, 5, 10] as const;
export const OPTION_EDITOR_START_COUNT = 4;
// Options from the third on can be removed (spec §5): at least two stay.
export const MIN_OPTIONS = 2;

export const draftTestDefaults = {
  name: 'Untitled Test',
  type: 'mixed',
  time_limit: DEFAULT_TIME_LIMIT,
  pass_rate: DEFAULT_PASS_RATE,
} as const;

// Texts of spec §5 and §8, word for word, and the server's field messages.
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
  nameRequired: 'Please give the test a name.',
  timeLimitRange: `The time limit must be between ${TIME_LIMIT_MIN} and ${TIME_LIMIT_MAX} minutes.`,
  passRateRange: `The passing score must be between ${PASS_RATE_MIN} and ${PASS_RATE_MAX}.`,
  pointsRange: `Points must be between ${POINTS_MIN} and ${POINTS_MAX}.`,
  optionsRequired: 'Add at least two options.',
  answerKeyOption: 'The correct answer must be one of the options.',
  gridRequired: 'Add at least one row and one column.',
  aiOnlyForText: 'AI grading is only available for short-answer and paragraph questions.',
  rubricRequired: 'Describe what a good answer contains, so the AI can grade it.',
  deleteHasAttempts: 'This test has been taken, so it cannot be deleted. Archive it instead.',
} as const;

// Per-type settings: scale bounds and labels, star count, grid rows and columns.
export const questionSettingsSchema = z
  .object({
    scale_min: z.union([z.literal(0), z.literal(1)]).optional(),
    scale_max: z.number().int().min(2).max(10).optional(),
    min_label: z.string().trim().max(60).optional(),
    max_label: z.string().trim().max(60).optional(),
    stars: z.union(ratingStarCounts.map((count) => z.literal(count))).optional(),
    rows: z.array(z.string().trim().max(200)).max(20).optional(),
    columns: z.array(z.string().trim().max(200)).max(20).optional(),
  })
  .default({});
export type QuestionSettings = z.output<typeof questionSettingsSchema>;

// What counts as correct, by type:
// short-answer: accepted answers (string[], compared ignoring case and spaces) · multiple-choice and
// dropdown: the option (string) · checkboxes: the options (string[]) · multiple-choice-grid: row → column
// (Record<string, string>) · checkbox-grid: row → columns (Record<string, string[]>) · date: YYYY-MM-DD ·
// time: HH:MM. The ungraded types have none.
export const answerKeySchema = z
  .union([
    z.string().max(500),
    z.array(z.string().max(500)).max(50),
    z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  ])
  .nullish()
  .transform((value) => value ?? null);
export type AnswerKey = z.output<typeof answerKeySchema>;

export const questionInputSchema = z.object({
  // The builder's own id for the question (a timestamp string); the server answers with its own.
  id: z.string().max(64).optional(),
  type: z.enum(questionTypes, { message: 'Unknown question type.' }),
  question: z.string().trim().min(1, { message: testTexts.questionRequired }).max(2000),
  // Blanks are dropped on save (spec §3).
  options: z
    .array(z.string().max(500))
    .max(20)
    .default([])
    .transform((options) => options.map((option) => option.trim()).filter(Boolean)),
  points: z
    .number({ message: testTexts.pointsRange })
    .int({ message: testTexts.pointsRange })
    .min(POINTS_MIN, { message: testTexts.pointsRange })
    .max(POINTS_MAX, { message: testTexts.pointsRange })
    .default(1),
  use_ai: z.boolean().default(false),
  rubric: z
    .string()
    .trim()
    .max(4000)
    .nullish()
    .transform((value) => value || null),
  settings: questionSettingsSchema,
  answer_key: answerKeySchema,
});
export type QuestionInput = z.input<typeof questionInputSchema>;
export type QuestionFields = z.output<typeof questionInputSchema>;

export const testFieldsSchema = z.object({
  name: z.string().trim().max(120).default(''),
  description: z.string().trim().max(5000).default(''),
  type: z.enum(testTypes, { message: 'Choose a test type.' }),
  time_limit: z
    .number({ message: testTexts.timeLimitRange })
    .int({ message: testTexts.timeLimitRange })
    .min(TIME_LIMIT_MIN, { message: testTexts.timeLimitRange })
    .max(TIME_LIMIT_MAX, { message: testTexts.timeLimitRange })
    .default(DEFAULT_TIME_LIMIT),
  pass_rate: z
    .number({ message: testTexts.passRateRange })
    .int({ message: testTexts.passRateRange })
    .min(PASS_RATE_MIN, { message: testTexts.passRateRange })
    .max(PASS_RATE_MAX, { message: testTexts.passRateRange })
    .default(DEFAULT_PASS_RATE),
  questions: z.array(questionInputSchema).max(MAX_QUESTIONS).default([]),
  // true from Create Test, false from Save as Draft.
  is_active: z.boolean().default(false),
  // Always false from the builder (spec §4); public tests are the admin's.
  is_public: z.boolean().default(false),
});
export type TestInput = z.input<typeof testFieldsSchema>;
export type TestFields = z.output<typeof testFieldsSchema>;

export const questionSchema = z.object({
  id: z.string(),
  type: z.enum(questionTypes),
  question: z.string(),
  options: z.array(z.string()),
  points: z.number(),
  use_ai: z.boolean(),
  rubric: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  answer_key: z.unknown(),
});
export type Question = z.infer<typeof questionSchema>;

// A row of the Tests tab, and what GET /api/tests?active_only=true reads (id, name, type, pass_rate).
export const testSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(testTypes),
  time_limit: z.number(),
  pass_rate: z.number(),
  is_active: z.boolean(),
  is_public: z.boolean(),
  archived: z.boolean(),
  is_favorite: z.boolean(),
  question_count: z.number(),
  linked_jobs: z.number(),
  attempts: z.object({
    total: z.number(),
    // Mean score (percent) of graded attempts; null while there is none.
    avg_score: z.number().nullable(),
  }),
  created_at: z.string(),
  // Last Edited.
  updated_at: z.string(),
});
export type TestSummary = z.infer<typeof testSummarySchema>;

export const testSchema = testSummarySchema.extend({ questions: z.array(questionSchema) });
export type Test = z.infer<typeof testSchema>;

export const testListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  // Published, not archived: what a job can require.
  active_only: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  type: z.enum(testTypes).optional(),
  favorites_only: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  include_archived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  sort: z.enum(['updated_desc', 'name_asc', 'attempts_desc']).default('updated_desc'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type TestListQuery = z.input<typeof testListQuerySchema>;

export const testListSchema = z.object({
  items: z.array(testSummarySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type TestList = z.infer<typeof testListSchema>;

export const testFavoriteSchema = z.object({ favorite: z.boolean() });
