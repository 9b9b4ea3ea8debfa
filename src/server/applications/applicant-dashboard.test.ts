import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '~/shared/applications';
import { applicationsContract } from '~/shared/contracts/applications';
import { companiesContract } from '~/shared/contracts/companies';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { applicantProfiles, companies, jobInvitations, savedJobs } from '../db/schema';
import { forbiddenMessage } from '../platform/access-control';
import { addDays, todayOf, weekStartOf } from '../platform/work-calendar';
import { buildApplication, buildJob, type JobOverrides } from '../seed/job-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

// The applicant dashboard's calls (docs/spec/portal-and-public-site.md §7): the five figures, recommended jobs, and
// the messages and meetings lists that stay empty until those features exist.
describe('applicant dashboard API', () => {
  let testApp: TestApp;
  let company: Account;
  let companyId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await signedInAccount(testApp, { role: 'company', companyName: 'Northwind Outfitters' });
    companyId = (await company.call(companiesContract.profile)).body.id;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;

  describe('stats', () => {
    it('counts the applicant’s own applications, interviews, offers and saved jobs; no hours logged yet', async () => {
      const applicant = await signedInAccount(testApp, { role: 'applicant' });
      const other = await signedInAccount(testApp, { role: 'applicant' });
      const statuses: ApplicationStatus[] = [
        'submitted',
        'shortlisted',
        'interviewing',
        'interviewing',
        'offered',
        'hired',
        'rejected',
        'withdrawn',
      ];
      // Skills nobody's profile in this file has, so these jobs rank last in the recommendations below.
      const unrelated = { companyId, skillTags: ['Bookkeeping'] };
      for (const status of statuses) {
        const job = await buildJob(db(), unrelated);
        await buildApplication(db(), { jobId: job.id, applicantId: applicant.user.id, status });
        // The same stage for someone else: never in this applicant's figures.
        await buildApplication(db(), { jobId: job.id, applicantId: other.user.id, status });
      }
      for (let saved = 0; saved < 3; saved += 1) {
        const job = await buildJob(db(), unrelated);
        await db().insert(savedJobs).values({ applicantId: applicant.user.id, jobId: job.id });
      }
      // Saved, then archived by the company: the saved-jobs list drops it, and so does the figure.
      const archived = await buildJob(db(), { ...unrelated, status: 'archived' });
      await db().insert(savedJobs).values({ applicantId: applicant.user.id, jobId: archived.id });

      const response = await applicant.call(applicationsContract.stats);
      expect(response.statusCode).toBe(200);
      expect(response.body).toEqual({
        applications: 8,
        interviews: 2,
        offers: 1,
        saved_jobs: 3,
        active_hours: 0,
        active_assignments: 0,
      });
      // Each figure is the total of the list its card opens.
      const interviews = await applicant.call(applicationsContract.list, { query: { status: 'interviewing' } });
      expect(interviews.body.total).toBe(2);
      const offers = await applicant.call(applicationsContract.list, { query: { status: 'offered' } });
      expect(offers.body.total).toBe(1);
      const saved = await applicant.call(jobBoardContract.savedJobs);
      expect(saved.body.total).toBe(3);
    });

    it('counts this week’s hours on active assignments as Active Hours, in whole hours', async () => {
      const applicant = await signedInAccount(testApp, { role: 'applicant' });
      const today = todayOf(new Date());
      const thisWeek = weekStartOf(today);
      const work = (status: 'active' | 'ended') =>
        buildAssignment(db(), {
          companyId,
          applicantId: applicant.user.id,
          startDate: addDays(today, -30),
          status,
          endDate: status === 'ended' ? addDays(thisWeek, -1) : null,
        });
      const [first, second, ended] = [await work('active'), await work('active'), await work('ended')];
      // Sunday and today (the same day on a Sunday): 100 + 150 minutes on one, 50 on the other.
      const firstDays = today === thisWeek ? { [today]: 250 } : { [thisWeek]: 100, [today]: 150 };
      await buildTimesheet(db(), { assignmentId: first.id, weekStart: thisWeek, minutes: firstDays });
      await buildTimesheet(db(), { assignmentId: second.id, weekStart: thisWeek, minutes: { [today]: 50 } });
      // Last week's hours, and an ended assignment's, are not this week's work.
      await buildTimesheet(db(), {
        assignmentId: first.id,
        weekStart: addDays(thisWeek, -7),
        status: 'approved',
        minutes: { [addDays(thisWeek, -7)]: 600 },
      });
      await buildTimesheet(db(), { assignmentId: ended.id, weekStart: thisWeek, minutes: { [today]: 600 } });
      // 300 minutes: 5 hours.
      expect((await applicant.call(applicationsContract.stats)).body).toMatchObject({
        active_hours: 5,
        active_assignments: 2,
      });
    });

    it('starts at zero for a new applicant', async () => {
      const fresh = await signedInAccount(testApp, { role: 'applicant' });
      expect((await fresh.call(applicationsContract.stats)).body).toEqual({
        applications: 0,
        interviews: 0,
        offers: 0,
        saved_jobs: 0,
        active_hours: 0,
        active_assignments: 0,
      });
    });
  });

  describe('recommended jobs', () => {
    it('ranks open jobs by skills in common, then rate, then recency, leaving out what the applicant may not or need not see', async () => {
      const applicant = await signedInAccount(testApp, { role: 'applicant' });
      await db()
        .update(applicantProfiles)
        .set({ skills: ['react', 'TypeScript', 'Node.js'] })
        .where(eq(applicantProfiles.userId, applicant.user.id));
      const job = (title: string, overrides: Omit<JobOverrides, 'companyId'>) =>
        buildJob(db(), { companyId, title, ...overrides });

      const threeSkills = await job('Three skills', {
        skillTags: ['React', 'TypeScript', 'Node.js', 'GraphQL'],
        budgetMinCents: 3_000,
        budgetMaxCents: 5_000,
        timezone: 'UTC+05:00',
      });
      const twoSkillsBestPaid = await job('Two skills, best paid', {
        skillTags: ['React', 'TypeScript'],
        budgetMaxCents: 9_000,
      });
      const twoSkillsNewer = await job('Two skills, newer', {
        skillTags: ['react', 'typescript'],
        budgetMaxCents: 6_000,
        publishedAt: daysAgo(1),
      });
      const twoSkillsOlder = await job('Two skills, older', {
        skillTags: ['React', 'TypeScript'],
        budgetMaxCents: 6_000,
        publishedAt: daysAgo(5),
      });
      const twoSkillsFixed = await job('Two skills, fixed price', {
        engagementType: 'fixed',
        skillTags: ['React', 'TypeScript'],
        budgetMinCents: null,
        budgetMaxCents: null,
        budgetTotalCents: 900_000,
      });
      const invitedPrivate = await job('Invited private', {
        skillTags: ['Node.js'],
        visibility: 'private',
        budgetMinCents: 3_000,
        budgetMaxCents: 4_000,
      });
      await db().insert(jobInvitations).values({ jobId: invitedPrivate.id, applicantId: applicant.user.id });
      const noSkills = await job('No skills in common', { skillTags: ['Python'], budgetMaxCents: 20_000 });

      // Left out: applied to, not open, private without an invitation, a suspended company's.
      const applied = await job('Applied already', { skillTags: ['React', 'TypeScript', 'Node.js'] });
      await buildApplication(db(), { jobId: applied.id, applicantId: applicant.user.id });
      await job('Draft', { status: 'draft', skillTags: ['React', 'TypeScript', 'Node.js'] });
      await job('Paused', { status: 'paused', skillTags: ['React', 'TypeScript', 'Node.js'] });
      await job('Closed', { status: 'closed', skillTags: ['React', 'TypeScript', 'Node.js'] });
      await job('Private', { visibility: 'private', skillTags: ['React', 'TypeScript', 'Node.js'] });
      const suspended = await signedInAccount(testApp, { role: 'company' });
      const suspendedId = (await suspended.call(companiesContract.profile)).body.id;
      await buildJob(db(), { companyId: suspendedId, title: 'Suspended company', skillTags: ['React', 'Node.js'] });
      await db().update(companies).set({ status: 'suspended' }).where(eq(companies.id, suspendedId));

      const response = await applicant.call(applicationsContract.recommendedJobs, { query: { limit: 20 } });
      expect(response.statusCode).toBe(200);
      const { items } = response.body;
      expect(items.map((item) => item.title)).toEqual([
        threeSkills.title,
        twoSkillsBestPaid.title,
        twoSkillsNewer.title,
        twoSkillsOlder.title,
        twoSkillsFixed.title,
        invitedPrivate.title,
        noSkills.title,
        // Jobs from the other tests of this file (no skills in common, the same company).
        ...items.slice(7).map((item) => item.title),
      ]);
      expect(items.slice(7).every((item) => item.matching_skills.length === 0)).toBe(true);
      expect(items[0]).toEqual({
        id: threeSkills.id,
        title: 'Three skills',
        company: 'Northwind Outfitters',
        location: 'UTC+05:00',
        skills: ['React', 'TypeScript', 'Node.js', 'GraphQL'],
        matching_skills: ['React', 'TypeScript', 'Node.js'],
      });
      expect(items[2]?.matching_skills).toEqual(['react', 'typescript']);

      // Five unless asked for more.
      const dashboard = (await applicant.call(applicationsContract.recommendedJobs)).body;
      expect(dashboard.items.map((item) => item.id)).toEqual(items.slice(0, 5).map((item) => item.id));
      const tooMany = await applicant.call(applicationsContract.recommendedJobs, { query: { limit: 500 } });
      expect(tooMany.statusCode).toBe(400);
    });

    it('recommends the newest best-paid open jobs to a profile without skills', async () => {
      // An open job of its own to recommend, whichever tests ran before.
      await buildJob(db(), { companyId, skillTags: ['Bookkeeping'] });
      const applicant = await signedInAccount(testApp, { role: 'applicant' });
      const response = await applicant.call(applicationsContract.recommendedJobs, { query: { limit: 20 } });
      expect(response.statusCode).toBe(200);
      const { items } = response.body;
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((item) => item.matching_skills.length === 0)).toBe(true);
    });
  });

  describe('messages and meetings', () => {
    it('answer empty lists in the list shape until those features exist', async () => {
      const applicant = await signedInAccount(testApp, { role: 'applicant' });
      for (const endpoint of [applicationsContract.messages, applicationsContract.meetings]) {
        const url = endpoint.path;
        const response = await applicant.call(endpoint);
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toEqual({ items: [], total: 0, page: 1, page_size: 20 });
        expect((await applicant.call(endpoint, { query: { page: 0 } })).statusCode).toBe(400);
      }
    });
  });

  it('keeps every dashboard call to applicants', async () => {
    for (const endpoint of [
      applicationsContract.stats,
      applicationsContract.recommendedJobs,
      applicationsContract.messages,
      applicationsContract.meetings,
    ]) {
      const url = endpoint.path;
      const response = await company.call(endpoint);
      expect(response.statusCode, url).toBe(403);
      expect(response.error?.error).toBe(forbiddenMessage);
      expect((await callerFrom(testApp).call(endpoint)).statusCode).toBe(401);
    }
  });
});
