import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyOf } from '~/shared/contract';
import { applicationsContract } from '~/shared/contracts/applications';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { jobsContract } from '~/shared/contracts/jobs';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { screeningAnswerField, screeningTexts } from '~/shared/screening-questions';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

// A job's screening questions: the company asks them in the job (POST and PUT /api/jobs), the applicant
// reads them on the post and answers them as they apply, and the company reads each answer beside the
// question as it was asked, whatever the job says later.
describe('screening questions', () => {
  let testApp: TestApp;
  let company: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyAccount(testApp, 'Northwind Outfitters');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const jobPayload: BodyOf<typeof jobsContract.create> = {
    title: 'Support Engineer',
    description: 'Answer customer tickets.',
    engagement_type: 'hourly',
    budget_min: 30,
    budget_max: 45,
    status: 'open',
  };
  const createJob = (screening_questions: BodyOf<typeof jobsContract.create>['screening_questions']) =>
    company.call(jobsContract.create, { body: { ...jobPayload, screening_questions } });
  const apply = (
    applicant: Account,
    jobId: string,
    screening_answers?: BodyOf<typeof jobBoardContract.apply>['screening_answers'],
  ) =>
    applicant.call(jobBoardContract.apply, {
      params: { id: jobId },
      body: { cover_letter: 'I have answered tickets for years.', screening_answers },
    });

  it('are asked on the post, required unless said otherwise, and kept as asked with each answer', async () => {
    const created = await createJob([
      { question: '  How many tickets do you answer in a day?  ' },
      { question: 'Which help desks have you used?', required: false },
    ]);
    expect(created.statusCode, created.error?.error).toBe(201);
    const job = created.body;
    expect(job.screening_questions).toEqual([
      { id: expect.any(String), question: 'How many tickets do you answer in a day?', required: true },
      { id: expect.any(String), question: 'Which help desks have you used?', required: false },
    ]);
    const [daily = { id: '' }, desks = { id: '' }] = job.screening_questions;

    const applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Grace Hopper' });
    const posting = await applicant.call(jobBoardContract.jobPosting, { params: { id: job.id } });
    expect(posting.body.screening_questions).toEqual(job.screening_questions);
    const listed = await applicant.call(jobBoardContract.findJobs, { query: { q: 'Support Engineer' } });
    const card = listed.body.items.find((item) => item.id === job.id);
    expect(card?.screening_questions).toEqual(job.screening_questions);

    // The required one unanswered: refused at its field, nothing stored.
    const unanswered = await apply(applicant, job.id, [{ question_id: desks.id, answer: 'Zendesk' }]);
    expect(unanswered.statusCode).toBe(400);
    expect(unanswered.error).toMatchObject({
      error: screeningTexts.answerRequired,
      fields: { [screeningAnswerField(daily.id)]: screeningTexts.answerRequired },
    });
    const blank = await apply(applicant, job.id, [{ question_id: daily.id, answer: '   ' }]);
    expect(blank.error?.fields).toEqual({ [screeningAnswerField(daily.id)]: screeningTexts.answerRequired });

    const applied = await apply(applicant, job.id, [{ question_id: daily.id, answer: ' About sixty. ' }]);
    expect(applied.statusCode, applied.error?.error).toBe(201);
    const expected = [
      { question_id: daily.id, question: 'How many tickets do you answer in a day?', answer: 'About sixty.' },
      { question_id: desks.id, question: 'Which help desks have you used?', answer: '' },
    ];
    expect(applied.body.screening_answers).toEqual(expected);

    // The job reworded later: the post asks the new words, the application keeps what was asked.
    const edited = await company.call(jobsContract.update, {
      params: { id: job.id },
      body: {
        ...jobPayload,
        screening_questions: [{ id: daily.id, question: 'How many tickets a day?', required: true }],
      },
    });
    expect(edited.statusCode, edited.error?.error).toBe(200);
    expect(edited.body.screening_questions).toEqual([
      { id: daily.id, question: 'How many tickets a day?', required: true },
    ]);
    const read = await company.call(pipelineContract.get, { params: { id: applied.body.id } });
    expect(read.statusCode, read.error?.error).toBe(200);
    expect(read.body.screening_answers).toEqual(expected);
    const own = await applicant.call(applicationsContract.list);
    const mine = own.body.items.find((item) => item.id === applied.body.id);
    expect(mine?.screening_answers).toEqual(expected);
  });

  it('answers only the questions the job asks', async () => {
    const job = (await createJob([{ question: 'When could you start?' }])).body;
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const stray = '00000000-0000-4000-8000-000000000000';
    const response = await apply(applicant, job.id, [
      { question_id: job.screening_questions[0]?.id ?? '', answer: 'Monday.' },
      { question_id: stray, answer: 'Something else.' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.error?.fields).toEqual({ [screeningAnswerField(stray)]: screeningTexts.unknownQuestion });
    const tooLong = await apply(applicant, job.id, [
      { question_id: job.screening_questions[0]?.id ?? '', answer: 'x'.repeat(2_001) },
    ]);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.error?.fields).toEqual({ 'screening_answers.0.answer': screeningTexts.answerTooLong });
  });

  it('are at most five, each written and one line, and a new id for an id the job never had', async () => {
    const six = Array.from({ length: 6 }, (_, index) => ({ question: `Question ${index + 1}?` }));
    const tooMany = await createJob(six);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.error?.fields).toEqual({ screening_questions: screeningTexts.tooMany });

    const blank = await createJob([{ question: 'Fine?' }, { question: '   ' }]);
    expect(blank.statusCode).toBe(400);
    expect(blank.error?.fields).toEqual({ 'screening_questions.1.question': screeningTexts.questionRequired });

    const long = await createJob([{ question: 'x'.repeat(301) }]);
    expect(long.error?.fields).toEqual({ 'screening_questions.0.question': screeningTexts.questionTooLong });

    const borrowed = '00000000-0000-4000-8000-000000000001';
    const created = await createJob([{ id: borrowed, question: 'A pasted\nquestion?' }]);
    expect(created.statusCode, created.error?.error).toBe(201);
    const [question] = created.body.screening_questions;
    expect(question?.id).not.toBe(borrowed);
    expect(question?.question).toBe('A pasted question?');
  });
});
