import {
  type AnswerKey,
  type AnswerRange,
  answerKeySchema,
  canGradeWithAi,
  DEFAULT_RATING_STARS,
  DEFAULT_SCALE_END,
  DEFAULT_SCALE_START,
  isAnswerRange,
  isChoiceQuestion,
  isGridQuestion,
  isRangeQuestion,
  MIN_OPTIONS,
  OPTION_EDITOR_START_COUNT,
  type Question,
  type QuestionSettings,
  type QuestionType,
  questionSettingsSchema,
  type RatingStarCount,
  ratingStarCounts,
  type SCALE_START_VALUES,
} from '~/shared/assessments';

// A question as the builder lists it and the detail page shows it: the payload of /api/tests with every
// field filled, and the bridge between that payload and the add-question panel's editing state.

export interface QuestionContent {
  // The builder's timestamp id for a new question, the server's id for a saved one.
  id?: string;
  type: QuestionType;
  question: string;
  options: string[];
  points: number;
  use_ai: boolean;
  rubric: string | null;
  settings: QuestionSettings;
  answer_key: AnswerKey;
}

type ScaleStart = (typeof SCALE_START_VALUES)[number];

const DEFAULT_QUESTION_TYPE: QuestionType = 'multiple-choice';
const GRID_START_ROWS = 2;
const GRID_START_COLUMNS = 3;
// Single-answer types pick one option (or one column per row); the others tick several.
export const isSingleAnswerType = (type: QuestionType) =>
  type === 'multiple-choice' || type === 'dropdown' || type === 'multiple-choice-grid';

// One line of a list editor (an option, an accepted answer, a grid row or column). The id keeps the
// answer key pointing at the same line while its text is typed, moved or removed.
export interface Line {
  id: string;
  text: string;
}

let lastLineNumber = 0;
export function newLine(text = ''): Line {
  lastLineNumber += 1;
  return { id: `line-${lastLineNumber}`, text };
}

const blankLines = (count: number) => Array.from({ length: count }, () => newLine());

// A scale's or rating's accepted range as the panel edits it: the switch, and the ends chosen while it is on.
interface EditableRange {
  isScored: boolean;
  min: number;
  max: number;
}

// Where a range starts when scoring is switched on: the top two values ("4 to 5" of five stars).
export function defaultAcceptedRange([lowest, highest]: readonly [number, number]): AnswerRange {
  return { min: Math.max(lowest, highest - 1), max: highest };
}

// The range moved inside new bounds (the scale shortened, fewer stars), each end kept where it still fits.
export function clampRange(range: AnswerRange, [lowest, highest]: readonly [number, number]): AnswerRange {
  const clamp = (value: number) => Math.min(Math.max(value, lowest), highest);
  return { min: clamp(range.min), max: clamp(range.max) };
}

// The add-question panel's state. It keeps every type's fields, so switching the type back and forth
// loses nothing; toQuestionContent takes only what the chosen type uses.
export interface EditableQuestion {
  id?: string;
  type: QuestionType;
  question: string;
  // As typed: the points field may be blank or out of range until it is checked.
  points: string;
  options: Line[];
  correctOptionIds: string[];
  acceptedAnswers: Line[];
  useAi: boolean;
  rubric: string;
  scaleMin: ScaleStart;
  scaleMax: number;
  minLabel: string;
  maxLabel: string;
  stars: RatingStarCount;
  rows: Line[];
  columns: Line[];
  // Grid row id → the ids of its correct columns.
  gridAnswers: Record<string, string[]>;
  correctDate: string;
  correctTime: string;
  acceptedRange: EditableRange;
}

