import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import type { UpdateApplicantProfileInput } from '../../src/shared/talent';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, type TestAccount, test } from './support/test';

// Reviews after work (issue 33 item 3): the company ends an assignment and rates the talent; the talent
// is asked on the ended assignment and rates the company; both reviews are then shown, and the company's
// shows on the talent's profile sheet in Talent Search with the rating it makes.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const uniqueWord = () =>
  `zq${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;

// An applicant whose profile is complete, so companies find them in Talent Search.
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

test('an assignment ends, both sides review, and the company’s review shows on the talent’s profile', async ({
  page,
  browser,
  baseURL,
  request,
  loginAs,
  createAccount,
}) => {
  test.setTimeout(150_000);
  const word = uniqueWord();
  const talent = await listedApplicant(baseURL, createAccount, request, uniqueName('Rosa Marquez'), {
    headline: 'Customer Support Lead',
    summary: `Runs support queues across time zones. ${word}`,
    hourly_rate: 30,
    skills: ['Zendesk', 'Customer Service'],
    experience_level: 'senior',
    availability: 'full-time',
    region: 'Americas',
    location: 'Lima',
    timezone: 'America/Lima',
  });
  const companyName = uniqueName('Northwind Supply');
  const company = await loginAs('company', { name: 'Iris Chen', company_name: companyName });
  const placed = await request.post('/api/testing/assignments', {
    data: {
      company_email: company.email,
      applicant_email: talent.email,
      role: 'Support Lead',
      rate: 30,
      weekly_hours: 40,
      start_date: isoDay(new Date(Date.now() - 30 * DAY_MS)),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const assignment = (await placed.json()) as { id: string };

  // The company ends the assignment from Billing → Assignments, then rates the talent there.
  await page.goto(`${paths.companyBilling.getHref()}?tab=assignments`);
  const rowName = `${talent.name}, Support Lead`;
  await page.getByRole('button', { name: `Actions for ${rowName}` }).click();
  await page.getByRole('menuitem', { name: 'End' }).click();
  const endDialog = page.getByRole('dialog', { name: 'End this assignment?' });
  await endDialog.getByLabel('Reason').fill('The support migration is done.');
  await endDialog.getByRole('button', { name: 'End Assignment' }).click();
  await expect(page.getByText('Assignment ended').first()).toBeVisible();

  await page.getByRole('button', { name: `Review ${rowName}` }).click();
  const companyDialog = page.getByRole('dialog', { name: `Review ${talent.name}` });
  await expect(companyDialog).toContainText(`${talent.name} has not written a review yet.`);
  await companyDialog.getByRole('radio', { name: '4 stars' }).click();
  await companyDialog
    .getByRole('textbox', { name: 'Your review' })
    .fill('Rosa ran our queue calmly and cut the backlog in half.');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'reviews-company-dialog');
  await companyDialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Review saved').first()).toBeVisible();
  await expect(companyDialog).toBeHidden();

  // The talent is asked on the ended assignment's page; the company's review stays hidden until theirs.
  const {
    context: talentContext,
    page: talentPage,
    errors: talentErrors,
  } = await openSecondBrowser({ browser, request, baseURL, email: talent.email });
  await talentPage.goto(`${paths.applicantTimesheets.getHref()}?assignment=${assignment.id}`);
  const prompt = talentPage.getByRole('region', { name: 'Review' });
  await expect(prompt).toContainText(`How was working with ${companyName}?`);
  await prompt.getByRole('button', { name: 'Write a Review' }).click();
  const talentDialog = talentPage.getByRole('dialog', { name: `Review ${companyName}` });
  await expect(talentDialog).toContainText(`${companyName} has written a review.`);
  await expect(talentDialog).not.toContainText('cut the backlog');
  await talentDialog.getByRole('radio', { name: '5 stars' }).click();
  await talentDialog.getByRole('textbox', { name: 'Your review' }).fill('Clear goals, quick answers, paid on time.');
  await expectNoSeriousViolations(talentPage);
  await saveScreenshots(talentPage, 'reviews-talent-dialog');
  await talentDialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(talentPage.getByText('Both of you have written: both reviews now show.').first()).toBeVisible();
  await prompt.getByRole('button', { name: 'See Reviews' }).click();
  await expect(talentDialog).toContainText('cut the backlog in half');
  await expect(talentDialog.getByRole('img', { name: '4 stars out of 5' })).toBeVisible();
  await talentDialog.getByRole('button', { name: 'Close' }).click();
  await talentContext.close();
  expect(talentErrors).toEqual([]);

  // Talent Search: the card's rating comes from the revealed review, and the sheet lists it.
  await page.goto(paths.companyTalent.getHref());
  await page.getByRole('searchbox', { name: 'Search talent' }).fill(word);
  const card = page.getByRole('article', { name: talent.name });
  await expect(card).toContainText('4.0');
  await expect(card).toContainText('(1 review)');
  await page.getByRole('button', { name: talent.name, exact: true }).click();
  const sheet = page.getByRole('dialog', { name: `${talent.name}’s profile` });
  const reviews = sheet.getByRole('region', { name: 'Reviews from companies' });
  await expect(reviews).toContainText(companyName);
  await expect(reviews).toContainText('Rosa ran our queue calmly and cut the backlog in half.');
  await expect(reviews.getByRole('img', { name: '4 stars out of 5' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'reviews-profile-sheet', { scrollTo: reviews });
});

test('a talent ends their own assignment; the company is told and both are asked for a review', async ({
  page,
  browser,
  baseURL,
  request,
  loginAs,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const talent = await loginAs('applicant', { name: uniqueName('Tomas Lind') });
  const companyName = uniqueName('Harbor Supply');
  const company = await createAccount('company', { name: 'Nora Vance', company_name: companyName });
  const placed = await request.post('/api/testing/assignments', {
    data: {
      company_email: company.email,
      applicant_email: talent.email,
      role: 'Support Lead',
      rate: 28,
      weekly_hours: 40,
      start_date: isoDay(new Date(Date.now() - 30 * DAY_MS)),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const assignment = (await placed.json()) as { id: string };

  // From their timesheets: End Assignment asks for the last day and a reason.
  await page.goto(`${paths.applicantTimesheets.getHref()}?assignment=${assignment.id}`);
  await page.getByRole('button', { name: 'End Assignment' }).click();
  const dialog = page.getByRole('dialog', { name: 'End this assignment?' });
  await expect(dialog).toContainText(`You stop working as Support Lead for ${companyName} after your last day.`);
  await dialog.getByRole('button', { name: 'End Assignment' }).click();
  await expect(dialog.getByText('Please give a reason for ending the assignment.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('I am moving to a full-time role.');
  await saveScreenshots(page, 'talent-end-assignment-dialog');
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'End Assignment' }).click();
  await expect(
    page.getByText(new RegExp(`Your assignment as Support Lead at ${companyName} ended on`)).first(),
  ).toBeVisible();
  await expect(page.getByText(/This assignment ended on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'End Assignment' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Review' })).toContainText(`How was working with ${companyName}?`);

  // The company reads it in its notifications and is asked to review the talent.
  const companySide = await openSecondBrowser({ browser, request, baseURL, email: company.email });
  await companySide.page.goto(`${paths.companyBilling.getHref()}?tab=assignments`);
  await expect(companySide.page.getByRole('button', { name: `Review ${talent.name}, Support Lead` })).toBeVisible();
  await companySide.page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await expect(companySide.page.getByText(new RegExp(`${talent.name}.*ended`)).first()).toBeVisible();
  expect(companySide.errors).toEqual([]);
  await companySide.context.close();
});
