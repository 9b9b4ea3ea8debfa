import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { jobBoardTexts } from '~/shared/job-board';
import { jobEditTexts } from '~/shared/jobs';
import { SHARE_IMAGE } from '~/shared/page-meta';
import { auditLogs, jobInvitations, jobs, notifications } from '../db/schema';
import { loadWebClient } from '../platform/web-client';
import { buildApplication } from '../seed/job-factories';
import { buildTest } from '../seed/test-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { writeFixtureBuild } from '../testing/fixture-client-build';
import { type Account, companyAccount, jobWith, uniqueWord } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createPublicJobSitemap, JOB_POSTING_DATA_ID } from './public-job-pages';

const PUBLIC_URL = 'https://tandem.example';

// One job's page: as an applicant reads it (GET /api/applicant/jobs/:id), as anyone reads an open public
// job (GET /api/public/jobs/:id, and /jobs/:id with its JobPosting data and sitemap entry), and a
// company's invitations to its private jobs (POST /api/jobs/:id/invitations).
describe('job pages', () => {
  let testApp: TestApp;
  let directory: string;
  let company: Awaited<ReturnType<typeof companyAccount>>;
  let applicant: Account;

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-job-board-'));
    await writeFixtureBuild(directory);
    // The page shell of /jobs/:id, as scripts/prerender.ts writes it.
    await fs.writeFile(
      path.join(directory, 'app-shells/jobPost.html'),
      '<html><head><link rel="modulepreload" crossorigin href="/assets/job-post-page-1.js"></head><body>job shell</body></html>',
    );
    testApp = await createTestApp({
      env: { PUBLIC_URL },
      webClient: await loadWebClient(directory, PUBLIC_URL),
    });
    company = await companyAccount(testApp, 'Northwind Outfitters');
    applicant = await signedInAccount(testApp, { role: 'applicant' });
  });
  afterAll(async () => {
    await testApp.close();
    await fs.rm(directory, { recursive: true, force: true });
  });

  const newJob = (overrides = {}) => jobWith(testApp, company.companyId, uniqueWord(), overrides);
  const readAsApplicant = (jobId: string, account: Account = applicant) =>
    account.call(jobBoardContract.jobPosting, { params: { id: jobId } });
  // Without signing in.
  const readPublic = (jobId: string) => callerFrom(testApp).call(jobBoardContract.publicJob, { params: { id: jobId } });

  describe('as an applicant reads it', () => {
    it('gives the whole post with its required tests, and nothing the company keeps to itself', async () => {
      const { db } = testApp.database;
      const coding = await buildTest(db, { companyId: company.companyId, name: 'React basics', type: 'coding' });
      const written = await buildTest(db, {
        companyId: company.companyId,
        name: 'Writing sample',
        type: 'written',
        timeLimitMinutes: 30,
      });
      const question = randomUUID();
      const job = await newJob({
        title: 'Senior React Engineer',
        description: 'Own our front end.\nShip small.',
        engagementType: 'fixed',
        budgetMinCents: null,
        budgetMaxCents: null,
        budgetTotalCents: 500_050,
        weeklyHours: 40,
        startDate: '2030-01-15',
        skillTags: ['React'],
        requiredCerts: ['PMP'],
        timezone: 'UTC+01:00',
        ccEmail: 'hiring@northwind.test',
        testIds: [coding.test.id, written.test.id],
        screeningQuestions: [{ id: question, question: 'Which React app are you proudest of?', required: true }],
      });
      const response = await readAsApplicant(job.id);
      expect(response.statusCode, response.error?.error).toBe(200);
      // As sent, before the contract's schema leaves out what it does not declare.
      expect(JSON.parse(response.rawPayload.toString())).toEqual({
        id: job.id,
        title: 'Senior React Engineer',
        company_name: 'Northwind Outfitters',
        description: 'Own our front end.\nShip small.',
        engagement_type: 'fixed',
        budget_min: null,
        budget_max: null,
        budget_total: 5000.5,
        currency: 'USD',
        weekly_hours: 40,
        start_date: '2030-01-15',
        closes_on: job.closesOn,
        applicant_locations: [],
        skill_tags: ['React'],
        timezone: 'UTC+01:00',
        required_certs: ['PMP'],
        required_tests: [
          { id: coding.test.id, name: 'React basics', type: 'coding', time_limit: coding.test.timeLimitMinutes },
          { id: written.test.id, name: 'Writing sample', type: 'written', time_limit: 30 },
        ],
        screening_questions: [{ id: question, question: 'Which React app are you proudest of?', required: true }],
        status: 'open',
        published_at: job.publishedAt?.toISOString(),
        visibility: 'public',
        is_saved: false,
        application: null,
        // Not applied: no test waits yet.
        waiting_tests: [],
      });
    });

    it('still shows a job that paused or closed, and never a draft, an archived job or a private one', async () => {
      for (const status of ['paused', 'closed'] as const) {
        const job = await newJob({ status });
        const response = await readAsApplicant(job.id);
        expect(response.statusCode, status).toBe(200);
        expect(response.body.status).toBe(status);
      }
      for (const job of [
        await newJob({ status: 'draft' }),
        await newJob({ status: 'archived' }),
        await newJob({ visibility: 'private' }),
      ]) {
        const response = await readAsApplicant(job.id);
        expect(response.statusCode).toBe(404);
        expect(response.error).toEqual({ error: jobBoardTexts.jobNotFound, code: 'not_found' });
      }
      expect((await readAsApplicant('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await readAsApplicant('not-an-id', company)).statusCode).toBe(403);
    });
  });

  describe('invitations to a private job', () => {
    const invite = (account: Account, jobId: string, applicantId: string) =>
      account.call(jobBoardContract.invite, { params: { id: jobId }, body: { applicant_id: applicantId } });

    it('lets the invited applicant, and only them, find and read the job; inviting twice changes nothing', async () => {
      const word = uniqueWord();
      const job = await jobWith(testApp, company.companyId, word, { visibility: 'private', title: 'Private role' });
      const invited = await signedInAccount(testApp, { role: 'applicant' });
      const first = await invite(company, job.id, invited.user.id);
      expect(first.statusCode, first.error?.error).toBe(201);
      expect(first.body).toMatchObject({ job_id: job.id, applicant_id: invited.user.id });
      const again = await invite(company, job.id, invited.user.id);
      expect(again.statusCode).toBe(200);
      expect(again.body).toEqual(first.body);

      const found = await invited.call(jobBoardContract.findJobs, { query: { q: word } });
      expect(found.body.items.map((item) => item.title)).toEqual(['Private role']);
      expect((await readAsApplicant(job.id, invited)).statusCode).toBe(200);
      expect((await readAsApplicant(job.id)).statusCode).toBe(404);
      expect((await readPublic(job.id)).statusCode).toBe(404);

      // The applicant is told, once, with a link to the job.
      const told = await testApp.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, invited.user.id));
      expect(told).toMatchObject([{ type: 'job_invitation', link: `/applicant/jobs/${job.id}` }]);
      expect(told[0]?.body).toContain('Private role');

      const audit = await testApp.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, job.id));
      expect(audit).toMatchObject([
        { action: 'job.invitation_sent', actorId: company.user.id, details: { applicant_id: invited.user.id } },
      ]);
    });

    it('refuses another company’s job, someone who is not an applicant, and an archived job', async () => {
      const job = await newJob({ visibility: 'private' });
      const other = await companyAccount(testApp);
      const invited = await signedInAccount(testApp, { role: 'applicant' });
      const foreign = await invite(other, job.id, invited.user.id);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.error?.error).toBe(jobEditTexts.notFound);

      const notApplicant = await invite(company, job.id, other.user.id);
      expect(notApplicant.statusCode).toBe(404);
      expect(notApplicant.error).toMatchObject({ fields: { applicant_id: jobBoardTexts.applicantNotFound } });

      const archived = await newJob({ status: 'archived', visibility: 'private' });
      const refused = await invite(company, archived.id, invited.user.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.error?.error).toBe(jobBoardTexts.invitationArchived);

      expect((await invite(invited, job.id, invited.user.id)).statusCode).toBe(403);
      const rows = await testApp.database.db.select().from(jobInvitations).where(eq(jobInvitations.jobId, job.id));
      expect(rows).toEqual([]);
    });
  });

  describe('as anyone reads it', () => {
    it('answers an open public job without signing in, and no other', async () => {
      const job = await newJob({ title: 'Public role', ccEmail: 'hiring@northwind.test' });
      const response = await readPublic(job.id);
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatchObject({ id: job.id, title: 'Public role', company_name: 'Northwind Outfitters' });
      // As sent, before the contract's schema leaves out what it does not declare.
      const sent = JSON.parse(response.rawPayload.toString());
      expect(sent).not.toHaveProperty('cc_email');
      expect(sent).not.toHaveProperty('is_saved');
      for (const hidden of [
        await newJob({ status: 'draft' }),
        await newJob({ status: 'paused' }),
        await newJob({ status: 'closed' }),
        await newJob({ visibility: 'private' }),
      ]) {
        const refused = await readPublic(hidden.id);
        expect(refused.statusCode).toBe(404);
        expect(refused.error?.error).toBe(jobBoardTexts.jobNotFound);
      }
      expect((await readPublic('nope')).statusCode).toBe(400);
    });

    it('says who reads it: nobody, an applicant with their application if any, or another role', async () => {
      const job = await newJob({ title: 'Viewer role' });
      expect((await readPublic(job.id)).body.viewer).toBeNull();
      const read = async (account: Account) =>
        (await account.call(jobBoardContract.publicJob, { params: { id: job.id } })).body.viewer;
      expect(await read(applicant)).toEqual({ role: 'applicant', application: null });

      const applied = await signedInAccount(testApp, { role: 'applicant' });
      const application = await buildApplication(testApp.database.db, {
        jobId: job.id,
        applicantId: applied.user.id,
        status: 'shortlisted',
      });
      expect(await read(applied)).toEqual({
        role: 'applicant',
        application: { id: application.id, status: 'shortlisted', created_at: expect.any(String) },
      });
      expect(await read(company)).toEqual({ role: 'company', application: null });
      expect(await read(await signedInAccount(testApp, { role: 'admin' }))).toEqual({
        role: 'admin',
        application: null,
      });
    });

    it('puts the JobPosting data into the HTML of /jobs/:id, for crawlers that run no script', async () => {
      const job = await newJob({
        title: 'Support Lead </script><script>alert(1)</script>',
        description: 'Lead a team of five.',
        budgetMinCents: 3000,
        budgetMaxCents: 4500,
        weeklyHours: 40,
      });
      const response = await testApp.app.inject({ method: 'GET', url: `/jobs/${job.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.body).toContain('job shell');
      expect(response.body).toContain('<link rel="modulepreload" crossorigin href="/assets/job-post-page-1.js">');
      const match = response.body.match(
        new RegExp(`<script type="application/ld\\+json" id="${JOB_POSTING_DATA_ID}">(.*?)</script></head>`),
      );
      expect(match?.[1]).toBeDefined();
      // The title's "</script>" cannot close the element early.
      expect(match?.[1]).not.toContain('</script>');
      const data = JSON.parse(match?.[1] ?? '{}');
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'JobPosting',
        title: 'Support Lead </script><script>alert(1)</script>',
        description: 'Lead a team of five.',
        datePosted: job.publishedAt?.toISOString(),
        employmentType: ['CONTRACTOR', 'FULL_TIME'],
        hiringOrganization: { '@type': 'Organization', name: 'Northwind Outfitters' },
        url: `${PUBLIC_URL}/jobs/${job.id}`,
        baseSalary: {
          '@type': 'MonetaryAmount',
          currency: 'USD',
          value: { '@type': 'QuantitativeValue', minValue: 30, maxValue: 45, unitText: 'HOUR' },
        },
      });
      // Its own closing date, to the end of that day (decision 058).
      expect(data.validThrough).toBe(`${job.closesOn}T23:59:59Z`);
    });

    it('gives link previews the job’s title, description, address and card, as the page renders them', async () => {
      const job = await newJob({ title: 'Support Lead "Nights" & <Weekends>', description: 'Lead a team of five.' });
      const response = await testApp.app.inject({ method: 'GET', url: `/jobs/${job.id}` });
      const url = `${PUBLIC_URL}/jobs/${job.id}`;
      const title = 'Support Lead &#34;Nights&#34; &#38; &#60;Weekends&#62; at Northwind Outfitters · Tandem';
      for (const tag of [
        `<title data-server-head="">${title}</title>`,
        '<meta data-server-head="" name="description" content="Lead a team of five.">',
        `<link data-server-head="" rel="canonical" href="${url}">`,
        `<meta data-server-head="" property="og:title" content="${title}">`,
        `<meta data-server-head="" property="og:url" content="${url}">`,
        `<meta data-server-head="" property="og:image" content="${PUBLIC_URL}/og-image.png">`,
        `<meta data-server-head="" property="og:image:alt" content="${SHARE_IMAGE.alt}">`,
        '<meta data-server-head="" name="twitter:card" content="summary_large_image">',
      ]) {
        expect(response.body).toContain(tag);
      }
    });

    it('answers 410 for a public job that has ended, and 404 for anything else that is not an open public job', async () => {
      const answers: Array<[string, number]> = [
        [`/jobs/${(await newJob({ status: 'closed' })).id}`, 410],
        [`/jobs/${(await newJob({ status: 'archived' })).id}`, 410],
        [`/jobs/${(await newJob({ status: 'paused' })).id}`, 404],
        [`/jobs/${(await newJob({ status: 'draft' })).id}`, 404],
        // A draft archived without ever being published was never a public page.
        [`/jobs/${(await newJob({ status: 'archived', publishedAt: null })).id}`, 404],
        [`/jobs/${(await newJob({ visibility: 'private' })).id}`, 404],
        [`/jobs/${(await newJob({ visibility: 'private', status: 'closed' })).id}`, 404],
        ['/jobs/42', 404],
        ['/jobs/00000000-0000-4000-8000-000000000000', 404],
      ];
      for (const [url, status] of answers) {
        const response = await testApp.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(status);
        // The page still comes, to say to a person that the job is not available.
        expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(response.body, url).toContain('job shell');
        expect(response.body, url).not.toContain('application/ld+json');
        expect(response.body, url).not.toContain('data-server-head');
      }
    });

    it('lists the open public jobs in the sitemap, beside the built pages', async () => {
      const listed = await newJob();
      const hidden = await newJob({ visibility: 'private' });
      const response = await testApp.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.body).toContain(`<loc>${PUBLIC_URL}/about-us</loc>`);
      expect(response.body).toContain(
        `<url><loc>${PUBLIC_URL}/jobs/${listed.id}</loc><lastmod>${listed.updatedAt.toISOString()}</lastmod></url>`,
      );
      expect(response.body).not.toContain(hidden.id);
      expect(response.body.trim().endsWith('</urlset>')).toBe(true);
    });

    it('reads the sitemap’s jobs from the database at most once per period', async () => {
      let now = 0;
      const entries = createPublicJobSitemap({
        db: testApp.database.db,
        publicUrl: PUBLIC_URL,
        cacheMs: 1000,
        clock: () => now,
      });
      const before = await entries();
      const job = await newJob();
      expect((await entries()).some((entry) => entry.url.endsWith(job.id))).toBe(false);
      expect(await entries()).toEqual(before);
      now = 1000;
      expect((await entries()).some((entry) => entry.url.endsWith(job.id))).toBe(true);
      await testApp.database.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, job.id));
      now = 2000;
      expect((await entries()).some((entry) => entry.url.endsWith(job.id))).toBe(false);
    });
  });
});
