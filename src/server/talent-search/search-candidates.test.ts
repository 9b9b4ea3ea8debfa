import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TalentQuery, type TalentSearchResult, talentQuerySchema, talentSorts } from '~/shared/talent-search';
import type { DatabaseHandle } from '../db/client';
import { companyMembers, tests } from '../db/schema';
import { createSharedCache } from '../platform/shared-cache';
import { buildAccount } from '../seed/factories';
import { buildApplicantProfile } from '../seed/talent-factories';
import { buildTest, buildTestAttempt } from '../seed/test-factories';
import { uniqueWord } from '../testing/job-board-test-helpers';
import { createTestDatabase } from '../testing/test-database';
import { searchCandidates } from './search-candidates';
import { viewCandidate } from './view-candidate';

// searchCandidates on a real database, below the API: the two ways a page is found (a small set read
// whole and sorted; a large one walked on the sort's index) must agree, large sets are estimated and the
// estimate is shared, and the two filters and the sort beyond the spec (working-hours overlap, Proven
// Skills) do what they say. Each test's candidates carry a word of their own in the summary.
describe('searchCandidates', () => {
  let database: DatabaseHandle;
  let companyId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    companyId = await companyOf('Search Co');
  });
  afterAll(async () => {
    await database.close();
  });

  async function companyOf(name: string) {
    const { user } = await buildAccount(database.db, { role: 'company', companyName: name });
    const [member] = await database.db.select().from(companyMembers).where(eq(companyMembers.userId, user.id));
    if (!member) throw new Error('The company was not created.');
    return member.companyId;
  }

  type ProfileOverrides = Parameters<typeof buildApplicantProfile>[2];
  const candidate = async (word: string, name: string, profile: ProfileOverrides = {}) => {
    const { user } = await buildAccount(database.db, { role: 'applicant', name });
    await buildApplicantProfile(database.db, user.id, { summary: `Remote specialist. ${word}`, ...profile });
    return user.id;
  };

  const search = (
    query: TalentQuery,
    options: { exactCountMax?: number; sampleRows?: number; cache?: ReturnType<typeof createSharedCache> } = {},
  ): Promise<TalentSearchResult> =>
    searchCandidates({
      db: database.db,
      cache: options.cache ?? createSharedCache({}),
      companyId,
      filters: talentQuerySchema.parse(query),
      exactCountMax: options.exactCountMax,
      sampleRows: options.sampleRows,
    });

  // Every page of a search, in order.
  async function allPages(query: TalentQuery, options: { exactCountMax?: number } = {}) {
    const names: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const { items } = await search({ ...query, page, page_size: 3 }, options);
      names.push(...items.map((item) => item.name));
      if (items.length < 3) break;
    }
    return names;
  }

  it('pages every sort alike whether the result set is read whole or walked on an index', async () => {
    const word = uniqueWord();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const { test } = await buildTest(database.db, { companyId, name: 'Go Assessment', isPublic: true });
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 8]) {
      const id = await candidate(word, `Person ${n}`, {
        // Words in the headline for some, only in the summary for the others (Best Match's two tiers).
        headline: n % 3 === 0 ? `Go Developer ${word}` : 'Backend Developer',
        skills: ['Go', 'SQL'],
        // Ties on rate, rating and activity, so that the id decides among equals.
        hourlyRateCents: 3000 + (n % 3) * 1000,
        ratingTenths: n % 4 === 0 ? null : 40 + (n % 2),
        hoursBilled: n % 2 === 0 ? 100 : 0,
        lastActiveAt: n === 8 ? null : minutesAgo((n % 3) * 10),
      });
      if (n % 2 === 1) await buildTestAttempt(database.db, { testId: test.id, applicantId: id, score: 90 });
    }
    for (const sort of talentSorts) {
      const query: TalentQuery = { q: word, sort, ...(sort === 'proven_skills' ? { skills: 'go' } : {}) };
      const whole = await allPages(query);
      const walked = await allPages(query, { exactCountMax: 1 });
      expect(whole, sort).toHaveLength(9);
      expect(new Set(whole).size, sort).toBe(9);
      expect(walked, sort).toEqual(whole);
    }
    // Rate orders with a skill asked for start their walk at the skill's range of rates.
    for (const sort of ['rate_asc', 'rate_desc'] as const) {
      const query: TalentQuery = { q: word, sort, skills: 'Go,sql' };
      expect(await allPages(query, { exactCountMax: 1 }), sort).toEqual(await allPages(query));
    }
    // Best Match: the three with the word in the headline first.
    expect((await allPages({ q: word })).slice(0, 3).sort()).toEqual(['Person 0', 'Person 3', 'Person 6']);
  });

  it('finds a profile whose rate leaves its skill’s known range, first or last by rate', async () => {
    const word = uniqueWord();
    const skill = `${word}lang`;
    for (const n of [1, 2, 3])
      await candidate(word, `Steady ${n}`, { skills: [skill], hourlyRateCents: 5000 + n * 100 });
    const mover = await candidate(word, 'Mover', { skills: [skill], hourlyRateCents: 5050 });
    const walked = (sort: 'rate_asc' | 'rate_desc') =>
      search({ skills: skill, sort, page_size: 1 }, { exactCountMax: 1 }).then(({ items }) => items[0]?.name);
    expect(await walked('rate_desc')).toBe('Steady 3');

    await buildApplicantProfile(database.db, mover, { skills: [skill], hourlyRateCents: 15_000 });
    expect(await walked('rate_desc')).toBe('Mover');
    await buildApplicantProfile(database.db, mover, { skills: [skill], hourlyRateCents: 500 });
    expect(await walked('rate_asc')).toBe('Mover');
    // Back in the middle, the range stays wide, and the order is still right.
    await buildApplicantProfile(database.db, mover, { skills: [skill], hourlyRateCents: 5050 });
    expect(await walked('rate_desc')).toBe('Steady 3');
    expect(await walked('rate_asc')).toBe('Mover');
  });

  it('estimates a large result set from a sample, and shares the estimate whatever the sort or page', async () => {
    const word = uniqueWord();
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) await candidate(word, `Many ${n}`);
    // The sample's share is worked out from the table's statistics.
    await database.db.execute(sql`analyze applicant_profiles`);
    const cache = createSharedCache({});
    const options = { exactCountMax: 4, sampleRows: 10, cache };

    const first = await search({ q: word }, options);
    expect(first.total_is_estimate).toBe(true);
    // Never fewer than were seen on the way: more than the exact count's limit.
    expect(first.total).toBeGreaterThanOrEqual(5);
    expect(String(first.total).replace(/0+$/, '').length).toBeLessThanOrEqual(2);
    expect(first.items).toHaveLength(12);

    for (const n of [12, 13, 14]) await candidate(word, `Later ${n}`);
    const again = await search({ q: word, sort: 'rate_desc', page: 2, page_size: 5 }, options);
    expect(again.total).toBe(first.total);
    expect(again.facets).toEqual(first.facets);
    expect(again.items).toHaveLength(5);

    // Other filters are counted afresh: exactly, for a set no larger than the limit.
    const exact = await search(
      { q: word, availability: 'full-time,part-time,project-based' },
      {
        ...options,
        exactCountMax: 100,
      },
    );
    expect(exact).toMatchObject({ total: 15, total_is_estimate: false });
  });

  it('refreshes a stale estimate in one search while the searches beside it answer with it', async () => {
    const word = uniqueWord();
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) await candidate(word, `Popular ${n}`);
    await database.db.execute(sql`analyze applicant_profiles`);
    const cache = createSharedCache({});
    const estimatesKept = vi.spyOn(cache, 'set');
    const options = { exactCountMax: 4, sampleRows: 10, cache };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const first = await search({ q: word }, options);
      expect(first.total_is_estimate).toBe(true);
      expect(estimatesKept).toHaveBeenCalledTimes(1);

      // Within the minute, every search answers with it.
      vi.setSystemTime(Date.now() + 59_000);
      await Promise.all([1, 2, 3].map(() => search({ q: word }, options)));
      expect(estimatesKept).toHaveBeenCalledTimes(1);

      // A minute on, five searches at once: one samples the table again, four answer with the estimate kept.
      vi.setSystemTime(Date.now() + 2_000);
      const burst = await Promise.all([1, 2, 3, 4, 5].map(() => search({ q: word }, options)));
      expect(estimatesKept).toHaveBeenCalledTimes(2);
      for (const result of burst) {
        expect(result).toMatchObject({ total: first.total, total_is_estimate: true });
        expect(result.items).toHaveLength(12);
      }

      // Fresh again: nobody samples.
      await search({ q: word }, options);
      expect(estimatesKept).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps to working hours that overlap the company’s by at least the hours asked for', async () => {
    const word = uniqueWord();
    await candidate(word, 'Berlin', { timezone: 'Europe/Berlin' });
    await candidate(word, 'London', { timezone: 'Europe/London' });
    await candidate(word, 'New York', { timezone: 'America/New_York' });
    await candidate(word, 'Sydney', { timezone: 'Australia/Sydney' });
    await candidate(word, 'Nowhere', { timezone: null });
    const names = async (hours: number) =>
      (await search({ q: word, overlap_hours: hours, overlap_with: 'Europe/Berlin', sort: 'rate_asc' })).items
        .map((item) => item.name)
        .sort();

    expect(await names(8)).toEqual(['Berlin']);
    // London is an hour from Berlin all year; New York five or six.
    expect(await names(7)).toEqual(['Berlin', 'London']);
    expect(await names(2)).toEqual(['Berlin', 'London', 'New York']);
    const all = await search({ q: word, overlap_hours: 1, overlap_with: 'Europe/Berlin' });
    expect(all.items.map((item) => item.name)).not.toContain('Sydney');
    expect(all.total).toBe(3);
  });

  it('proves a skill by a passed public test, never by another company’s private one', async () => {
    const word = uniqueWord();
    const otherCompany = await companyOf('Other Co');
    const rustTest = (await buildTest(database.db, { companyId, name: 'Rust Assessment', isPublic: true })).test;
    const privateTest = (await buildTest(database.db, { companyId: otherCompany, name: 'Elixir Quiz' })).test;
    const ownTest = (await buildTest(database.db, { companyId, name: 'Team Fit' })).test;
    const skills = ['Rust', 'Elixir', 'Docker'];
    const proven = await candidate(word, 'Proven', { skills, ratingTenths: 30 });
    const failed = await candidate(word, 'Failed', { skills, ratingTenths: 50 });
    const claimed = await candidate(word, 'Claimed', { skills, ratingTenths: 45 });
    await buildTestAttempt(database.db, { testId: rustTest.id, applicantId: proven, score: 95 });
    await buildTestAttempt(database.db, { testId: privateTest.id, applicantId: proven, score: 95 });
    await buildTestAttempt(database.db, { testId: ownTest.id, applicantId: proven, score: 80 });
    await buildTestAttempt(database.db, { testId: rustTest.id, applicantId: failed, score: 10 });
    await buildTestAttempt(database.db, { testId: privateTest.id, applicantId: claimed, score: 99 });

    const results = await search({ q: word, sort: 'proven_skills' });
    // The proven first, then the record: 5.0 stars above 4.5.
    expect(results.items.map((item) => [item.name, item.proven_skills])).toEqual([
      ['Proven', ['Rust']],
      ['Failed', []],
      ['Claimed', []],
    ]);
    // Asked for a skill nobody has proven, the record decides.
    expect((await search({ q: word, sort: 'proven_skills', skills: 'Elixir' })).items[0]?.name).toBe('Failed');

    // The profile shows the public test and the company's own, not another company's.
    const profile = await viewCandidate({ db: database.db, companyId, applicantId: proven });
    expect(profile.passed_tests.map((passed) => passed.name).sort()).toEqual(['Rust Assessment', 'Team Fit']);

    // Renaming the test changes what it proves.
    await database.db.update(tests).set({ name: 'Docker Assessment' }).where(eq(tests.id, rustTest.id));
    const renamed = await search({ q: word, sort: 'proven_skills' });
    expect(renamed.items[0]).toMatchObject({ name: 'Proven', proven_skills: ['Docker'] });
  });
});
