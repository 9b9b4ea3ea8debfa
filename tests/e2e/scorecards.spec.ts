import type { Locator, Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { createJob, uniqueName } from './support/jobs';
import { expectNoSidewaysScroll } from './support/layout';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshot, saveScreenshots, test, viewports } from './support/test';

// A hiring team at work: the owner puts a colleague on the job's hiring team, both interview the candidate
// and fill their scorecards, and the application's summary averages both; a note @mentioning the colleague
// reaches their notifications.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

// Rates every criterion of the open form, then the overall, and saves.
async function fillScorecard(drawer: Locator, ratings: { criteria: string[]; overall: string; note: string }) {
  await drawer.getByRole('button', { name: 'Fill Scorecard' }).click();
  for (const [index, label] of ratings.criteria.entries()) {
    const criterion = ['Relevant skills', 'Communication', 'Problem solving'][index] ?? '';
    await drawer
      .getByRole('group', { name: criterion })
      .getByRole('radio', { name: new RegExp(`^${label}\\b`) })
      .check();
  }
  await drawer
    .getByRole('group', { name: 'Overall' })
    .getByRole('radio', { name: new RegExp(`^${ratings.overall}\\b`) })
    .check();
  await drawer.getByRole('textbox', { name: 'Overall note (optional)' }).fill(ratings.note);
  await drawer.getByRole('button', { name: 'Save Scorecard' }).click();
}

const drawerOf = (page: Page) => page.getByRole('dialog', { name: 'Application from Ada Lovelace' });

test('two interviewers fill scorecards, the summary averages both, and a mention reaches the colleague', async ({
  page,
  browser,
  baseURL,
  request,
  loginAs,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const owner = await loginAs('company', { name: 'Rita Reviewer', company_name: uniqueName('Northwind') });
  const colleague = await createAccount('company', {
    name: uniqueName('Carl Colleague'),
    colleague_of: owner.email,
    company_role: 'hiring_manager',
  });
  const job = await createJob(page);
  const seeded = await request.post(`/api/testing/jobs/${job.id}/applications`, {
    data: { applications: [{ applicant_name: 'Ada Lovelace', status: 'interviewing' }] },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);
  const [application] = ((await seeded.json()) as { applications: Array<{ id: string }> }).applications;

  // The owner puts the colleague on the job's hiring team.
  await page.goto(paths.companyJob.getHref({ id: job.id }));
  const team = page.getByRole('region', { name: 'Hiring team' });
  await expect(team.getByText(/No one is on the team yet/)).toBeVisible();
  await team.getByRole('searchbox', { name: 'Search colleagues' }).fill(colleague.name);
  await expect(team.getByRole('option', { name: new RegExp(colleague.name) })).toBeAttached();
  await team
    .getByRole('combobox', { name: 'Colleague to add' })
    .selectOption({ label: `${colleague.name} (${colleague.email})` });
  await team.getByRole('button', { name: 'Add to Team' }).click();
  await expect(team.getByRole('listitem').filter({ hasText: colleague.email })).toBeVisible();
  await team.scrollIntoViewIfNeeded();
  await saveScreenshots(page, 'hiring-team-section', { scrollTo: team });
  await expectNoSeriousViolations(page);

  // The owner fills a scorecard and mentions the colleague in a note.
  await page.goto(`${paths.companyJob.getHref({ id: job.id })}?application=${application?.id}`);
  const drawer = drawerOf(page);
  await expect(drawer.getByText('No scorecards yet.')).toBeVisible();
  await fillScorecard(drawer, { criteria: ['4', '3', '3'], overall: '4', note: 'Strong hire.' });
  await expect(drawer.getByText('Overall 4.0 / 4')).toBeVisible();

  const note = drawer.getByRole('combobox', { name: 'Private note' });
  await note.fill('');
  await note.pressSequentially(`Could you check the portfolio, @${colleague.name.slice(0, 4)}`);
  const option = drawer.getByRole('option', { name: new RegExp(colleague.name) });
  await expect(option).toBeVisible();
  await expect(note).toHaveAttribute('aria-expanded', 'true');
  await saveScreenshot(page, 'note-mention-picker');
  await expectNoSeriousViolations(page);
  await note.press('Enter');
  await expect(note).toHaveValue(`Could you check the portfolio, @${colleague.name} `);
  await note.pressSequentially('before Friday?');
  await drawer.getByRole('button', { name: 'Add Note' }).click();
  await expect(drawer.locator('mark').filter({ hasText: `@${colleague.name}` })).toBeVisible();

  // The colleague hears of both, fills their own card, and the summary shows both.
  const second = await openSecondBrowser({ browser, request, baseURL, email: colleague.email });
  await second.page.goto(paths.companyDashboard.getHref());
  const bell = second.page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const popover = second.page.getByRole('dialog');
  await expect(
    popover.getByRole('link', { name: new RegExp(`You are on the hiring team for ${job.title}`) }),
  ).toBeVisible();
  const mention = popover.getByRole('link', { name: /Rita Reviewer mentioned you in a note/ });
  await expect(mention).toContainText(`On Ada Lovelace’s application for ${job.title}.`);
  await mention.click();
  const colleagueDrawer = drawerOf(second.page);
  await expect(colleagueDrawer.locator('mark').filter({ hasText: `@${colleague.name}` })).toBeVisible();
  await fillScorecard(colleagueDrawer, { criteria: ['2', '3', '4'], overall: '3', note: 'Good, but slow.' });
  await expect(colleagueDrawer.getByText('Overall 3.5 / 4')).toBeVisible();
  await expect(colleagueDrawer.getByText('· 2 scorecards')).toBeVisible();
  expect(second.errors).toEqual([]);
  await second.context.close();

  // The owner reads the summary of both cards.
  await page.reload();
  await expect(drawer.getByText('Overall 3.5 / 4')).toBeVisible();
  await expect(drawer.getByText('· 2 scorecards')).toBeVisible();
  const cards = drawer.getByRole('list', { name: 'Scorecards' });
  await expect(cards.getByText('Rita Reviewer')).toBeVisible();
  await expect(cards.getByText(colleague.name)).toBeVisible();
  await expect(cards.getByText('Good, but slow.')).toBeVisible();
  const summary = drawer.getByText('Average per criterion').locator('..');
  await expect(summary).toContainText('Relevant skills3.0 / 4');
  await expect(summary).toContainText('Problem solving3.5 / 4');
  // The drawer scrolls on its own: a picture per width of the summary at the top of it.
  const heading = drawer.getByRole('heading', { name: 'Scorecards' });
  for (const [label, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await heading.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await saveScreenshot(page, `application-scorecards-${label}`);
  }
  await page.setViewportSize(viewports.desktop);
  await expectNoSidewaysScroll(page, 'The application with its scorecards');
  await expectNoSeriousViolations(page);
});
