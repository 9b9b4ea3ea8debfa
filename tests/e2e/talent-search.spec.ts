import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import type { UpdateApplicantProfileInput } from '../../src/shared/talent';
import { talentTexts } from '../../src/shared/talent-search';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { createJob, uniqueName } from './support/jobs';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, saveScreenshot, saveScreenshots, type TestAccount, test, viewports } from './support/test';

// Talent Search (docs/spec/portal-and-public-site.md §2 "Talent Search results (company)", §3 Candidate, §4, §5,
// §9): a company searches listed applicants, combines filters, sorts, switches views, keeps a shortlist that
// survives a reload, invites a shortlisted candidate to an open job, meets the empty state, and uses the filter
// drawer on a phone.

// A word no other test's profiles contain, so the search finds this test's candidates only (tests run
// in parallel on one database).
const uniqueWord = () =>
  `zq${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;

// An applicant whose profile is complete, so companies find it: signed in through its own session.
async function listedApplicant(
  baseURL: string | undefined,
  createAccount: (role: 'applicant', options?: { name?: string }) => Promise<TestAccount>,
  request: APIRequestContext,
  name: string,
  profile: UpdateApplicantProfileInput,
) {
  const applicant = await createAccount('applicant', { name });
  const session = await request.post('/api/testing/sessions', { data: { email: applicant.email } });
  const { token } = (await session.json()) as { token: string };
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: `tandem_session=${token}`, 'sec-fetch-site': 'same-origin' },
  });
  const response = await context.put('/api/applicant/profile', { data: profile });
  expect(response.status(), await response.text()).toBe(200);
  await context.dispose();
  return applicant;
}

const articleNames = (page: Page) =>
  page
    .getByRole('article')
    .evaluateAll((articles) => articles.map((article) => article.querySelector('h3')?.textContent?.trim() ?? ''));

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('a company searches talent, filters, sorts, shortlists and invites, on a desktop and a phone', async ({
  page,
  loginAs,
  createAccount,
  request,
  baseURL,
}) => {
  test.slow();
  const word = uniqueWord();
  const ada = await listedApplicant(baseURL, createAccount, request, uniqueName('Ada Lovelace'), {
    headline: 'Python Data Engineer',
    summary: `Builds data pipelines and APIs for analytics teams. ${word}`,
    hourly_rate: 45,
    skills: ['Python', 'Django', 'AWS', 'PostgreSQL', 'Docker', 'Redis', 'Airflow'],
    experience_level: 'senior',
    availability: 'full-time',
    region: 'Europe',
    location: 'London',
    timezone: 'Europe/London',
  });
  // $120 and $10: outside the slider's default 15–100, and found all the same until a range is applied.
  const grace = await listedApplicant(baseURL, createAccount, request, uniqueName('Grace Hopper'), {
    headline: 'React Frontend Developer',
    summary: `Design systems and accessible interfaces. ${word}`,
    hourly_rate: 120,
    skills: ['React', 'JavaScript', 'TypeScript'],
    experience_level: 'expert',
    availability: 'part-time',
    region: 'Americas',
    location: 'New York',
    timezone: 'America/New_York',
  });
  const linus = await listedApplicant(baseURL, createAccount, request, uniqueName('Linus Field'), {
    headline: 'Junior Python Developer',
    summary: `Scripts, scrapers and small automations. ${word}`,
    hourly_rate: 10,
    skills: ['Python', 'C'],
    experience_level: 'junior',
    availability: 'project-based',
    region: 'Africa',
    location: 'Nairobi',
    timezone: 'Africa/Nairobi',
  });

  await loginAs('company');
  const job = await createJob(page, { title: uniqueName('Data Engineer') });
  await page.goto(paths.companyTalent.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(talentTexts.heading);

  // The search asks once the typing pauses; the default slider range hides nobody.
  await page.getByRole('searchbox', { name: 'Search talent' }).fill(word);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(talentTexts.resultsFor(word));
  await expect(page.getByText('3 candidates', { exact: true })).toBeVisible();
  const adaCard = page.getByRole('article', { name: ada.name });
  await expect(adaCard).toContainText('$45/hr');
  await expect(adaCard).toContainText('+2');
  await expect(adaCard).toContainText('No ratings yet');
  await expect(adaCard).toContainText('London · Europe/London');
  await expect(page.getByRole('article', { name: grace.name })).toContainText('$120/hr');
  await expect(page.getByRole('article', { name: linus.name })).toContainText('$10/hr');
  await saveScreenshots(page, 'talent-search');
  await expectNoSeriousViolations(page);

  // Filters are staged in the panel and combine on Apply.
  const panel = page.getByRole('form', { name: 'Filters' });
  await panel.getByRole('button', { name: /^Python/ }).click();
  await panel.getByRole('button', { name: talentTexts.apply }).click();
  await expect(page.getByText('2 candidates', { exact: true })).toBeVisible();
  await panel.getByRole('radio', { name: /^Senior/ }).click();
  await expect(page.getByText('2 candidates', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: talentTexts.apply }).click();
  await expect(page.getByText('1 candidate', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/skills=Python/);
  await expect(page).toHaveURL(/level=senior/);
  await expect(page.getByRole('article', { name: ada.name })).toBeVisible();

  // A rate range: the maximum thumb down to $50 by keyboard, level back to Any.
  await panel.getByRole('radio', { name: 'Any' }).click();
  await panel.getByRole('slider', { name: 'Maximum hourly rate' }).focus();
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('PageDown');
  await expect(panel.getByText('$15 – $50')).toBeVisible();
  await panel.getByRole('button', { name: talentTexts.apply }).click();
  await expect(page).toHaveURL(/rate_max=50/);
  await expect(page.getByText('1 candidate', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: linus.name })).toHaveCount(0);

  // Reset puts the panel back; Apply then searches without any filter.
  await panel.getByRole('button', { name: talentTexts.reset }).click();
  await expect(panel.getByText('Any rate')).toBeVisible();
  await panel.getByRole('button', { name: talentTexts.apply }).click();
  await expect(page.getByText('3 candidates', { exact: true })).toBeVisible();

  // Sort by rate, high to low, then the list view.
  await page.getByLabel('Sort by').selectOption({ label: 'Hourly Rate: High to Low' });
  await expect(page).toHaveURL(/sort=rate_desc/);
  await expect.poll(() => articleNames(page)).toEqual([grace.name, ada.name, linus.name]);
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/layout=list/);
  await saveScreenshots(page, 'talent-search-list');

  // The full profile from a card.
  await page.getByRole('button', { name: ada.name, exact: true }).click();
  const profile = page.getByRole('dialog', { name: `${ada.name}’s profile` });
  await expect(profile).toContainText('Airflow');
  await expect(profile).toContainText('Full-time');
  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();

  // Shortlist two, take one off again: each says so, for three seconds.
  await page.getByRole('button', { name: `Add ${ada.name} to shortlist` }).click();
  await expect(page.getByText(talentTexts.shortlistAddedBody(ada.name))).toBeVisible();
  await expect(page.getByText(talentTexts.shortlistAdded, { exact: true })).toBeVisible();
  await expect(page.getByText(talentTexts.shortlistAdded, { exact: true })).toBeHidden({ timeout: 6_000 });
  await page.getByRole('button', { name: `Add ${grace.name} to shortlist` }).click();
  await expect(page.getByText(talentTexts.shortlistAddedBody(grace.name))).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Shortlist (2)' })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${grace.name} from shortlist` }).click();
  await expect(page.getByText(talentTexts.shortlistRemovedBody(grace.name))).toBeVisible();
  await expect(page.getByText(talentTexts.shortlistRemoved, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Add ${grace.name} to shortlist` })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // The server keeps it.
  await page.reload();
  await expect(page.getByRole('button', { name: `Remove ${ada.name} from shortlist` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('tab', { name: 'Shortlist (1)' }).click();
  await expect(page).toHaveURL(/tab=shortlist/);
  await expect(page.getByText('1 candidate shortlisted')).toBeVisible();
  await expect(page.getByRole('article', { name: ada.name })).toBeVisible();
  await expect(page.getByRole('article', { name: grace.name })).toHaveCount(0);

  // Invite to apply to the company's open job.
  await page.getByRole('button', { name: `Invite to apply: ${ada.name}` }).click();
  const invite = page.getByRole('dialog', { name: `Invite ${ada.name} to apply` });
  await invite.getByLabel('Open job').selectOption({ label: job.title });
  await saveScreenshots(page, 'talent-invite-dialog');
  await expectNoSeriousViolations(page);
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(talentTexts.inviteSentBody(ada.name, job.title))).toBeVisible();
  await expect(invite).toBeHidden();
  await saveScreenshots(page, 'talent-shortlist');

  // Taken off the shortlist from its own tab, which is then empty.
  await page.getByRole('button', { name: `Remove ${ada.name} from shortlist` }).click();
  await expect(page.getByText(talentTexts.shortlistRemovedBody(ada.name))).toBeVisible();
  await expect(page.getByText('Your shortlist is empty')).toBeVisible();
  await page.getByRole('tab', { name: /^Search/ }).click();

  // Nothing matches: the empty state, and Clear all filters.
  await page.getByRole('searchbox', { name: 'Search talent' }).fill(`${word} zzznomatch`);
  await expect(page.getByText(talentTexts.emptyTitle)).toBeVisible();
  await expect(page.getByText(talentTexts.emptyBody)).toBeVisible();
  await saveScreenshots(page, 'talent-search-empty');
  await page.getByRole('button', { name: talentTexts.clearAllFilters }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(talentTexts.heading);
  await expect(page.getByRole('searchbox', { name: 'Search talent' })).toHaveValue('');

  // On a phone the filters are a drawer from the left, and nothing runs off the screen.
  await page.getByRole('searchbox', { name: 'Search talent' }).fill(word);
  await expect(page.getByText('3 candidates', { exact: true })).toBeVisible();
  await page.setViewportSize(viewports.mobile);
  await expect(page.getByRole('form', { name: 'Filters' })).toBeHidden();
  await expectNoSidewaysScroll(page, 'talent search on a phone');
  await page.getByRole('button', { name: talentTexts.showFilters }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  await drawer.getByRole('checkbox', { name: /^Part-time/ }).click();
  await saveScreenshot(page, 'talent-search-drawer-mobile', { fullPage: true });
  await expectNoSeriousViolations(page);
  await drawer.getByRole('button', { name: talentTexts.apply }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByText('1 candidate', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: grace.name })).toBeVisible();
  await expectNoSidewaysScroll(page, 'talent search on a phone');
});

test.describe('beyond the spec', () => {
  // The overlap compares with the browser's time zone by default: a fixed one keeps the journey exact.
  test.use({ timezoneId: 'Europe/Berlin' });

  test('a company ranks proven skills first, sees the passed test, and keeps to overlapping working hours', async ({
    page,
    loginAs,
    createAccount,
    request,
    baseURL,
  }) => {
    test.slow();
    const word = uniqueWord();
    const profileOf = (rate: number, timezone: string): UpdateApplicantProfileInput => ({
      headline: 'Python Developer',
      summary: `APIs and data jobs. ${word}`,
      hourly_rate: rate,
      skills: ['Django', 'Python', 'FastAPI'],
      experience_level: 'mid',
      availability: 'full-time',
      region: 'Europe',
      timezone,
    });
    // London shares seven of Berlin's working hours; Los Angeles, nine hours behind, none.
    const proven = await listedApplicant(
      baseURL,
      createAccount,
      request,
      uniqueName('Priya Proven'),
      profileOf(40, 'Europe/London'),
    );
    const claimed = await listedApplicant(
      baseURL,
      createAccount,
      request,
      uniqueName('Carl Claimed'),
      profileOf(90, 'America/Los_Angeles'),
    );
    const assessments = await request.post('/api/testing/platform-assessments');
    const { test_ids: testIds } = (await assessments.json()) as { test_ids: Record<string, string> };
    const passed = await request.post('/api/testing/test-attempts', {
      data: { test_id: testIds.python, score: 91, applicant_email: proven.email },
    });
    expect(passed.status(), await passed.text()).toBe(201);

    await loginAs('company');
    await page.goto(paths.companyTalent.getHref());
    await page.getByRole('searchbox', { name: 'Search talent' }).fill(word);
    await expect(page.getByText('2 candidates', { exact: true })).toBeVisible();

    // Proven Skills: the passed Python assessment puts Priya first, and her card says which skill it proves.
    await page.getByLabel('Sort by').selectOption({ label: 'Proven Skills' });
    await expect(page).toHaveURL(/sort=proven_skills/);
    await expect.poll(() => articleNames(page)).toEqual([proven.name, claimed.name]);
    const provenCard = page.getByRole('article', { name: proven.name });
    await expect(provenCard.getByRole('list', { name: 'Skills' }).getByRole('listitem').first()).toHaveText(
      'Python (proven by a passed test)',
    );
    await page.getByRole('button', { name: proven.name, exact: true }).click();
    const profile = page.getByRole('dialog', { name: `${proven.name}’s profile` });
    await expect(profile.getByText('Python Assessment')).toBeVisible();
    await expect(profile.getByText('91%')).toBeVisible();
    await saveScreenshots(page, 'talent-profile-passed-tests');
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(profile).toBeHidden();

    // At least six working hours with Berlin, this browser's zone: London stays, Los Angeles goes.
    const panel = page.getByRole('form', { name: 'Filters' });
    await panel.getByLabel('Working hours overlap').selectOption({ label: 'At least 6 hours' });
    await expect(panel.getByRole('combobox', { name: 'With my time zone' })).toContainText('Europe/Berlin');
    await panel.getByRole('button', { name: talentTexts.apply }).click();
    await expect(page).toHaveURL(/overlap_hours=6/);
    await expect(page).toHaveURL(/overlap_with=Europe%2FBerlin/);
    await expect(page.getByText('1 candidate', { exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: claimed.name })).toHaveCount(0);
    // The panel shows what is applied, the zone included.
    await expect(panel.getByRole('combobox', { name: 'With my time zone' })).toContainText('Europe/Berlin');
    await saveScreenshots(page, 'talent-search-overlap');

    // Back undoes the filter, as it does every other.
    await page.goBack();
    await expect(page.getByText('2 candidates', { exact: true })).toBeVisible();
  });
});
