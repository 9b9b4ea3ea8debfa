import { paths } from '../../src/shared/routes';
import { screeningTexts } from '../../src/shared/screening-questions';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { findJobs, uniqueName } from './support/jobs';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, test } from './support/test';

// Screening questions and attachments (issue 52): the company asks two questions in the job form, one of them
// optional; the applicant must answer the required one before the application goes, and attaches a work
// sample; the company reads both answers in the drawer and downloads the sample.

test('a company asks screening questions, and reads what the applicant answered and attached', async ({
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
  const company = await createAccount('company', { name: 'Quinn Questions' });
  const companySide = await openSecondBrowser({ browser, request, baseURL, email: company.email });
  const companyPage = companySide.page;

  // The job form: two questions, the second unticked as optional.
  const title = uniqueName('Support Lead');
  await companyPage.goto(paths.companyCreateJob.getHref());
  await companyPage.getByLabel('Job title').fill(title);
  await companyPage.getByLabel('Minimum hourly rate (USD)').fill('30');
  await companyPage.getByLabel('Maximum hourly rate (USD)').fill('40');
  await companyPage.getByLabel('Job description').fill('Lead a support team of five.');
  const card = companyPage.getByRole('region', { name: screeningTexts.heading });
  await card.getByRole('button', { name: screeningTexts.add }).click();
  await card.getByLabel('Question 1', { exact: true }).fill('How large a team have you led?');
  await card.getByRole('button', { name: screeningTexts.add }).click();
  await card.getByLabel('Question 2', { exact: true }).fill('Which help desks do you know?');
  await card.getByRole('checkbox', { name: screeningTexts.required }).nth(1).uncheck();
  await expectNoSeriousViolations(companyPage);
  await saveScreenshots(companyPage, 'screening-questions-form', { scrollTo: card });
  await companyPage.getByRole('button', { name: 'Publish Job' }).click();
  await expect(companyPage.getByRole('heading', { level: 1, name: paths.companyJobs.title })).toBeVisible();
  const [job] = await findJobs(companySide.context.request, `q=${encodeURIComponent(title)}`);
  expect(job?.screening_questions.map((question) => [question.question, question.required])).toEqual([
    ['How large a team have you led?', true],
    ['Which help desks do you know?', false],
  ]);
  if (!job) return;

  // The applicant: the required question must be answered first.
  await loginAs('applicant', { name: 'Sam Screened' });
  await page.goto(paths.applicantJob.getHref({ id: job.id }));
  await page.getByRole('button', { name: /Apply Now/ }).click();
  const dialog = page.getByRole('dialog', { name: `Apply to ${title}` });
  await dialog.getByLabel('Cover letter').fill('I have led support teams at two startups.');
  const questions = dialog.getByRole('group', { name: screeningTexts.heading });
  await questions.getByLabel('Which help desks do you know? (optional)').fill('Zendesk and Intercom.');
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  const required = questions.getByLabel('How large a team have you led?');
  await expect(questions.getByText(screeningTexts.answerRequired)).toBeVisible();
  await expect(required).toBeFocused();
  await page.keyboard.type('Eight people, across two time zones.');
  await dialog.getByLabel('Attachments (optional)').setInputFiles({
    name: 'Support playbook.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 playbook'),
  });
  await expect(dialog.getByRole('list', { name: 'Attached files' })).toContainText('Support playbook.pdf');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'screening-questions-apply', { scrollTo: questions });
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Application submitted!');
  await expect(dialog).toBeHidden();

  // The applicant finds what they sent in My Applications, and their file downloads.
  await page.goto(paths.applicantApplications.getHref());
  const mine = page.getByRole('table', { name: 'My applications' }).getByRole('row').filter({ hasText: title });
  await mine.getByText('What you sent').click();
  await expect(mine.getByText('Eight people, across two time zones.')).toBeVisible();
  const own = mine.getByRole('link', { name: 'Support playbook.pdf' });
  await saveScreenshots(page, 'proposal-extras-my-applications', { scrollTo: own });
  const ownDownload = await page.request.get((await own.getAttribute('href')) ?? '');
  expect((await ownDownload.body()).toString()).toBe('%PDF-1.4 playbook');

  // The company reads each answer under its question.
  await companyPage.goto(paths.companyJob.getHref({ id: job.id }));
  const row = companyPage.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: 'Sam' });
  await row.getByRole('button', { name: 'Sam Screened' }).click();
  const drawer = companyPage.getByRole('dialog', { name: 'Application from Sam Screened' });
  const answers = drawer
    .locator('section')
    .filter({ has: companyPage.getByRole('heading', { name: screeningTexts.heading, exact: true }) });
  await expect(answers.getByRole('term')).toHaveText([
    'How large a team have you led?',
    'Which help desks do you know?',
  ]);
  await expect(answers.getByRole('definition')).toHaveText([
    'Eight people, across two time zones.',
    'Zendesk and Intercom.',
  ]);
  const sample = drawer.getByRole('link', { name: 'Support playbook.pdf' });
  await saveScreenshots(companyPage, 'screening-questions-drawer', { scrollTo: sample });
  const download = await companySide.context.request.get((await sample.getAttribute('href')) ?? '');
  expect(download.status()).toBe(200);
  expect((await download.body()).toString()).toBe('%PDF-1.4 playbook');
  expect(companySide.errors).toEqual([]);
  await companySide.context.close();
});
