import type { Page } from '@playwright/test';
import type { Job } from '../../src/shared/jobs';
import type { ApplicationDetail } from '../../src/shared/pipeline';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { createJob, pickCalendarDay } from './support/jobs';
import { expectNothingClipped } from './support/layout';
import { expect, saveScreenshots, test, viewports } from './support/test';

// The company's hiring pipeline: on the job's page it shortlists an applicant, moves them to
// interviewing, rates them, notes something, rejects another in bulk and makes an offer; the applicant
// accepts (through the API, in their own session); the company then sees Hired and the job Filled.

const sameOrigin = { 'sec-fetch-site': 'same-origin' };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const drawerOf = (page: Page, name: string) => page.getByRole('dialog', { name: `Application from ${name}` });
const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: name });

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('the company moves an applicant to a hire and the job fills', async ({ page, request, loginAs }) => {
  test.setTimeout(90_000);
  await loginAs('company', { name: 'Rita Reviewer' });
  const job = await createJob(page, { weekly_hours: 30, start_date: inDays(14) });
  const seeded = await request.post(`/api/testing/jobs/${job.id}/applications`, {
    data: {
      applications: [
        { applicant_name: 'Ada Lovelace', proposal_rate: 58, days_ago: 2 },
        { applicant_name: 'Grace Hopper', proposal_rate: 61, days_ago: 1 },
      ],
    },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);

  await page.goto(paths.companyJob.getHref({ id: job.id }));
  const stages = page.getByRole('tablist', { name: 'Stages' });
  await expect(stages.getByRole('tab', { name: 'All 2' })).toHaveAttribute('aria-selected', 'true');
  await expect(stages.getByRole('tab', { name: 'Submitted 2' })).toBeVisible();
  await expect(rowOf(page, 'Ada Lovelace')).toContainText('$58/hr');
  await expect(rowOf(page, 'Ada Lovelace')).toContainText('Submitted');

  // Shortlist, then interview, from the drawer.
  await rowOf(page, 'Ada Lovelace').getByRole('button', { name: 'Ada Lovelace' }).click();
  const drawer = drawerOf(page, 'Ada Lovelace');
  await expect(drawer.getByRole('heading', { name: 'Cover letter' })).toBeVisible();
  await expect(drawer.getByText('I have shipped several React products')).toBeVisible();
  await expect(page).toHaveURL(/application=/);
  await drawer.getByRole('button', { name: 'Shortlist' }).click();
  await expect(drawer.getByRole('status').getByText('Shortlisted')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Shortlist' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Move to Interviewing' }).click();
  await expect(drawer.getByRole('status').getByText('Interviewing')).toBeVisible();
  await expect(drawer.getByText('by Rita Reviewer').first()).toBeVisible();

  // A rating and a private note, each a reviewer's own.
  await drawer.getByRole('radio', { name: '4 stars' }).check();
  await expect(drawer.getByText('Rated 4.0 out of 5 by 1 reviewer')).toBeAttached();
  await drawer.getByLabel('Private note').fill('Strong portfolio; ask about on-call.');
  await drawer.getByRole('button', { name: 'Add Note' }).click();
  await expect(drawer.getByText('Strong portfolio; ask about on-call.')).toBeVisible();
  await expect(drawer.getByLabel('Private note')).toHaveValue('');
  await saveScreenshots(page, 'pipeline-drawer');
  await expectNoSeriousViolations(page);

  // The offer: its rules first, then the terms.
  await drawer.getByRole('button', { name: 'Make Offer' }).click();
  const offer = page.getByRole('dialog', { name: 'Make Offer' });
  await expect(offer.getByLabel('Hourly rate (USD)')).toHaveValue('58');
  await expect(offer.getByLabel('Weekly hours')).toHaveValue('30');
  await offer.getByLabel('Weekly hours').fill('61');
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(offer.getByText('Weekly hours must be between 1 and 60.')).toBeVisible();
  await saveScreenshots(page, 'pipeline-offer-dialog');
  await expectNoSeriousViolations(page);
  await offer.getByLabel('Hourly rate (USD)').fill('60');
  await offer.getByLabel('Weekly hours').fill('32');
  const weekAhead = new Date();
  weekAhead.setDate(weekAhead.getDate() + 7);
  await pickCalendarDay(page, offer.getByLabel('Start date'), weekAhead);
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(offer).toBeHidden();
  await expect(drawer.getByRole('status').getByText('Offer')).toBeVisible();
  await expect(drawer.getByText('Waiting for Ada Lovelace to accept or decline the offer.')).toBeVisible();
  await expect(drawer.getByText('$60/hr')).toBeVisible();
  // (Escape would close the notification first: it is the newest layer.)
  await drawer.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/application=/);
  // The job's badge follows its applications.
  await expect(page.getByRole('main').getByText('Offer', { exact: true }).first()).toBeVisible();

  // Grace is turned down in bulk, with words the applicant reads.
  await rowOf(page, 'Grace Hopper').getByRole('checkbox', { name: 'Select Grace Hopper' }).click();
  const bulk = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bulk).toContainText('1 selected');
  await bulk.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject 1 application?' });
  await expect(reject.getByText('The company has decided to move forward with other candidates.')).toBeVisible();
  await reject.getByLabel('Reason for the applicant (optional)').fill('We hired for a different time zone.');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toBeHidden();
  await expect(rowOf(page, 'Grace Hopper')).toContainText('Not selected');
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('1 application rejected.');

  // The applicant accepts in their own session (My Applications is another screen's journey).
  const listed = await page.request.get(`/api/jobs/${job.id}/applications?status=offered`);
  const [offered] = (await listed.json()).items as Array<{ id: string }>;
  const detail = (await (await page.request.get(`/api/applications/${offered?.id}`)).json()) as ApplicationDetail;
  const session = await request.post('/api/testing/sessions', { data: { email: detail.applicant.email } });
  const { token } = (await session.json()) as { token: string };
  const accepted = await request.post(`/api/applicant/applications/${detail.id}/accept-offer`, {
    headers: { ...sameOrigin, cookie: `tandem_session=${token}` },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // The company sees the hire and the job filled (and closed: its one opening is taken).
  await page.reload();
  await expect(rowOf(page, 'Ada Lovelace')).toContainText('Hired');
  await expect(page.getByRole('main').getByText('Closed', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText('Filled', { exact: true })).toBeVisible();
  await expect(page.getByText('1 of 1 filled')).toBeVisible();
  await page.getByRole('tablist', { name: 'Stages' }).getByRole('tab', { name: 'Hired 1' }).click();
  await expect(page).toHaveURL(/stage=hired/);
  await expect(page.getByRole('table', { name: 'Applications' }).getByRole('row')).toHaveCount(2);
  const jobAfter = (await (await page.request.get(`/api/jobs/${job.id}`)).json()) as Job;
  expect(jobAfter).toMatchObject({ status: 'closed', pipeline_stage: 'filled', hired_count: 1 });
  await page.getByRole('tablist', { name: 'Stages' }).getByRole('tab', { name: 'All 2' }).click();
  await saveScreenshots(page, 'pipeline');
  await expectNoSeriousViolations(page);

  await rowOf(page, 'Ada Lovelace').getByRole('button', { name: 'Ada Lovelace' }).click();
  await expect(drawer.getByText(/Ada Lovelace accepted the offer on/)).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Reject' })).toHaveCount(0);
});

test('the company-wide list finds applications across jobs', async ({ page, request, loginAs }) => {
  const company = await loginAs('company');
  const seed = async (title: string, applications: object[]) => {
    const response = await request.post('/api/testing/jobs', {
      data: { company_email: company.email, title, applications },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  await seed('Support Agent', [
    { applicant_name: 'Margaret Hamilton', status: 'interviewing', proposal_rate: 35 },
    { applicant_name: 'Alan Turing', status: 'submitted', days_ago: 3 },
  ]);
  await seed('Data Entry Clerk', [{ applicant_name: 'Katherine Johnson', status: 'offered', days_ago: 1 }]);

  await page.goto(paths.companyApplications.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Applications');
  await expect(
    page
      .getByRole('navigation', { name: 'Company Portal navigation' })
      .getByRole('link', { name: 'Applications', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  const table = page.getByRole('table', { name: 'Applications' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(rowOf(page, 'Katherine Johnson')).toContainText('Data Entry Clerk');
  await expect(rowOf(page, 'Katherine Johnson')).toContainText('Offer');

  await page.getByRole('searchbox', { name: 'Search applicants' }).fill('turing');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, 'Alan Turing')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).first().click();
  await expect(table.getByRole('row')).toHaveCount(4);

  await page.getByRole('tablist', { name: 'Stages' }).getByRole('tab', { name: 'Interviewing 1' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, 'Margaret Hamilton')).toContainText('$35/hr');
  await page.getByRole('tablist', { name: 'Stages' }).getByRole('tab', { name: 'All 3' }).click();
  await page.getByLabel('Job').selectOption({ label: 'Data Entry Clerk' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(/job=/);

  await rowOf(page, 'Katherine Johnson').getByRole('button', { name: 'Katherine Johnson' }).click();
  const drawer = drawerOf(page, 'Katherine Johnson');
  await expect(drawer.getByRole('link', { name: 'Data Entry Clerk' })).toBeVisible();
  // A key pressed while the drawer is still taking focus can be lost: press again until it closes.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden({ timeout: 1_000 });
  }).toPass();
  await page.getByLabel('Job').selectOption({ label: 'All jobs' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await saveScreenshots(page, 'applications-list');
  await expectNoSeriousViolations(page);
  await page.setViewportSize(viewports.mobile);
  await expectNothingClipped(table);
});
