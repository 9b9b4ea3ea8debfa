import { describe, expect, it } from 'vitest';
import {
  checkQuestion,
  checkTest,
  describeTestPoints,
  gradingMethodOf,
  isScoredQuestion,
  normalizeQuestion,
  normalizeTest,
  parseRubric,
  type QuestionDraft,
  type QuestionType,
  questionTypes,
  summarizeTestProblems,
  testFieldsSchema,
  testTexts,
} from './assessments';

// The builder's rules as the client uses them, without parsing first. The API tests
// (server/assessments/create-test.test.ts) cover each rule through the server too.
describe('checkQuestion', () => {
  const question = (draft: Partial<QuestionDraft> & Pick<QuestionDraft, 'type'>): QuestionDraft => ({
    question: 'A question?',
    options: [],
    points: 1,
    use_ai: false,
    ...draft,
  });

  it('accepts a bare question of the ungraded types, and of any type in a draft', () => {
    for (const type of questionTypes) {
      const draft = question({
        type,
        options: ['One', 'Two'],
        settings: { rows: ['Row'], columns: ['Column'] },
      });
      expect(checkQuestion(draft), type).toEqual({});
    }
  });

  it('reads options as the editor holds them: four blanks to start, blanks dropped', () => {
    expect(checkQuestion(question({ type: 'dropdown', options: ['', '', '', ''] }))).toEqual({
      options: testTexts.optionsRequired,
    });
    expect(checkQuestion(question({ type: 'dropdown', options: [' A ', '', 'B', ''], answer_key: 'A' }))).toEqual({});
  });

  it('checks the points, the text and the type the builder may not have parsed', () => {
    expect(checkQuestion(question({ type: 'date', points: 0, question: '  ' }))).toEqual({
      question: testTexts.questionRequired,
      points: testTexts.pointsRange,
    });
    expect(checkQuestion(question({ type: 'essay' as 'date' }))).toEqual({ type: testTexts.unknownQuestionType });
  });

  it('needs an answer key to publish a type graded automatically, unless AI grades it', () => {
    expect(checkQuestion(question({ type: 'time' }), { publishing: true })).toEqual({
      answer_key: testTexts.answerKeyRequired,
    });
    expect(
      checkQuestion(question({ type: 'short-answer', use_ai: true, rubric: 'Says yes.' }), { publishing: true }),
    ).toEqual({});
  });

  it('publishes a short answer without accepted answers or AI: a person grades it', () => {
    const byHand = question({ type: 'short-answer', use_ai: false, answer_key: null });
    expect(checkQuestion(byHand, { publishing: true })).toEqual({});
    expect(gradingMethodOf({ ...byHand, answer_key: null })).toBe('manual');
  });
});

describe('normalizeQuestion', () => {
  it('keeps only what the type uses, with its defaults', () => {
    expect(
      normalizeQuestion({
        type: 'rating',
        question: '  Rate it ',
        options: ['left over'],
        points: 1,
        use_ai: false,
        rubric: 'unused',
        settings: { rows: ['x'], scale_max: 7 },
        answer_key: '',
      }),
    ).toMatchObject({ question: 'Rate it', options: [], rubric: null, settings: { stars: 5 }, answer_key: null });
  });
});

describe('checkTest', () => {
  it('asks a published test for a name, a type and a question, with the spec’s toast', () => {
    const problems = checkTest(testFieldsSchema.parse({ is_active: true }));
    expect(problems).toEqual({
      name: testTexts.nameRequired,
      type: testTexts.typeRequired,
      questions: testTexts.questionsRequired,
    });
    expect(summarizeTestProblems(problems)).toBe(testTexts.requiredFields);
    expect(checkTest(testFieldsSchema.parse({ is_active: false }))).toEqual({});
    expect(summarizeTestProblems({})).toBeNull();
  });

  it('names a question’s problems by index, the first one as the summary', () => {
    const fields = testFieldsSchema.parse({
      name: 'Quiz',
      type: 'mcq',
      is_active: true,
      questions: [
        { type: 'date', question: 'When?', answer_key: '2026-01-01' },
        { type: 'checkboxes', question: 'Which?', options: ['A', 'B'], answer_key: ['C'] },
      ],
    });
    const problems = checkTest(fields);
    expect(problems).toEqual({ 'questions.1.answer_key': testTexts.answerKeyOptions });
    expect(summarizeTestProblems(problems)).toBe(testTexts.answerKeyOptions);
  });

  it('fills a draft with the spec’s defaults', () => {
    expect(normalizeTest(testFieldsSchema.parse({}))).toMatchObject({
      name: 'Untitled Test',
      type: 'mixed',
      time_limit: 60,
      pass_rate: 70,
      is_active: false,
      is_public: false,
    });
  });
});

