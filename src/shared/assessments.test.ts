import { describe, expect, it } from 'vitest';
import {
  checkQuestion,
  checkTest,
  describeTestPoints,
  isScoredQuestion,
  normalizeQuestion,
  normalizeTest,
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

  it('counts the points of scored questions only, and names the others', () => {
    const questions = [
      question('multiple-choice', 'B', 2),
      question('rating', null, 3),
      question('short-answer', ['yes'], 1),
      question('paragraph', null, 4, true),
      question('file-upload', null, 5),
      question('checkboxes', ['a', 'b'], 2),
    ];
    expect(describeTestPoints(questions)).toEqual({
      summary: '6 questions · 9 points',
      unscored: 'Questions 2 and 5 are not scored.',
    });
    expect(describeTestPoints([question('linear-scale', null, 2)])).toEqual({
      summary: '1 question · 0 points',
      unscored: 'Question 1 is not scored.',
    });
    expect(describeTestPoints([question('date', '2026-12-01', 1)])).toEqual({
      summary: '1 question · 1 point',
      unscored: null,
    });
  });

  it('scores a question through its answer key or AI grading, never an opinion', () => {
    expect(isScoredQuestion(question('short-answer', null))).toBe(false);
    expect(isScoredQuestion(question('short-answer', null, 1, true))).toBe(true);
    expect(isScoredQuestion(question('rating', null, 1, true))).toBe(false);
    expect(isScoredQuestion(question('dropdown', 'x'))).toBe(true);
  });
});
