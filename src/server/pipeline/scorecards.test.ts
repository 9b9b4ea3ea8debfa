import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scorecardsContract } from '~/shared/contracts/scorecards';
import { DEFAULT_SCORECARD_CRITERIA, type FillScorecardInput, scorecardTexts } from '~/shared/scorecards';
import { auditLogs, jobs } from '../db/schema';
import { buildApplication } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { companyAccount, jobWith, uniqueWord } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const [skills, communication, problemSolving] = DEFAULT_SCORECARD_CRITERIA;

// Each interviewer's scorecard per stage: fill, edit by filling again, the summary's averages, who may
// fill and read, and the refusals with their fields.
describe('the scorecards API', () => {
  let testApp: TestApp;
  let owner: Awaited<ReturnType<typeof companyAccount>>;
  let interviewer: Account;
  let viewer: Account;
  let billing: Account;
  let stranger: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await companyAccount(testApp, 'Scorecard Co');
    interviewer = await signedInAccount(testApp, {
      role: 'company',
      name: 'Ivan Interviewer',
      company: { id: owner.companyId, role: 'hiring_manager' },
    });
    viewer = await signedInAccount(testApp, { role: 'company', company: { id: owner.companyId, role: 'viewer' } });
    billing = await signedInAccount(testApp, { role: 'company', company: { id: owner.companyId, role: 'billing' } });
    stranger = await signedInAccount(testApp, { role: 'company' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const newApplication = async (status: 'submitted' | 'interviewing' | 'hired' = 'interviewing') => {
    const job = await jobWith(testApp, owner.companyId, uniqueWord());
    return buildApplication(db(), { jobId: job.id, applicantName: 'Ada Lovelace', status });
  };
  const card = (overrides: Partial<FillScorecardInput> = {}): FillScorecardInput => ({
    stage: 'interviewing',
    ratings: [
      { criterion: skills, rating: 4, note: 'Knows the stack.' },
      { criterion: communication, rating: 3 },
      { criterion: problemSolving, rating: 2 },
    ],
    overall_rating: 3,
    note: 'Worth a second round.',
    ...overrides,
  });
  const fill = (id: string, body: FillScorecardInput, account: Account = owner) =>
    account.call(scorecardsContract.fill, { params: { id }, body });
  const summaryOf = async (id: string, account: Account = owner) => {
    const response = await account.call(scorecardsContract.list, { params: { id } });
    expect(response.statusCode, response.error?.error).toBe(200);
    return response.body;
  };

  it('summarises two interviewers’ cards: count, overall and per-criterion averages, each card', async () => {
    const application = await newApplication();
    const empty = await summaryOf(application.id);
    expect(empty).toEqual({
      criteria: [...DEFAULT_SCORECARD_CRITERIA],
      default_stage: 'interviewing',
      count: 0,
      overall_average: null,
      criterion_averages: [],
      scorecards: [],
      can_fill: true,
    });

    const first = await fill(application.id, card());
    expect(first.statusCode, first.error?.error).toBe(200);
    expect(first.body).toMatchObject({
      stage: 'interviewing',
      author_id: owner.user.id,
      overall_rating: 3,
      ratings: [
        { criterion: skills, rating: 4, note: 'Knows the stack.' },
        { criterion: communication, rating: 3, note: '' },
        { criterion: problemSolving, rating: 2, note: '' },
      ],
    });
    // The second interviewer lists the criteria in another order: stored in the job's.
    const second = await fill(
      application.id,
      card({
        ratings: [
          { criterion: problemSolving, rating: 4 },
          { criterion: skills, rating: 3 },
          { criterion: communication, rating: 4 },
        ],
        overall_rating: 4,
        note: '',
      }),
      interviewer,
    );
    expect(second.statusCode, second.error?.error).toBe(200);
    expect(second.body.ratings.map((rating) => rating.criterion)).toEqual([...DEFAULT_SCORECARD_CRITERIA]);

    // A Viewer reads the summary.
    const summary = await summaryOf(application.id, viewer);
    expect(summary).toMatchObject({
      can_fill: false,
      count: 2,
      overall_average: 3.5,
      criterion_averages: [
        { criterion: skills, average: 3.5, count: 2 },
        { criterion: communication, average: 3.5, count: 2 },
        { criterion: problemSolving, average: 3, count: 2 },
      ],
    });
    expect(summary.scorecards.map((scorecard) => scorecard.author_name).sort()).toEqual(
      [owner.user.name, 'Ivan Interviewer'].sort(),
    );
  });

  it('edits the interviewer’s own card when they fill the same stage again, and keeps another stage apart', async () => {
    const application = await newApplication();
    await fill(application.id, card());
    const edited = await fill(application.id, card({ overall_rating: 1, note: 'On reflection, no.' }));
    expect(edited.statusCode).toBe(200);
    await fill(application.id, card({ stage: 'shortlisted', overall_rating: 4 }));
    const summary = await summaryOf(application.id);
    expect(summary.count).toBe(2);
    expect(summary.scorecards.find((scorecard) => scorecard.stage === 'interviewing')).toMatchObject({
      overall_rating: 1,
      note: 'On reflection, no.',
    });
    const audits = await db()
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, application.id), eq(auditLogs.action, 'application.scorecard_filled')));
    expect(audits.map((audit) => (audit.details as { edited: boolean }).edited).sort()).toEqual([false, false, true]);
  });

  it('refuses a rating out of range, a criterion not the job’s, a missing one and a stage without interviews', async () => {
    const application = await newApplication();
    const outOfRange = await fill(
      application.id,
      card({ ratings: [{ criterion: skills, rating: 5 }, ...card().ratings.slice(1)] }),
    );
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.error?.fields).toEqual({ 'ratings.0.rating': scorecardTexts.rating });

    const overall = await fill(application.id, card({ overall_rating: 0 }));
    expect(overall.error?.fields).toEqual({ overall_rating: scorecardTexts.overallRequired });

    const unknown = await fill(
      application.id,
      card({ ratings: [...card().ratings, { criterion: 'Charisma', rating: 3 }] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error).toEqual({
      error: scorecardTexts.unknownCriterion('Charisma'),
      code: 'validation',
      fields: { 'ratings.3.criterion': scorecardTexts.unknownCriterion('Charisma') },
    });

    const missing = await fill(application.id, card({ ratings: card().ratings.slice(0, 2) }));
    expect(missing.error?.fields).toEqual({ ratings: scorecardTexts.missingCriterion(problemSolving ?? '') });

    // A stage no scorecard may be for: sent past the contract's types on purpose.
    const stage = await owner.callUnchecked(scorecardsContract.fill, {
      params: { id: application.id },
      body: { ...card(), stage: 'hired' },
    });
    expect(stage.error?.fields).toEqual({ stage: scorecardTexts.stage });
    expect((await summaryOf(application.id)).count).toBe(0);
  });

  it('rates the job’s own criteria once it sets them', async () => {
    const application = await newApplication();
    await db()
      .update(jobs)
      .set({ scorecardCriteria: ['Ownership'] })
      .where(eq(jobs.id, application.jobId));
    expect((await summaryOf(application.id)).criteria).toEqual(['Ownership']);
    expect((await fill(application.id, card())).statusCode).toBe(400);
    const saved = await fill(application.id, card({ ratings: [{ criterion: 'Ownership', rating: 4 }] }));
    expect(saved.statusCode, saved.error?.error).toBe(200);
  });

  it('lets a Viewer read but not fill, Billing neither, and hides another company’s application', async () => {
    const application = await newApplication('hired');
    expect((await summaryOf(application.id)).default_stage).toBe('offered');
    expect((await fill(application.id, card(), viewer)).statusCode).toBe(403);
    expect((await billing.call(scorecardsContract.list, { params: { id: application.id } })).statusCode).toBe(403);
    expect((await stranger.call(scorecardsContract.list, { params: { id: application.id } })).statusCode).toBe(404);
    expect((await fill(application.id, card(), stranger)).statusCode).toBe(404);
  });
});
