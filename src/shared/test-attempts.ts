import { z } from 'zod';
import {
  type GradingMethod,
  gradingMethods,
  type PagedInput,
  questionSchema,
  questionTypes,
  rangeBoundsOf,
  storedQuestionSettingsSchema,
  testAttemptStatuses,
  testTypes,
} from './assessments';
import { applicantAttemptStates } from './test-types';
import { isCalendarDate, isStorableText, text } from './text';

// The contract of taking a skills test: an attempt assigned to an applicant, started, answered
// question by question, submitted (by the candidate, or by the server at the deadline) and graded.

export const SHORT_ANSWER_MAX_LENGTH = 500;
export const PARAGRAPH_MAX_LENGTH = 10_000;
export const ANSWER_FILE_MAX_BYTES = 10 * 1024 * 1024;
// The integrity records one attempt keeps; a script sending more is not believed beyond them.
export const INTEGRITY_EVENTS_MAX = 500;
export const INTEGRITY_EVENTS_PER_REQUEST = 50;

// What a file-upload question accepts: documents, sheets, slides, text, archives and images.
export const answerFileTypes = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'application/zip': 'zip',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;
export type AnswerFileType = keyof typeof answerFileTypes;
export const answerFileTypeList = Object.keys(answerFileTypes) as AnswerFileType[];
// For the file input's accept attribute: types and extensions, since browsers guess types differently.
export const answerFileAccept = [
  ...answerFileTypeList,
  ...Object.values(answerFileTypes).map((extension) => `.${extension}`),
].join(',');

export const attemptTexts = {
  notFound: 'This test attempt does not exist.',
  notStarted: 'Start the test before answering.',
  timeUp: 'Time is up: this test closed at its deadline, so answers sent after it are not saved.',
  finished: 'This test has been submitted, so its answers can no longer change.',
  questionNotInTest: 'This question is not part of the test.',
  integrityNotice:
    'This test records when you leave the tab and when you paste text. The company sees these records beside your answers.',
  submitConfirmTitle: 'Submit your test?',
  submitConfirm: 'You cannot change your answers after submitting.',
  submitted: 'Test submitted',
  autoSubmitted: 'Time is up. Your answers were submitted.',
  saveFailed: 'Your last answer was not saved. Check your connection; it is sent again when you change it.',
  // Answer checks, one per type.
  chooseOption: 'Choose one of the options.',
  chooseOptions: 'Choose among the options.',
  textTooLong: (max: number) => `Answers can be at most ${max.toLocaleString('en-US')} characters.`,
  scaleValue: (min: number, max: number) => `Choose a whole number from ${min} to ${max}.`,
  ratingValue: (stars: number) => `Choose from 1 to ${stars} stars.`,
  gridAnswer: 'Each answer must name one of the rows and one of the columns.',
  dateAnswer: 'Enter the date as YYYY-MM-DD.',
  timeAnswer: 'Enter the time as HH:MM (24-hour).',
  fileByUpload: 'Upload the file with the upload button.',
  fileTooLarge: 'The file is larger than 10 MB. Please upload a smaller one.',
  fileEmpty: 'The file is empty.',
  fileType: 'This type of file is not accepted. Upload a PDF, Word, Excel, PowerPoint, text, CSV, ZIP or image file.',
  fileNameRequired: 'Name the file you upload.',
  // The company's side.
  alreadyAssigned: 'This test is already assigned to this applicant and not finished yet.',
  testNotAssignable: 'Only your company’s published tests, or Tandem’s public tests, can be assigned.',
  assigned: 'Test assigned',
  notSubmittedYet: 'This attempt has not been submitted yet, so there is nothing to grade.',
  notScored: 'This question is not scored.',
  pointsRange: (points: number) => `Give between 0 and ${points} points.`,
  gradeSaved: 'Grade saved',
} as const;

// ---- answers ----

// A file given for a file-upload question: stored by the upload route, never sent by the client.
export const answerFileSchema = z.object({
  file_id: z.string(),
  name: z.string(),
  size: z.number(),
  content_type: z.string(),
});
export type AnswerFile = z.infer<typeof answerFileSchema>;

// Any answer, by type: short-answer and paragraph, multiple-choice, dropdown, date and time a string;
// checkboxes a list of options; linear-scale and rating a whole number; multiple-choice-grid row → column;
// checkbox-grid row → columns; file-upload the stored file. null clears an answer.
export const answerValueSchema = z.union([
  text().max(PARAGRAPH_MAX_LENGTH),
  z.number(),
  z.array(text().max(500)).max(50),
  z.record(text().max(200), z.union([text().max(200), z.array(text().max(200)).max(20)])),
  z.null(),
]);

// PUT /api/applicant/tests/:id/answers/:question_id
export const saveAnswerSchema = z.object({ answer: answerValueSchema });
// What the client sends: any answer but a file, which has its own upload.
export type SentAnswer = z.input<typeof saveAnswerSchema>['answer'];

