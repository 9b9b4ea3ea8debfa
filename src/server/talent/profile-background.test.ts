import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { talentContract } from '~/shared/contracts/talent';
import { talentSearchContract } from '~/shared/contracts/talent-search';
import type { UpdateApplicantProfileInput } from '~/shared/talent';
import {
  backgroundLimits,
  backgroundTexts,
  currentMonth,
  type UpdateCertificationsInput,
  type UpdateEducationInput,
  type UpdateLanguagesInput,
  type UpdatePortfolioInput,
  type UpdateWorkHistoryInput,
} from '~/shared/talent-background';
import { talentTexts } from '~/shared/talent-search';
import { auditLogs } from '../db/schema';
import { forbiddenMessage, notSignedInMessage } from '../platform/access-control';
import { buildApplication } from '../seed/job-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount, jobWith, uniqueWord } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

// Work history, education, languages, certifications and portfolio links on the applicant's profile
// (issue 33 item 2): saved whole per list in the applicant's order, validated, shown to companies where
// the profile is, counted by the meter.

const listedProfile = (headline: string) =>
  ({
    headline,
    summary: 'Eight years of remote back-end work.',
    hourly_rate: 55,
    skills: ['Go', 'PostgreSQL'],
    experience_level: 'senior',
    availability: 'full-time',
    region: 'Europe',
    location: 'Lisbon, Portugal',
    timezone: 'Europe/Lisbon',
  }) satisfies UpdateApplicantProfileInput;

// An entry of a list as its endpoint takes it; the lists below are tuples, so an entry picked is one.
type Entry<List extends { items: unknown[] }> = List['items'][number];
const jobs = [
  {
    title: 'Staff Engineer',
    company: 'Northwind',
    start_month: '2022-04',
    end_month: null,
    description: 'Leads the payments team.',
  },
  { title: 'Backend Developer', company: 'Contoso', start_month: '2018-09', end_month: '2022-03', description: '' },
] satisfies [Entry<UpdateWorkHistoryInput>, Entry<UpdateWorkHistoryInput>];
const degrees = [
  { school: 'University of Lisbon', degree: 'MSc Computer Science', start_year: 2014, end_year: 2016 },
] satisfies [Entry<UpdateEducationInput>];
const languages = [
  { language: 'Portuguese', level: 'native' },
  { language: 'English', level: 'C1' },
] satisfies [Entry<UpdateLanguagesInput>, Entry<UpdateLanguagesInput>];
const certifications = [
  {
    name: 'AWS Solutions Architect',
    issuer: 'Amazon Web Services',
    issued_month: '2023-06',
    expires_month: '2026-06',
    credential_url: 'https://aws.example.com/verify/123',
  },
] satisfies [Entry<UpdateCertificationsInput>];
const portfolio = [
  { title: 'Open-source queue', url: 'https://github.com/example/queue', description: null },
] satisfies UpdatePortfolioInput['items'];

