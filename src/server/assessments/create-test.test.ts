import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type QuestionInput,
  type QuestionType,
  questionTypes,
  rangeQuestionTypes,
  type TestInput,
  testTexts,
  ungradedQuestionTypes,
} from '~/shared/assessments';
import { testsContract } from '~/shared/contracts/assessments';
import { auditLogs } from '../db/schema';
import { questionOfEachType } from '../testing/assessment-helpers';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

describe('POST /api/tests', () => {
  let testApp: TestApp;
  let company: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await signedInAccount(testApp, { role: 'company' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const create = (body: TestInput, account: Account = company) => account.call(testsContract.create, { body });
  // A body the contract's types do not allow (a missing field, an unknown type), to see the server refuse it.
  const createUnchecked = (body: object) => company.callUnchecked(testsContract.create, { body });
  const publishedTest = (questions: QuestionInput[]): TestInput => ({
    name: 'Support Skills',
    type: 'mixed',
    time_limit: 45,
    pass_rate: 80,
    description: 'For support agents.',
    questions,
    is_active: true,
    is_public: false,
  });

  it('creates a published test with a question of each of the twelve types, kept in order', async () => {
    const response = await create(publishedTest(questionTypes.map((type) => questionOfEachType[type])));
    expect(response.statusCode).toBe(201);
    const test = response.body;
    expect(test).toMatchObject({
      name: 'Support Skills',
      type: 'mixed',
      time_limit: 45,
      pass_rate: 80,
      description: 'For support agents.',
      is_active: true,
      is_public: false,
      archived: false,
      status: 'active',
      is_favorite: false,
      question_count: 12,
      linked_jobs: 0,
      attempts: { total: 0, avg_score: null },
    });
    expect(test.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(test.questions.map((question) => question.type)).toEqual([...questionTypes]);
    const byType = Object.fromEntries(test.questions.map((question) => [question.type, question]));
    // Blank options dropped; the options of other types, and settings a type does not use, never stored.
    expect(byType['multiple-choice']).toMatchObject({ options: ['200', '404'], answer_key: '404', points: 1 });
    expect(byType.checkboxes).toMatchObject({ answer_key: ['React', 'Vue'], points: 2 });
    expect(byType.paragraph).toMatchObject({
      use_ai: true,
      rubric: 'Acknowledges the feeling, apologises, offers a concrete next step.',
      answer_key: null,
      points: 5,
    });
    expect(byType['linear-scale']?.settings).toEqual({
      scale_min: 0,
      scale_max: 10,
      min_label: 'Not at all',
      max_label: 'Expert',
    });
    expect(byType.rating?.settings).toEqual({ stars: 10 });
    expect(byType['multiple-choice-grid']).toMatchObject({
      settings: { rows: ['Git', 'Jest'], columns: ['Testing', 'Version control'] },
      answer_key: { Git: 'Version control', Jest: 'Testing' },
    });
    expect(byType.date?.answer_key).toBe('2026-07-04');
    expect(byType.time?.answer_key).toBe('14:30');
    for (const question of test.questions) expect(question.id).toMatch(/^[0-9a-f-]{36}$/);

    const [audit] = await testApp.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, test.id));
    expect(audit).toMatchObject({
      actorId: company.user.id,
      action: 'test.created',
      targetType: 'test',
      details: { name: 'Support Skills', is_active: true, question_count: 12 },
    });
  });

  it('answers with what the job form reads back: id, name, type and pass_rate', async () => {
    const response = await create({ name: 'Quick Check', type: 'coding', questions: [questionOfEachType.date] });
    expect(response.statusCode).toBe(201);
    expect(response.body).toMatchObject({ name: 'Quick Check', type: 'coding', pass_rate: 70, time_limit: 60 });
  });

  it('fills a draft’s gaps with the spec’s defaults, and needs no question', async () => {
    const response = await create({ is_active: false });
    expect(response.statusCode).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Untitled Test',
      type: 'mixed',
      time_limit: 60,
      pass_rate: 70,
      description: '',
      is_active: false,
      status: 'draft',
      question_count: 0,
      questions: [],
    });
    const blanks = await create({ name: '   ', type: null, time_limit: null, pass_rate: null, questions: [] });
    expect(blanks.body).toMatchObject({ name: 'Untitled Test', type: 'mixed', time_limit: 60, pass_rate: 70 });
  });

  it('gives rating questions 5 stars and linear scales 1 to 5 unless told otherwise', async () => {
    const response = await create({
      questions: [
        { type: 'rating', question: 'Rate us' },
        { type: 'linear-scale', question: 'How likely?' },
      ],
    });
    expect(response.body.questions.map((question: { settings: object }) => question.settings)).toEqual([
      { stars: 5 },
      { scale_min: 1, scale_max: 5 },
    ]);
  });

  it('refuses to publish without a name, a type and a question, with the spec’s message', async () => {
    const response = await create({ name: '  ', is_active: true, questions: [] });
    expect(response.statusCode).toBe(400);
    expect(response.error).toEqual({
      error: testTexts.requiredFields,
      code: 'validation',
      fields: {
        name: testTexts.nameRequired,
        type: testTexts.typeRequired,
        questions: testTexts.questionsRequired,
      },
    });
    for (const missing of ['name', 'type', 'questions'] as const) {
      const complete: Record<string, unknown> = publishedTest([questionOfEachType.date]);
      complete[missing] = missing === 'questions' ? [] : null;
      const partial = await create(complete);
      expect(partial.statusCode, missing).toBe(400);
      expect(partial.error?.error).toBe(testTexts.requiredFields);
      expect(Object.keys(partial.error?.fields ?? {})).toEqual([missing]);
    }
  });

  it('keeps time limit, passing score, points and name within their limits', async () => {
    const cases: [object, string, string][] = [
      [{ time_limit: 14 }, 'time_limit', testTexts.timeLimitRange],
      [{ time_limit: 241 }, 'time_limit', testTexts.timeLimitRange],
      [{ time_limit: 30.5 }, 'time_limit', testTexts.timeLimitRange],
      [{ pass_rate: -1 }, 'pass_rate', testTexts.passRateRange],
      [{ pass_rate: 101 }, 'pass_rate', testTexts.passRateRange],
      [{ name: 'x'.repeat(121) }, 'name', testTexts.nameTooLong],
      [{ type: 'video' }, 'type', testTexts.typeRequired],
      [{ questions: [{ ...questionOfEachType.date, points: 0 }] }, 'questions.0.points', testTexts.pointsRange],
      [{ questions: [{ ...questionOfEachType.date, points: 11 }] }, 'questions.0.points', testTexts.pointsRange],
      [{ questions: [{ ...questionOfEachType.date, points: 1.5 }] }, 'questions.0.points', testTexts.pointsRange],
      [
        { questions: [{ ...questionOfEachType.date, question: '   ' }] },
        'questions.0.question',
        testTexts.questionRequired,
      ],
      [
        { questions: [{ ...questionOfEachType.date, type: 'essay' }] },
        'questions.0.type',
        testTexts.unknownQuestionType,
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await createUnchecked({ ...publishedTest([questionOfEachType.date]), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.error?.fields, JSON.stringify(change)).toEqual({ [field]: message });
      expect(response.error?.error).toBe(`${field}: ${message}`);
    }
    const edges = await create({
      ...publishedTest([{ ...questionOfEachType.date, points: 10 }]),
      time_limit: 240,
      pass_rate: 0,
    });
    expect(edges.statusCode).toBe(201);
    const lowEdges = await create({ ...publishedTest([questionOfEachType.date]), time_limit: 15, pass_rate: 100 });
    expect(lowEdges.statusCode).toBe(201);
  });

  it('leaves public tests to administrators', async () => {
    const response = await create({ ...publishedTest([questionOfEachType.date]), is_public: true });
    expect(response.statusCode).toBe(400);
    expect(response.error).toMatchObject({
      error: testTexts.publicOnlyAdmins,
      fields: { is_public: testTexts.publicOnlyAdmins },
    });
  });

  describe('each question type’s rules', () => {
    // The types a published test needs a key for: not those without one, nor scales and ratings (optional),
    // nor a short answer (without accepted answers a person grades it).
    const keylessTypes: readonly QuestionType[] = [...ungradedQuestionTypes, ...rangeQuestionTypes, 'short-answer'];
    const gradedTypes = questionTypes.filter((type) => !keylessTypes.includes(type));
    const withChange = (type: QuestionType, change: Partial<QuestionInput>): QuestionInput =>
      ({ ...questionOfEachType[type], ...change }) as QuestionInput;

    const rejected: [string, QuestionInput, string, string][] = [
      ...(['multiple-choice', 'checkboxes', 'dropdown'] as const).flatMap(
        (type): [string, QuestionInput, string, string][] => [
          [
            `${type} with one option left after blanks`,
            withChange(type, { options: ['Only', ' ', '', ''], answer_key: null }),
            'options',
            testTexts.optionsRequired,
          ],
          [
            `${type} with the same option twice`,
            withChange(type, { options: ['Same', 'same', 'Other'], answer_key: null }),
            'options',
            testTexts.optionsDistinct,
          ],
        ],
      ),
      [
        'multiple-choice key not an option',
        withChange('multiple-choice', { answer_key: '500' }),
        'answer_key',
        testTexts.answerKeyOption,
      ],
      [
        'dropdown key not an option',
        withChange('dropdown', { answer_key: '9' }),
        'answer_key',
        testTexts.answerKeyOption,
      ],
      [
        'multiple-choice key a list',
        withChange('multiple-choice', { answer_key: ['404', '200'] }),
        'answer_key',
        testTexts.answerKeyShape,
      ],
      [
        'checkboxes keys not a subset',
        withChange('checkboxes', { answer_key: ['React', 'Svelte'] }),
        'answer_key',
        testTexts.answerKeyOptions,
      ],
      [
        'checkboxes key a grid',
        withChange('checkboxes', { answer_key: { React: 'yes' } }),
        'answer_key',
        testTexts.answerKeyShape,
      ],
      [
        'short-answer key a grid',
        withChange('short-answer', { answer_key: { a: 'b' } }),
        'answer_key',
        testTexts.answerKeyShape,
      ],
      ...(['multiple-choice-grid', 'checkbox-grid'] as const).flatMap(
        (type): [string, QuestionInput, string, string][] => [
          [
            `${type} without rows`,
            withChange(type, { settings: { rows: [' '], columns: ['A'] }, answer_key: null }),
            'settings.rows',
            testTexts.gridRequired,
          ],
          [
            `${type} without columns`,
            withChange(type, { settings: { rows: ['A'], columns: [] }, answer_key: null }),
            'settings.columns',
            testTexts.gridRequired,
          ],
          [
            `${type} with a row twice`,
            withChange(type, { settings: { rows: ['A', 'A'], columns: ['B'] }, answer_key: null }),
            'settings.rows',
            testTexts.gridDistinct,
          ],
          [
            `${type} key naming an unknown row`,
            withChange(type, { answer_key: { Nope: type === 'checkbox-grid' ? ['Mon'] : 'Testing' } }),
            'answer_key',
            testTexts.answerKeyGrid,
          ],
        ],
      ),
      [
        'multiple-choice-grid key naming an unknown column',
        withChange('multiple-choice-grid', { answer_key: { Git: 'Deploying', Jest: 'Testing' } }),
        'answer_key',
        testTexts.answerKeyGrid,
      ],
      [
        'multiple-choice-grid key missing a row',
        withChange('multiple-choice-grid', { answer_key: { Git: 'Version control' } }),
        'answer_key',
        testTexts.answerKeyGridRows,
      ],
      [
        'multiple-choice-grid key with lists',
        withChange('multiple-choice-grid', { answer_key: { Git: ['Testing'] } }),
        'answer_key',
        testTexts.answerKeyShape,
      ],
      [
        'checkbox-grid key with single columns',
        withChange('checkbox-grid', { answer_key: { Morning: 'Mon' } }),
        'answer_key',
        testTexts.answerKeyShape,
      ],
      [
        'checkbox-grid key naming an unknown column',
        withChange('checkbox-grid', { answer_key: { Morning: ['Sun'] } }),
        'answer_key',
        testTexts.answerKeyGrid,
      ],
      ['date key not a date', withChange('date', { answer_key: '04/07/2026' }), 'answer_key', testTexts.answerKeyDate],
      [
        'date key not on the calendar',
        withChange('date', { answer_key: '2026-02-30' }),
        'answer_key',
        testTexts.answerKeyDate,
      ],
      ['time key past midnight', withChange('time', { answer_key: '24:00' }), 'answer_key', testTexts.answerKeyTime],
      [
        'time key without its leading zero',
        withChange('time', { answer_key: '9:30' }),
        'answer_key',
        testTexts.answerKeyTime,
      ],
      ...ungradedQuestionTypes.map((type): [string, QuestionInput, string, string] => [
        `${type} with an answer key`,
        withChange(type, { answer_key: 'anything' }),
        'answer_key',
        testTexts.noAnswerKey,
      ]),
      ...ungradedQuestionTypes.map((type): [string, QuestionInput, string, string] => [
        `${type} with an accepted range`,
        withChange(type, { answer_key: { min: 1, max: 2 } }),
        'answer_key',
        testTexts.noAnswerKey,
      ]),
      [
        'rating key from 0 on five stars',
        withChange('rating', { settings: { stars: 5 }, answer_key: { min: 0, max: 5 } }),
        'answer_key',
        testTexts.answerKeyRange,
      ],
      [
        'rating key past the last of five stars',
        withChange('rating', { settings: { stars: 5 }, answer_key: { min: 4, max: 6 } }),
        'answer_key',
        testTexts.answerKeyRange,
      ],
      [
        'linear-scale key beyond the scale’s end',
        withChange('linear-scale', { settings: { scale_min: 1, scale_max: 5 }, answer_key: { min: 4, max: 7 } }),
        'answer_key',
        testTexts.answerKeyRange,
      ],
      [
        'linear-scale key below the scale’s start',
        withChange('linear-scale', { settings: { scale_min: 1, scale_max: 5 }, answer_key: { min: 0, max: 2 } }),
        'answer_key',
        testTexts.answerKeyRange,
      ],
      [
        'linear-scale key the wrong way round',
        withChange('linear-scale', { answer_key: { min: 8, max: 6 } }),
        'answer_key',
        testTexts.answerKeyRange,
      ],
      ['rating key a single value', withChange('rating', { answer_key: '5' }), 'answer_key', testTexts.answerKeyShape],
      [
        'date key a range',
        withChange('date', { answer_key: { min: 1, max: 2 } }),
        'answer_key',
        testTexts.answerKeyShape,
      ],
      [
        'multiple-choice key a range',
        withChange('multiple-choice', { answer_key: { min: 1, max: 2 } }),
        'answer_key',
        testTexts.answerKeyShape,
      ],
      ...questionTypes
        .filter((type) => type !== 'short-answer' && type !== 'paragraph')
        .map((type): [string, QuestionInput, string, string] => [
          `${type} graded by AI`,
          withChange(type, { use_ai: true, rubric: 'Anything' }),
          'use_ai',
          testTexts.aiOnlyForText,
        ]),
      ...(['short-answer', 'paragraph'] as const).map((type): [string, QuestionInput, string, string] => [
        `${type} graded by AI without a rubric`,
        withChange(type, { use_ai: true, rubric: '   ' }),
        'rubric',
        testTexts.rubricRequired,
      ]),
      ...gradedTypes.map((type): [string, QuestionInput, string, string] => [
        `${type} published without an answer key`,
        withChange(type, { answer_key: null }),
        'answer_key',
        testTexts.answerKeyRequired,
      ]),
    ];

    it.each(rejected)('refuses %s', async (_name, question, field, message) => {
      const response = await create(publishedTest([questionOfEachType.date, question]));
      expect(response.statusCode).toBe(400);
      expect(response.error).toEqual({
        error: message,
        code: 'validation',
        fields: { [`questions.1.${field}`]: message },
      });
    });

    const schemaRejected: [string, QuestionInput, string, string][] = [
      [
        'rating with 6 stars',
        withChange('rating', { settings: { stars: 6 as 5 } }),
        'settings.stars',
        testTexts.ratingStars,
      ],
      [
        'linear scale from 2',
        withChange('linear-scale', { settings: { scale_min: 2 as 1, scale_max: 5 } }),
        'settings.scale_min',
        testTexts.scaleStart,
      ],
      [
        'linear scale up to 11',
        withChange('linear-scale', { settings: { scale_max: 11 } }),
        'settings.scale_max',
        testTexts.scaleEnd,
      ],
      [
        'linear scale up to 1',
        withChange('linear-scale', { settings: { scale_min: 0, scale_max: 1 } }),
        'settings.scale_max',
        testTexts.scaleEnd,
      ],
    ];

    it.each(schemaRejected)('refuses %s', async (_name, question, field, message) => {
      const response = await create(publishedTest([question]));
      expect(response.statusCode).toBe(400);
      expect(response.error?.fields).toEqual({ [`questions.0.${field}`]: message });
    });

    it('accepts 3, 4, 5 and 10 stars and scales from 0 or 1 up to 2–10', async () => {
      const questions: QuestionInput[] = [
        ...([3, 4, 5, 10] as const).map((stars): QuestionInput => withChange('rating', { settings: { stars } })),
        withChange('linear-scale', { settings: { scale_min: 0, scale_max: 2 } }),
        withChange('linear-scale', { settings: { scale_min: 1, scale_max: 10 } }),
      ];
      const response = await create(publishedTest(questions));
      expect(response.statusCode).toBe(201);
      expect(response.body.questions.map((question: { settings: object }) => question.settings)).toEqual([
        { stars: 3 },
        { stars: 4 },
        { stars: 5 },
        { stars: 10 },
        { scale_min: 0, scale_max: 2 },
        { scale_min: 1, scale_max: 10 },
      ]);
    });

    it('scores a scale or rating by its accepted range, ends included, and publishes one without as an opinion', async () => {
      const response = await create(
        publishedTest([
          withChange('rating', { settings: { stars: 5 }, answer_key: { min: 4, max: 5 } }),
          withChange('rating', { settings: { stars: 3 }, answer_key: { min: 1, max: 3 } }),
          withChange('linear-scale', { answer_key: { min: 0, max: 10 } }),
          withChange('linear-scale', { settings: { scale_min: 1, scale_max: 7 }, answer_key: { min: 6, max: 6 } }),
          withChange('linear-scale', { answer_key: null }),
          withChange('rating', { answer_key: null }),
        ]),
      );
      expect(response.statusCode).toBe(201);
      expect(response.body.questions.map((question: { answer_key: unknown }) => question.answer_key)).toEqual([
        { min: 4, max: 5 },
        { min: 1, max: 3 },
        { min: 0, max: 10 },
        { min: 6, max: 6 },
        null,
        null,
      ]);
    });

    it('lets a draft leave answer keys for later, but not break the other rules', async () => {
      const keyless = gradedTypes.map((type) => withChange(type, { answer_key: null }));
      const draft = await create({ name: 'Keys later', questions: keyless, is_active: false });
      expect(draft.statusCode).toBe(201);
      expect(draft.body.questions).toHaveLength(gradedTypes.length);

      const broken = await create({
        questions: [withChange('multiple-choice', { options: ['One'], answer_key: null })],
        is_active: false,
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.error?.fields).toEqual({ 'questions.0.options': testTexts.optionsRequired });
    });

    it('publishes a short answer graded by hand: no accepted answers, no AI grading', async () => {
      const response = await create(
        publishedTest([withChange('short-answer', { use_ai: false, rubric: null, answer_key: null })]),
      );
      expect(response.statusCode, response.error?.error).toBe(201);
      expect(response.body).toMatchObject({ is_active: true, status: 'active' });
      expect(response.body.questions[0]).toMatchObject({
        type: 'short-answer',
        use_ai: false,
        rubric: null,
        answer_key: null,
      });
      // Blank accepted answers are none at all.
      const blanks = await create(publishedTest([withChange('short-answer', { answer_key: ['  ', ''] })]));
      expect(blanks.statusCode, blanks.error?.error).toBe(201);
      expect(blanks.body.questions[0]?.answer_key).toBeNull();
    });

    it('grades a short answer by AI with a rubric and no accepted answers', async () => {
      const response = await create(
        publishedTest([withChange('short-answer', { use_ai: true, rubric: 'Names useState.', answer_key: null })]),
      );
      expect(response.statusCode).toBe(201);
      expect(response.body.questions[0]).toMatchObject({ use_ai: true, rubric: 'Names useState.', answer_key: null });
    });

    it('drops a rubric without AI grading, and accepts one box or one answer given as a string', async () => {
      const response = await create(
        publishedTest([
          withChange('short-answer', { rubric: 'Unused', answer_key: '  useState ' }),
          withChange('checkboxes', { answer_key: 'React' }),
        ]),
      );
      expect(response.statusCode).toBe(201);
      expect(response.body.questions).toMatchObject([
        { rubric: null, answer_key: ['useState'] },
        { answer_key: ['React'] },
      ]);
    });

    it('names every broken question, the first problem as the message', async () => {
      const response = await create(
        publishedTest([
          questionOfEachType.date,
          withChange('dropdown', { options: ['A'] }),
          withChange('rating', { use_ai: true }),
        ]),
      );
      expect(response.statusCode).toBe(400);
      expect(response.error).toEqual({
        error: testTexts.optionsRequired,
        code: 'validation',
        fields: {
          'questions.1.options': testTexts.optionsRequired,
          'questions.2.use_ai': testTexts.aiOnlyForText,
        },
      });
    });
  });

  it('is for companies only', async () => {
    for (const role of ['applicant', 'admin'] as const) {
      const outsider = await signedInAccount(testApp, { role });
      const response = await create(publishedTest([questionOfEachType.date]), outsider);
      expect(response.statusCode, role).toBe(403);
    }
    const anonymous = await callerFrom(testApp).call(testsContract.create, {
      body: publishedTest([questionOfEachType.date]),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