// The question as the candidate sees it: no answer key, no rubric.
const candidateQuestionSchema = z.object({
  id: z.string(),
  type: z.enum(questionTypes),
  question: z.string(),
  options: z.array(z.string()),
  points: z.number(),
  settings: storedQuestionSettingsSchema,
  // Scored questions count toward the result; the candidate knows which.
  is_scored: z.boolean(),
});
export type CandidateQuestion = z.infer<typeof candidateQuestionSchema>;

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

// Whether an answer fits its question; the sentence to show when it does not. Blank answers are fine
// (they clear the question), and an answer is never graded here.
export function checkAnswer(
  question: Pick<CandidateQuestion, 'type' | 'options' | 'settings'>,
  answer: unknown,
): string | null {
  if (answer === null || answer === '') return null;
  const { type, options, settings } = question;
  switch (type) {
    case 'short-answer':
    case 'paragraph': {
      const max = type === 'short-answer' ? SHORT_ANSWER_MAX_LENGTH : PARAGRAPH_MAX_LENGTH;
      if (typeof answer !== 'string' || !isStorableText(answer)) return attemptTexts.textTooLong(max);
      return answer.length > max ? attemptTexts.textTooLong(max) : null;
    }
    case 'multiple-choice':
    case 'dropdown':
      return typeof answer === 'string' && options.includes(answer) ? null : attemptTexts.chooseOption;
    case 'checkboxes':
      return isStringArray(answer) &&
        answer.every((option) => options.includes(option)) &&
        new Set(answer).size === answer.length
        ? null
        : attemptTexts.chooseOptions;
    case 'linear-scale':
    case 'rating': {
      const [min, max] = rangeBoundsOf(question);
      const message = type === 'rating' ? attemptTexts.ratingValue(max) : attemptTexts.scaleValue(min, max);
      return typeof answer === 'number' && Number.isInteger(answer) && answer >= min && answer <= max ? null : message;
    }
    case 'multiple-choice-grid':
    case 'checkbox-grid': {
      if (!isPlainRecord(answer)) return attemptTexts.gridAnswer;
      const rows = settings.rows ?? [];
      const columns = settings.columns ?? [];
      for (const [row, value] of Object.entries(answer)) {
        if (!rows.includes(row)) return attemptTexts.gridAnswer;
        const chosen = type === 'multiple-choice-grid' ? (typeof value === 'string' ? [value] : null) : value;
        if (!isStringArray(chosen) || !chosen.every((column) => columns.includes(column)))
          return attemptTexts.gridAnswer;
      }
      return null;
    }
    case 'date':
      return typeof answer === 'string' && isCalendarDate(answer) ? null : attemptTexts.dateAnswer;
    case 'time':
      return typeof answer === 'string' && CLOCK_TIME.test(answer) ? null : attemptTexts.timeAnswer;
    case 'file-upload':
      return attemptTexts.fileByUpload;
    default:
      return null;
  }
}

// Whether the candidate has answered: something chosen, typed or uploaded.
export function isAnswered(answer: unknown): boolean {
  if (answer === null || answer === undefined) return false;
  if (typeof answer === 'string') return answer.trim().length > 0;
  if (Array.isArray(answer)) return answer.length > 0;
  if (isPlainRecord(answer)) return Object.values(answer).some((value) => isAnswered(value));
  return true;
}

// ---- the candidate's side ----

const attemptResultSchema = z.object({
  // Percent, rounded.
  score: z.number(),
  passed: z.boolean(),
  pass_rate: z.number(),
  points_earned: z.number(),
  points_possible: z.number(),
});

const attemptTestSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(testTypes),
  time_limit: z.number(),
  pass_rate: z.number(),
  question_count: z.number(),
});

// A row of the candidate's tests (My Applications, dashboard).
const applicantAttemptSummarySchema = z.object({
  id: z.string(),
  status: z.enum(testAttemptStatuses),
  test: attemptTestSchema,
  company_name: z.string(),
  job: z.object({ id: z.string(), title: z.string() }).nullable(),
  application_id: z.string().nullable(),
  assigned_at: z.string(),
  started_at: z.string().nullable(),
  deadline_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  // 'deadline' when the server closed it at the deadline.
  closed_by: z.enum(['candidate', 'deadline']).nullable(),
  // Once graded; a submitted attempt waits for the company to grade what a person must.
  result: attemptResultSchema.nullable(),
});
export type ApplicantAttemptSummary = z.infer<typeof applicantAttemptSummarySchema>;

// GET /api/applicant/tests/:id: the attempt, and while it is started its questions and saved answers.
export const applicantAttemptSchema = applicantAttemptSummarySchema.extend({
  // The server's clock when it answered, so the countdown runs from the server's deadline.
  server_time: z.string(),
  questions: z.array(candidateQuestionSchema),
  answers: z.record(z.string(), z.unknown()),
});
export type ApplicantAttempt = z.infer<typeof applicantAttemptSchema>;