describe('profile background API', () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof companyAccount>>;
  let otherCompany: Awaited<ReturnType<typeof companyAccount>>;
  let admin: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyAccount(testApp, 'Acme Staffing');
    otherCompany = await companyAccount(testApp, 'Other Staffing');
    admin = await signedInAccount(testApp, { role: 'admin' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  // Each list is saved whole through its own endpoint.
  const save = {
    workHistory: (account: Account, items: UpdateWorkHistoryInput['items']) =>
      account.call(talentContract.updateWorkHistory, { body: { items } }),
    education: (account: Account, items: UpdateEducationInput['items']) =>
      account.call(talentContract.updateEducation, { body: { items } }),
    languages: (account: Account, items: UpdateLanguagesInput['items']) =>
      account.call(talentContract.updateLanguages, { body: { items } }),
    certifications: (account: Account, items: UpdateCertificationsInput['items']) =>
      account.call(talentContract.updateCertifications, { body: { items } }),
    portfolio: (account: Account, items: UpdatePortfolioInput['items']) =>
      account.call(talentContract.updatePortfolio, { body: { items } }),
  };
  const saveAll = async (account: Account) => {
    for (const response of [
      await save.workHistory(account, jobs),
      await save.education(account, degrees),
      await save.languages(account, languages),
      await save.certifications(account, certifications),
      await save.portfolio(account, portfolio),
    ]) {
      expect(response.statusCode).toBe(200);
    }
  };
  const ownProfile = async (account: Account) => (await account.call(talentContract.ownProfile)).body;
  const putProfile = (account: Account, body: UpdateApplicantProfileInput) =>
    account.call(talentContract.updateOwnProfile, { body });
  // The contract's query type requires the lists (a preprocessed field's input is required); left undefined,
  // they stay out of the query string.
  const searchTalent = async (q: string) => {
    const response = await company.call(talentSearchContract.search, {
      query: { q, skills: undefined, availability: undefined, badges: undefined },
    });
    expect(response.statusCode).toBe(200);
    return response.body.items;
  };

  const expectedBackground = {
    work_history: [{ ...jobs[0] }, { ...jobs[1], description: null }],
    education: degrees,
    languages,
    certifications,
    portfolio,
  };

  it('saves each list, reads it back in order, and records what changed', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const fresh = await ownProfile(applicant);
    expect(fresh).toMatchObject({ work_history: [], education: [], languages: [], certifications: [], portfolio: [] });

    await saveAll(applicant);
    expect(await ownProfile(applicant)).toMatchObject(expectedBackground);

    const audit = await testApp.database.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.actorId, applicant.user.id), eq(auditLogs.action, 'applicant.profile_updated')));
    expect(audit.map((row) => row.details)).toEqual(
      expect.arrayContaining([
        { changed: ['work_history'], count: 2 },
        { changed: ['portfolio'], count: 1 },
      ]),
    );
  });

  it('edits, reorders and removes by saving the list as it should be', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    await saveAll(applicant);

    const reordered = await save.workHistory(applicant, [{ ...jobs[1], title: 'Senior Backend Developer' }, jobs[0]]);
    expect(reordered.statusCode).toBe(200);
    expect(reordered.body.work_history.map((job) => job.title)).toEqual(['Senior Backend Developer', 'Staff Engineer']);

    const languagesSwapped = await save.languages(applicant, [languages[1], languages[0]]);
    expect(languagesSwapped.body.languages.map((entry) => entry.language)).toEqual(['English', 'Portuguese']);

    const emptied = await save.certifications(applicant, []);
    expect(emptied.statusCode).toBe(200);
    expect(emptied.body.certifications).toEqual([]);
    // The others are untouched.
    expect((await ownProfile(applicant)).education).toMatchObject(degrees);
  });

  it('counts the background in the meter: headline, summary and skills are no longer 100%', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    await putProfile(applicant, listedProfile('Engineer'));
    const before = await ownProfile(applicant);
    expect(before.completeness.missing).toEqual([
      'Photo',
      'Work history',
      'Education',
      'Languages',
      'Portfolio or certifications',
    ]);
    expect(before.completeness.percent).toBe(64);

    await save.workHistory(applicant, jobs);
    await save.education(applicant, degrees);
    await save.languages(applicant, languages);
    await save.portfolio(applicant, portfolio);
    const after = await ownProfile(applicant);
    expect(after.completeness).toEqual({ percent: 93, missing: ['Photo'] });
  });

  it('refuses bad entries with a sentence per field, and keeps the list as it was', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    await saveAll(applicant);
    const [year, month] = currentMonth().split('-').map(Number) as [number, number];
    const nextMonth = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;

    // Bad entries are what the contract's types would refuse: sent on purpose.
    const lists = {
      'work-history': talentContract.updateWorkHistory,
      education: talentContract.updateEducation,
      languages: talentContract.updateLanguages,
      certifications: talentContract.updateCertifications,
      portfolio: talentContract.updatePortfolio,
    };
    const put = (list: keyof typeof lists, items: unknown) => applicant.callUnchecked(lists[list], { body: { items } });
    const cases: Array<[keyof typeof lists, unknown, Record<string, string>]> = [
      [
        'work-history',
        [{ title: ' ', company: 'Acme', start_month: '2020-13', end_month: null }],
        {
          'items.0.title': backgroundTexts.required('job title'),
          'items.0.start_month': backgroundTexts.month,
        },
      ],
      [
        'work-history',
        [{ title: 'Dev', company: 'Acme', start_month: '2021-05', end_month: '2020-01' }],
        { 'items.0.end_month': backgroundTexts.endBeforeStart },
      ],
      [
        'work-history',
        [{ title: 'Dev', company: 'Acme', start_month: nextMonth, end_month: nextMonth }],
        { 'items.0.start_month': backgroundTexts.futureStart, 'items.0.end_month': backgroundTexts.futureEnd },
      ],
      [
        'work-history',
        [{ title: 'x'.repeat(backgroundLimits.titleLength + 1), company: 'Acme', start_month: '2020-01' }],
        { 'items.0.title': backgroundTexts.tooLong('job title', backgroundLimits.titleLength) },
      ],
      [
        'work-history',
        Array.from({ length: backgroundLimits.workHistory + 1 }, () => jobs[1]),
        { items: backgroundTexts.tooMany('jobs', backgroundLimits.workHistory) },
      ],
      [
        'education',
        [{ school: 'MIT', degree: 'BSc', start_year: 2016, end_year: 2012 }],
        { 'items.0.end_year': backgroundTexts.endBeforeStart },
      ],
      [
        'education',
        [{ school: 'MIT', degree: 'BSc', start_year: 1900 }],
        { 'items.0.start_year': backgroundTexts.year },
      ],
      [
        'languages',
        [
          { language: 'English', level: 'C1' },
          { language: 'english', level: 'B2' },
        ],
        { 'items.1.language': backgroundTexts.duplicateLanguage },
      ],
      ['languages', [{ language: 'French', level: 'fluent' }], { 'items.0.level': backgroundTexts.languageLevel }],
      [
        'certifications',
        [
          {
            name: 'CKA',
            issuer: 'CNCF',
            issued_month: '2023-01',
            expires_month: '2022-01',
            credential_url: 'javascript:alert(1)',
          },
        ],
        { 'items.0.expires_month': backgroundTexts.expiresBeforeIssued, 'items.0.credential_url': backgroundTexts.url },
      ],
      [
        'certifications',
        [{ name: 'CKA', issuer: 'CNCF', issued_month: nextMonth }],
        { 'items.0.issued_month': backgroundTexts.futureIssued },
      ],
      [
        'portfolio',
        [
          { title: 'Site', url: 'ftp://example.com/files' },
          { title: 'Data', url: 'data:text/html,<script>alert(1)</script>' },
          { title: 'Bare', url: 'example.com' },
        ],
        {
          'items.0.url': backgroundTexts.url,
          'items.1.url': backgroundTexts.url,
          'items.2.url': backgroundTexts.url,
        },
      ],
    ];
    for (const [list, items, fields] of cases) {
      const response = await put(list, items);
      expect(response.statusCode, `${list} ${JSON.stringify(fields)}`).toBe(400);
      expect(response.error?.fields).toEqual(fields);
    }
    expect((await put('portfolio', 'not a list')).statusCode).toBe(400);
    expect(await ownProfile(applicant)).toMatchObject(expectedBackground);
  });

  it('accepts the limits themselves: a current job starting next month, the most entries, plain http', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const [year, month] = currentMonth().split('-').map(Number) as [number, number];
    const nextMonth = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
    const many = Array.from({ length: backgroundLimits.workHistory }, (_, index) => ({
      title: `Job ${index}`,
      company: 'c'.repeat(backgroundLimits.organisationLength),
      start_month: '1950-01',
      end_month: currentMonth(),
    }));
    const saved = await save.workHistory(applicant, [
      { title: 'Incoming lead', company: 'Acme', start_month: nextMonth },
      ...many.slice(1),
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.body.work_history).toHaveLength(backgroundLimits.workHistory);
    expect((await save.portfolio(applicant, [{ title: 'Blog', url: 'http://blog.example.org' }])).statusCode).toBe(200);
  });

  it('is the applicant’s own: other roles may not write it, signed out is refused', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    await saveAll(applicant);
    for (const account of [company, admin]) {
      const response = await save.workHistory(account, jobs);
      expect(response.statusCode).toBe(403);
      expect(response.error?.error).toBe(forbiddenMessage);
    }
    const signedOut = await callerFrom(testApp).call(talentContract.updateLanguages, { body: { items: [] } });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.error?.error).toBe(notSignedInMessage);

    // Another applicant's save changes their own lists only.
    const other = await signedInAccount(testApp, { role: 'applicant' });
    expect((await save.languages(other, [{ language: 'German', level: 'B1' }])).statusCode).toBe(200);
    expect((await ownProfile(applicant)).languages).toMatchObject(languages);
  });

  it('shows the lists to companies on the Talent Search card and sheet, and on an application', async () => {
    const word = uniqueWord();
    const applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Rita Costa' });
    await putProfile(applicant, listedProfile(`Go ${word}`));
    await saveAll(applicant);

    const [card] = await searchTalent(word);
    expect(card).toMatchObject({
      id: applicant.user.id,
      latest_job: { title: 'Staff Engineer', company: 'Northwind' },
      languages,
    });

    const sheetOf = () => company.call(talentSearchContract.candidate, { params: { id: applicant.user.id } });
    const sheet = await sheetOf();
    expect(sheet.statusCode).toBe(200);
    expect(sheet.body).toMatchObject(expectedBackground);

    const job = await jobWith(testApp, company.companyId, word);
    const application = await buildApplication(testApp.database.db, { jobId: job.id, applicantId: applicant.user.id });
    const applicationParams = { params: { id: application.id } };
    const viewed = await company.call(pipelineContract.get, applicationParams);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.body.applicant).toMatchObject(expectedBackground);
    // Another company reads neither the application nor, once the profile is unlisted, the sheet.
    expect((await otherCompany.call(pipelineContract.get, applicationParams)).statusCode).toBe(404);
    await putProfile(applicant, {});
    const unlisted = await sheetOf();
    expect(unlisted.statusCode).toBe(404);
    expect(unlisted.error?.error).toBe(talentTexts.notFound);
  });

  it('makes a candidate findable in Talent Search by an employer, a school or a certification, while listed', async () => {
    const [employer, school, issuer] = [uniqueWord(), uniqueWord(), uniqueWord()];
    const applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Ines Duarte' });
    await putProfile(applicant, listedProfile('Go Developer'));
    const found = async (word: string) => (await searchTalent(word)).map((item) => item.id);

    // Words only in the background: none of the profile's own fields hold them.
    expect(await found(employer)).toEqual([]);
    await save.workHistory(applicant, [{ ...jobs[0], company: `${employer} Labs` }]);
    await save.education(applicant, [{ ...degrees[0], school: `${school} Institute` }]);
    await save.certifications(applicant, [{ ...certifications[0], issuer: `${issuer} Foundation` }]);
    for (const word of [employer, school, issuer]) expect(await found(word)).toEqual([applicant.user.id]);
    // The card says where: the background around the word, the word marked.
    const [card] = await searchTalent(school);
    expect(card?.background_match?.excerpt).toContainEqual({ text: school, is_match: true });
    expect(card?.background_match?.excerpt.map((part) => part.text).join('')).toContain(`${school} Institute`);
    expect(card?.cv_match).toBeNull();

    // A list emptied takes its words out of the search; the others stay.
    expect((await save.workHistory(applicant, [])).statusCode).toBe(200);
    expect(await found(employer)).toEqual([]);
    expect(await found(school)).toEqual([applicant.user.id]);
  });

  it('is not shown on a candidate card without a work history: latest_job is null, languages empty', async () => {
    const word = uniqueWord();
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    await putProfile(applicant, listedProfile(`Go ${word}`));
    const [card] = await searchTalent(word);
    expect(card).toMatchObject({ latest_job: null, languages: [] });
  });
});
