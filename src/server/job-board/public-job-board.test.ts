import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryOf } from '~/shared/contract';
import { companiesContract } from '~/shared/contracts/companies';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { type JobBoardPageData, jobBoardSearchKey } from '~/shared/job-board';
import { PAGE_DATA_ID, SERVER_HEAD_MARKER, SERVER_HTML_MARKER } from '~/shared/static-pages';
import { companies, invoices, jobs, paymentMethods } from '../db/schema';
import { loadWebClient, MAX_SERVER_RENDERED_PAGE_BYTES } from '../platform/web-client';
import { buildApplication } from '../seed/job-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { writeFixtureBuild } from '../testing/fixture-client-build';
import { companyAccount, jobWith, uniqueWord } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

const PUBLIC_URL = 'https://tandem.example';

// The public job board: GET /api/public/jobs (anyone searches the open public jobs with Find Jobs' search),
// the company's public profile beside its job, and the pages the server renders for crawlers and link
// previews (/jobs and /jobs/:id): status, head tags, rendered content and JobPosting data.
describe('the public job board', () => {
  let testApp: TestApp;
  let root: string;
  let company: Awaited<ReturnType<typeof companyAccount>>;

  beforeAll(async () => {
    // The client build and, beside it, the SSR build of the pages (as package.json's build script leaves them).
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-job-board-'));
    const directory = path.join(root, 'client');
    await writeFixtureBuild(directory);
    const serverShell = `<html><head><meta name="tandem:public-url" content="%PUBLIC_URL%">${SERVER_HEAD_MARKER}</head><body><div id="root" data-prerendered="true">${SERVER_HTML_MARKER}</div></body></html>`;
    for (const page of ['jobBoard', 'jobPost']) {
      await fs.mkdir(path.join(directory, 'server-shells'), { recursive: true });
      await fs.writeFile(path.join(directory, `server-shells/${page}.html`), serverShell);
      await fs.writeFile(
        path.join(directory, `app-shells/${page}.html`),
        '<html><head></head><body>shell</body></html>',
      );
    }
    // A renderer that writes what it was given, so the test reads what the page would render from.
    await fs.mkdir(path.join(root, 'prerender'));
    await fs.writeFile(
      path.join(root, 'prerender/entry-prerender.js'),
      `export async function renderPage(url, data) {
        const items = data.list ? data.list.items.map((job) => job.title) : [data.title, data.company.about];
        return { head: '<title>ignored</title>', body: '<main>rendered ' + url + ': ' + items.join(' | ') + ' %PUBLIC_URL%</main>' };
      }`,
    );
    testApp = await createTestApp({ env: { PUBLIC_URL }, webClient: await loadWebClient(directory, PUBLIC_URL) });
    company = await companyAccount(testApp, 'Northwind Outfitters');
  });
  afterAll(async () => {
    await testApp.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  type BoardQuery = QueryOf<typeof jobBoardContract.publicJobs>;
  // Without signing in.
  const visitor = () => callerFrom(testApp);
  const search = async (query: BoardQuery) => {
    const response = await visitor().call(jobBoardContract.publicJobs, { query });
    expect(response.statusCode, response.error?.error).toBe(200);
    return response;
  };
  const titlesOf = async (query: BoardQuery) => (await search(query)).body.items.map((item) => item.title);

  describe('GET /api/public/jobs', () => {
    it('lists only the open public jobs of active companies, to anyone, and nothing private about them', async () => {
      const word = uniqueWord();
      const make = (title: string, overrides = {}) =>
        jobWith(testApp, company.companyId, word, { title, ccEmail: 'hiring@northwind.test', ...overrides });
      await make('Open public');
      for (const status of ['draft', 'paused', 'closed', 'archived'] as const) await make(status, { status });
      await make('Private', { visibility: 'private' });
      const suspended = await companyAccount(testApp);
      await jobWith(testApp, suspended.companyId, word, { title: 'Suspended company' });
      await testApp.database.db
        .update(companies)
        .set({ status: 'suspended' })
        .where(eq(companies.id, suspended.companyId));

      const board = await search({ q: word });
      const { items, total } = board.body;
      expect(items.map((item) => item.title)).toEqual(['Open public']);
      expect(total).toBe(1);
      // As sent, before the contract's schema leaves out what it does not declare.
      const sent = JSON.parse(board.rawPayload.toString());
      expect(Object.keys(sent.items[0] ?? {}).sort()).toEqual(
        [
          'id',
          'title',
          'company_name',
          'excerpt',
          'engagement_type',
          'budget_min',
          'budget_max',
          'budget_total',
          'currency',
          'weekly_hours',
          'skill_tags',
          'timezone',
          'status',
          'published_at',
        ].sort(),
      );
      // A signed-in applicant reads the same board: nothing about them is added.
      const applicant = await signedInAccount(testApp, { role: 'applicant' });
      const asApplicant = await applicant.call(jobBoardContract.publicJobs, { query: { q: word } });
      expect(JSON.parse(asApplicant.rawPayload.toString()).items).toEqual(sent.items);
    });

    it('searches and filters as Find Jobs does: words, engagement type, pay, skills and time zone', async () => {
      const word = uniqueWord();
      const make = (title: string, overrides = {}) =>
        jobWith(testApp, company.companyId, word, { title, ...overrides });
      await make('Hourly React', {
        budgetMinCents: 4000,
        budgetMaxCents: 6000,
        skillTags: ['React'],
        timezone: 'UTC+01:00',
      });
      await make('Hourly Python', {
        budgetMinCents: 2000,
        budgetMaxCents: 2500,
        skillTags: ['Python'],
        timezone: 'UTC-05:00',
      });
      await make('Fixed design', { engagementType: 'fixed', budgetTotalCents: 300_000, skillTags: ['Figma'] });

      expect(await titlesOf({ q: `${word} Python` })).toEqual(['Hourly Python']);
      expect(await titlesOf({ q: word, engagement_type: 'fixed' })).toEqual(['Fixed design']);
      expect(await titlesOf({ q: word, engagement_type: 'hourly', rate_min: 30 })).toEqual(['Hourly React']);
      expect(await titlesOf({ q: word, skills: 'python,figma', sort: 'newest' })).toEqual(
        expect.arrayContaining(['Hourly Python', 'Fixed design']),
      );
      expect(await titlesOf({ q: word, timezone: 'UTC+01:00' })).toEqual(['Hourly React']);
      expect(await titlesOf({ q: word, sort: 'highest_rate' })).toEqual([
        'Hourly React',
        'Hourly Python',
        'Fixed design',
      ]);
    });

    it('pages on the server, newest first', async () => {
      const word = uniqueWord();
      for (const days of [5, 4, 3, 2, 1]) {
        await jobWith(testApp, company.companyId, word, {
          title: `Posted ${days} days ago`,
          createdAt: new Date(Date.now() - days * 86_400_000),
        });
      }
      const first = (await search({ q: word, page_size: 2 })).body;
      expect(first).toMatchObject({ total: 5, page: 1, page_size: 2 });
      expect(first.items.map((item) => item.title)).toEqual(['Posted 1 days ago', 'Posted 2 days ago']);
      expect(await titlesOf({ q: word, page_size: 2, page: 3 })).toEqual(['Posted 5 days ago']);
      // Past the end: no items, still the total.
      expect((await search({ q: word, page_size: 2, page: 4 })).body).toMatchObject({ items: [], total: 5 });
    });

    it('refuses a search it cannot read with a sentence per field', async () => {
      // A search the contract's types would not allow, sent on purpose.
      const response = await visitor().callUnchecked(jobBoardContract.publicJobs, {
        query: { rate_min: 'lots', page_size: 500 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.error?.fields).toMatchObject({ rate_min: 'Enter an amount in dollars, such as 40.' });
      expect(response.error?.fields?.page_size).toEqual(expect.any(String));
    });
  });

  describe('the company beside its job', () => {
    it('shows what the company wrote and its record, counted from what happened', async () => {
      const owner = await companyAccount(testApp, 'Contoso Remote');
      const saved = await owner.call(companiesContract.updateProfile, {
        body: {
          name: 'Contoso Remote',
          contact_email: 'hello@contoso.test',
          website: 'https://contoso.example',
          about: 'We build booking software for clinics.',
          size: '11-50',
          location: 'Lisbon, Portugal',
        },
      });
      expect(saved.statusCode, saved.error?.error).toBe(200);
      expect(saved.body).toMatchObject({ about: 'We build booking software for clinics.', size: '11-50' });
      const job = await jobWith(testApp, owner.companyId, uniqueWord(), { title: 'Clinic support' });
      await jobWith(testApp, owner.companyId, uniqueWord(), { status: 'closed' });
      // A draft was never posted.
      await jobWith(testApp, owner.companyId, uniqueWord(), { status: 'draft' });
      await buildApplication(testApp.database.db, { jobId: job.id, status: 'hired', hiredAt: new Date() });
      await buildApplication(testApp.database.db, { jobId: job.id, status: 'submitted' });

      const answer = () => visitor().call(jobBoardContract.publicJob, { params: { id: job.id } });
      const read = async () => (await answer()).body.company;
      // As sent, before the contract's schema leaves out what it does not declare.
      expect(JSON.parse((await answer()).rawPayload.toString()).company).toEqual({
        name: 'Contoso Remote',
        about: 'We build booking software for clinics.',
        size: '11-50',
        location: 'Lisbon, Portugal',
        website: 'https://contoso.example',
        member_since: expect.any(String),
        jobs_posted: 2,
        hires_made: 1,
        payment_verified: false,
        // No talent has reviewed it yet (reviews.test.ts: the rating once they have).
        rating: null,
        review_count: 0,
      });

      // A payment method on file verifies payment; once removed, a paid invoice does.
      const [method] = await testApp.database.db
        .insert(paymentMethods)
        .values({
          companyId: owner.companyId,
          kind: 'card',
          label: 'Visa',
          last4: '4242',
          provider: 'test',
          providerRef: 'pm_1',
        })
        .returning();
      expect((await read()).payment_verified).toBe(true);
      await testApp.database.db
        .update(paymentMethods)
        .set({ removedAt: new Date() })
        .where(eq(paymentMethods.id, method?.id ?? ''));
      expect((await read()).payment_verified).toBe(false);
      await testApp.database.db.insert(invoices).values({
        invoiceNumber: `INV-${uniqueWord()}`,
        companyId: owner.companyId,
        periodStart: '2026-10-01',
        periodEnd: '2026-10-31',
        issueDate: '2026-11-01',
        dueDate: '2026-11-15',
        status: 'paid',
        paidAt: new Date(),
        subtotalCents: 1000,
        feeBasisPoints: 0,
        feeCents: 0,
        taxBasisPoints: 0,
        taxCents: 0,
        totalCents: 1000,
      });
      expect((await read()).payment_verified).toBe(true);
    });

    it('refuses a profile it cannot store, with the field’s sentence', async () => {
      const owner = await companyAccount(testApp);
      const response = await owner.call(companiesContract.updateProfile, {
        body: { name: 'Acme', contact_email: 'a@acme.test', website: '', about: '', size: 'huge', location: '' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.error?.fields).toEqual({ size: 'Choose a company size from the list.' });
    });
  });

  describe('the pages the server renders', () => {
    const jobPostingOf = (html: string) =>
      JSON.parse(html.match(/<script type="application\/ld\+json" id="job-posting-data">(.*?)<\/script>/)?.[1] ?? '{}');
    const pageDataOf = (html: string) =>
      JSON.parse(
        html.match(new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`))?.[1] ?? '{}',
      );

    it('renders /jobs/:id with its title, description, canonical, sharing tags, content and JobPosting', async () => {
      const owner = await companyAccount(testApp, 'Fabrikam');
      await owner.call(companiesContract.updateProfile, {
        body: {
          name: 'Fabrikam',
          contact_email: 'jobs@fabrikam.test',
          website: 'https://fabrikam.example',
          about: 'Fabrikam ships furniture.',
          size: '51-200',
          location: 'Oslo, Norway',
        },
      });
      const job = await jobWith(testApp, owner.companyId, uniqueWord(), {
        title: 'Support Lead',
        description: 'Lead a team of five.',
        budgetMinCents: 3000,
        budgetMaxCents: 4500,
        weeklyHours: 20,
        applicantLocations: ['NO', 'US-CA'],
      });
      const response = await testApp.app.inject({ method: 'GET', url: `/jobs/${job.id}` });
      expect(response.statusCode).toBe(200);
      const html = response.body;
      const url = `${PUBLIC_URL}/jobs/${job.id}`;
      for (const tag of [
        '<title data-server-head="">Support Lead at Fabrikam · Tandem</title>',
        '<meta data-server-head="" name="description" content="Lead a team of five.">',
        `<link data-server-head="" rel="canonical" href="${url}">`,
        `<meta data-server-head="" property="og:url" content="${url}">`,
        '<meta data-server-head="" name="twitter:card" content="summary_large_image">',
      ]) {
        expect(html).toContain(tag);
      }
      // Readable without JavaScript: the page rendered from the job and its company, addresses filled in.
      expect(html).toContain(
        `<main>rendered /jobs/${job.id}: Support Lead | Fabrikam ships furniture. ${PUBLIC_URL}</main>`,
      );
      expect(html).not.toContain('Loading Tandem');
      expect(pageDataOf(html)).toMatchObject({
        url: `/jobs/${job.id}`,
        data: { id: job.id, company: { name: 'Fabrikam', size: '51-200', location: 'Oslo, Norway' } },
      });
      expect(pageDataOf(html).data).not.toHaveProperty('cc_email');

      const posting = jobPostingOf(html);
      expect(posting).toEqual({
        '@context': 'https://schema.org',
        '@type': 'JobPosting',
        title: 'Support Lead',
        description: 'Lead a team of five.',
        identifier: { '@type': 'PropertyValue', name: 'Tandem', value: job.id },
        url,
        datePosted: job.publishedAt?.toISOString(),
        validThrough: `${job.closesOn}T23:59:59Z`,
        employmentType: ['CONTRACTOR', 'PART_TIME'],
        hiringOrganization: { '@type': 'Organization', name: 'Fabrikam', sameAs: 'https://fabrikam.example' },
        jobLocationType: 'TELECOMMUTE',
        applicantLocationRequirements: [
          { '@type': 'Country', name: 'Norway' },
          { '@type': 'AdministrativeArea', name: 'California, United States' },
        ],
        directApply: true,
        skills: 'React, TypeScript',
        baseSalary: {
          '@type': 'MonetaryAmount',
          currency: 'USD',
          value: { '@type': 'QuantitativeValue', minValue: 30, maxValue: 45, unitText: 'HOUR' },
        },
      });
    });

    it('gives a fixed-price job its total as a plain amount, and an end date that does not move', async () => {
      const fixed = await jobWith(testApp, company.companyId, uniqueWord(), {
        engagementType: 'fixed',
        budgetTotalCents: 250_000,
        weeklyHours: 40,
      });
      const html = (await testApp.app.inject({ method: 'GET', url: `/jobs/${fixed.id}` })).body;
      const posting = jobPostingOf(html);
      expect(posting).toMatchObject({ employmentType: ['CONTRACTOR', 'FULL_TIME'], directApply: true });
      expect(posting.baseSalary).toEqual({ '@type': 'MonetaryAmount', currency: 'USD', value: 2500 });
      expect(posting.validThrough).toBe(`${fixed.closesOn}T23:59:59Z`);
      // The same answer at every request: nothing in it moves with the clock.
      expect((await testApp.app.inject({ method: 'GET', url: `/jobs/${fixed.id}` })).body).toContain(
        JSON.stringify(posting.datePosted),
      );
    });

    it('answers 410 for an ended job and 404 for an unknown one, with no content, tags or data', async () => {
      const closed = await jobWith(testApp, company.companyId, uniqueWord(), { status: 'closed' });
      for (const [url, status] of [
        [`/jobs/${closed.id}`, 410],
        ['/jobs/00000000-0000-4000-8000-000000000000', 404],
      ] as const) {
        const response = await testApp.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(status);
        expect(response.body, url).toContain('shell');
        expect(response.body, url).not.toContain(PAGE_DATA_ID);
        expect(response.body, url).not.toContain('rendered');
      }
    });

    it('renders /jobs for the search its address names, with the board’s tags and a canonical without it', async () => {
      const word = uniqueWord();
      await jobWith(testApp, company.companyId, word, { title: 'Board job A', engagementType: 'fixed' });
      await jobWith(testApp, company.companyId, word, { title: 'Board job B' });
      const response = await testApp.app.inject({ method: 'GET', url: `/jobs?q=${word}&engagement_type=hourly` });
      expect(response.statusCode).toBe(200);
      const html = response.body;
      for (const tag of [
        '<title data-server-head="">Remote Jobs · Tandem</title>',
        `<link data-server-head="" rel="canonical" href="${PUBLIC_URL}/jobs">`,
        `<meta data-server-head="" property="og:url" content="${PUBLIC_URL}/jobs">`,
      ]) {
        expect(html).toContain(tag);
      }
      expect(html).toMatch(/<meta data-server-head="" name="description" content="Browse open remote jobs/);
      expect(html).toContain(`<main>rendered /jobs?q=${word}&engagement_type=hourly: Board job B`);
      const data = pageDataOf(html).data as JobBoardPageData;
      expect(data.search).toBe(jobBoardSearchKey({ q: word, engagement_type: 'hourly' }));
      expect(data.list).toMatchObject({ total: 1, page: 1, items: [{ title: 'Board job B' }] });
    });

    // $` $' $& and $1 in a replacement string expand into pieces of the page: 200 of them in a description
    // once made /jobs/:id 52.7 MB (issue 51).
    it('shows $ patterns in a job’s and its company’s texts as written, and the page keeps its size', async () => {
      const patterns = "$` $' $& $1 $$ $<name>";
      const texts = (filler: string, word: string) => {
        const times = (count: number) => Array.from({ length: count }, () => filler).join(' ');
        return {
          name: `Dollar ${times(2)} Works`,
          about: `About ${times(20)}`,
          location: `Oslo ${filler}`,
          title: `Lead ${filler}`,
          description: `${times(200)} ${word}`,
        };
      };
      // The same texts with every $ an S: as long, with nothing to expand.
      const pageOf = async (filler: string) => {
        const word = uniqueWord();
        const text = texts(filler, word);
        const owner = await companyAccount(testApp, text.name);
        const updated = await owner.call(companiesContract.updateProfile, {
          body: {
            name: text.name,
            contact_email: 'jobs@dollar.test',
            website: '',
            about: text.about,
            size: '11-50',
            location: text.location,
          },
        });
        expect(updated.statusCode, updated.error?.error).toBe(200);
        const job = await jobWith(testApp, owner.companyId, word, { title: text.title, description: text.description });
        const jobPage = await testApp.app.inject({ method: 'GET', url: `/jobs/${job.id}` });
        const boardPage = await testApp.app.inject({ method: 'GET', url: `/jobs?q=${word}` });
        return { text, jobPage: jobPage.body, boardPage: boardPage.body };
      };
      const plain = await pageOf(patterns.replaceAll('$', 'S'));
      const dollars = await pageOf(patterns);

      expect(pageDataOf(dollars.jobPage).data).toMatchObject({
        title: dollars.text.title,
        description: dollars.text.description,
        company: { name: dollars.text.name, about: dollars.text.about, location: dollars.text.location },
      });
      expect(jobPostingOf(dollars.jobPage)).toMatchObject({
        title: dollars.text.title,
        description: dollars.text.description,
        hiringOrganization: { name: dollars.text.name },
      });
      expect(dollars.jobPage).toContain(`: ${dollars.text.title} | ${dollars.text.about} ${PUBLIC_URL}</main>`);
      expect(dollars.boardPage).toContain(`: ${dollars.text.title} ${PUBLIC_URL}</main>`);
      for (const page of ['jobPage', 'boardPage'] as const) {
        expect(dollars[page].match(/<html>/g), page).toHaveLength(1);
        // Within a few KB: escaping a quote or a backtick takes a few bytes more than an S.
        expect(Math.abs(dollars[page].length - plain[page].length), page).toBeLessThan(4096);
      }
    });

    it('sends the shell, rendered in the browser, when a rendered page would pass its bound', async () => {
      const job = await jobWith(testApp, company.companyId, uniqueWord(), { title: 'Big' });
      const description = 'x'.repeat(20_000);
      await testApp.database.db.update(jobs).set({ description }).where(eq(jobs.id, job.id));
      const within = await testApp.app.inject({ method: 'GET', url: `/jobs/${job.id}` });
      expect(within.body).toContain(PAGE_DATA_ID);
      expect(within.body.length).toBeLessThan(MAX_SERVER_RENDERED_PAGE_BYTES);

      // Past the bound (only a bypass of the 20,000-character limit could write this): the page is the shell.
      await testApp.database.db
        .update(jobs)
        .set({ description: 'x'.repeat(MAX_SERVER_RENDERED_PAGE_BYTES) })
        .where(eq(jobs.id, job.id));
      const past = await testApp.app.inject({ method: 'GET', url: `/jobs/${job.id}` });
      expect(past.statusCode).toBe(200);
      expect(past.body).toBe('<html><head></head><body>shell</body></html>');
    });

    it('leaves /jobs to the browser when its address holds a search the API would refuse', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/jobs?rate_min=lots' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title data-server-head="">Remote Jobs · Tandem</title>');
      expect(response.body).not.toContain(PAGE_DATA_ID);
    });
  });
});