export { applicantAttemptStates };
export const applicantAttemptListQuerySchema = z.object({
  // to_do: assigned or started; done: submitted or graded.
  state: z.enum(applicantAttemptStates).optional(),
  application_id: z.uuid({ message: 'Unknown application.' }).optional(),
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).max(1000).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
});
export type ApplicantAttemptListQuery = PagedInput<typeof applicantAttemptListQuerySchema>;

export const applicantAttemptListSchema = z.object({
  items: z.array(applicantAttemptSummarySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type ApplicantAttemptList = z.infer<typeof applicantAttemptListSchema>;

const integrityEventTypes = ['focus_lost', 'focus_returned', 'paste'] as const;
export type IntegrityEventType = (typeof integrityEventTypes)[number];
const integrityEventSchema = z.object({
  type: z.enum(integrityEventTypes),
  // When the browser saw it; the server keeps its own receipt time too.
  at: z.iso.datetime({ offset: true }),
  question_id: text().max(64).nullish(),
});
export type IntegrityEvent = z.infer<typeof integrityEventSchema>;
// POST /api/applicant/tests/:id/events
export const recordIntegrityEventsSchema = z.object({
  events: z.array(integrityEventSchema).min(1).max(INTEGRITY_EVENTS_PER_REQUEST),
});

// ---- the company's side ----

const answerGradeSchema = z.object({
  method: z.enum(gradingMethods),
  // null while it waits for a person (or the grader).
  points: z.number().nullable(),
  explanation: z.string().nullable(),
  graded_by_name: z.string().nullable(),
  graded_at: z.string().nullable(),
});
export type AnswerGrade = z.infer<typeof answerGradeSchema>;

export const integrityTexts = {
  truncated: (max: number) =>
    `The timeline lists the first ${max.toLocaleString('en-US')} events; the counts include every one reported after them.`,
} as const;

const storedIntegrityEventSchema = integrityEventSchema.extend({ received_at: z.string() });
export type StoredIntegrityEvent = z.infer<typeof storedIntegrityEventSchema>;

// GET /api/test-attempts/:id: everything the company needs to judge the attempt.
export const attemptReviewSchema = z.object({
  id: z.string(),
  status: z.enum(testAttemptStatuses),
  applicant: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  test: attemptTestSchema,
  job: z.object({ id: z.string(), title: z.string() }).nullable(),
  application_id: z.string().nullable(),
  assigned_at: z.string(),
  started_at: z.string().nullable(),
  deadline_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  graded_at: z.string().nullable(),
  closed_by: z.enum(['candidate', 'deadline']).nullable(),
  // Running totals: points_earned counts what is graded so far.
  points_earned: z.number().nullable(),
  points_possible: z.number().nullable(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  pending_reviews: z.number(),
  questions: z.array(
    questionSchema.extend({
      answer: z.unknown(),
      // Download address of an uploaded file.
      file_url: z.string().nullable(),
      grade: answerGradeSchema.nullable(),
    }),
  ),
  integrity: z.object({
    // Every one reported, also those past the timeline's cap.
    focus_losses: z.number(),
    pastes: z.number(),
    events: z.array(storedIntegrityEventSchema),
    // The timeline stops at INTEGRITY_EVENTS_MAX events: later ones are counted, not listed.
    is_truncated: z.boolean(),
  }),
});
export type AttemptReview = z.infer<typeof attemptReviewSchema>;

// A row of a test's attempts (the test's page).
const attemptRowSchema = z.object({
  id: z.string(),
  status: z.enum(testAttemptStatuses),
  applicant: z.object({ id: z.string(), name: z.string() }),
  job: z.object({ id: z.string(), title: z.string() }).nullable(),
  assigned_at: z.string(),
  submitted_at: z.string().nullable(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  pending_reviews: z.number(),
  focus_losses: z.number(),
  pastes: z.number(),
});
export type AttemptRow = z.infer<typeof attemptRowSchema>;

export const testAttemptListQuerySchema = z.object({
  status: z.enum(testAttemptStatuses, { message: 'Unknown attempt status.' }).optional(),
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).max(1000).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
});
export const testAttemptListSchema = z.object({
  items: z.array(attemptRowSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type TestAttemptList = z.infer<typeof testAttemptListSchema>;

// PUT /api/test-attempts/:id/questions/:question_id/grade
export const gradeAnswerSchema = z.object({
  points: z.number({ message: 'Enter the points as a number.' }).min(0).max(1000),
  comment: text().trim().max(2000).nullish(),
});
export type GradeAnswerInput = z.input<typeof gradeAnswerSchema>;

// POST /api/applications/:id/tests
export const assignTestSchema = z.object({ test_id: z.uuid({ message: 'Choose a test to assign.' }) });

// What a grade is called on screen.
export const gradingMethodLabels: Record<GradingMethod, string> = {
  auto: 'Graded automatically',
  ai: 'Graded by the AI grader',
  manual: 'Graded by hand',
  unscored: 'Not scored',
};
