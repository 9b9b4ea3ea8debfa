import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryOf } from '~/shared/contract';
import { companiesContract } from '~/shared/contracts/companies';
import { jobsContract } from '~/shared/contracts/jobs';
import { formatJobBudget } from '~/shared/jobs';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;
type JobRowOverrides = Omit<Parameters<typeof buildJob>[1], 'companyId'>;

const day = (iso: string) => new Date(`${iso}T12:00:00.000Z`);

// Parses the CSV this API writes (RFC 4180, CRLF, a byte order mark first).
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.slice(1);
  for (let index = 0; index < body.length; index++) {
    const character = body[index];
    if (quoted) {
      if (character === '"' && body[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && body[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += character;
  }
  return rows;
}

describe('the job list, its tags and its CSV export', () => {
  let testApp: TestApp;
  let company: Account;
  let other: Account;
  let companyId: string;
  const ids: Record<string, string> = {};

  const list = async (query: QueryOf<typeof jobsContract.list> = {}, account = company) => {
    const response = await account.call(jobsContract.list, { query });
    expect(response.statusCode, response.error?.error).toBe(200);
    return response.body;
  };
  const titles = async (query: QueryOf<typeof jobsContract.list>) =>
    (await list(query)).items.map((item) => item.title);
  const companyIdOf = async (account: Account) => (await account.call(companiesContract.profile)).body.id;

  // The company's jobs and their applications, by title: the shared company's, or a test's own company's.
  async function buildCompanyJobs(jobsCompanyId: string) {
    const db = testApp.database.db;
    const built: Record<string, string> = {};
    const jobsToBuild: Array<[string, JobRowOverrides]> = [
      [
        'Senior React Engineer',
        {
          status: 'open',
          skillTags: ['React', 'TypeScript'],
          createdAt: day('2026-01-02'),
          publishedAt: day('2026-01-05'),
        },
      ],
      ['Product Designer', { status: 'paused', skillTags: ['Design', 'Figma'], createdAt: day('2026-01-10') }],
      [
        'Bookkeeper',
        {
          status: 'closed',
          skillTags: ['Accounting'],
          engagementType: 'fixed',
          budgetMinCents: null,
          budgetMaxCents: null,
          budgetTotalCents: 500_000,
          createdAt: day('2026-01-15'),
        },
      ],
      ['Data Entry Clerk', { status: 'draft', skillTags: ['Excel'], createdAt: day('2026-01-20') }],
      ['Old Support Agent', { status: 'archived', skillTags: ['React'], createdAt: day('2026-01-01') }],
      ['100% Remote QA_Engineer', { status: 'open', skillTags: ['Testing'], createdAt: day('2026-01-25') }],
      ['=HYPERLINK("evil"), "quoted"', { status: 'open', skillTags: ['-cmd'], createdAt: day('2026-01-26') }],
    ];
    for (const [title, overrides] of jobsToBuild) {
      built[title] = (await buildJob(db, { companyId: jobsCompanyId, title, ...overrides })).id;
    }
    // Applications: 3 to the React job (one seen before), 1 to the designer.
    const react = built['Senior React Engineer'] ?? '';
    await buildApplication(db, { jobId: react, createdAt: day('2026-02-01') });
    await buildApplication(db, { jobId: react, createdAt: day('2026-02-03'), status: 'interviewing' });
    await buildApplication(db, { jobId: react, createdAt: day('2026-02-05') });
    await buildApplication(db, { jobId: built['Product Designer'] ?? '', status: 'hired' });
    return built;
  }
  // A company of the test's own with the same jobs, for a test that changes what they count.
  async function ownCompanyWithJobs() {
    const owner = await signedInAccount(testApp, { role: 'company' });
    const ownerCompanyId = await companyIdOf(owner);
    return { owner, ownIds: await buildCompanyJobs(ownerCompanyId) };
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await signedInAccount(testApp, { role: 'company' });
    other = await signedInAccount(testApp, { role: 'company' });
    companyId = await companyIdOf(company);
    const otherId = await companyIdOf(other);
    Object.assign(ids, await buildCompanyJobs(companyId));
    // Someone else's jobs never show up.
    await buildJob(testApp.database.db, {
      companyId: otherId,
      title: 'Senior React Engineer (other)',
      skillTags: ['React', 'Rust'],
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('lists all but archived jobs by default, newest launch first, with figures', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 6, page: 1, page_size: 20 });
    expect(page.items.map((item) => item.title)).toEqual([
      '=HYPERLINK("evil"), "quoted"',
      '100% Remote QA_Engineer',
      'Data Entry Clerk',
      'Bookkeeper',
      'Product Designer',
      'Senior React Engineer',
    ]);
    expect(page.items.find((item) => item.title === 'Senior React Engineer')).toMatchObject({
      applications_count: 3,
      // The one in interviews was acted on: not new.
      new_applications_count: 2,
      pipeline_stage: 'interviewing',
      launch_date: '2026-01-05T12:00:00.000Z',
    });
    expect(page.items.find((item) => item.title === 'Product Designer')).toMatchObject({
      applications_count: 1,
      pipeline_stage: 'filled',
    });
  });

  it('counts as new only what arrived after the company last looked', async () => {
    const { owner, ownIds } = await ownCompanyWithJobs();
    const react = ownIds['Senior React Engineer'];
    const seen = await owner.call(jobsContract.markApplicationsSeen, { params: { id: react ?? '' } });
    expect(seen.statusCode).toBe(200);
    await buildApplication(testApp.database.db, { jobId: react ?? '' });
    const [job] = (await list({ q: 'senior' }, owner)).items;
    expect(job).toMatchObject({ applications_count: 4, new_applications_count: 1 });
    expect((await other.call(jobsContract.markApplicationsSeen, { params: { id: react ?? '' } })).statusCode).toBe(404);
  });

  it('shows on the job page the applications the Jobs list counts as new, on every page of the visit', async () => {
    const owner = await signedInAccount(testApp, { role: 'company' });
    const ownerCompanyId = await companyIdOf(owner);
    const { db } = testApp.database;
    const job = await buildJob(db, { companyId: ownerCompanyId, title: 'Night Support', createdAt: day('2026-03-01') });
    // Eight nobody acted on; four shortlisted and three settled, never new.
    for (let index = 0; index < 12; index++) {
      await buildApplication(db, {
        jobId: job.id,
        status: index % 3 === 0 ? 'shortlisted' : 'submitted',
        createdAt: new Date(day('2026-03-02').getTime() + index * 60_000),
      });
    }
    for (const status of ['hired', 'rejected', 'withdrawn'] as const) {
      await buildApplication(db, { jobId: job.id, status, createdAt: day('2026-03-03') });
    }
    const listed = async () => (await list({ q: 'night' }, owner)).items[0];
    expect(await listed()).toMatchObject({ applications_count: 15, new_applications_count: 8 });

    // The visit opens the job, then marks its applications seen as it shows them.
    const opened = (await owner.call(jobsContract.get, { params: { id: job.id } })).body;
    expect(opened).toMatchObject({ new_applications_count: 8, applications_seen_at: null });
    const newSince = opened.applications_seen_at ?? opened.created_at;
    const pageOf = async (page: number, since?: string | null) =>
      (
        await owner.call(jobsContract.applications, {
          params: { id: job.id },
          query: { page_size: 5, page, new_since: since ?? undefined },
        })
      ).body;
    const first = await pageOf(1, newSince);
    expect((await owner.call(jobsContract.markApplicationsSeen, { params: { id: job.id } })).statusCode).toBe(200);
    const later = [await pageOf(2, newSince), await pageOf(3, newSince)];
    const marked = [first, ...later].flatMap((page) => page.items.filter((item) => item.is_new));
    expect(marked).toHaveLength(8);
    expect(marked.every((item) => item.status === 'submitted')).toBe(true);
    for (const page of [first, ...later]) expect(page.new_count).toBe(8);

    // Seen: the Jobs list and a later visit count none, until another arrives.
    expect(await listed()).toMatchObject({ new_applications_count: 0 });
    const next = (await owner.call(jobsContract.get, { params: { id: job.id } })).body;
    expect(next.applications_seen_at).not.toBeNull();
    expect((await pageOf(1, next.applications_seen_at)).new_count).toBe(0);
    await buildApplication(db, { jobId: job.id });
    expect(await listed()).toMatchObject({ new_applications_count: 1 });
    const again = await pageOf(1, next.applications_seen_at);
    expect(again.new_count).toBe(1);
    expect(again.items.filter((item) => item.is_new)).toHaveLength(1);
    // Without a moment, new is counted from the last time the job's applications were opened.
    expect((await pageOf(1)).new_count).toBe(1);
    const refused = await owner.call(jobsContract.applications, {
      params: { id: job.id },
      query: { new_since: 'yesterday' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('searches titles and skills, whatever the case, taking % and _ literally', async () => {
    expect(await titles({ q: 'REACT' })).toEqual(['Senior React Engineer']);
    expect(await titles({ q: 'figma' })).toEqual(['Product Designer']);
    expect(await titles({ q: 'typescr' })).toEqual(['Senior React Engineer']);
    expect(await titles({ q: '100%' })).toEqual(['100% Remote QA_Engineer']);
    expect(await titles({ q: 'qa_e' })).toEqual(['100% Remote QA_Engineer']);
    expect(await titles({ q: 'remote_qa' })).toEqual([]);
    expect(await titles({ q: '%' })).toEqual(['100% Remote QA_Engineer']);
    expect(await titles({ q: 'nothing-like-this' })).toEqual([]);
  });

  it('filters by status, tags (any of) and launch dates (inclusive days)', async () => {
    expect((await titles({ status: 'open,paused', sort: 'title_asc' })).slice(-2)).toEqual([
      'Product Designer',
      'Senior React Engineer',
    ]);
    expect((await list({ status: 'open,paused' })).total).toBe(4);
    expect(await titles({ status: 'archived' })).toEqual(['Old Support Agent']);
    expect(await titles({ tags: 'Design,Excel' })).toEqual(['Data Entry Clerk', 'Product Designer']);
    expect(await titles({ tags: 'React', status: 'open,archived' })).toEqual([
      'Senior React Engineer',
      'Old Support Agent',
    ]);
    expect(await titles({ launched_from: '2026-01-05', launched_to: '2026-01-15' })).toEqual([
      'Bookkeeper',
      'Product Designer',
      'Senior React Engineer',
    ]);
    expect(await titles({ launched_from: '2026-01-16' })).toEqual([
      '=HYPERLINK("evil"), "quoted"',
      '100% Remote QA_Engineer',
      'Data Entry Clerk',
    ]);
    const unknown = await company.call(jobsContract.list, { query: { status: 'open,hiring' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error?.error).toContain('Unknown job status.');
    const badDate = await company.call(jobsContract.list, { query: { launched_from: 'January' } });
    expect(badDate.error?.fields).toEqual({ launched_from: 'Use a date such as 2026-12-01.' });
  });

  it('sorts by launch date either way, title, and applications', async () => {
    expect((await titles({ sort: 'launch_date_asc' })).slice(0, 2)).toEqual([
      'Senior React Engineer',
      'Product Designer',
    ]);
    expect((await titles({ sort: 'applications_desc' })).slice(0, 2)).toEqual([
      'Senior React Engineer',
      'Product Designer',
    ]);
    expect((await titles({ sort: 'title_asc' })).at(-1)).toBe('Senior React Engineer');
  });

  it('pages on the server', async () => {
    const second = await list({ page: 2, page_size: 4 });
    expect(second).toMatchObject({ total: 6, page: 2, page_size: 4 });
    expect(second.items.map((item) => item.title)).toEqual(['Product Designer', 'Senior React Engineer']);
    const past = await list({ page: 9, page_size: 4 });
    expect(past).toMatchObject({ total: 6, page: 9, items: [] });
    const tooBig = await company.call(jobsContract.list, { query: { page_size: 101 } });
    expect(tooBig.statusCode).toBe(400);
  });

  it('finds tags that hold quotes, backslashes and braces, as typed', async () => {
    const owner = await signedInAccount(testApp, { role: 'company' });
    const ownerCompanyId = await companyIdOf(owner);
    await buildJob(testApp.database.db, {
      companyId: ownerCompanyId,
      title: 'Odd tags',
      skillTags: ['C"#', 'a\\b', '{x}'],
    });
    for (const tag of ['C"#', 'a\\b', '{x}']) {
      const response = await owner.call(jobsContract.list, { query: { tags: tag } });
      expect(
        response.body.items.map((item) => item.title),
        tag,
      ).toEqual(['Odd tags']);
    }
  });

  it('keeps each company to its own jobs', async () => {
    expect((await list({}, other)).items.map((item) => item.title)).toEqual(['Senior React Engineer (other)']);
  });

  it('lists the company’s own tags, sorted', async () => {
    const response = await company.call(jobsContract.tags);
    expect(response.body).toEqual({
      tags: ['-cmd', 'Accounting', 'Design', 'Excel', 'Figma', 'React', 'Testing', 'TypeScript'],
    });
  });

  it('exports the filtered jobs as CSV, with quoting and no formulas', async () => {
    // Its own company's jobs, the React job's applications seen before one more arrived.
    const { owner, ownIds } = await ownCompanyWithJobs();
    const react = ownIds['Senior React Engineer'];
    expect((await owner.call(jobsContract.markApplicationsSeen, { params: { id: react ?? '' } })).statusCode).toBe(200);
    await buildApplication(testApp.database.db, { jobId: react ?? '' });
    const response = await owner.call(jobsContract.exportCsv, { query: { status: 'open,closed' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="jobs-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = response.rawPayload.toString('utf8');
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual([
      'Title',
      'Status',
      'Launch Date',
      'Applications',
      'New Applications',
      'Budget',
      'Engagement',
      'Weekly Hours',
      'Skills',
      'Visibility',
      'Created',
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      `'=HYPERLINK("evil"), "quoted"`,
      '100% Remote QA_Engineer',
      'Bookkeeper',
      'Senior React Engineer',
    ]);
    expect(rows[1]?.[8]).toBe(`'-cmd`);
    expect(csv).toContain(`"'=HYPERLINK(""evil""), ""quoted"""`);
    expect(rows[3]).toEqual([
      'Bookkeeper',
      'Closed',
      '2026-01-15',
      '0',
      '0',
      '$5,000',
      'Fixed price',
      '20',
      'Accounting',
      'Public',
      '2026-01-15',
    ]);
    expect(rows[4]?.slice(0, 6)).toEqual(['Senior React Engineer', 'Open', '2026-01-05', '4', '1', '$60–80/hr']);
  });

  it('exports the selected jobs only, and never another company’s', async () => {
    const otherJobs = (await list({}, other)).items;
    const selected = [ids.Bookkeeper, ids['Old Support Agent'], otherJobs[0]?.id].join(',');
    const response = await company.call(jobsContract.exportCsv, { query: { ids: selected } });
    const rows = parseCsv(response.rawPayload.toString('utf8'));
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Bookkeeper', 'Old Support Agent']);
    const theirs = parseCsv((await other.call(jobsContract.exportCsv)).rawPayload.toString('utf8'));
    expect(theirs.map((row) => row[0])).toEqual(['Title', 'Senior React Engineer (other)']);
  });

  it('formats budgets the way the table shows them', () => {
    const hourly = { engagement_type: 'hourly', budget_total: null } as const;
    expect(formatJobBudget({ ...hourly, budget_min: 60, budget_max: 80 })).toBe('$60–80/hr');
    expect(formatJobBudget({ ...hourly, budget_min: 60, budget_max: 60 })).toBe('$60/hr');
    expect(formatJobBudget({ ...hourly, budget_min: 1500, budget_max: 2500.5 })).toBe('$1,500–2,500.50/hr');
    expect(formatJobBudget({ ...hourly, budget_min: 60, budget_max: null })).toBe('From $60/hr');
    expect(formatJobBudget({ ...hourly, budget_min: null, budget_max: 80 })).toBe('Up to $80/hr');
    expect(formatJobBudget({ ...hourly, budget_min: null, budget_max: null })).toBe('—');
    const fixed = { engagement_type: 'fixed', budget_min: null, budget_max: null } as const;
    expect(formatJobBudget({ ...fixed, budget_total: 5000 })).toBe('$5,000');
    expect(formatJobBudget({ ...fixed, budget_total: 12_345.6 })).toBe('$12,345.60');
    expect(formatJobBudget({ ...fixed, budget_total: null })).toBe('—');
  });
});
