import Validator from '@adobe/structured-data-validator';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { jobsContract } from '~/shared/contracts/jobs';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { jobBoardTexts } from '~/shared/job-board';
import { addDays, jobReachTexts, todayInUtc } from '~/shared/job-reach';
import { applications, companies, jobReferralLinks, jobs, platformSettings } from '../db/schema';
import { publiclyListed } from '../kernels/hiring/job-visibility';
import type { PageAnswer } from '../platform/web-client';
import { demoAccountsSeeder } from '../seed/demo-accounts';
import { demoJobsSeeder } from '../seed/demo-jobs';
import { buildAccount } from '../seed/factories';
import { seedDemoData } from '../seed/seed-demo-data';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount, jobWith, uniqueWord } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { xmllint } from '../testing/xmllint';
import { indeedRequiredJobElements } from './indeed-feed';
import { JOB_POSTING_DATA_ID, publicJobPage } from './public-job-pages';

const PUBLIC_URL = 'https://tandem.example';
const headOf = (page: PageAnswer) => (page.status === 200 ? (page.head ?? '') : '');

// Issue 59's reach (decision 058): closing dates and where applicants may live on the job, the sweep that
// closes a job past its date, where each application came from (a feed's link, a search engine, a shared
// link, a member's referral), the feeds, and JobPosting data Google's rules accept without a warning.
describe('job reach', () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof companyAccount>>;
  const today = todayInUtc();

  beforeAll(async () => {
    testApp = await createTestApp({ env: { PUBLIC_URL } });
    company = await companyAccount(testApp, 'Northwind Outfitters');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const applicant = () => signedInAccount(testApp, { role: 'applicant' });
  const apply = (account: Account, jobId: string, extra: { source?: string; ref?: string } = {}) =>
    account.call(jobBoardContract.apply, { params: { id: jobId }, body: { cover_letter: 'I can do this.', ...extra } });
  const jobInput = (overrides: Record<string, unknown> = {}) => ({
    title: 'Support Lead',
    description: 'Lead our support team.',
    engagement_type: 'hourly' as const,
    budget_min: 20,
    budget_max: 30,
    status: 'open' as const,
    ...overrides,
  });

  describe('the closing date and applicant locations', () => {
    it('refuses a closing date in the past or before the start, and unknown locations, at their fields', async () => {
      const past = await company.call(jobsContract.create, { body: jobInput({ closes_on: addDays(today, -1) }) });
      expect(past.statusCode).toBe(400);
      expect(past.error?.fields?.closes_on).toBe(jobReachTexts.closingDatePast);
      const beforeStart = await company.call(jobsContract.create, {
        body: jobInput({ start_date: addDays(today, 20), closes_on: addDays(today, 10) }),
      });
      expect(beforeStart.error?.fields?.closes_on).toBe(jobReachTexts.closingBeforeStart);
      const unknown = await company.call(jobsContract.create, {
        body: jobInput({ applicant_locations: ['US', 'XX'] }),
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.error?.fields?.['applicant_locations.1']).toBe(jobReachTexts.locationUnknown);
    });

    it('keeps the date and locations given, and gives a published job without a date the default validity', async () => {
      const given = await company.call(jobsContract.create, {
        body: jobInput({ closes_on: addDays(today, 5), applicant_locations: ['de', 'US-CA', 'DE'] }),
      });
      expect(given.statusCode, given.error?.error).toBe(201);
      expect(given.body).toMatchObject({ closes_on: addDays(today, 5), applicant_locations: ['DE', 'US-CA'] });

      const published = await company.call(jobsContract.create, { body: jobInput() });
      expect(published.body.closes_on).toBe(addDays(today, 60));
      const draft = await company.call(jobsContract.create, { body: jobInput({ status: 'draft' }) });
      expect(draft.body.closes_on).toBeNull();

      // The platform setting: 30 days, then publishing the draft takes it.
      const setValidity = (value: number) =>
        testApp.database.db
          .insert(platformSettings)
          .values({ key: 'job_validity_days', value })
          .onConflictDoUpdate({ target: platformSettings.key, set: { value } });
      await setValidity(30);
      try {
        const publishedDraft = await company.call(jobsContract.publish, { params: { id: draft.body.id } });
        expect(publishedDraft.body.closes_on).toBe(addDays(today, 30));
      } finally {
        await setValidity(60);
      }
    });

    it('takes a job past its closing date off the board and refuses applications; reopened, it gets a new date', async () => {
      const word = uniqueWord();
      const expired = await jobWith(testApp, company.companyId, word, { closesOn: addDays(today, -1) });
      const lastDay = await jobWith(testApp, company.companyId, word, { closesOn: today });
      const visitor = callerFrom(testApp);
      const board = await visitor.call(jobBoardContract.publicJobs, { query: { q: word } });
      expect(board.body.items.map((item) => item.id)).toEqual([lastDay.id]);
      expect((await visitor.call(jobBoardContract.publicJob, { params: { id: expired.id } })).statusCode).toBe(404);
      expect((await publicJobPage({ db: testApp.database.db, publicUrl: PUBLIC_URL, id: expired.id })).status).toBe(
        410,
      );
      const refused = await apply(await applicant(), expired.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.error?.error).toBe(jobBoardTexts.jobNotOpen);

      // Closed, then reopened, it takes the default validity from today rather than its passed date.
      expect((await company.call(jobsContract.close, { params: { id: expired.id } })).statusCode).toBe(200);
      const reopened = await company.call(jobsContract.reopen, { params: { id: expired.id } });
      expect(reopened.body).toMatchObject({ status: 'open', closes_on: addDays(today, 60) });
    });
  });

  describe('where applications come from', () => {
    it('records a known source, counts anything else as the Tandem board, and shows it in the pipeline', async () => {
      const job = await jobWith(testApp, company.companyId, uniqueWord());
      const cases = [
        [{ source: 'indeed' }, 'indeed'],
        [{ source: 'google' }, 'google'],
        [{ source: 'feed' }, 'feed'],
        [{ source: 'shared_link' }, 'shared_link'],
        [{ source: 'referral' }, 'tandem'],
        [{ source: 'made-up' }, 'tandem'],
        [{}, 'tandem'],
      ] as const;
      for (const [extra, expected] of cases) {
        const account = await applicant();
        const response = await apply(account, job.id, extra);
        expect(response.statusCode, response.error?.error).toBe(201);
        const [row] = await testApp.database.db
          .select({ source: applications.source, referrerId: applications.referrerId })
          .from(applications)
          .where(eq(applications.id, response.body.id));
        expect(row, JSON.stringify(extra)).toEqual({ source: expected, referrerId: null });
      }
      const list = await company.call(jobsContract.applications, { params: { id: job.id }, query: {} });
      expect(list.statusCode, list.error?.error).toBe(200);
      expect(list.body.items.map((item) => item.source).sort()).toEqual(
        ['feed', 'google', 'indeed', 'shared_link', 'tandem', 'tandem', 'tandem'].sort(),
      );
    });

    it("credits a member's referral link, once per member, and ignores another job's code or one's own", async () => {
      const job = await jobWith(testApp, company.companyId, uniqueWord());
      const other = await jobWith(testApp, company.companyId, uniqueWord());
      const colleague = await buildAccount(testApp.database.db, {
        role: 'company',
        name: 'Ana Silva',
        company: { id: company.companyId, role: 'admin' },
      });
      const member = await signedInAccount(testApp, {
        role: 'company',
        name: 'Bo Chen',
        // A viewer reads the company's jobs, so may share them.
        company: { id: company.companyId, role: 'viewer' },
      });
      const first = await member.call(jobsContract.referralLink, { params: { id: job.id } });
      expect(first.statusCode, first.error?.error).toBe(200);
      const again = await member.call(jobsContract.referralLink, { params: { id: job.id } });
      expect(again.body.code).toBe(first.body.code);
      expect(first.body.url).toBe(`${PUBLIC_URL}/jobs/${job.id}?ref=${first.body.code}`);
      expect(colleague.user.id).not.toBe(member.user.id);

      const referred = await applicant();
      const response = await apply(referred, job.id, { source: 'indeed', ref: first.body.code });
      expect(response.statusCode, response.error?.error).toBe(201);
      // Another job's code counts for nothing.
      const elsewhere = await apply(await applicant(), other.id, { ref: first.body.code });
      const rows = await testApp.database.db
        .select({ id: applications.id, source: applications.source, referrerId: applications.referrerId })
        .from(applications)
        .where(eq(applications.referrerId, member.user.id));
      expect(rows).toEqual([{ id: response.body.id, source: 'referral', referrerId: member.user.id }]);
      const [elsewhereRow] = await testApp.database.db
        .select({ source: applications.source })
        .from(applications)
        .where(eq(applications.id, elsewhere.body.id));
      expect(elsewhereRow?.source).toBe('tandem');

      const detail = await company.call(pipelineContract.get, { params: { id: response.body.id } });
      expect(detail.body).toMatchObject({ source: 'referral', referrer_name: 'Bo Chen' });
      const list = await company.call(jobsContract.applications, { params: { id: job.id }, query: {} });
      expect(list.body.items[0]).toMatchObject({ source: 'referral', referrer_name: 'Bo Chen' });
      expect((await member.call(jobsContract.referralLink, { params: { id: job.id } })).body.applications).toBe(1);

      // The company's analytics count it, and its CSV has a row per source.
      const analytics = await company.call(jobsContract.analytics);
      expect(analytics.body.by_source.find((row) => row.source === 'referral')).toEqual({
        source: 'referral',
        applications: 1,
        hires: 0,
      });
      const csv = (await company.call(jobsContract.analyticsCsv)).rawPayload.toString('utf8');
      expect(csv).toContain('Applications from Referral,1');
      expect(csv).toContain('Hires from Indeed,0');
    });

    it("ignores a member's own code when they apply, and refuses a draft's link", async () => {
      const job = await jobWith(testApp, company.companyId, uniqueWord());
      const talent = await signedInAccount(testApp, { role: 'applicant' });
      // A code stored for the applicant themself (as if they had been a member once).
      await testApp.database.db
        .insert(jobReferralLinks)
        .values({ jobId: job.id, userId: talent.user.id, code: 'selfcode123' });
      const response = await apply(talent, job.id, { ref: 'selfcode123' });
      const [row] = await testApp.database.db
        .select({ source: applications.source, referrerId: applications.referrerId })
        .from(applications)
        .where(eq(applications.id, response.body.id));
      expect(row).toEqual({ source: 'tandem', referrerId: null });

      const draft = await jobWith(testApp, company.companyId, uniqueWord(), { status: 'draft' });
      const refused = await company.call(jobsContract.referralLink, { params: { id: draft.id } });
      expect(refused.statusCode).toBe(409);
      expect(refused.error?.error).toBe(jobReachTexts.referralDraft);
    });
  });

  describe('the feeds', () => {
    const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'job' || name === 'item' });

    it("lists the open public jobs in Indeed's format, every required element on every job, well-formed", async () => {
      const word = uniqueWord();
      const open = await jobWith(testApp, company.companyId, word, {
        title: 'Feed <Support> & "Success" ]]> Lead',
        applicantLocations: ['US-CA', 'US'],
      });
      const hidden = [
        await jobWith(testApp, company.companyId, word, { visibility: 'private' }),
        await jobWith(testApp, company.companyId, word, { status: 'paused' }),
        await jobWith(testApp, company.companyId, word, { closesOn: addDays(today, -2) }),
      ];
      const response = await callerFrom(testApp).call(jobBoardContract.indeedFeed, { query: {} });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=900');
      const xml = response.rawPayload.toString('utf8');
      const lint = xmllint(xml);
      expect(lint.stderr).toBe('');
      expect(lint.status).toBe(0);

      const feed = parser.parse(xml).source as { publisher: string; job: Array<Record<string, unknown>> };
      expect(feed.publisher).toBe('Tandem');
      expect(feed.job.length).toBeGreaterThan(0);
      for (const job of feed.job) {
        for (const name of indeedRequiredJobElements)
          expect(job, `${job.referencenumber}: <${name}>`).toHaveProperty(name);
        for (const name of ['title', 'date', 'referencenumber', 'url', 'company', 'description']) {
          expect(String(job[name]), `${job.referencenumber}: <${name}>`).not.toBe('');
        }
        expect(String(job.url)).toMatch(/\?source=indeed$/);
      }
      const ours = feed.job.find((job) => job.referencenumber === open.id);
      expect(ours).toMatchObject({
        title: 'Feed <Support> & "Success" ]]> Lead',
        url: `${PUBLIC_URL}/jobs/${open.id}?source=indeed`,
        company: 'Northwind Outfitters',
        country: 'US',
        state: 'CA',
        remotetype: 'Fully remote',
        expirationdate: open.closesOn,
        salary: '$60–80/hr',
      });
      for (const job of hidden) expect(xml).not.toContain(job.id);
    });

    it('lists them as RSS 2.0 too, each link saying it came from the feed', async () => {
      const job = await jobWith(testApp, company.companyId, uniqueWord(), { title: 'RSS & Ops Lead' });
      const response = await callerFrom(testApp).call(jobBoardContract.rssFeed, { query: {} });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      const xml = response.rawPayload.toString('utf8');
      expect(xmllint(xml).status).toBe(0);
      const channel = parser.parse(xml).rss.channel as { item: Array<Record<string, unknown>> };
      const item = channel.item.find((candidate) => String(candidate.link).includes(job.id));
      expect(item).toMatchObject({
        title: 'RSS & Ops Lead at Northwind Outfitters',
        link: `${PUBLIC_URL}/jobs/${job.id}?source=feed`,
      });
      // A page past the end is an empty, well-formed feed.
      const empty = await callerFrom(testApp).call(jobBoardContract.rssFeed, { query: { page: 999 } });
      expect(xmllint(empty.rawPayload.toString('utf8')).status).toBe(0);
    });
  });

  describe('JobPosting data', () => {
    it("passes Google's rules (@adobe/structured-data-validator) with no error or warning on every public job page", async () => {
      await seedDemoData({ db: testApp.database.db, seeders: [demoAccountsSeeder, demoJobsSeeder] });
      // Jobs of every shape beside the demo's: fixed price, several locations, one region, none.
      await jobWith(testApp, company.companyId, uniqueWord(), { engagementType: 'fixed', applicantLocations: [] });
      await jobWith(testApp, company.companyId, uniqueWord(), { applicantLocations: ['DE', 'US-NY', 'CA-ON'] });
      await jobWith(testApp, company.companyId, uniqueWord(), { applicantLocations: ['IN'], weeklyHours: 40 });
      const listed = await testApp.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .innerJoin(companies, eq(companies.id, jobs.companyId))
        .where(publiclyListed);
      expect(listed.length).toBeGreaterThan(5);
      const validator = new Validator();
      for (const { id } of listed) {
        const page = await publicJobPage({ db: testApp.database.db, publicUrl: PUBLIC_URL, id });
        expect(page.status).toBe(200);
        const json = headOf(page).match(
          new RegExp(`<script type="application/ld\\+json" id="${JOB_POSTING_DATA_ID}">(.*?)</script>`),
        )?.[1];
        const posting = JSON.parse(json ?? '{}');
        expect(posting.validThrough, id).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:59Z$/);
        expect(JSON.stringify(posting.applicantLocationRequirements)).not.toContain('Worldwide');
        expect(posting.directApply).toBe(true);
        const issues = await validator.validate({ jsonld: { JobPosting: [posting] } });
        expect(issues, id).toEqual([]);
      }
    });

    it('names the chosen countries and regions as real places, and ends validThrough with the closing day', async () => {
      const job = await jobWith(testApp, company.companyId, uniqueWord(), {
        applicantLocations: ['DE', 'US-CA'],
        closesOn: addDays(today, 3),
      });
      const page = await publicJobPage({ db: testApp.database.db, publicUrl: PUBLIC_URL, id: job.id });
      const posting = JSON.parse(
        headOf(page).match(/application\/ld\+json" id="job-posting-data">(.*?)<\/script>/)?.[1] ?? '',
      );
      expect(posting).toMatchObject({
        validThrough: `${addDays(today, 3)}T23:59:59Z`,
        applicantLocationRequirements: [
          { '@type': 'Country', name: 'Germany' },
          { '@type': 'AdministrativeArea', name: 'California, United States' },
        ],
        directApply: true,
      });
    });
  });
});
