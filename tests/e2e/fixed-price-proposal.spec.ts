import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { createJob, pickCalendarDay, uniqueName } from './support/jobs';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, test } from './support/test';

// A proposal on a fixed-price job (issue 52): the applicant proposes a total split into two milestones,
// not an hourly rate; the company reads the proposal in its pipeline, and its offer starts from it.

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

test('an applicant proposes a fixed price in milestones, and the company’s offer starts from it', async ({
  page,
  context,
  browser,
  baseURL,
  request,
  createAccount,
  loginAs,
}) => {
  test.setTimeout(90_000);
  await chooseEssentialCookies(context, baseURL);
  const company = await createAccount('company', { name: 'Priya Proposals' });
  const companySide = await openSecondBrowser({ browser, request, baseURL, email: company.email });
  const companyPage = companySide.page;
  const job = await createJob(companyPage, {
    title: uniqueName('Logo and brand guide'),
    engagement_type: 'fixed',
    budget_min: null,
    budget_max: null,
    budget_total: 3000,
  });

  // The applicant applies from the job's page: a total, not a rate, split into two milestones.
  await loginAs('applicant', { name: 'Mira Milestones' });
  await page.goto(paths.applicantJob.getHref({ id: job.id }));
  await page.getByRole('button', { name: /Apply Now/ }).click();
  const dialog = page.getByRole('dialog', { name: `Apply to ${job.title}` });
  await expect(dialog.getByLabel('Proposed price (USD, total, optional)')).toBeVisible();
  await expect(dialog.getByLabel('Proposal rate (USD per hour, optional)')).toHaveCount(0);
  await dialog.getByLabel('Cover letter').fill('I design brand systems that last: three last year.');
  await dialog.getByLabel('Proposed price (USD, total, optional)').fill('2,800');
  await dialog.getByRole('button', { name: 'Add milestone' }).click();
  const first = dialog.getByRole('group', { name: 'Milestone 1' });
  await first.getByLabel('Title').fill('Logo concepts');
  await first.getByLabel('Amount (USD)').fill('1200');
  await pickCalendarDay(page, first.getByLabel('Due date').first(), inDays(10));
  await dialog.getByRole('button', { name: 'Add milestone' }).click();
  const second = dialog.getByRole('group', { name: 'Milestone 2' });
  await second.getByLabel('Title').fill('Brand guide');
  await second.getByLabel('Amount (USD)').fill('1500');
  await pickCalendarDay(page, second.getByLabel('Due date').first(), inDays(24));
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  // The milestones must add up to the total: said at the total, nothing sent.
  await expect(dialog.getByText('The milestones add up to $2,700.00, but the total is $2,800.00.')).toBeVisible();
  await second.getByLabel('Amount (USD)').fill('1600');
  await expect(dialog.getByText('Milestones add up to $2,800.00 of $2,800.00')).toBeVisible();
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'fixed-price-proposal', {
    scrollTo: dialog.getByRole('button', { name: 'Submit Application' }),
  });
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Application submitted!');
  await expect(dialog).toBeHidden();

  // The company sees a price, not a rate, and the milestones proposed.
  await companyPage.goto(paths.companyJob.getHref({ id: job.id }));
  const row = companyPage.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: 'Mira' });
  await expect(row).toContainText('$2,800.00 fixed');
  await row.getByRole('button', { name: 'Mira Milestones' }).click();
  const drawer = companyPage.getByRole('dialog', { name: 'Application from Mira Milestones' });
  const proposed = drawer.getByRole('list', { name: 'Proposed milestones' });
  await expect(proposed.getByRole('listitem')).toHaveText([/Logo concepts.*\$1,200\.00/, /Brand guide.*\$1,600\.00/]);
  await saveScreenshots(companyPage, 'fixed-price-proposal-drawer', { scrollTo: proposed });

  // Make Offer starts from the proposal: its total and its milestones.
  await drawer.getByRole('button', { name: 'Make Offer' }).click();
  const offer = companyPage.getByRole('dialog', { name: 'Make Offer' });
  await expect(offer.getByLabel('Total price (USD)')).toHaveValue('2800.00');
  await expect(offer.getByRole('group', { name: 'Milestone 1' }).getByLabel('Title')).toHaveValue('Logo concepts');
  await expect(offer.getByRole('group', { name: 'Milestone 2' }).getByLabel('Amount (USD)')).toHaveValue('1600.00');
  await expect(offer.getByText('Milestones add up to $2,800.00 of $2,800.00')).toBeVisible();
  expect(companySide.errors).toEqual([]);
  await companySide.context.close();
});
