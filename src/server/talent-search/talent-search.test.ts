import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryOf } from '~/shared/contract';
import { talentContract } from '~/shared/contracts/talent';
import { talentSearchContract } from '~/shared/contracts/talent-search';
import { type Candidate, quickSkills, TALENT_SKILL_FACETS, talentTexts } from '~/shared/talent-search';
import { applicantProfiles, notifications, sessions, talentSkills, users } from '../db/schema';
import { buildJob } from '../seed/job-factories';
import { buildApplicantProfile } from '../seed/talent-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount, uniqueWord } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

// GET /api/talent, the shortlist and inviting a candidate. Each test's candidates carry a word
// of their own in the summary, so a search for it sees that test's candidates only.
describe('Talent Search API', () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof companyAccount>>;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyAccount(testApp, 'Acme Staffing');
  });
  afterAll(async () => {
    await testApp.close();
  });

  type ProfileOverrides = Parameters<typeof buildApplicantProfile>[2];
  // A listed applicant whose summary carries `word`.
  const candidate = async (word: string, name: string, profile: ProfileOverrides = {}) => {
    const account = await signedInAccount(testApp, { role: 'applicant', name });
    await buildApplicantProfile(testApp.database.db, account.user.id, {
      summary: `Remote specialist. ${word}`,
      ...profile,
    });
    return account;
  };

  // The contract's query type requires the lists (skills, availability, badges: a preprocessed field's input is
  // required); left undefined, they stay out of the query string.
  type SearchQuery = Partial<QueryOf<typeof talentSearchContract.search>>;
  const queryOf = (query: SearchQuery): QueryOf<typeof talentSearchContract.search> => ({
    skills: undefined,
    availability: undefined,
    badges: undefined,
    ...query,
  });
  const search = async (query: SearchQuery, account: Account = company) => {
    const response = await account.call(talentSearchContract.search, { query: queryOf(query) });
    expect(response.statusCode, response.error?.error).toBe(200);
    return response.body;
  };
  const namesOf = async (query: SearchQuery, account: Account = company) =>
    (await search(query, account)).items.map((item) => item.name);

  it('finds listed profiles of active applicants only', async () => {
    const word = uniqueWord();
    await candidate(word, 'Listed Lena');
    await candidate(word, 'Incomplete Ivan', { hourlyRateCents: null });
    await candidate(word, 'Skill-less Sam', { skills: [] });
    const suspended = await candidate(word, 'Suspended Sue');
    expect((await namesOf({ q: word })).sort()).toEqual(['Listed Lena', 'Suspended Sue']);

    await testApp.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    expect(await namesOf({ q: word })).toEqual(['Listed Lena']);
  });

  it('answers each candidate as a card', async () => {
    const word = uniqueWord();
    const account = await candidate(word, 'Grace Hopper', {
      headline: 'Senior Python Developer',
      summary: `Builds data pipelines. ${word}`,
      hourlyRateCents: 6550,
      skills: ['Python', 'Django', 'AWS', 'PostgreSQL', 'Docker', 'Airflow'],
      experienceLevel: 'senior',
      availability: 'part-time',
      region: 'Europe',
      location: 'Lisbon, Portugal',
      timezone: 'Europe/Lisbon',
      ratingTenths: 47,
      hoursBilled: 1200,
      idVerifiedAt: new Date(),
      lastActiveAt: new Date(),
    });
    // The card as it came, every field of it: parsing by the contract would drop one it does not declare.
    const response = await company.call(talentSearchContract.search, { query: queryOf({ q: word }) });
    expect(response.statusCode, response.error?.error).toBe(200);
    const [item] = JSON.parse(response.rawPayload.toString()).items;
    expect(item).toEqual({
      id: account.user.id,
      name: 'Grace Hopper',
      role: 'Senior Python Developer',
      photo_url: null,
      hourly_rate: 65.5,
      summary: `Builds data pipelines. ${word}`,
      skills: ['Python', 'Django', 'AWS', 'PostgreSQL', 'Docker', 'Airflow'],
      proven_skills: [],
      experience_level: 'senior',
      availability: 'part-time',
      region: 'Europe',
      location: 'Lisbon, Portugal',
      timezone: 'Europe/Lisbon',
      rating: 4.7,
      review_count: 0,
      hours_billed: 1200,
      badges: ['id_verified', 'top_rated'],
      latest_job: null,
      languages: [],
      is_online: true,
      is_shortlisted: false,
      cv: null,
      cv_match: null,
      background_match: null,
    } satisfies Candidate);
  });

  it('searches the headline, skills and summary, the headline and skills ranking first', async () => {
    const word = uniqueWord();
    await candidate(word, 'In summary', { headline: 'Data Analyst', summary: `I sometimes use kubernetes. ${word}` });
    await candidate(word, 'In headline', { headline: 'Kubernetes Administrator', skills: ['Linux'] });
    await candidate(word, 'In skills', { headline: 'Platform Engineer', skills: ['Kubernetes', 'Go'] });
    await candidate(word, 'Elsewhere', { headline: 'Bookkeeper', skills: ['Xero'] });

    const names = await namesOf({ q: `kubernetes ${word}`, sort: 'best_match' });
    expect(names).toHaveLength(3);
    expect(names.at(-1)).toBe('In summary');
    expect(await namesOf({ q: `${word} -kubernetes` })).toEqual(['Elsewhere']);
  });

  it('filters by every skill asked for (any case), rate, level, availability, region and badges', async () => {
    const word = uniqueWord();
    await candidate(word, 'Ana', {
      skills: ['React', 'TypeScript'],
      hourlyRateCents: 4000,
      experienceLevel: 'mid',
      availability: 'full-time',
      region: 'Americas',
    });
    await candidate(word, 'Ben', {
      skills: ['React', 'Vue'],
      hourlyRateCents: 9000,
      experienceLevel: 'senior',
      availability: 'part-time',
      region: 'Europe',
      backgroundCheckedAt: new Date(),
      ratingTenths: 49,
    });
    await candidate(word, 'Cy', {
      skills: ['Go'],
      hourlyRateCents: 2000,
      experienceLevel: 'junior',
      availability: 'project-based',
      region: 'Africa',
      idVerifiedAt: new Date(),
      ratingTenths: 41,
    });
    const names = async (filters: SearchQuery) => (await namesOf({ q: word, ...filters, sort: 'rate_asc' })).join(',');

    expect(await names({ skills: ['react'] })).toBe('Ana,Ben');
    expect(await names({ skills: ['REACT', 'typescript'] })).toBe('Ana');
    expect(await names({ rate_min: 20, rate_max: 40 })).toBe('Cy,Ana');
    expect(await names({ rate_min: 40.01 })).toBe('Ben');
    expect(await names({ level: 'senior' })).toBe('Ben');
    expect(await names({ availability: ['part-time', 'project-based'] })).toBe('Cy,Ben');
    expect(await names({ region: 'Africa' })).toBe('Cy');
    expect(await names({ badges: ['background_check'] })).toBe('Ben');
    expect(await names({ badges: ['top_rated'] })).toBe('Ben');
    expect(await names({ badges: ['id_verified', 'top_rated'] })).toBe('');
  });

  it('sorts by rate, rating and recent activity, with ties in a stable order across pages', async () => {
    const word = uniqueWord();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await candidate(word, 'Rated 3.9', { hourlyRateCents: 5000, ratingTenths: 39, lastActiveAt: minutesAgo(90) });
    await candidate(word, 'Unrated', { hourlyRateCents: 3000, lastActiveAt: minutesAgo(1) });
    await candidate(word, 'Rated 4.8', { hourlyRateCents: 7000, ratingTenths: 48, lastActiveAt: minutesAgo(500) });
    for (const n of [1, 2, 3, 4, 5]) {
      await candidate(word, `Tie ${n}`, { hourlyRateCents: 4000, lastActiveAt: minutesAgo(300) });
    }

    const rateAsc = await namesOf({ q: word, sort: 'rate_asc', page_size: 50 });
    expect(rateAsc[0]).toBe('Unrated');
    expect(rateAsc.slice(-2)).toEqual(['Rated 3.9', 'Rated 4.8']);
    expect((await namesOf({ q: word, sort: 'rate_desc' }))[0]).toBe('Rated 4.8');
    expect((await namesOf({ q: word, sort: 'rating' })).slice(0, 2)).toEqual(['Rated 4.8', 'Rated 3.9']);
    expect((await namesOf({ q: word, sort: 'recent_activity' })).slice(0, 2)).toEqual(['Unrated', 'Rated 3.9']);

    const pages = [];
    for (const page of [1, 2, 3]) pages.push(...(await namesOf({ q: word, sort: 'rate_asc', page_size: 3, page })));
    expect(pages).toEqual(rateAsc);
    expect(new Set(pages).size).toBe(8);
    expect((await search({ q: word, page_size: 3, page: 3 })).total).toBe(8);
  });

  it('counts the result set by level, availability, region and skill, as a direct count does', async () => {
    const word = uniqueWord();
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      await candidate(word, `Facet ${n}`, {
        experienceLevel: (['junior', 'mid', 'senior'] as const)[n % 3],
        availability: n % 2 ? 'part-time' : 'full-time',
        region: n < 4 ? 'Asia Pacific' : 'Americas',
        skills: n % 2 ? ['Excel', 'SQL'] : ['excel', 'Python'],
      });
    }
    const { facets, total } = await search({ q: word, page_size: 1 });
    expect(total).toBe(11);

    const profiles = await testApp.database.db
      .select()
      .from(applicantProfiles)
      .where(sql`${applicantProfiles.summary} like ${`%${word}%`}`);
    const countBy = (key: (profile: (typeof profiles)[number]) => string[]) => {
      const counts = new Map<string, number>();
      for (const profile of profiles) for (const value of key(profile)) counts.set(value, (counts.get(value) ?? 0) + 1);
      return counts;
    };
    const asMap = (entries: Array<{ value: string; count: number }>) =>
      new Map(entries.map((entry) => [entry.value, entry.count]));
    expect(asMap(facets.level)).toEqual(countBy((profile) => [profile.experienceLevel ?? '']));
    expect(asMap(facets.availability)).toEqual(countBy((profile) => [profile.availability ?? '']));
    expect(asMap(facets.region)).toEqual(countBy((profile) => [profile.region ?? '']));
    // Excel and excel are one skill, named as most profiles write it; the quick skills none of them
    // has are counted too, as none.
    expect(facets.skills).toEqual([
      { value: 'excel', count: 11 },
      { value: 'Python', count: 6 },
      { value: 'SQL', count: 5 },
      { value: 'AWS', count: 0 },
      { value: 'JavaScript', count: 0 },
      { value: 'Node.js', count: 0 },
      { value: 'React', count: 0 },
    ]);
    expect(facets.skills.reduce((sum, entry) => sum + entry.count, 0)).toBe(
      [...countBy((profile) => profile.skills.map((skill) => skill.toLowerCase())).values()].reduce((a, b) => a + b, 0),
    );
  });

  it('counts every quick skill chip, however rare among the results', async () => {
    const word = uniqueWord();
    // Sixteen skills on two profiles each crowd the fifteen most common; JavaScript is on one profile.
    const common = Array.from({ length: TALENT_SKILL_FACETS + 1 }, (_, index) => `Common Skill ${index}`);
    for (const [index, skill] of common.entries()) {
      for (const copy of [0, 1]) {
        await candidate(word, `Common ${index}-${copy}`, { skills: [skill, 'Python'] });
      }
    }
    await candidate(word, 'Rare Rita', { skills: ['javascript', 'React'] });
    const { facets, total } = await search({ q: word, page_size: 1 });
    expect(total).toBe(common.length * 2 + 1);
    const countOf = (skill: string) =>
      facets.skills.find((entry) => entry.value.toLowerCase() === skill.toLowerCase())?.count;
    expect(quickSkills.map((skill) => [skill, countOf(skill)])).toEqual([
      ['Python', common.length * 2],
      ['JavaScript', 1],
      ['React', 1],
      ['Node.js', 0],
      ['AWS', 0],
    ]);
    // The most common skills are still there, as many as before.
    expect(facets.skills.filter((entry) => entry.value.startsWith('Common Skill'))).toHaveLength(
      TALENT_SKILL_FACETS - 1,
    );
    // Filtered by a quick skill, its chip counts every result.
    const filtered = await search({ q: word, skills: ['JavaScript'], page_size: 1 });
    expect(filtered.total).toBe(1);
    expect(filtered.facets.skills.find((entry) => entry.value.toLowerCase() === 'javascript')?.count).toBe(1);
  });

  it('refuses bad parameters with a sentence', async () => {
    // Values the contract's types may not allow (an unknown sort, a rate in words), sent on purpose.
    const refused = async (query: Record<string, string | number>) => {
      const response = await company.callUnchecked(talentSearchContract.search, { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      return JSON.stringify(response.error);
    };
    expect(await refused({ rate_min: 80, rate_max: 20 })).toContain(talentTexts.rateRange);
    expect(await refused({ sort: 'cheapest' })).toContain(talentTexts.sort);
    expect(await refused({ page: 10000 })).toContain(talentTexts.page);
    expect(await refused({ q: 'a'.repeat(2000) })).toContain(talentTexts.queryTooLong);
    expect(await refused({ level: 'guru' })).toContain(talentTexts.level);
    expect(await refused({ availability: 'weekends' })).toContain(talentTexts.availability);
    expect(await refused({ region: 'Antarctica' })).toContain(talentTexts.region);
    expect(await refused({ badges: 'famous' })).toContain(talentTexts.badges);
    expect(await refused({ rate_min: 'cheap' })).toContain(talentTexts.rateNumber);
    expect(await refused({ page_size: 500 })).toContain(talentTexts.pageSize);
    expect(await refused({ overlap_hours: 9, overlap_with: 'Europe/Berlin' })).toContain(talentTexts.overlapHours);
    expect(await refused({ overlap_hours: 4 })).toContain(talentTexts.overlapNeedsZone);
    expect(await refused({ overlap_hours: 4, overlap_with: 'Mars/Olympus_Mons' })).toContain(talentTexts.overlapWith);
  });

  it('opens a candidate’s full profile, for companies only', async () => {
    const word = uniqueWord();
    const lena = await candidate(word, 'Lena Profile', { skills: ['Kotlin'] });
    const hidden = await candidate(word, 'Hidden Profile', { summary: null });
    const candidateOf = (id: string, account: Account = company) =>
      account.call(talentSearchContract.candidate, { params: { id } });
    const opened = await candidateOf(lena.user.id);
    expect(opened.statusCode, opened.error?.error).toBe(200);
    expect(opened.body).toMatchObject({
      id: lena.user.id,
      name: 'Lena Profile',
      skills: ['Kotlin'],
      passed_tests: [],
    });

    const missing = await candidateOf(hidden.user.id);
    expect(missing.statusCode).toBe(404);
    expect(missing.error?.error).toBe(talentTexts.notFound);
    expect((await candidateOf('not-an-id')).statusCode).toBe(400);
    expect((await candidateOf(lena.user.id, lena)).statusCode).toBe(403);
  });

  it('is for companies: applicants and signed-out visitors are refused', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    expect((await applicant.call(talentSearchContract.search, { query: queryOf({}) })).statusCode).toBe(403);
    expect((await callerFrom(testApp).call(talentSearchContract.search, { query: queryOf({}) })).statusCode).toBe(401);
  });

  it('keeps a shortlist per company: adding and removing may be repeated', async () => {
    const word = uniqueWord();
    const ada = await candidate(word, 'Ada');
    const other = await companyAccount(testApp);
    const add = (account: Account) =>
      account.call(talentSearchContract.addToShortlist, { params: { id: ada.user.id } });
    const remove = (account: Account) =>
      account.call(talentSearchContract.removeFromShortlist, { params: { id: ada.user.id } });

    for (const attempt of [1, 2]) {
      const response = await add(company);
      expect(response.statusCode, `attempt ${attempt}`).toBe(200);
      expect(response.body).toEqual({ is_shortlisted: true });
    }
    expect((await search({ q: word })).items[0]?.is_shortlisted).toBe(true);
    expect((await search({ q: word }, other)).items[0]?.is_shortlisted).toBe(false);

    const listed = await company.call(talentSearchContract.shortlist);
    expect(listed.body).toMatchObject({ total: 1, items: [{ id: ada.user.id, is_shortlisted: true }] });
    expect((await other.call(talentSearchContract.shortlist)).body).toMatchObject({
      total: 0,
      items: [],
    });

    expect((await remove(other)).body).toEqual({ is_shortlisted: false });
    expect((await search({ q: word })).items[0]?.is_shortlisted).toBe(true);
    for (const attempt of [1, 2]) {
      expect((await remove(company)).body, `attempt ${attempt}`).toEqual({ is_shortlisted: false });
    }
    expect((await company.call(talentSearchContract.shortlist)).body).toMatchObject({ total: 0 });
  });

  it('shortlists only candidates a search can find, and only for companies', async () => {
    const word = uniqueWord();
    const hidden = await candidate(word, 'Hidden', { headline: null });
    const add = (id: string, account: Account = company) =>
      account.call(talentSearchContract.addToShortlist, { params: { id } });
    const missing = await add(hidden.user.id);
    expect(missing.statusCode).toBe(404);
    expect(missing.error?.error).toBe(talentTexts.notFound);
    for (const endpoint of [talentSearchContract.addToShortlist, talentSearchContract.removeFromShortlist]) {
      const job = await buildJob(testApp.database.db, { companyId: company.companyId });
      const notAnApplicant = await company.call(endpoint, { params: { id: job.id } });
      expect(notAnApplicant.statusCode, endpoint.method).toBe(404);
    }
    const malformed = await add('not-an-id');
    expect(malformed.statusCode).toBe(400);
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    expect((await add(applicant.user.id, applicant)).statusCode).toBe(403);
  });

  it('suggests skills listed profiles name, most common first, and forgets one nobody names', async () => {
    const prefix = uniqueWord();
    const first = await candidate(prefix, 'One', { skills: [`${prefix}Alpha`, `${prefix}Beta`] });
    await candidate(prefix, 'Two', { skills: [`${prefix}beta`] });
    const suggest = async (q: string) => (await company.call(talentSearchContract.skills, { query: { q } })).body.items;

    expect(await suggest(prefix.toUpperCase())).toEqual([`${prefix}Beta`, `${prefix}Alpha`]);
    await buildApplicantProfile(testApp.database.db, first.user.id, { skills: [`${prefix}Beta`] });
    expect(await suggest(prefix)).toEqual([`${prefix}Beta`]);
    const [beta] = await testApp.database.db
      .select()
      .from(talentSkills)
      .where(eq(talentSkills.key, `${prefix}beta`.toLowerCase()));
    expect(beta?.profileCount).toBe(2);
  });

  it('invites a candidate to apply to one of the company’s open jobs', async () => {
    const word = uniqueWord();
    const lee = await candidate(word, 'Lee');
    const db = testApp.database.db;
    const open = await buildJob(db, { companyId: company.companyId, title: 'Open role', status: 'open' });
    const closed = await buildJob(db, { companyId: company.companyId, title: 'Closed role', status: 'closed' });
    const other = await companyAccount(testApp);
    const othersJob = await buildJob(db, { companyId: other.companyId, status: 'open' });
    const invite = (jobId: string) =>
      company.call(talentSearchContract.invite, { params: { id: lee.user.id }, body: { job_id: jobId } });

    const sent = await invite(open.id);
    expect(sent.statusCode, sent.error?.error).toBe(201);
    const [notice] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, lee.user.id), eq(notifications.type, 'job_invitation')));
    expect(notice).toMatchObject({ title: 'Acme Staffing invited you to apply', link: `/applicant/jobs/${open.id}` });
    expect((await invite(open.id)).statusCode).toBe(200);

    for (const jobId of [closed.id, othersJob.id]) {
      const refused = await invite(jobId);
      expect(refused.statusCode).toBe(409);
      expect(refused.error?.error).toBe(talentTexts.inviteJobNotOpen);
    }
  });

  it('shows an applicant online while they use the site', async () => {
    const word = uniqueWord();
    const away = await candidate(word, 'Away', { lastActiveAt: new Date(Date.now() - 6 * 60_000) });
    expect((await search({ q: word })).items[0]?.is_online).toBe(false);
    // A request on a session last seen over a minute ago counts as activity.
    await testApp.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(sessions.id, away.sessionId));
    expect((await away.call(talentContract.ownProfile)).statusCode).toBe(200);
    expect((await search({ q: word })).items[0]?.is_online).toBe(true);
  });
});