export function emptyEditableQuestion(type: QuestionType = DEFAULT_QUESTION_TYPE): EditableQuestion {
  return {
    type,
    question: '',
    points: '1',
    options: blankLines(OPTION_EDITOR_START_COUNT),
    correctOptionIds: [],
    acceptedAnswers: blankLines(1),
    useAi: false,
    rubric: '',
    scaleMin: DEFAULT_SCALE_START,
    scaleMax: DEFAULT_SCALE_END,
    minLabel: '',
    maxLabel: '',
    stars: DEFAULT_RATING_STARS,
    rows: blankLines(GRID_START_ROWS),
    columns: blankLines(GRID_START_COLUMNS),
    gridAnswers: {},
    correctDate: '',
    correctTime: '',
    acceptedRange: { isScored: false, ...defaultAcceptedRange([DEFAULT_SCALE_START, DEFAULT_SCALE_END]) },
  };
}

const cleanText = (lines: readonly Line[]) => lines.map((line) => line.text.trim()).filter(Boolean);
const unique = (values: readonly string[]) => [...new Set(values)];

// The lines with text, trimmed: what the person sees as the options, rows or columns so far.
export function typedLines(lines: readonly Line[]): Line[] {
  return lines.flatMap((line) => {
    const text = line.text.trim();
    return text ? [{ id: line.id, text }] : [];
  });
}

const filledLines = (lines: readonly Line[]) => new Map(typedLines(lines).map((line) => [line.id, line.text]));

function settingsOf(question: EditableQuestion): QuestionSettings {
  switch (question.type) {
    case 'linear-scale': {
      const settings: QuestionSettings = { scale_min: question.scaleMin, scale_max: question.scaleMax };
      if (question.minLabel.trim()) settings.min_label = question.minLabel.trim();
      if (question.maxLabel.trim()) settings.max_label = question.maxLabel.trim();
      return settings;
    }
    case 'rating':
      return { stars: question.stars };
    case 'multiple-choice-grid':
    case 'checkbox-grid':
      return { rows: cleanText(question.rows), columns: cleanText(question.columns) };
    default:
      return {};
  }
}

// The answer key in the contract's shape (see answerKeySchema): option texts, not line ids; blank lines
// and answers pointing at them left out; an empty key is none.
function answerKeyOf(question: EditableQuestion): AnswerKey {
  switch (question.type) {
    case 'short-answer': {
      const answers = unique(cleanText(question.acceptedAnswers));
      return answers.length > 0 ? answers : null;
    }
    case 'multiple-choice':
    case 'dropdown':
    case 'checkboxes': {
      const options = filledLines(question.options);
      // In the options' order, whatever order they were ticked in.
      const correct = question.options
        .filter((line) => question.correctOptionIds.includes(line.id))
        .flatMap((line) => options.get(line.id) ?? []);
      if (correct.length === 0) return null;
      return question.type === 'checkboxes' ? unique(correct) : (correct[0] ?? null);
    }
    case 'multiple-choice-grid':
    case 'checkbox-grid': {
      const rows = filledLines(question.rows);
      const columns = filledLines(question.columns);
      const entries: Array<[string, string | string[]]> = [];
      for (const row of question.rows) {
        const rowText = rows.get(row.id);
        const chosen = question.gridAnswers[row.id] ?? [];
        const columnTexts = question.columns
          .filter((column) => chosen.includes(column.id))
          .flatMap((column) => columns.get(column.id) ?? []);
        if (!rowText || columnTexts.length === 0) continue;
        entries.push([rowText, question.type === 'multiple-choice-grid' ? (columnTexts[0] ?? '') : columnTexts]);
      }
      return entries.length > 0 ? Object.fromEntries(entries) : null;
    }
    case 'date':
      return question.correctDate || null;
    case 'time':
      return question.correctTime || null;
    case 'linear-scale':
    case 'rating': {
      const { isScored, min, max } = question.acceptedRange;
      return isScored ? { min, max } : null;
    }
    default:
      return null;
  }
}

// What the panel's state adds to the test: only the chosen type's fields, trimmed, blanks dropped.
export function toQuestionContent(question: EditableQuestion): QuestionContent {
  const useAi = canGradeWithAi(question.type) && question.useAi;
  const points = question.points.trim() === '' ? Number.NaN : Number(question.points);
  return {
    ...(question.id ? { id: question.id } : {}),
    type: question.type,
    question: question.question.trim(),
    options: isChoiceQuestion(question.type) ? cleanText(question.options) : [],
    points,
    use_ai: useAi,
    rubric: useAi ? question.rubric.trim() || null : null,
    settings: settingsOf(question),
    answer_key: answerKeyOf(question),
  };
}

