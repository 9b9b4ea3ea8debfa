import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionInput, QuestionType, TestInput } from '~/shared/assessments';
import { pathOf } from '~/shared/contract';
import { testAttemptsContract, testsContract } from '~/shared/contracts/assessments';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { pipelineContract } from '~/shared/contracts/pipeline';
import {
  attemptTexts,
  INTEGRITY_EVENTS_MAX,
  INTEGRITY_EVENTS_PER_REQUEST,
  type IntegrityEvent,
  type SentAnswer,
} from '~/shared/test-attempts';
import { jobTests, notifications, testAttempts } from '../db/schema';
import { buildJob } from '../seed/job-factories';
import { questionOfEachType } from '../testing/assessment-helpers';
import { signedInAccount } from '../testing/auth-helpers';
import { companyAccount } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { sweepAttempts } from './sweep-attempts';

type Account = Awaited<ReturnType<typeof signedInAccount>>;
type Company = Awaited<ReturnType<typeof companyAccount>>;

// Skills tests through the API: assignment on apply and by the company, the server's deadline, answers saved
// and resumed, grading of all twelve types (full, partial, none), manual review, integrity records,
// answer files, tenancy, and the Tests tab's figures.
describe('taking skills tests', () => {
  let testApp: TestApp;
  let company: Company;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { ATTEMPT_SWEEP_SECONDS: '0' } });
    company = await companyAccount(testApp, 'Acme Testing');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const allTypes: QuestionInput[] = [
    questionOfEachType['short-answer'],
    // A paragraph graded by the rubric grader.
    {
      type: 'paragraph',
      question: 'Why do closures matter?',
      points: 4,
      use_ai: true,
      rubric: 'closure (2)\nlexical scope\ngarbage collection',
    },
    questionOfEachType['multiple-choice'],
    questionOfEachType.checkboxes,
    questionOfEachType.dropdown,
    questionOfEachType['file-upload'],
    { ...questionOfEachType['linear-scale'], answer_key: { min: 7, max: 10 } },
    { ...questionOfEachType.rating, answer_key: { min: 8, max: 10 } },
    questionOfEachType['multiple-choice-grid'],
    questionOfEachType['checkbox-grid'],
    questionOfEachType.date,
    questionOfEachType.time,
  ];

  async function createTest(owner: Company, questions: QuestionInput[], fields: Partial<TestInput> = {}) {
    const response = await owner.call(testsContract.create, {
      body: {
        name: 'Skills check',
        type: 'mixed',
        time_limit: 30,
        pass_rate: 60,
        is_active: true,
        questions,
        ...fields,
      },
    });
    expect(response.statusCode, response.error?.error).toBe(201);
    return response.body;
  }

  // An applicant applies to an open job requiring the test; the attempt it assigns.
  async function applyForTest(testId: string, applicant?: Account) {
    const taker = applicant ?? (await signedInAccount(testApp, { role: 'applicant' }));
    const job = await buildJob(testApp.database.db, { companyId: company.companyId, status: 'open', title: 'Analyst' });
    await testApp.database.db.insert(jobTests).values({ jobId: job.id, testId });
    const applied = await taker.call(jobBoardContract.apply, {
      params: { id: job.id },
      body: { cover_letter: 'Ready to be tested.' },
    });
    expect(applied.statusCode, applied.error?.error).toBe(201);
    const list = await taker.call(testAttemptsContract.ownList, { query: { state: 'to_do' } });
    const attempt = list.body.items.find((item) => item.test.id === testId);
    expect(attempt).toBeDefined();
    return { taker, attemptId: attempt?.id ?? '', applicationId: applied.body.id, job };
  }

  const start = (taker: Account, attemptId: string) =>
    taker.call(testAttemptsContract.start, { params: { id: attemptId } });
  const save = (taker: Account, attemptId: string, questionId: string, answer: SentAnswer) =>
    taker.call(testAttemptsContract.saveAnswer, {
      params: { id: attemptId, question_id: questionId },
      body: { answer },
    });
  const submit = (taker: Account, attemptId: string) =>
    taker.call(testAttemptsContract.submit, { params: { id: attemptId } });
  const review = (attemptId: string, as: Account = company) =>
    as.call(testAttemptsContract.review, { params: { id: attemptId } });
  const ownAttempt = (taker: Account, attemptId: string) =>
    taker.call(testAttemptsContract.own, { params: { id: attemptId } });
  const grade = (attemptId: string, questionId: string, body: { points: number; comment?: string }, as = company) =>
    as.call(testAttemptsContract.grade, { params: { id: attemptId, question_id: questionId }, body });
  // The contract types a file body as the browser's Blob; inject sends the bytes as a Buffer, typed and named
  // as the browser would.
  const upload = (taker: Account, attemptId: string, questionId: string, content: Buffer, type: string, name: string) =>
    taker.callUnchecked(testAttemptsContract.uploadAnswerFile, {
      params: { id: attemptId, question_id: questionId },
      headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name) },
      body: content,
    });
  const moveDeadline = (attemptId: string, to: Date) =>
    testApp.database.db.update(testAttempts).set({ deadlineAt: to }).where(eq(testAttempts.id, attemptId));

  it('assigns a job’s required tests on apply, and starts the clock on the server at Start', async () => {
    const test = await createTest(company, [questionOfEachType.date]);
    const { taker, attemptId } = await applyForTest(test.id);

    const before = (await ownAttempt(taker, attemptId)).body;
    expect(before).toMatchObject({
      status: 'assigned',
      questions: [],
      deadline_at: null,
      test: { time_limit: 30, question_count: 1 },
    });

    const started = await start(taker, attemptId);
    expect(started.statusCode, started.error?.error).toBe(200);
    const body = started.body;
    expect(body.status).toBe('started');
    const limit = new Date(body.deadline_at ?? '').getTime() - new Date(body.started_at ?? '').getTime();
    expect(limit).toBe(30 * 60_000);
    // The candidate never sees the answer key: read as it came, since parsing by the contract would drop it.
    expect(JSON.parse(started.rawPayload.toString()).questions[0]).not.toHaveProperty('answer_key');
    expect(started.rawPayload.toString()).not.toContain('2026-07-04');
    // Starting again changes nothing.
    expect((await start(taker, attemptId)).body.deadline_at).toBe(body.deadline_at);
  });

  it('keeps answers as they are given, so a reload resumes, and refuses answers that do not fit', async () => {
    const test = await createTest(company, allTypes);
    const { taker, attemptId } = await applyForTest(test.id);
    await start(taker, attemptId);
    const [shortAnswer, , multipleChoice, checkboxes] = test.questions;
    expect((await save(taker, attemptId, shortAnswer?.id ?? '', 'useState')).statusCode).toBe(200);
    expect((await save(taker, attemptId, checkboxes?.id ?? '', ['React'])).statusCode).toBe(200);
    expect((await save(taker, attemptId, checkboxes?.id ?? '', ['React', 'Vue'])).statusCode).toBe(200);

    const reloaded = (await ownAttempt(taker, attemptId)).body;
    expect(reloaded.answers).toEqual({ [shortAnswer?.id ?? '']: 'useState', [checkboxes?.id ?? '']: ['React', 'Vue'] });

    const wrongOption = await save(taker, attemptId, multipleChoice?.id ?? '', '500');
    expect(wrongOption.statusCode).toBe(400);
    expect(wrongOption.error).toMatchObject({
      error: attemptTexts.chooseOption,
      fields: { answer: attemptTexts.chooseOption },
    });
    const fileAsJson = await save(taker, attemptId, test.questions[5]?.id ?? '', 'a file');
    expect(fileAsJson.error?.error).toBe(attemptTexts.fileByUpload);
    const unknownQuestion = await save(taker, attemptId, 'not-a-question', 'x');
    expect(unknownQuestion.statusCode).toBe(404);
    expect(unknownQuestion.error?.error).toBe(attemptTexts.questionNotInTest);
    const tooLong = await save(taker, attemptId, shortAnswer?.id ?? '', 'x'.repeat(501));
    expect(tooLong.error?.error).toBe(attemptTexts.textTooLong(500));
  });

  // Full credit on everything, then partial, then none: the per-question points and the score.
  describe('grading each of the twelve types', () => {
    const answersFor = (
      level: 'full' | 'partial' | 'none',
    ): Record<Exclude<QuestionType, 'file-upload'>, SentAnswer> => {
      if (level === 'full')
        return {
          'short-answer': 'usestate',
          paragraph: 'A closure keeps its lexical scope alive until garbage collection.',
          'multiple-choice': '404',
          checkboxes: ['React', 'Vue'],
          dropdown: '7',
          'linear-scale': 8,
          rating: 10,
          'multiple-choice-grid': { Git: 'Version control', Jest: 'Testing' },
          'checkbox-grid': { Morning: ['Mon', 'Tue'] },
          date: '2026-07-04',
          time: '14:30',
        };
      if (level === 'partial')
        return {
          'short-answer': 'useEffect',
          paragraph: 'A closure is a function.',
          'multiple-choice': '404',
          checkboxes: ['React'],
          dropdown: '3',
          'linear-scale': 3,
          rating: 9,
          'multiple-choice-grid': { Git: 'Version control', Jest: 'Version control' },
          'checkbox-grid': { Morning: ['Mon', 'Tue'], Evening: ['Mon'] },
          date: '2026-07-05',
          time: '14:30',
        };
      return {
        'short-answer': 'no idea',
        paragraph: 'I would rather not say.',
        'multiple-choice': '200',
        checkboxes: ['Django', 'Rails'],
        dropdown: '3',
        'linear-scale': 0,
        rating: 1,
        'multiple-choice-grid': { Git: 'Testing', Jest: 'Version control' },
        'checkbox-grid': { Morning: ['Mon'], Evening: ['Tue'] },
        date: '2027-01-01',
        time: '02:30',
      };
    };
    const expectedPoints: Record<'full' | 'partial' | 'none', Partial<Record<QuestionType, number>>> = {
      full: {
        'short-answer': 1,
        paragraph: 4,
        'multiple-choice': 1,
        checkboxes: 2,
        dropdown: 1,
        'linear-scale': 1,
        rating: 1,
        'multiple-choice-grid': 1,
        'checkbox-grid': 1,
        date: 1,
        time: 1,
      },
      partial: {
        'short-answer': 0,
        paragraph: 2,
        'multiple-choice': 1,
        checkboxes: 1,
        dropdown: 0,
        'linear-scale': 0,
        rating: 1,
        'multiple-choice-grid': 0.5,
        'checkbox-grid': 0.5,
        date: 0,
        time: 1,
      },
      none: {
        'short-answer': 0,
        paragraph: 0,
        'multiple-choice': 0,
        checkboxes: 0,
        dropdown: 0,
        'linear-scale': 0,
        rating: 0,
        'multiple-choice-grid': 0,
        'checkbox-grid': 0,
        date: 0,
        time: 0,
      },
    };

    it.each(['full', 'partial', 'none'] as const)('%s credit', async (level) => {
      const test = await createTest(company, allTypes);
      const { taker, attemptId } = await applyForTest(test.id);
      await start(taker, attemptId);
      const answers = answersFor(level);
      for (const question of test.questions) {
        if (question.type === 'file-upload') continue;
        const saved = await save(taker, attemptId, question.id, answers[question.type]);
        expect(saved.statusCode, `${question.type}: ${saved.error?.error}`).toBe(200);
      }
      const fileQuestion = test.questions.find((question) => question.type === 'file-upload');
      const uploaded = await upload(
        taker,
        attemptId,
        fileQuestion?.id ?? '',
        Buffer.from('%PDF-1.4 sample'),
        'application/pdf',
        'sample.pdf',
      );
      expect(uploaded.statusCode, uploaded.error?.error).toBe(200);

      const submitted = await submit(taker, attemptId);
      expect(submitted.statusCode, submitted.error?.error).toBe(200);
      // The file waits for a person: submitted, and the candidate sees no result yet.
      expect(submitted.body).toMatchObject({ status: 'submitted', closed_by: 'candidate', result: null });

      const pending = (await review(attemptId)).body;
      expect(pending.pending_reviews).toBe(1);
      for (const question of pending.questions) {
        if (question.type === 'file-upload') {
          expect(question.grade).toMatchObject({ method: 'manual', points: null });
          expect(question.file_url).toBe(
            pathOf(testAttemptsContract.answerFile.path, { id: attemptId, question_id: question.id }),
          );
          continue;
        }
        expect(question.grade?.points, question.type).toBe(expectedPoints[level][question.type]);
      }

      // The company grades the file; the attempt is graded and scored against the pass rate (60).
      const graded = await grade(attemptId, fileQuestion?.id ?? '', {
        points: level === 'full' ? 1 : 0,
        comment: 'Read it.',
      });
      expect(graded.statusCode, graded.error?.error).toBe(200);
      const possible = 1 + 4 + 1 + 2 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1;
      const earned =
        Object.values(expectedPoints[level]).reduce((sum, points) => sum + points, 0) + (level === 'full' ? 1 : 0);
      const score = Math.round((earned / possible) * 100);
      expect(graded.body).toMatchObject({
        status: 'graded',
        points_possible: possible,
        points_earned: earned,
        score,
        passed: score >= 60,
        pending_reviews: 0,
      });
      const candidateAnswer = await ownAttempt(taker, attemptId);
      const candidateView = candidateAnswer.body;
      expect(candidateView.result).toEqual({
        score,
        passed: score >= 60,
        pass_rate: 60,
        points_earned: earned,
        points_possible: possible,
      });
      // As it came: parsing by the contract would drop an answer key sent by mistake.
      expect(candidateAnswer.rawPayload.toString()).not.toContain('Version control');
    });
  });

  it('enforces the deadline on the server: late answers and a late submit are refused, the saved ones count', async () => {
    const test = await createTest(company, [questionOfEachType.date, questionOfEachType.time]);
    const { taker, attemptId } = await applyForTest(test.id);
    await start(taker, attemptId);
    const [dateQuestion, timeQuestion] = test.questions;
    await save(taker, attemptId, dateQuestion?.id ?? '', '2026-07-04');
    await moveDeadline(attemptId, new Date(Date.now() - 1000));

    const late = await save(taker, attemptId, timeQuestion?.id ?? '', '14:30');
    expect(late.statusCode).toBe(409);
    expect(late.error?.error).toBe(attemptTexts.timeUp);
    const lateSubmit = await submit(taker, attemptId);
    expect(lateSubmit.statusCode).toBe(409);
    expect(lateSubmit.error?.error).toBe(attemptTexts.timeUp);

    const closed = (await ownAttempt(taker, attemptId)).body;
    expect(closed).toMatchObject({
      status: 'graded',
      closed_by: 'deadline',
      result: { points_earned: 1, points_possible: 2, score: 50 },
    });
    // Closed at the deadline, not when somebody next looked.
    const [row] = await testApp.database.db.select().from(testAttempts).where(eq(testAttempts.id, attemptId));
    expect(row?.submittedAt?.getTime()).toBe(row?.deadlineAt?.getTime());
    expect((await submit(taker, attemptId)).error?.error).toBe(attemptTexts.finished);
  });

  it('closes abandoned attempts in the sweep, grading what was saved', async () => {
    const test = await createTest(company, [questionOfEachType.date]);
    const { taker, attemptId } = await applyForTest(test.id);
    await start(taker, attemptId);
    await save(taker, attemptId, test.questions[0]?.id ?? '', '2026-07-04');
    const untouched = await applyForTest(test.id);
    await start(untouched.taker, untouched.attemptId);

    expect(await sweepAttempts({ db: testApp.database.db, grader: testApp.app.appContext.textGrader })).toMatchObject({
      closed: 0,
    });
    await moveDeadline(attemptId, new Date(Date.now() - 60_000));
    const swept = await sweepAttempts({ db: testApp.database.db, grader: testApp.app.appContext.textGrader });
    expect(swept.closed).toBe(1);
    const [row] = await testApp.database.db.select().from(testAttempts).where(eq(testAttempts.id, attemptId));
    expect(row).toMatchObject({ status: 'graded', closedBy: 'deadline', score: 100, passed: true });
    const [other] = await testApp.database.db
      .select()
      .from(testAttempts)
      .where(eq(testAttempts.id, untouched.attemptId));
    expect(other?.status).toBe('started');
    // The company is told.
    const told = await testApp.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, company.user.id), eq(notifications.type, 'test_submitted')));
    expect(told.some((note) => note.link === `/company/test-attempts/${attemptId}`)).toBe(true);
  });

  it('records focus losses and pastes, and shows them to the company beside the answers', async () => {
    const test = await createTest(company, [questionOfEachType['short-answer']]);
    const { taker, attemptId } = await applyForTest(test.id);
    await start(taker, attemptId);
    const questionId = test.questions[0]?.id;
    const at = new Date().toISOString();
    const recorded = await taker.call(testAttemptsContract.recordIntegrityEvents, {
      params: { id: attemptId },
      body: {
        events: [
          { type: 'focus_lost', at },
          { type: 'focus_returned', at },
          { type: 'paste', at, question_id: questionId },
          { type: 'focus_lost', at },
        ],
      },
    });
    expect(recorded.body).toEqual({ recorded: 4 });
    // An event type the contract does not know, sent on purpose.
    const bad = await taker.callUnchecked(testAttemptsContract.recordIntegrityEvents, {
      params: { id: attemptId },
      body: { events: [{ type: 'screenshot', at }] },
    });
    expect(bad.statusCode).toBe(400);
    const body = (await review(attemptId)).body;
    expect(body.integrity).toMatchObject({ focus_losses: 2, pastes: 1, is_truncated: false });
    expect(body.integrity.events[2]).toMatchObject({ type: 'paste', question_id: questionId, at });
  });

  it('counts focus losses and pastes past the timeline’s cap, and says the timeline is cut short', async () => {
    const test = await createTest(company, [questionOfEachType['short-answer']]);
    const { taker, attemptId } = await applyForTest(test.id);
    await start(taker, attemptId);
    const at = new Date().toISOString();
    const send = (events: IntegrityEvent[]) =>
      taker.call(testAttemptsContract.recordIntegrityEvents, { params: { id: attemptId }, body: { events } });
    // Fill the timeline with returns, then keep leaving the tab and pasting.
    const returns = Array.from(
      { length: INTEGRITY_EVENTS_PER_REQUEST },
      (): IntegrityEvent => ({
        type: 'focus_returned',
        at,
      }),
    );
    for (let sent = 0; sent < INTEGRITY_EVENTS_MAX; sent += INTEGRITY_EVENTS_PER_REQUEST) {
      expect((await send(returns)).statusCode).toBe(200);
    }
    const beyond = await send([
      { type: 'focus_lost', at },
      { type: 'paste', at },
      { type: 'focus_lost', at },
    ]);
    expect(beyond.body).toEqual({ recorded: 0 });
    const { integrity } = (await review(attemptId)).body;
    expect(integrity).toMatchObject({ focus_losses: 2, pastes: 1, is_truncated: true });
    expect(integrity.events).toHaveLength(INTEGRITY_EVENTS_MAX);
    const list = await company.call(testAttemptsContract.listForTest, { params: { id: test.id } });
    expect(list.body.items).toEqual([expect.objectContaining({ id: attemptId, focus_losses: 2, pastes: 1 })]);
  });

  it('stores answer files with type and size limits, for the candidate and the company only', async () => {
    const test = await createTest(company, [questionOfEachType['file-upload']]);
    const { taker, attemptId } = await applyForTest(test.id);
    await start(taker, attemptId);
    const questionId = test.questions[0]?.id ?? '';
    const refusedType = await upload(taker, attemptId, questionId, Buffer.from('<svg/>'), 'image/svg+xml', 'x.svg');
    expect(refusedType.statusCode).toBe(415);
    expect(refusedType.error?.error).toBe(attemptTexts.fileType);
    const tooLarge = await upload(
      taker,
      attemptId,
      questionId,
      Buffer.alloc(10 * 1024 * 1024 + 1, 1),
      'application/pdf',
      'big.pdf',
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.error?.error).toBe(attemptTexts.fileTooLarge);
    const first = await upload(taker, attemptId, questionId, Buffer.from('first'), 'text/plain', 'notes.txt');
    expect(first.body).toMatchObject({ name: 'notes.txt', size: 5, content_type: 'text/plain' });
    const second = await upload(
      taker,
      attemptId,
      questionId,
      Buffer.from('second draft'),
      'text/plain',
      '../../évaluation.txt',
    );
    expect(second.body).toMatchObject({ name: 'évaluation.txt', size: 12 });

    const fileParams = { id: attemptId, question_id: questionId };
    const download = await company.call(testAttemptsContract.answerFile, { params: fileParams });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.toString()).toBe('second draft');
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''%C3%A9valuation.txt");
    const own = await taker.call(testAttemptsContract.ownAnswerFile, { params: fileParams });
    expect(own.rawPayload.toString()).toBe('second draft');
    const stranger = await signedInAccount(testApp, { role: 'applicant' });
    expect((await stranger.call(testAttemptsContract.ownAnswerFile, { params: fileParams })).statusCode).toBe(404);
    const otherCompany = await companyAccount(testApp, 'Other Co');
    expect((await otherCompany.call(testAttemptsContract.answerFile, { params: fileParams })).statusCode).toBe(404);
  });

  it('keeps attempts to their owners: a company sees its own tests’ attempts, a candidate only theirs', async () => {
    const test = await createTest(company, [questionOfEachType.date]);
    const { taker, attemptId } = await applyForTest(test.id);
    const otherCompany = await companyAccount(testApp, 'Rival Inc');
    const stranger = await signedInAccount(testApp, { role: 'applicant' });

    expect((await review(attemptId, otherCompany)).statusCode).toBe(404);
    expect((await otherCompany.call(testAttemptsContract.listForTest, { params: { id: test.id } })).statusCode).toBe(
      404,
    );
    expect((await ownAttempt(stranger, attemptId)).statusCode).toBe(404);
    expect((await start(stranger, attemptId)).statusCode).toBe(404);
    expect((await stranger.call(testAttemptsContract.ownList)).body.total).toBe(0);
    // Roles: an applicant cannot read the company's review, a company cannot take a test.
    expect((await review(attemptId, taker)).statusCode).toBe(403);
    expect((await start(company, attemptId)).statusCode).toBe(403);
    const otherGrades = await grade(attemptId, test.questions[0]?.id ?? '', { points: 1 }, otherCompany);
    expect(otherGrades.statusCode).toBe(404);
  });

  it('lets the company assign a test to an applicant of its job, once at a time, and a retake once finished', async () => {
    const test = await createTest(company, [questionOfEachType.date], { name: 'Follow-up check' });
    const applicantTest = await createTest(company, [questionOfEachType.time]);
    const { taker, applicationId } = await applyForTest(applicantTest.id);
    const assign = (testId: string, as: Account = company) =>
      as.call(pipelineContract.assignTest, { params: { id: applicationId }, body: { test_id: testId } });

    const assigned = await assign(test.id);
    expect(assigned.statusCode, assigned.error?.error).toBe(201);
    const again = await assign(test.id);
    expect(again.statusCode).toBe(409);
    expect(again.error?.error).toBe(attemptTexts.alreadyAssigned);
    const [note] = await testApp.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, taker.user.id), eq(notifications.type, 'test_assigned')));
    expect(note).toMatchObject({
      title: 'Skills test: Follow-up check',
      link: `/applicant/tests/${assigned.body.id}`,
    });

    // Finished: a retake is a new attempt.
    await start(taker, assigned.body.id);
    await submit(taker, assigned.body.id);
    expect((await assign(test.id)).statusCode).toBe(201);

    const draft = await createTest(company, [questionOfEachType.date], { is_active: false });
    expect((await assign(draft.id)).error?.error).toBe(attemptTexts.testNotAssignable);
    const otherCompany = await companyAccount(testApp, 'Third Co');
    const theirs = await createTest(otherCompany, [questionOfEachType.date]);
    expect((await assign(theirs.id)).statusCode).toBe(400);
    expect((await assign(test.id, otherCompany)).statusCode).toBe(404);

    // The pipeline lists it with the latest attempt.
    const application = (await company.call(pipelineContract.get, { params: { id: applicationId } })).body;
    expect(application.test_results.map((result) => result.test_name)).toEqual(['Skills check', 'Follow-up check']);
    expect(application.test_results[1]?.attempt).toMatchObject({ status: 'assigned', pending_reviews: 0 });
  });

  it('refuses hand grades out of range and for attempts still running', async () => {
    const test = await createTest(company, [{ type: 'paragraph', question: 'Tell us about you.', points: 3 }]);
    const { taker, attemptId } = await applyForTest(test.id);
    await start(taker, attemptId);
    const questionId = test.questions[0]?.id;
    const gradeWith = (points: number) => grade(attemptId, questionId ?? '', { points });
    expect((await gradeWith(1)).error?.error).toBe(attemptTexts.notSubmittedYet);
    await save(taker, attemptId, questionId ?? '', 'I build dashboards.');
    await submit(taker, attemptId);
    const tooMany = await gradeWith(4);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.error).toMatchObject({
      error: attemptTexts.pointsRange(3),
      fields: { points: attemptTexts.pointsRange(3) },
    });
    expect((await gradeWith(2.5)).body).toMatchObject({ status: 'graded', score: 83, passed: true });
    // A correction later recomputes.
    expect((await gradeWith(1)).body).toMatchObject({ status: 'graded', score: 33, passed: false });
  });

  it('holds a short answer graded by hand for the company: submitted, then graded by its points', async () => {
    const test = await createTest(company, [
      { type: 'short-answer', question: 'Name a tool you use to track tickets.', points: 2 },
      questionOfEachType.date,
    ]);
    const [shortAnswer, date] = test.questions;
    const { taker, attemptId } = await applyForTest(test.id);
    await start(taker, attemptId);
    await save(taker, attemptId, shortAnswer?.id ?? '', 'Zendesk');
    await save(taker, attemptId, date?.id ?? '', '2026-07-04');
    const submitted = await submit(taker, attemptId);
    // Nothing decides a short answer without accepted answers but a person: the attempt waits.
    expect(submitted.body).toMatchObject({ status: 'submitted', result: null });
    const pending = (await review(attemptId)).body;
    expect(pending.pending_reviews).toBe(1);
    expect(pending.questions[0]?.grade).toMatchObject({ method: 'manual', points: null });

    const graded = await grade(attemptId, shortAnswer?.id ?? '', { points: 2, comment: 'A fine answer.' });
    expect(graded.statusCode, graded.error?.error).toBe(200);
    expect(graded.body).toMatchObject({ status: 'graded', pending_reviews: 0, points_earned: 3, score: 100 });
  });

  it('feeds the Tests tab: attempts and the average of graded scores equal a direct computation', async () => {
    const test = await createTest(company, [questionOfEachType.date, questionOfEachType.time], { name: 'Tab figures' });
    const scores: Array<number | undefined> = [];
    for (const answers of [
      ['2026-07-04', '14:30'],
      ['2026-07-04', '02:30'],
      [null, null],
    ]) {
      const { taker, attemptId } = await applyForTest(test.id);
      await start(taker, attemptId);
      for (const [index, question] of test.questions.entries()) {
        if (answers[index]) await save(taker, attemptId, question.id, answers[index]);
      }
      scores.push((await submit(taker, attemptId)).body.result?.score);
    }
    await applyForTest(test.id); // assigned, not taken
    expect(scores).toEqual([100, 50, 0]);
    const tab = await company.call(testsContract.list, { query: { q: 'Tab figures' } });
    const [row] = tab.body.items;
    expect(row?.attempts).toEqual({ total: 4, avg_score: Math.round((100 + 50 + 0) / 3) });
    const listed = await company.call(testAttemptsContract.listForTest, {
      params: { id: test.id },
      query: { page_size: 2 },
    });
    expect(listed.body).toMatchObject({ total: 4, page: 1, page_size: 2 });
    expect(listed.body.items).toHaveLength(2);
  });
});
