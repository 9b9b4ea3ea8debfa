import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationsContract } from '~/shared/contracts/applications';
import { testAttemptsContract } from '~/shared/contracts/assessments';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { jobsContract } from '~/shared/contracts/jobs';
import { notificationsContract } from '~/shared/contracts/notifications';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { interviewStageTexts } from '~/shared/interview-stages';
import type { CreateJobInput } from '~/shared/jobs';
import type { MoveApplicationInput } from '~/shared/pipeline';
import { buildTest } from '../seed/test-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

// A job's interview stages: the company splits Interviewing into steps in the job (POST and PUT /api/jobs);
// an application moved to Interviewing lands in the first, moves between them (POST …/move with
// stage_id), and the board reads each as a column (GET /api/jobs/:id/applications?interview_stage=).
// The applicant reads Interviewing throughout.
describe('interview stages', () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof companyAccount>>;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyAccount(testApp, 'Northwind Outfitters');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const jobPayload = {
    title: 'Data Engineer',
    description: 'Build our pipelines.',
    engagement_type: 'hourly',
    budget_min: 40,
    budget_max: 60,
    status: 'open',
  } satisfies CreateJobInput;
  type Stages = CreateJobInput['interview_stages'];
  const createJob = (interview_stages: Stages) =>
    company.call(jobsContract.create, { body: { ...jobPayload, interview_stages } });
  const editStages = (jobId: string, interview_stages: Stages) =>
    company.call(jobsContract.update, { params: { id: jobId }, body: { ...jobPayload, interview_stages } });
  const move = (applicationId: string, body: MoveApplicationInput, by: Account = company) =>
    by.call(pipelineContract.move, { params: { id: applicationId }, body });
  const column = (jobId: string, stageId: string) =>
    company.call(jobsContract.applications, { params: { id: jobId }, query: { interview_stage: stageId } });
  const detailOf = (id: string) => company.call(pipelineContract.get, { params: { id } });

  async function applicationTo(jobId: string, name: string) {
    const applicant = await signedInAccount(testApp, { role: 'applicant', name });
    const applied = await applicant.call(jobBoardContract.apply, {
      params: { id: jobId },
      body: { cover_letter: 'I have built data pipelines for years.' },
    });
    expect(applied.statusCode, applied.error?.error).toBe(201);
    return { applicant, id: applied.body.id };
  }

  it('puts an application moved to Interviewing in the first stage, moves it between them, and keeps each step', async () => {
    const created = await createJob([{ name: ' Phone screen ' }, { name: 'Technical interview' }, { name: 'Final' }]);
    expect(created.statusCode, created.error?.error).toBe(201);
    const job = created.body;
    expect(job.interview_stages).toEqual([
      { id: expect.any(String), name: 'Phone screen', test_id: null },
      { id: expect.any(String), name: 'Technical interview', test_id: null },
      { id: expect.any(String), name: 'Final', test_id: null },
    ]);
    const [phone, technical] = job.interview_stages;
    if (!phone || !technical) throw new Error('The job has no stages.');
    const { applicant, id } = await applicationTo(job.id, 'Ada Byron');
    const other = await applicationTo(job.id, 'Alan Turing');

    const interviewing = await move(id, { to: 'interviewing' });
    expect(interviewing.statusCode, interviewing.error?.error).toBe(200);
    expect(interviewing.body).toMatchObject({ status: 'interviewing', interview_stage_id: phone.id });
    expect(interviewing.body.job.interview_stages).toEqual(job.interview_stages);
    // Straight to a later stage, as a drop on its column.
    const straight = await move(other.id, { to: 'interviewing', stage_id: technical.id });
    expect(straight.body).toMatchObject({ status: 'interviewing', interview_stage_id: technical.id });

    const onward = await move(id, { to: 'interviewing', stage_id: technical.id });
    expect(onward.statusCode, onward.error?.error).toBe(200);
    expect(onward.body.interview_stage_id).toBe(technical.id);
    expect(onward.body.history.map((entry) => entry)).toEqual([
      expect.objectContaining({ status: 'submitted', interview_stage: null }),
      expect.objectContaining({ status: 'interviewing', interview_stage: 'Phone screen', by_name: company.user.name }),
      expect.objectContaining({ status: 'interviewing', interview_stage: 'Technical interview' }),
    ]);
    const again = await move(id, { to: 'interviewing', stage_id: technical.id });
    expect(again.statusCode).toBe(409);
    expect(again.error?.error).toBe(interviewStageTexts.sameStage);

    // The board's columns: each stage its own, with its count among the job's.
    const technicalColumn = (await column(job.id, technical.id)).body;
    expect(technicalColumn.items.map((item) => item.applicant_name).sort()).toEqual(['Ada Byron', 'Alan Turing']);
    expect(technicalColumn.total).toBe(2);
    expect(technicalColumn.interview_stage_counts).toEqual({ [technical.id]: 2 });
    expect((await column(job.id, phone.id)).body).toMatchObject({ items: [], total: 0 });

    // The applicant reads Interviewing, and no step of the company's plan.
    const mine = await applicant.call(applicationsContract.list);
    const own = mine.body.items.find((item) => item.id === id);
    expect(own?.status).toBe('interviewing');
    // As sent, before the contract's schema leaves out what it does not declare.
    const sentOwn = JSON.parse(mine.rawPayload.toString()).items.find((item: { id: string }) => item.id === id);
    expect(JSON.stringify(sentOwn)).not.toContain('Technical interview');
    expect(own?.history.map((entry) => entry.status)).toEqual(['submitted', 'interviewing']);

    // Leaving Interviewing leaves the stage too.
    const rejected = await move(other.id, { to: 'rejected' });
    expect(rejected.body).toMatchObject({ status: 'rejected', interview_stage_id: null });
  });

  it('sends a stage’s test as an application enters it, once, and tells the applicant', async () => {
    const { test } = await buildTest(testApp.database.db, { companyId: company.companyId, name: 'SQL take-home' });
    const created = await createJob([{ name: 'Screen' }, { name: 'Take-home', test_id: test.id }]);
    expect(created.statusCode, created.error?.error).toBe(201);
    const [screen, takeHome] = created.body.interview_stages;
    if (!screen || !takeHome) throw new Error('The job has no stages.');
    expect(takeHome).toMatchObject({ name: 'Take-home', test_id: test.id });
    expect(screen.test_id).toBeNull();
    const { applicant, id } = await applicationTo(created.body.id, 'Edsger Dijkstra');
    const attempts = async () =>
      (await applicant.call(testAttemptsContract.ownList)).body.items.map((attempt) => ({
        test_name: attempt.test.name,
        status: attempt.status,
      }));

    await move(id, { to: 'interviewing' });
    expect(await attempts()).toEqual([]);
    const entered = await move(id, { to: 'interviewing', stage_id: takeHome.id });
    expect(entered.statusCode, entered.error?.error).toBe(200);
    expect(await attempts()).toEqual([{ test_name: 'SQL take-home', status: 'assigned' }]);
    expect(entered.body.test_results).toEqual([
      expect.objectContaining({ test_id: test.id, attempt: expect.objectContaining({ status: 'assigned' }) }),
    ]);
    const bell = (await applicant.call(notificationsContract.list)).body;
    expect(bell.items.map((item) => item.title)).toContain('Skills test: SQL take-home');

    // Back and in again: the test still open is not sent twice.
    await move(id, { to: 'interviewing', stage_id: screen.id });
    await move(id, { to: 'interviewing', stage_id: takeHome.id });
    expect(await attempts()).toHaveLength(1);

    // Only the company's own live tests.
    const other = await companyAccount(testApp, 'Contoso');
    const { test: theirs } = await buildTest(testApp.database.db, { companyId: other.companyId });
    const refused = await createJob([{ name: 'Take-home', test_id: theirs.id }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.error?.fields).toEqual({ 'interview_stages.0.test_id': 'This test does not exist.' });
  });

  it('refuses a stage the job does not have, a stage outside Interviewing, and another company’s application', async () => {
    const job = (await createJob([{ name: 'Phone screen' }])).body;
    const [firstStage] = job.interview_stages;
    if (!firstStage) throw new Error('The job has no stages.');
    const { id } = await applicationTo(job.id, 'Grace Hopper');
    const stray = '00000000-0000-4000-8000-000000000000';

    const unknown = await move(id, { to: 'interviewing', stage_id: stray });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error?.fields).toEqual({ stage_id: interviewStageTexts.unknownStage });
    const outside = await move(id, { to: 'shortlisted', stage_id: firstStage.id });
    expect(outside.statusCode).toBe(400);
    expect(outside.error?.fields).toEqual({ stage_id: interviewStageTexts.stageOnlyForInterviewing });
    const notThere = await detailOf(id);
    expect(notThere.body).toMatchObject({ status: 'submitted', interview_stage_id: null });

    const stranger = await companyAccount(testApp, 'Contoso');
    const theirs = await move(id, { to: 'interviewing', stage_id: firstStage.id }, stranger);
    expect(theirs.statusCode).toBe(404);
    const badColumn = await column(job.id, 'x');
    expect(badColumn.statusCode).toBe(400);
    expect(badColumn.error?.fields).toEqual({ interview_stage: interviewStageTexts.unknownStage });
  });

  it('keeps applications in a kept stage when the job is edited, and moves those of a removed one to the first', async () => {
    const job = (await createJob([])).body;
    const early = await applicationTo(job.id, 'Katherine Johnson');
    // In Interviewing before the job had stages.
    expect((await move(early.id, { to: 'interviewing' })).body.interview_stage_id).toBeNull();

    const staged = await editStages(job.id, [{ name: 'Screen' }, { name: 'Pairing' }]);
    expect(staged.statusCode, staged.error?.error).toBe(200);
    const [screen, pairing] = staged.body.interview_stages;
    if (!screen || !pairing) throw new Error('The job has no stages.');
    const read = async (id: string) => (await detailOf(id)).body.interview_stage_id;
    expect(await read(early.id)).toBe(screen.id);
    const late = await applicationTo(job.id, 'Dorothy Vaughan');
    await move(late.id, { to: 'interviewing', stage_id: pairing.id });

    // Renamed and reordered, ids kept: nobody moves.
    const renamed = await editStages(job.id, [
      { id: pairing.id, name: 'Pair programming' },
      { id: screen.id, name: 'Screen' },
    ]);
    expect(renamed.body.interview_stages).toEqual([
      { id: pairing.id, name: 'Pair programming', test_id: null },
      { id: screen.id, name: 'Screen', test_id: null },
    ]);
    expect(await read(early.id)).toBe(screen.id);
    expect(await read(late.id)).toBe(pairing.id);

    // Pairing removed: its application goes to the first stage left.
    await editStages(job.id, [{ id: screen.id, name: 'Screen' }, { name: 'Offer call' }]);
    expect(await read(late.id)).toBe(screen.id);
    // Every stage removed: Interviewing is one stage again.
    await editStages(job.id, []);
    expect(await read(late.id)).toBeNull();
    expect(await read(early.id)).toBeNull();
  });

  it('are at most eight, each named once and on one line', async () => {
    const nine = Array.from({ length: 9 }, (_, index) => ({ name: `Round ${index + 1}` }));
    const tooMany = await createJob(nine);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.error?.fields).toEqual({ interview_stages: interviewStageTexts.tooMany });

    const blank = await createJob([{ name: 'Screen' }, { name: '  ' }]);
    expect(blank.error?.fields).toEqual({ 'interview_stages.1.name': interviewStageTexts.nameRequired });
    const twice = await createJob([{ name: 'Screen' }, { name: 'screen' }]);
    expect(twice.error?.fields).toEqual({ 'interview_stages.1.name': interviewStageTexts.duplicateName });
    const long = await createJob([{ name: 'x'.repeat(61) }]);
    expect(long.error?.fields).toEqual({ 'interview_stages.0.name': interviewStageTexts.nameTooLong });

    const borrowed = '00000000-0000-4000-8000-000000000001';
    const created = await createJob([{ id: borrowed, name: 'A pasted\nname' }]);
    expect(created.statusCode, created.error?.error).toBe(201);
    const [stage] = created.body.interview_stages;
    expect(stage?.id).not.toBe(borrowed);
    expect(stage?.name).toBe('A pasted name');
  });
});