const asList = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function linesWithAtLeast(texts: readonly string[], count: number): Line[] {
  const lines = texts.map((text) => newLine(text));
  return lines.length >= count ? lines : [...lines, ...blankLines(count - lines.length)];
}

const idsOfTexts = (lines: readonly Line[], texts: readonly string[]) =>
  lines.filter((line) => texts.includes(line.text)).map((line) => line.id);

const isRatingStarCount = (value: number | undefined): value is RatingStarCount =>
  (ratingStarCounts as readonly number[]).includes(value ?? Number.NaN);

// The panel's state for a question already on the list (Edit on its card).
export function toEditableQuestion(content: QuestionContent): EditableQuestion {
  const blank = emptyEditableQuestion(content.type);
  const { settings, answer_key: key } = content;
  const keyList = typeof key === 'string' || Array.isArray(key) ? asList(key) : [];
  const editable: EditableQuestion = {
    ...blank,
    ...(content.id ? { id: content.id } : {}),
    question: content.question,
    points: Number.isFinite(content.points) ? String(content.points) : '',
    useAi: content.use_ai,
    rubric: content.rubric ?? '',
  };
  if (isChoiceQuestion(content.type)) {
    editable.options = linesWithAtLeast(content.options, MIN_OPTIONS);
    editable.correctOptionIds = idsOfTexts(editable.options, keyList);
  }
  if (content.type === 'short-answer' && keyList.length > 0)
    editable.acceptedAnswers = keyList.map((answer) => newLine(answer));
  if (content.type === 'linear-scale') {
    editable.scaleMin = settings.scale_min ?? DEFAULT_SCALE_START;
    editable.scaleMax = settings.scale_max ?? DEFAULT_SCALE_END;
    editable.minLabel = settings.min_label ?? '';
    editable.maxLabel = settings.max_label ?? '';
  }
  if (content.type === 'rating' && isRatingStarCount(settings.stars)) editable.stars = settings.stars;
  if (isGridQuestion(content.type)) {
    editable.rows = linesWithAtLeast(settings.rows ?? [], 1);
    editable.columns = linesWithAtLeast(settings.columns ?? [], 1);
    if (key && typeof key === 'object' && !Array.isArray(key) && !isAnswerRange(key)) {
      for (const row of editable.rows) {
        const chosen = asList(key[row.text]);
        if (chosen.length > 0) editable.gridAnswers[row.id] = idsOfTexts(editable.columns, chosen);
      }
    }
  }
  if (content.type === 'date' && typeof key === 'string') editable.correctDate = key;
  if (content.type === 'time' && typeof key === 'string') editable.correctTime = key;
  if (isRangeQuestion(content.type) && isAnswerRange(key))
    editable.acceptedRange = { isScored: true, min: key.min, max: key.max };
  return editable;
}

// A saved question as the server reads it back; settings or a key the contract does not know are shown
// as none rather than guessed at.
export function fromStoredQuestion(question: Question): QuestionContent {
  const settings = questionSettingsSchema.safeParse(question.settings);
  const answerKey = answerKeySchema.safeParse(question.answer_key);
  return {
    id: question.id,
    type: question.type,
    question: question.question,
    options: question.options,
    points: question.points,
    use_ai: question.use_ai,
    rubric: question.rubric,
    settings: settings.success ? settings.data : {},
    answer_key: answerKey.success ? answerKey.data : null,
  };
}

// A new question's id: a timestamp string (docs/spec/portal-and-public-site.md §3), made unique when two land
// in the same millisecond.
let lastQuestionId = 0;
export function newQuestionId(now = Date.now()): string {
  lastQuestionId = Math.max(now, lastQuestionId + 1);
  return String(lastQuestionId);
}