describe('describeTestPoints', () => {
  const question = (type: QuestionType, answer_key: unknown, points = 1, use_ai = false) => ({
    type,
    answer_key,
    points,
    use_ai,
  });

  it('counts the points of every question but the opinions, and names the unscored and hand-graded ones', () => {
    const questions = [
      question('multiple-choice', 'B', 2),
      question('rating', null, 3),
      question('short-answer', ['yes'], 1),
      question('paragraph', null, 4, true),
      question('file-upload', null, 5),
      question('checkboxes', ['a', 'b'], 2),
    ];
    expect(describeTestPoints(questions)).toEqual({
      summary: '6 questions · 14 points',
      unscored: 'Question 2 is not scored.',
      manual: 'Question 5 is graded by hand.',
    });
    expect(describeTestPoints([question('linear-scale', null, 2)])).toEqual({
      summary: '1 question · 0 points',
      unscored: 'Question 1 is not scored.',
      manual: null,
    });
    expect(describeTestPoints([question('date', '2026-12-01', 1)])).toEqual({
      summary: '1 question · 1 point',
      unscored: null,
      manual: null,
    });
  });

  it('scores a scale or rating once it has an accepted range, and lists several by number', () => {
    const questions = [
      question('rating', { min: 4, max: 5 }, 3),
      question('paragraph', null, 2),
      question('linear-scale', null, 1),
      question('file-upload', null, 4),
      question('rating', null, 1),
      question('short-answer', null, 2),
    ];
    expect(describeTestPoints(questions)).toEqual({
      summary: '6 questions · 11 points',
      unscored: 'Questions 3 and 5 are not scored.',
      manual: 'Questions 2, 4 and 6 are graded by hand.',
    });
  });

  it('scores every question but an opinion: by its key, by AI, or by hand', () => {
    expect(isScoredQuestion(question('short-answer', null))).toBe(true);
    expect(isScoredQuestion(question('short-answer', null, 1, true))).toBe(true);
    expect(isScoredQuestion(question('rating', null, 1, true))).toBe(false);
    expect(isScoredQuestion(question('rating', { min: 4, max: 5 }))).toBe(true);
    expect(isScoredQuestion(question('linear-scale', null))).toBe(false);
    expect(isScoredQuestion(question('file-upload', null))).toBe(true);
    expect(isScoredQuestion(question('dropdown', 'x'))).toBe(true);
  });

  it('tells how each question is graded', () => {
    expect(gradingMethodOf(question('short-answer', null))).toBe('manual');
    expect(gradingMethodOf(question('short-answer', ['yes']))).toBe('auto');
    expect(gradingMethodOf(question('short-answer', ['yes'], 1, true))).toBe('ai');
    expect(gradingMethodOf(question('paragraph', null))).toBe('manual');
    expect(gradingMethodOf(question('paragraph', null, 1, true))).toBe('ai');
    expect(gradingMethodOf(question('file-upload', null))).toBe('manual');
    expect(gradingMethodOf(question('linear-scale', { min: 7, max: 10 }))).toBe('auto');
    expect(gradingMethodOf(question('linear-scale', null))).toBe('unscored');
    // AI grading is for text only: a rating asking for it is still an opinion.
    expect(gradingMethodOf(question('rating', null, 1, true))).toBe('unscored');
    expect(gradingMethodOf(question('date', null))).toBe('manual');
  });
});

