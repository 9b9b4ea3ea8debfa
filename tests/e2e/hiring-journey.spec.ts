import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { ApplicantApplicationList } from '../../src/shared/applications';
import { paths } from '../../src/shared/routes';
import { profileTexts } from '../../src/shared/talent';
import { chooseEssentialCookies, readEmailLink, uniqueEmail, uniquePassword } from './support/auth';
import { createJob, pickCalendarDay } from './support/jobs';
import { expect, test } from './support/test';

// The whole marketplace loop, as two people in two browsers: a new applicant registers,
// confirms their email, fills the profile, finds a job by searching, saves it, applies with a rate and
// sees it in My Applications; the company shortlists, interviews and offers; the applicant accepts; the
// company sees Hired, and the assignment exists.

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

test('an applicant is found, interviewed, offered and hired, end to end', async ({
  page,
  context,
  browser,
  baseURL,
  request,
  createAccount,
}) => {
  test.setTimeout(120_000);
  await chooseEssentialCookies(context, baseURL);

  // The company, in its own browser, with an open job carrying a word nobody else uses.
  const word = `journey${randomBytes(4).toString('hex')}`;
  const companyContext = await browser.newContext({ baseURL });
  await chooseEssentialCookies(companyContext, baseURL);
  const company = await createAccount('company', { name: 'Rita Recruiter' });
  const session = await request.post('/api/testing/sessions', { data: { email: company.email } });
  const { token } = (await session.json()) as { token: string };
  await companyContext.addCookies([
    { name: 'tandem_session', value: token, url: baseURL ?? '', httpOnly: true, sameSite: 'Lax' },
  ]);
  const companyPage = await companyContext.newPage();
  const job = await createJob(companyPage, {
    title: `Support Engineer ${word}`,
    description: `Answer customers for our ${word} platform.`,
    weekly_hours: 30,
  });

  // A new applicant registers through the form and confirms the address from the email.
  const email = uniqueEmail('journey-applicant');
  await page.goto(`${paths.login.getHref()}?tab=register`);
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByRole('radio', { name: "I'm looking for work" }).check();
  await form.getByLabel('Full name').fill('Jordan Journey');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(uniquePassword());
  await form.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(paths.applicantDashboard.getHref());
  await page.goto(await readEmailLink(request, email, paths.verifyEmail.getHref()));
  await expect(page.getByRole('status')).toHaveText('Thank you: your email address is confirmed.');

  // The profile.
  await page.goto(paths.applicantSettings.getHref());
  const profile = page.getByRole('region', { name: 'Profile', exact: true });
  await profile.getByLabel('Headline').fill('Customer Support Specialist');
  await profile.getByLabel('Hourly rate (USD)').fill('28');
  await profile.getByRole('textbox', { name: 'Skills' }).fill('Zendesk');
  await profile.getByRole('textbox', { name: 'Skills' }).press('Enter');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(notifications(page)).toContainText(profileTexts.saved);

  // Find the job by searching, save it, apply with a rate.
  await page.goto(paths.applicantJobs.getHref());
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(word);
  await expect(page.getByText('1 job found')).toBeVisible();
  const card = page.getByRole('article', { name: job.title });
  await card.getByRole('button', { name: `Save ${job.title}` }).click();
  await expect(notifications(page).getByText('Saved job', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: `Apply Now: ${job.title}` }).click();
  const apply = page.getByRole('dialog', { name: `Apply to ${job.title}` });
  await apply.getByLabel('Cover letter').fill('Five years of support in Zendesk, and I write clearly.');
  await apply.getByLabel('Proposal rate (USD per hour, optional)').fill('30');
  await apply.getByRole('button', { name: 'Submit Application' }).click();
  await expect(notifications(page).getByText('Application submitted!', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Applied to ${job.title}` })).toBeDisabled();

  await page.goto(paths.applicantApplications.getHref());
  const myRow = page.getByRole('table', { name: 'My applications' }).getByRole('row').filter({ hasText: job.title });
  await expect(myRow).toContainText('Submitted');

  // The company reviews: shortlist, interview, offer.
  await companyPage.goto(paths.companyJob.getHref({ id: job.id }));
  await companyPage
    .getByRole('table', { name: 'Applications' })
    .getByRole('row')
    .filter({ hasText: 'Jordan Journey' })
    .getByRole('button', { name: 'Jordan Journey' })
    .click();
  const drawer = companyPage.getByRole('dialog', { name: 'Application from Jordan Journey' });
  await expect(drawer.getByText('Five years of support in Zendesk')).toBeVisible();
  await expect(drawer.getByText('$30/hr')).toBeVisible();
  await drawer.getByRole('button', { name: 'Shortlist' }).click();
  await expect(drawer.getByRole('status').getByText('Shortlisted')).toBeVisible();
  await drawer.getByRole('button', { name: 'Move to Interviewing' }).click();
  await expect(drawer.getByRole('status').getByText('Interviewing')).toBeVisible();
  await drawer.getByRole('button', { name: 'Make Offer' }).click();
  const offer = companyPage.getByRole('dialog', { name: 'Make Offer' });
  await offer.getByLabel('Hourly rate (USD)').fill('31');
  await offer.getByLabel('Weekly hours').fill('30');
  const tenDaysAhead = new Date();
  tenDaysAhead.setDate(tenDaysAhead.getDate() + 10);
  const startDate = await pickCalendarDay(companyPage, offer.getByLabel('Start date'), tenDaysAhead);
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(offer).toBeHidden();
  await expect(drawer.getByRole('status').getByText('Offer')).toBeVisible();

  // The applicant sees the offer and accepts it.
  await page.reload();
  await expect(myRow).toContainText('Offer');
  await page.getByRole('button', { name: `Accept Offer: ${job.title}` }).click();
  const accept = page.getByRole('alertdialog', { name: 'Accept this offer?' });
  await expect(accept).toContainText('$31/hr · 30 hrs/week');
  await accept.getByRole('button', { name: 'Accept Offer' }).click();
  await expect(notifications(page).getByText('Offer accepted', { exact: true })).toBeVisible();
  await expect(myRow).toContainText('Hired');

  // The company sees the hire; the assignment exists on the offer's terms.
  await companyPage.goto(paths.companyJob.getHref({ id: job.id }));
  await expect(
    companyPage.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: 'Jordan Journey' }),
  ).toContainText('Hired');
  const mine = await page.request.get('/api/applicant/applications');
  expect(mine.status()).toBe(200);
  const [hired] = ((await mine.json()) as ApplicantApplicationList).items;
  expect(hired).toMatchObject({ status: 'hired', job_id: job.id });
  expect(hired?.assignment).toMatchObject({ status: 'pending', rate: 31, weekly_hours: 30, start_date: startDate });
  await companyContext.close();
});
