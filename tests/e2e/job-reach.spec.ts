import fs from 'node:fs/promises';
import { request as playwrightRequest } from '@playwright/test';
import { jobFeedPaths } from '../../src/shared/job-reach';
import type { Job } from '../../src/shared/jobs';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies, readEmailLink, uniqueEmail, uniquePassword } from './support/auth';
import { uniqueName } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// Issue 59's reach (decision 058), end to end: a job with a closing date and applicant locations is in the
// Indeed feed; a signed-out visitor follows the feed's link, signs up and applies; the company sees the
// application came from Indeed on the job's pipeline and in the analytics and their CSV.

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('an application through the Indeed feed shows its source in the pipeline and the analytics CSV', async ({
  page,
  context,
  createAccount,
  signIn,
  request,
  baseURL,
}) => {
  const company = await createAccount('company');
  const session = await request.post('/api/testing/sessions', { data: { email: company.email } });
  const { token } = (await session.json()) as { token: string };
  const api = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: `tandem_session=${token}`, 'sec-fetch-site': 'same-origin' },
  });
  const created = await api.post('/api/jobs', {
    data: {
      title: uniqueName('Support Lead'),
      description: 'Lead a team of five support agents.',
      engagement_type: 'hourly',
      budget_min: 25,
      budget_max: 35,
      weekly_hours: 40,
      closes_on: inDays(30),
      applicant_locations: ['US-CA', 'DE'],
      status: 'open',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const job = (await created.json()) as Job;
  await api.dispose();

  // The Indeed feed lists it, its url saying where the visitor comes from.
  const feed = await request.get(jobFeedPaths.indeed);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await feed.text();
  const link = xml.match(new RegExp(`<url><!\\[CDATA\\[([^\\]]*/jobs/${job.id}\\?source=indeed)\\]\\]></url>`))?.[1];
  expect(link, 'the job in the Indeed feed').toBeDefined();
  const landing = new URL(link ?? '');

  // A signed-out visitor follows it: the page shows the job's closing date and where applicants may live.
  await page.goto(`${landing.pathname}${landing.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.title);
  await expect(page.getByText('Remote, from California, United States; Germany')).toBeVisible();
  await expect(page.getByText('Apply by')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await saveScreenshots(page, 'job-reach-public-job');
  await expectNoSeriousViolations(page);

  // Signs up from the job, confirms the address, applies: the source was kept across it all.
  await page.getByRole('link', { name: 'create a free account' }).click();
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel('Full name').fill('Riley Remote');
  const email = uniqueEmail('reach-applicant');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(uniquePassword());
  await form.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog', { name: `Apply to ${job.title}` });
  await expect(dialog).toBeVisible();
  const mailTab = await context.newPage();
  await mailTab.goto(await readEmailLink(request, email, paths.verifyEmail.getHref()));
  await expect(mailTab.getByRole('status')).toHaveText('Thank you: your email address is confirmed.');
  await mailTab.close();
  await dialog.getByLabel('Cover letter').fill('I have led support teams at two outdoor brands.');
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('button', { name: `Applied to ${job.title}` })).toBeDisabled();

  // The company: the pipeline says Indeed, on the list, the board card and the application.
  await context.clearCookies();
  await chooseEssentialCookies(context, baseURL);
  await signIn(company);
  await page.goto(paths.companyJob.getHref({ id: job.id }));
  const applications = page.getByRole('region', { name: 'Applications' });
  await expect(applications.getByText('Riley Remote')).toBeVisible();
  // "Source:" is read out, not shown.
  await expect(applications).toContainText('Source: Indeed');
  await applications.getByRole('button', { name: 'Board' }).click();
  await expect(applications.getByRole('listitem').filter({ hasText: 'Riley Remote' })).toContainText('Source: Indeed');
  await saveScreenshots(page, 'job-reach-pipeline', { scrollTo: applications });
  await expectNoSeriousViolations(page);

  // The member's own tracked link.
  await page.getByRole('button', { name: 'Refer / share with tracked link' }).click();
  const referral = page.getByRole('dialog', { name: 'Your referral link' });
  await expect(referral.getByLabel('Referral link')).toHaveValue(new RegExp(`/jobs/${job.id}\\?ref=[A-Za-z0-9_-]+$`));
  await page.keyboard.press('Escape');

  // The analytics: applications by source, on the screen and in the CSV.
  await page.goto(`${paths.companyJobs.getHref()}?tab=analytics`);
  const sources = page.getByRole('table').filter({ hasText: 'Applications' }).last();
  await expect(sources.getByRole('row', { name: /Indeed/ })).toContainText('1');
  await saveScreenshots(page, 'job-reach-analytics');
  await expectNoSeriousViolations(page);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const csvText = (await fs.readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(csvText).toContain('Applications from Indeed,1');

  // The job form, with its closing date and applicant locations.
  await page.goto(paths.companyJobEdit.getHref({ id: job.id }));
  const locations = page.getByRole('combobox', { name: 'Applicant locations' });
  await expect(locations).toBeVisible();
  await expect(page.getByRole('list', { name: 'Chosen applicant locations' })).toContainText('Germany');
  // Choosing a suggestion of the list adds it at once.
  await locations.fill('Ontario, Canada (CA-ON)');
  await expect(locations).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Chosen applicant locations' })).toContainText('Ontario, Canada');
  await saveScreenshots(page, 'job-reach-job-form');
  await expectNoSeriousViolations(page);
});