describe('checkQuestion with an accepted range', () => {
  const question = (draft: Partial<QuestionDraft> & Pick<QuestionDraft, 'type'>): QuestionDraft => ({
    question: 'How sure are you?',
    options: [],
    points: 1,
    use_ai: false,
    ...draft,
  });

  it('takes a range within the stars or the scale, ends included, and none at all', () => {
    expect(checkQuestion(question({ type: 'rating', answer_key: { min: 4, max: 5 } }), { publishing: true })).toEqual(
      {},
    );
    expect(checkQuestion(question({ type: 'rating', settings: { stars: 3 }, answer_key: { min: 3, max: 3 } }))).toEqual(
      {},
    );
    expect(
      checkQuestion(
        question({ type: 'linear-scale', settings: { scale_min: 0, scale_max: 10 }, answer_key: { min: 0, max: 10 } }),
      ),
    ).toEqual({});
    expect(checkQuestion(question({ type: 'linear-scale' }), { publishing: true })).toEqual({});
  });

  it('refuses a range outside the question’s values or the wrong way round, and a range on other types', () => {
    const outside = { answer_key: testTexts.answerKeyRange };
    expect(checkQuestion(question({ type: 'rating', answer_key: { min: 0, max: 5 } }))).toEqual(outside);
    expect(checkQuestion(question({ type: 'rating', settings: { stars: 4 }, answer_key: { min: 4, max: 5 } }))).toEqual(
      outside,
    );
    expect(checkQuestion(question({ type: 'linear-scale', answer_key: { min: 5, max: 4 } }))).toEqual(outside);
    expect(
      checkQuestion(
        question({ type: 'linear-scale', settings: { scale_min: 1, scale_max: 7 }, answer_key: { min: 6, max: 8 } }),
      ),
    ).toEqual(outside);
    expect(checkQuestion(question({ type: 'rating', answer_key: '5' }))).toEqual({
      answer_key: testTexts.answerKeyShape,
    });
    expect(checkQuestion(question({ type: 'date', answer_key: { min: 1, max: 2 } }))).toEqual({
      answer_key: testTexts.answerKeyShape,
    });
  });
});

describe('parseRubric', () => {
  it('reads one criterion a line, with its weight in brackets, 1 when left out', () => {
    expect(parseRubric('closure (2)\nlexical scope\nreturns a function [3]')).toEqual([
      { phrases: ['closure'], weight: 2 },
      { phrases: ['lexical scope'], weight: 1 },
      { phrases: ['returns a function'], weight: 3 },
    ]);
  });

  it('splits alternatives on "|", dropping empty ones', () => {
    expect(parseRubric('useEffect cleanup | cleanup function (2)\n 404 |  | not found ')).toEqual([
      { phrases: ['useEffect cleanup', 'cleanup function'], weight: 2 },
      { phrases: ['404', 'not found'], weight: 1 },
    ]);
  });

  it('strips list bullets and numbers', () => {
    expect(parseRubric('- apologises\n* next step (2)\n• refund\n1. empathy\n2) follow-up')).toEqual([
      { phrases: ['apologises'], weight: 1 },
      { phrases: ['next step'], weight: 2 },
      { phrases: ['refund'], weight: 1 },
      { phrases: ['empathy'], weight: 1 },
      { phrases: ['follow-up'], weight: 1 },
    ]);
  });

  it('skips guidance: long lines without a weight, blank lines and lines of punctuation', () => {
    const rubric = [
      'A good answer acknowledges the feeling before offering any fix.',
      '',
      '   ',
      '---',
      'acknowledges the feeling (2)',
      'a long line with a weight counts as one phrase (1)',
    ].join('\n');
    expect(parseRubric(rubric)).toEqual([
      { phrases: ['acknowledges the feeling'], weight: 2 },
      { phrases: ['a long line with a weight counts as one phrase'], weight: 1 },
    ]);
    expect(parseRubric('Names the status code or its meaning and explains it.')).toEqual([]);
    expect(parseRubric(null)).toEqual([]);
    expect(parseRubric('')).toEqual([]);
  });

  it('caps a weight at 10 and drops a criterion weighted 0', () => {
    expect(parseRubric('closure (25)\nscope (10)\nhoisting (0)')).toEqual([
      { phrases: ['closure'], weight: 10 },
      { phrases: ['scope'], weight: 10 },
    ]);
  });
});
