import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { CompanyDashboard } from '~/shared/companies';
import { companiesContract } from '~/shared/contracts/companies';
import { jobsContract } from '~/shared/contracts/jobs';
import { visiblePipelineStage } from '~/shared/jobs';
import { LIVE_SOCKET_PATH } from '~/shared/live-events';
import type { CompanyRole } from '~/shared/permissions';
import { assignments, clockSessions, companies } from '../db/schema';
import { SESSION_COOKIE } from '../platform/auth-context';
import { buildAccount, buildSession } from '../seed/factories';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInColleague } from '../testing/assessment-helpers';
import { signedInAccount } from '../testing/auth-helpers';
import { companyAccount } from '../testing/job-board-test-helpers';
import { insertTestInvoice } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';

type OwnerDashboard = {
  [Section in keyof CompanyDashboard]: Section extends 'account_manager'
    ? CompanyDashboard[Section]
    : NonNullable<CompanyDashboard[Section]>;
};

// The company dashboard's figures (docs/spec/portal-and-public-site.md §2): its people at work with a live dot, its
// jobs by pipeline column, its account manager; only ever the caller's own company.
describe('GET /api/company/dashboard', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  // An owner's dashboard: every section there.
  async function dashboardOf(account: Awaited<ReturnType<typeof companyAccount>>) {
    const response = await account.call(companiesContract.dashboard);
    expect(response.statusCode).toBe(200);
    // An owner may read every section: the tests compare them whole.
    return response.body as OwnerDashboard;
  }

  it('starts empty for a new company', async () => {
    const company = await companyAccount(testApp, 'Empty Co');
    expect(await dashboardOf(company)).toEqual({
      employees: { items: [], total: 0 },
      pipeline: {
        draft: { items: [], total: 0 },
        open: { items: [], total: 0 },
        interviewing: { items: [], total: 0 },
      },
      paused_jobs: 0,
      account_manager: null,
      open_job_skills: [],
      billing: {
        unpaid_invoices: 0,
        outstanding_cents: 0,
        overdue_invoices: 0,
        overdue_cents: 0,
        currency: 'USD',
        timesheets_to_review: 0,
      },
    });
  });

  it("names the skills the company's open jobs ask for most, for Featured Candidates", async () => {
    const { db } = testApp.database;
    const company = await companyAccount(testApp, 'Skills Co');
    const other = await companyAccount(testApp, 'Other Skills Co');
    await buildJob(db, { companyId: company.companyId, status: 'open', skillTags: ['React', 'TypeScript'] });
    await buildJob(db, { companyId: company.companyId, status: 'open', skillTags: ['react', 'Node.js'] });
    await buildJob(db, { companyId: company.companyId, status: 'draft', skillTags: ['Figma'] });
    await buildJob(db, { companyId: company.companyId, status: 'closed', skillTags: ['COBOL'] });
    await buildJob(db, { companyId: other.companyId, status: 'open', skillTags: ['Rust'] });

    const { open_job_skills } = await dashboardOf(company);
    // React is asked for twice (in any case), the others once, alphabetically; drafts, closed jobs and
    // other companies' jobs count for nothing.
    expect(open_job_skills).toHaveLength(3);
    expect(open_job_skills[0]?.toLowerCase()).toBe('react');
    expect(open_job_skills.slice(1)).toEqual(['Node.js', 'TypeScript']);
  });

  it('sorts jobs into Draft, Open and Interviewing, newest first, with their applications', async () => {
    const { db } = testApp.database;
    const company = await companyAccount(testApp, 'Pipeline Co');
    const other = await companyAccount(testApp, 'Other Co');
    const draft = await buildJob(db, { companyId: company.companyId, title: 'Draft role', status: 'draft' });
    const open = await buildJob(db, {
      companyId: company.companyId,
      title: 'Open role',
      status: 'open',
      updatedAt: new Date(Date.UTC(2026, 0, 1)),
    });
    const interviewing = await buildJob(db, {
      companyId: company.companyId,
      title: 'Busy role',
      status: 'open',
      updatedAt: new Date(Date.UTC(2026, 0, 2)),
    });
    await buildJob(db, { companyId: company.companyId, title: 'Closed role', status: 'closed' });
    await buildJob(db, { companyId: other.companyId, title: 'Not ours', status: 'open' });
    await buildApplication(db, { jobId: open.id });
    await buildApplication(db, { jobId: open.id, status: 'withdrawn' });
    await buildApplication(db, { jobId: interviewing.id, status: 'interviewing' });
    await buildApplication(db, { jobId: interviewing.id });

    const { pipeline } = await dashboardOf(company);
    expect(pipeline.draft).toEqual({
      items: [{ id: draft.id, title: 'Draft role', stage: 'draft', applicant_count: 0 }],
      total: 1,
    });
    // Every open job is Open (as the Jobs list's status says); the busy one is also Interviewing.
    expect(pipeline.open).toEqual({
      items: [
        { id: interviewing.id, title: 'Busy role', stage: 'open', applicant_count: 2 },
        // Its applications counted as the Jobs list's Applications column counts them, the withdrawn one too.
        { id: open.id, title: 'Open role', stage: 'open', applicant_count: 2 },
      ],
      total: 2,
    });
    expect(pipeline.interviewing).toEqual({
      items: [{ id: interviewing.id, title: 'Busy role', stage: 'interviewing', applicant_count: 2 }],
      total: 1,
    });
  });

  it('agrees with the Jobs list: Open is every open job, Interviewing the open jobs badged Interviewing or Offer, paused jobs in neither', async () => {
    const { db } = testApp.database;
    const company = await companyAccount(testApp, 'Agreeing Co');
    const job = (title: string, overrides: Omit<Parameters<typeof buildJob>[1], 'companyId'> = {}) =>
      buildJob(db, { companyId: company.companyId, title, ...overrides });
    const quiet = await job('Quiet open role');
    const interviewing = await job('Interviewing role');
    await buildApplication(db, { jobId: interviewing.id, status: 'interviewing' });
    const offer = await job('Offer role');
    await buildApplication(db, { jobId: offer.id, status: 'offered' });
    // One of two hired and one at interview: still looking, badged Interviewing.
    const half = await job('Half-filled role', { openings: 2 });
    await buildApplication(db, { jobId: half.id, status: 'hired' });
    await buildApplication(db, { jobId: half.id, status: 'interviewing' });
    // Shortlisted only: open, nothing under way yet.
    const shortlisted = await job('Shortlisted role');
    await buildApplication(db, { jobId: shortlisted.id, status: 'shortlisted' });
    const paused = await job('Paused role', { status: 'paused' });
    await buildApplication(db, { jobId: paused.id, status: 'interviewing' });
    await job('Another paused role', { status: 'paused' });
    await job('Closed role', { status: 'closed' });

    const dashboard = await dashboardOf(company);
    const jobsList = (await company.call(jobsContract.list, { query: { page_size: 100 } })).body.items;
    const summary = (await company.call(jobsContract.summary)).body;
    const idsOf = (items: Array<{ id: string }>) => items.map((item) => item.id).sort();

    expect(dashboard.pipeline.open.total).toBe(summary.open_jobs);
    expect(idsOf(dashboard.pipeline.open.items)).toEqual(idsOf(jobsList.filter((item) => item.status === 'open')));
    expect(idsOf(dashboard.pipeline.interviewing.items)).toEqual(
      idsOf(
        jobsList.filter((item) => {
          const stage = visiblePipelineStage(item.status, item.pipeline_stage);
          return stage === 'interviewing' || stage === 'offer';
        }),
      ),
    );
    expect(idsOf(dashboard.pipeline.interviewing.items)).toEqual(idsOf([interviewing, offer, half]));
    expect(dashboard.pipeline.interviewing.total).toBe(3);
    const applicationsOf = new Map(jobsList.map((item) => [item.id, item.applications_count]));
    for (const item of dashboard.pipeline.open.items) expect(item.applicant_count).toBe(applicationsOf.get(item.id));
    expect(dashboard.pipeline.open.total).toBe(5);
    expect(idsOf(dashboard.pipeline.open.items)).toEqual(idsOf([quiet, interviewing, offer, half, shortlisted]));
    // Paused jobs are in no column; the dashboard says how many there are, as the Paused Jobs card does.
    const everyListed = Object.values(dashboard.pipeline).flatMap((column) => column.items.map((item) => item.id));
    expect(everyListed).not.toContain(paused.id);
    expect(dashboard.paused_jobs).toBe(summary.paused_jobs);
    expect(dashboard.paused_jobs).toBe(2);
  });

  it('shows at most five jobs a column and counts them all', async () => {
    const { db } = testApp.database;
    const company = await companyAccount(testApp, 'Many Drafts Co');
    for (let index = 0; index < 7; index += 1) {
      await buildJob(db, {
        companyId: company.companyId,
        title: `Draft ${index}`,
        status: 'draft',
        updatedAt: new Date(Date.UTC(2026, 0, 1 + index)),
      });
    }
    const { pipeline } = await dashboardOf(company);
    expect(pipeline.draft.total).toBe(7);
    expect(pipeline.draft.items.map((job) => job.title)).toEqual([
      'Draft 6',
      'Draft 5',
      'Draft 4',
      'Draft 3',
      'Draft 2',
    ]);
  });

  it('lists the people at work, active first, with who is online, and the account manager', async () => {
    const { db } = testApp.database;
    const company = await companyAccount(testApp, 'Staffed Co');
    const job = await buildJob(db, { companyId: company.companyId, title: 'Support agent', status: 'open' });
    const [starting, working, gone] = await Promise.all(
      ['Sam Starting', 'Wendy Working', 'Gail Gone'].map((applicantName) =>
        buildApplication(db, { jobId: job.id, status: 'hired', applicantName }),
      ),
    );
    if (!starting || !working || !gone) throw new Error('applications not built');
    const assignment = (application: typeof starting, status: 'pending' | 'active' | 'ended', startDate: string) => ({
      companyId: company.companyId,
      applicantId: application.applicantId,
      jobId: job.id,
      applicationId: application.id,
      role: 'Support agent',
      rateCents: 2_000,
      weeklyHours: 40,
      startDate,
      status,
    });
    const [, wendysAssignment] = await db
      .insert(assignments)
      .values([
        assignment(starting, 'pending', '2026-12-01'),
        assignment(working, 'active', '2026-10-01'),
        assignment(gone, 'ended', '2026-01-01'),
      ])
      .returning({ id: assignments.id });
    if (!wendysAssignment) throw new Error('assignments not built');
    // Wendy clocked in an hour ago and is on a break now.
    const [wendysShift] = await db
      .insert(clockSessions)
      .values({
        assignmentId: wendysAssignment.id,
        clockedInAt: new Date(Date.now() - 3_600_000),
        breakStartedAt: new Date(),
      })
      .returning();
    // Wendy has the portal open: her dot is green.
    const wendySession = await buildSession(db, working.applicantId);
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = testApp.app.server.address() as AddressInfo;
    const wendyTab = new WebSocket(`ws://127.0.0.1:${port}${LIVE_SOCKET_PATH}`, {
      headers: { origin: `http://127.0.0.1:${port}`, cookie: `${SESSION_COOKIE}=${wendySession.token}` },
    });
    await new Promise((resolve, reject) => {
      wendyTab.once('message', resolve);
      wendyTab.once('error', reject);
    });
    const manager = await buildAccount(db, { role: 'account_manager', name: 'Mia Manager' });
    await db.update(companies).set({ accountManagerId: manager.user.id }).where(eq(companies.id, company.companyId));

    const dashboard = await dashboardOf(company);
    expect(dashboard.employees.total).toBe(2);
    const dots = (items: OwnerDashboard['employees']['items']) =>
      items.map(({ name, status, online, shift_status }) => ({ name, status, online, shift_status }));
    expect(dots(dashboard.employees.items)).toEqual([
      { name: 'Wendy Working', status: 'active', online: true, shift_status: 'on_break' },
      { name: 'Sam Starting', status: 'pending', online: false, shift_status: 'offline' },
    ]);
    // Back from the break: on shift; clocked out: offline.
    await db
      .update(clockSessions)
      .set({ breakStartedAt: null })
      .where(eq(clockSessions.id, wendysShift?.id ?? ''));
    expect(dots((await dashboardOf(company)).employees.items)[0]?.shift_status).toBe('on_shift');
    await db
      .update(clockSessions)
      .set({ clockedOutAt: new Date() })
      .where(eq(clockSessions.id, wendysShift?.id ?? ''));
    expect(dots((await dashboardOf(company)).employees.items)[0]?.shift_status).toBe('offline');
    expect(dashboard.account_manager).toEqual({ id: manager.user.id, name: 'Mia Manager', email: manager.user.email });

    // Someone else's company sees none of it; an applicant may not ask.
    const stranger = await companyAccount(testApp, 'Stranger Co');
    expect((await dashboardOf(stranger)).employees.total).toBe(0);
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const refused = await applicant.call(companiesContract.dashboard);
    expect(refused.statusCode).toBe(403);
    wendyTab.close();
  });

  // Each member sees the sections their role may read (shared/permissions.ts): the server leaves the
  // others out rather than the screen hiding them.
  it('sends each member only the sections their role may read', async () => {
    const { db } = testApp.database;
    const owner = await companyAccount(testApp, 'Sections Co');
    const { companyId } = owner;
    const talent = await buildAccount(db, { role: 'applicant', name: 'Tara Talent' });
    await buildJob(db, { companyId, title: 'Open role', status: 'open', skillTags: ['Go'] });
    const assignment = await buildAssignment(db, { companyId, applicantId: talent.user.id, startDate: '2026-01-05' });
    await buildTimesheet(db, { assignmentId: assignment.id, weekStart: '2026-11-15', status: 'submitted' });
    await insertTestInvoice(db, { companyId, workCents: 100_000, status: 'overdue' });
    await insertTestInvoice(db, { companyId, workCents: 100_000, status: 'paid' });

    const sectionsOf = async (role: CompanyRole) => {
      const member = await signedInColleague(testApp, companyId, role);
      const response = await member.call(companiesContract.dashboard);
      expect(response.statusCode).toBe(200);
      const dashboard = response.body;
      return {
        employees: dashboard.employees?.total ?? null,
        pipeline: dashboard.pipeline?.open.total ?? null,
        paused_jobs: dashboard.paused_jobs,
        skills: dashboard.open_job_skills,
        billing: dashboard.billing,
      };
    };
    // One overdue invoice of $1,000 work + 10% fee + 5% tax; the paid one is not owed.
    const owed = {
      unpaid_invoices: 1,
      outstanding_cents: 115_500,
      overdue_invoices: 1,
      overdue_cents: 115_500,
      currency: 'USD',
      timesheets_to_review: 1,
    };
    const everything = { employees: 1, pipeline: 1, paused_jobs: 0, skills: ['Go'], billing: owed };

    expect(await sectionsOf('owner')).toEqual(everything);
    expect(await sectionsOf('admin')).toEqual(everything);
    // No billing figures for a Hiring Manager; no pipeline (nor the talent it suggests) for Billing.
    expect(await sectionsOf('hiring_manager')).toEqual({ ...everything, billing: null });
    expect(await sectionsOf('billing')).toEqual({
      employees: 1,
      pipeline: null,
      paused_jobs: null,
      skills: null,
      billing: owed,
    });
    expect(await sectionsOf('viewer')).toEqual(everything);
  });
});
