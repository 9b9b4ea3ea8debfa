import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { type JobBoardQuery, jobBoardTexts } from '~/shared/job-board';
import { companies, jobInvitations, savedJobs } from '../db/schema';
import { buildApplication } from '../seed/job-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount, daysAgo, jobWith, uniqueWord } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

// GET /api/applicant/jobs (Find Jobs): who sees which job, the search, filters, sorts and pages.
describe('Find Jobs API', () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof companyAccount>>;
  let applicant: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyAccount(testApp, 'Northwind Outfitters');
    applicant = await signedInAccount(testApp, { role: 'applicant' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const search = async (query: JobBoardQuery, account = applicant) => {
    const response = await account.call(jobBoardContract.findJobs, { query });
    expect(response.statusCode, response.error?.error).toBe(200);
    return response.body;
  };
  const titlesOf = async (query: JobBoardQuery, account = applicant) =>
    (await search(query, account)).items.map((item) => item.title);
  // Empty parameters on the wire (`skills=`), which the typed client leaves out of the query string: the
  // request is written by hand on the contract's path, and the answer parsed by its schema.
  const titlesOfQueryString = async (queryString: string) => {
    const response = await applicant.request({
      method: 'GET',
      url: `${jobBoardContract.findJobs.path}?${queryString}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return jobBoardContract.findJobs.responses[200].parse(response.json()).items.map((item) => item.title);
  };

  it('lists only open jobs: public ones, and private ones to the applicants invited', async () => {
    const word = uniqueWord();
    const make = (title: string, overrides = {}) => jobWith(testApp, company.companyId, word, { title, ...overrides });
    await make('Open public');
    await make('Draft', { status: 'draft' });
    await make('Paused', { status: 'paused' });
    await make('Closed', { status: 'closed' });
    await make('Archived', { status: 'archived' });
    const privateJob = await make('Private', { visibility: 'private' });
    const invited = await signedInAccount(testApp, { role: 'applicant' });
    await testApp.database.db.insert(jobInvitations).values({ jobId: privateJob.id, applicantId: invited.user.id });

    expect(await titlesOf({ q: word })).toEqual(['Open public']);
    expect((await titlesOf({ q: word }, invited)).sort()).toEqual(['Open public', 'Private']);
  });

  it('hides the jobs of a suspended company', async () => {
    const word = uniqueWord();
    const other = await companyAccount(testApp);
    await jobWith(testApp, other.companyId, word, { title: 'Soon hidden' });
    expect(await titlesOf({ q: word })).toEqual(['Soon hidden']);
    await testApp.database.db.update(companies).set({ status: 'suspended' }).where(eq(companies.id, other.companyId));
    expect(await titlesOf({ q: word })).toEqual([]);
  });

  it('answers each job as a card, with whether it is saved and the applicant’s application', async () => {
    const word = uniqueWord();
    const job = await jobWith(testApp, company.companyId, word, {
      title: 'Support Engineer',
      description: `Answer customer tickets across chat and email for a SaaS product. ${word} ${'Long text. '.repeat(40)}`,
      engagementType: 'hourly',
      budgetMinCents: 2500,
      budgetMaxCents: 4050,
      weeklyHours: 30,
      skillTags: ['Zendesk', 'English'],
      timezone: 'UTC-05:00',
    });
    const cards = await applicant.call(jobBoardContract.findJobs, { query: { q: word } });
    expect(cards.statusCode, cards.error?.error).toBe(200);
    let [item] = cards.body.items;
    expect(item).toMatchObject({
      id: job.id,
      title: 'Support Engineer',
      company_name: 'Northwind Outfitters',
      engagement_type: 'hourly',
      budget_min: 25,
      budget_max: 40.5,
      budget_total: null,
      weekly_hours: 30,
      skill_tags: ['Zendesk', 'English'],
      timezone: 'UTC-05:00',
      status: 'open',
      visibility: 'public',
      published_at: job.publishedAt?.toISOString(),
      is_saved: false,
      application: null,
    });
    expect(item?.excerpt).toMatch(/^Answer customer tickets .*…$/);
    expect(String(item?.excerpt).length).toBeLessThanOrEqual(221);
    // As sent, before the contract's schema leaves out what it does not declare.
    expect(JSON.parse(cards.rawPayload.toString()).items[0]).not.toHaveProperty('cc_email');

    await testApp.database.db.insert(savedJobs).values({ applicantId: applicant.user.id, jobId: job.id });
    const application = await buildApplication(testApp.database.db, {
      jobId: job.id,
      applicantId: applicant.user.id,
      status: 'shortlisted',
    });
    [item] = (await search({ q: word })).items;
    expect(item).toMatchObject({
      is_saved: true,
      application: { id: application.id, status: 'shortlisted', created_at: application.createdAt.toISOString() },
    });
    // Someone else's save and application are theirs alone.
    const other = await signedInAccount(testApp, { role: 'applicant' });
    [item] = (await search({ q: word }, other)).items;
    expect(item).toMatchObject({ is_saved: false, application: null });
  });

  it('searches the title, skills and description as words, and the company name as text', async () => {
    const word = uniqueWord();
    const brand = `Acme ${uniqueWord()} Labs`;
    const brandCompany = await companyAccount(testApp, brand);
    await jobWith(testApp, company.companyId, word, { title: `Python Developer ${word}`, skillTags: ['Django'] });
    await jobWith(testApp, company.companyId, word, {
      title: 'Data Entry Clerk',
      description: `Spreadsheets. ${word}`,
    });
    await jobWith(testApp, company.companyId, word, { title: 'Bookkeeper', skillTags: ['QuickBooks', word] });
    await jobWith(testApp, brandCompany.companyId, uniqueWord(), { title: 'Brand job' });

    expect((await titlesOf({ q: word })).sort()).toEqual([
      'Bookkeeper',
      'Data Entry Clerk',
      `Python Developer ${word}`,
    ]);
    // Stemmed words: "developers" finds "Developer"; web-search syntax excludes with a minus.
    expect(await titlesOf({ q: `developers ${word}` })).toEqual([`Python Developer ${word}`]);
    expect((await titlesOf({ q: `${word} -python` })).sort()).toEqual(['Bookkeeper', 'Data Entry Clerk']);
    // The company's name, any part of it, in any case.
    expect(await titlesOf({ q: brand.split(' ')[1]?.toUpperCase() ?? '' })).toEqual(['Brand job']);
  });

  it('takes any text as a search without failing: quotes, operators, LIKE wildcards, stop words', async () => {
    for (const q of ["' OR 1=1 --", '"unterminated', '100%_off\\', 'the', '!!! & | :*', 'a'.repeat(200)]) {
      const response = await applicant.call(jobBoardContract.findJobs, { query: { q } });
      expect(response.statusCode, q).toBe(200);
    }
    // A wildcard in the text is a character, not "anything".
    const word = uniqueWord();
    const percent = await companyAccount(testApp, `100% ${word}`);
    await jobWith(testApp, percent.companyId, uniqueWord(), { title: 'Percent company job' });
    expect(await titlesOf({ q: `100% ${word}` })).toEqual(['Percent company job']);
    expect(await titlesOf({ q: `1_0% ${word}` })).toEqual([]);
  });

  it('filters by engagement type, pay range, skills and time zone', async () => {
    const word = uniqueWord();
    const make = (title: string, overrides = {}) => jobWith(testApp, company.companyId, word, { title, ...overrides });
    await make('Hourly 20-30', { budgetMinCents: 2000, budgetMaxCents: 3000, skillTags: ['React'] });
    await make('Hourly 50-90', {
      budgetMinCents: 5000,
      budgetMaxCents: 9000,
      skillTags: ['node.js', 'AWS'],
      timezone: 'UTC+05:00',
    });
    await make('Fixed 800', {
      engagementType: 'fixed',
      budgetMinCents: null,
      budgetMaxCents: null,
      budgetTotalCents: 80_000,
      skillTags: ['Figma'],
    });
    await make('No budget', { budgetMinCents: null, budgetMaxCents: null, skillTags: ['Excel'] });

    expect((await titlesOf({ q: word, engagement_type: 'fixed' })).sort()).toEqual(['Fixed 800']);
    expect((await titlesOf({ q: word, engagement_type: 'hourly' })).sort()).toEqual([
      'Hourly 20-30',
      'Hourly 50-90',
      'No budget',
    ]);
    // The rates overlap the range; a fixed price falls inside it.
    expect((await titlesOf({ q: word, rate_min: 25, rate_max: 60 })).sort()).toEqual(['Hourly 20-30', 'Hourly 50-90']);
    expect((await titlesOf({ q: word, rate_min: 35 })).sort()).toEqual(['Fixed 800', 'Hourly 50-90']);
    expect((await titlesOf({ q: word, rate_max: 1000, engagement_type: 'fixed' })).sort()).toEqual(['Fixed 800']);
    // Any of the skills, whatever their case.
    expect((await titlesOf({ q: word, skills: 'react,FIGMA' })).sort()).toEqual(['Fixed 800', 'Hourly 20-30']);
    expect(await titlesOf({ q: word, skills: 'Node.js' })).toEqual(['Hourly 50-90']);
    expect(await titlesOf({ q: word, timezone: 'UTC+05:00' })).toEqual(['Hourly 50-90']);
    expect((await titlesOfQueryString(`q=${word}&engagement_type=&rate_min=&rate_max=&timezone=&skills=`)).length).toBe(
      4,
    );
  });

  it('refuses filters it cannot read, each with a sentence', async () => {
    const cases: Array<[Record<string, string | number>, Record<string, string>]> = [
      [{ rate_min: 60, rate_max: 20 }, { rate_max: jobBoardTexts.rateRange }],
      [{ rate_min: 'cheap' }, { rate_min: jobBoardTexts.rateNumber }],
      [{ engagement_type: 'weekly' }, { engagement_type: jobBoardTexts.engagementType }],
      [{ timezone: 'Mars' }, { timezone: jobBoardTexts.timezone }],
    ];
    for (const [query, fields] of cases) {
      // A rate in words and an unknown engagement type are what the contract's type would not send.
      const response = await applicant.callUnchecked(jobBoardContract.findJobs, { query });
      const label = JSON.stringify(query);
      expect(response.statusCode, label).toBe(400);
      expect(response.error, label).toMatchObject({ code: 'validation', fields });
    }
  });

  it('sorts by newest, best match and highest rate', async () => {
    const word = uniqueWord();
    const make = (title: string, days: number, overrides = {}) =>
      jobWith(testApp, company.companyId, word, { title, createdAt: daysAgo(days), ...overrides });
    await make('Old fixed', 9, {
      engagementType: 'fixed',
      budgetMinCents: null,
      budgetMaxCents: null,
      budgetTotalCents: 900_000,
    });
    await make(`${word} ${word} in the title`, 5, { budgetMinCents: 1000, budgetMaxCents: 2000 });
    await make('Newest', 1, { budgetMinCents: 4000, budgetMaxCents: 12_000 });
    await make('Middle', 3, { budgetMinCents: 3000, budgetMaxCents: 6000 });

    expect(await titlesOf({ q: word })).toEqual(['Newest', 'Middle', `${word} ${word} in the title`, 'Old fixed']);
    expect(await titlesOf({ q: word, sort: 'newest' })).toEqual(await titlesOf({ q: word }));
    // The title weighs more than the description.
    expect((await titlesOf({ q: word, sort: 'best_match' }))[0]).toBe(`${word} ${word} in the title`);
    // Hourly jobs by their top rate, then fixed prices.
    expect(await titlesOf({ q: word, sort: 'highest_rate' })).toEqual([
      'Newest',
      'Middle',
      `${word} ${word} in the title`,
      'Old fixed',
    ]);
    // Best match without words to match is newest first.
    expect(await titlesOfQueryString(`q=${word}&sort=best_match&skills=`)).not.toEqual([]);
  });

  it('pages on the server, with the total of all matches', async () => {
    const word = uniqueWord();
    for (let index = 0; index < 5; index++) {
      await jobWith(testApp, company.companyId, word, { title: `Job ${index}`, createdAt: daysAgo(index + 1) });
    }
    const first = await search({ q: word, page_size: 2 });
    expect(first).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(first.items.map((item) => item.title)).toEqual(['Job 0', 'Job 1']);
    const last = await search({ q: word, page_size: 2, page: 3 });
    expect(last.items.map((item) => item.title)).toEqual(['Job 4']);
    expect(last.total).toBe(5);
    const past = await search({ q: word, page_size: 2, page: 4 });
    expect(past).toMatchObject({ items: [], total: 5, page: 4 });
    const response = await applicant.call(jobBoardContract.findJobs, { query: { page_size: 500 } });
    expect(response.statusCode).toBe(400);
  });

  it('is for applicants: companies and visitors are refused', async () => {
    expect((await company.call(jobBoardContract.findJobs)).statusCode).toBe(403);
    expect((await callerFrom(testApp).call(jobBoardContract.findJobs)).statusCode).toBe(401);
  });
});
