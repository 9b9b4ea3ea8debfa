import type { Locator, Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { createActiveTest, createJob, uniqueName } from './support/jobs';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, saveScreenshots, test, viewports } from './support/test';

// A job's interview stages (the daily-journeys issue: custom pipeline stages per job, with automations): the
// company names the steps of its interviews in the job form, one sending a test, the board splits
// Interviewing into a column per step, a card moves between them by keyboard, and the drawer moves an
// application from one step to another, the test sent as it enters, each step kept in its history.

const board = (page: Page) => page.getByRole('region', { name: 'Applications' });
const column = (page: Page, label: string) => board(page).getByRole('region', { name: label, exact: true });
const cardIn = (columnLocator: Locator, name: string) => columnLocator.getByRole('listitem').filter({ hasText: name });

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('a company splits Interviewing into its own stages and moves candidates through them', async ({
  page,
  request,
  loginAs,
}) => {
  test.setTimeout(120_000);
  await loginAs('company', { name: 'Rita Reviewer', company_name: 'Stage Robotics' });
  const job = await createJob(page);
  const takeHome = await createActiveTest(page, uniqueName('Take-home'));
  const seeded = await request.post(`/api/testing/jobs/${job.id}/applications`, {
    data: {
      applications: [
        { applicant_name: 'Katherine Johnson', status: 'interviewing', days_ago: 4 },
        { applicant_name: 'Grace Hopper', status: 'shortlisted', days_ago: 2 },
      ],
    },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);

  // The steps, named in the job form.
  await page.goto(paths.companyJobEdit.getHref({ id: job.id }));
  const stages = page.getByRole('region', { name: 'Interview stages' });
  await stages.getByRole('button', { name: 'Add stage' }).click();
  await stages.getByLabel('Stage 1', { exact: true }).fill('Phone screen');
  await stages.getByRole('button', { name: 'Add stage' }).click();
  await stages.getByLabel('Stage 2', { exact: true }).fill('Technical interview');
  // The second step sends the take-home as a candidate enters it.
  await stages.getByLabel('Test sent on entering this stage').nth(1).selectOption({ label: takeHome.name });
  await saveScreenshots(page, 'job-form-interview-stages', { scrollTo: stages });
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`${paths.companyJob.getHref({ id: job.id })}$`));

  // The board: Interviewing is the two steps, and Katherine, interviewing before there were steps, is in
  // the first.
  await page.goto(`${paths.companyJob.getHref({ id: job.id })}?view=board`);
  const phone = column(page, 'Phone screen');
  const technical = column(page, 'Technical interview');
  await expect(cardIn(phone, 'Katherine Johnson')).toBeVisible();
  await expect(technical.getByText('No applications')).toBeVisible();
  await expect(board(page).getByRole('region', { name: 'Interviewing', exact: true })).toHaveCount(0);
  await saveScreenshots(page, 'pipeline-board-interview-stages');
  await expectNoSeriousViolations(page);

  // Katherine by keyboard to the next step.
  await phone.getByRole('button', { name: 'Move Katherine Johnson' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Katherine Johnson from Phone screen.')).toBeAttached();
  // dnd-kit's keyboard sensor listens for the arrows from a timer it sets on the pick-up (pipeline-board.spec.ts).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Katherine Johnson is over Technical interview.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(
    board(page).getByRole('status').filter({ hasText: 'Katherine Johnson moved to Technical interview.' }),
  ).toBeVisible();
  await expect(cardIn(technical, 'Katherine Johnson')).toBeVisible();
  await page.reload();
  await expect(cardIn(column(page, 'Technical interview'), 'Katherine Johnson')).toBeVisible();

  // Grace from her drawer: to Interviewing (the first step), then on to the second.
  await cardIn(column(page, 'Shortlisted'), 'Grace Hopper').getByRole('link', { name: 'Grace Hopper' }).click();
  const drawer = page.getByRole('dialog', { name: /Grace Hopper/ });
  await drawer.getByRole('button', { name: 'Move to Interviewing' }).click();
  const stageSelect = drawer.getByLabel('Interview stage');
  await expect(stageSelect.locator('option:checked')).toHaveText('Phone screen');
  await stageSelect.selectOption({ label: 'Technical interview' });
  await expect(page.getByText('Grace Hopper is in the Technical interview stage.', { exact: true })).toBeVisible();
  // Entering the second step sent her the take-home; the history keeps each step.
  await expect(drawer.getByText(takeHome.name)).toBeVisible();
  await expect(drawer.getByText('Interviewing · Phone screen')).toBeVisible();
  await expect(drawer.getByText('Interviewing · Technical interview', { exact: true })).toBeVisible();
  await saveScreenshots(page, 'application-drawer-interview-stage');
  await expectNoSeriousViolations(page);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await expect(cardIn(column(page, 'Technical interview'), 'Grace Hopper')).toBeVisible();
  await expect(column(page, 'Technical interview').getByText('2 applications')).toBeAttached();

  await page.setViewportSize(viewports.mobile);
  await expectNoSidewaysScroll(page, 'the board with interview stages at 375px');
  await page.setViewportSize(viewports.desktop);
});
