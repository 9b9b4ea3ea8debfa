import type { BrowserContext, Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { attemptTexts } from '../../src/shared/test-attempts';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { createJob, uniqueName } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// Skills tests in the browser: an applicant applies to a job requiring a test, takes it with a mix of
// question types, reloads midway and finds the answers, submits; the company grades the hand-graded
// answer and sees the score and the new average on the Tests tab. And a test whose time runs out.

const sameOrigin = { 'sec-fetch-site': 'same-origin' };

async function companyPageFor(
  browser: import('@playwright/test').Browser,
  baseURL: string | undefined,
  request: import('@playwright/test').APIRequestContext,
  email: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  await chooseEssentialCookies(context, baseURL);
  const session = await request.post('/api/testing/sessions', { data: { email } });
  const { token } = (await session.json()) as { token: string };
  await context.addCookies([
    { name: 'tandem_session', value: token, url: baseURL ?? '', httpOnly: true, sameSite: 'Lax' },
  ]);
  return { context, page: await context.newPage() };
}

async function createTest(page: Page, fields: object) {
  const response = await page.request.post('/api/tests', { headers: sameOrigin, data: fields });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

test('an applicant takes a required test, reloads midway, submits; the company grades it', async ({
  page,
  context,
  browser,
  baseURL,
  request,
  createAccount,
  loginAs,
}) => {
  test.setTimeout(120_000);
  await chooseEssentialCookies(context, baseURL);
  const company = await createAccount('company', { name: 'Tess Tester' });
  const companySide = await companyPageFor(browser, baseURL, request, company.email);
  const skillsTest = await createTest(companySide.page, {
    name: uniqueName('Support Skills'),
    type: 'mixed',
    time_limit: 30,
    pass_rate: 60,
    is_active: true,
    questions: [
      {
        type: 'multiple-choice',
        question: 'Which status code means not found?',
        options: ['200', '404'],
        answer_key: '404',
      },
      {
        type: 'checkboxes',
        question: 'Which are JavaScript frameworks?',
        options: ['React', 'Django', 'Vue'],
        answer_key: ['React', 'Vue'],
        points: 2,
      },
      { type: 'date', question: 'When is US Independence Day in 2026?', answer_key: '2026-07-04' },
      { type: 'rating', question: 'Rate your English.', settings: { stars: 5 }, answer_key: { min: 4, max: 5 } },
      { type: 'paragraph', question: 'Tell us about a customer you helped.', points: 3 },
    ],
  });
  const job = await createJob(companySide.page, { title: uniqueName('Support Agent'), test_ids: [skillsTest.id] });

  // The applicant applies in the browser; the test waits in My Applications.
  await loginAs('applicant', { name: 'Ada Applicant' });
  await page.goto(paths.applicantJob.getHref({ id: job.id }));
  await page
    .getByRole('button', { name: /Apply Now/ })
    .first()
    .click();
  const apply = page.getByRole('dialog', { name: `Apply to ${job.title}` });
  await apply.getByLabel('Cover letter').fill('I have answered support tickets for five years.');
  await apply.getByRole('button', { name: 'Submit Application' }).click();
  await expect(apply).toBeHidden();
  // What happens next: the notification and the job's page say the test is waiting, and lead to it.
  const notification = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(notification.getByText('Application submitted!', { exact: true })).toBeVisible();
  await expect(notification.getByText(`A skills test is waiting: ${skillsTest.name}.`, { exact: false })).toBeVisible();
  await expect(notification.getByRole('link', { name: 'Take the test' })).toHaveAttribute(
    'href',
    /\/applicant\/tests\//,
  );
  const waiting = page.getByRole('region', { name: 'A skills test is waiting' });
  await expect(waiting.getByRole('link', { name: `Take the test: ${skillsTest.name}` })).toBeVisible();
  await saveScreenshots(page, 'job-posting-test-waiting');

  await page.goto(paths.applicantDashboard.getHref());
  await page
    .getByRole('link', { name: new RegExp(`(Start|Take).*${skillsTest.name}|${skillsTest.name}`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/applicant\/tests\//);
  await expect(page.getByText(attemptTexts.integrityNotice)).toBeVisible();
  await page.getByRole('button', { name: 'Start Test' }).click();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();

  const question = (text: string) => page.getByRole('group', { name: new RegExp(text) });
  await question('Which status code').getByRole('radio', { name: '404' }).check();
  await question('JavaScript frameworks').getByRole('checkbox', { name: 'React' }).check();
  await question('JavaScript frameworks').getByRole('checkbox', { name: 'Vue' }).check();
  await question('Independence Day')
    .getByRole('textbox')
    .or(question('Independence Day').locator('input[type=date]'))
    .first()
    .fill('2026-07-04');
  await expect(page.getByText('Saved').first()).toBeVisible();
  await saveScreenshots(page, 'test-taking');
  await expectNoSeriousViolations(page);

  // A reload resumes with the saved answers.
  await expect(page.getByText('3 of 5')).toBeVisible();
  await page.reload();
  await expect(question('Which status code').getByRole('radio', { name: '404' })).toBeChecked();
  await expect(question('JavaScript frameworks').getByRole('checkbox', { name: 'Vue' })).toBeChecked();
  await question('Rate your English').getByRole('radio', { name: '5 stars' }).check();
  const paragraph = question('customer you helped').getByRole('textbox');
  await paragraph.fill('I walked an anxious customer through a refund, step by step.');
  await paragraph.blur();
  await expect(page.getByText('5 of 5')).toBeVisible();

  await page.getByRole('button', { name: 'Submit Test' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByText('Test submitted').first()).toBeVisible();

  // The company grades the paragraph; the attempt is graded.
  const companyPage = companySide.page;
  await companyPage.goto(paths.companyTest.getHref({ id: skillsTest.id }));
  await companyPage
    .getByRole('link', { name: /Ada Applicant/ })
    .first()
    .click();
  await expect(companyPage).toHaveURL(/\/company\/test-attempts\//);
  await expect(
    companyPage
      .getByText('1 answer waits for your grade')
      .or(companyPage.getByText(/1 answer/))
      .first(),
  ).toBeVisible();
  await companyPage
    .getByLabel(/Points/)
    .first()
    .fill('3');
  await companyPage
    .getByRole('button', { name: /Save grade|Grade/ })
    .first()
    .click();
  await expect(companyPage.getByText(attemptTexts.gradeSaved).first()).toBeVisible();
  await expect(companyPage.getByText('100%').first()).toBeVisible();
  await saveScreenshots(companyPage, 'test-attempt-review');

  // The Tests tab shows the attempt and the average.
  await companyPage.goto(`${paths.companyJobs.getHref()}?tab=tests`);
  const row = companyPage.getByRole('row', { name: new RegExp(skillsTest.name) });
  await expect(row).toContainText('1');
  await expect(row).toContainText('100%');
  await companySide.context.close();
});

test.describe('when the time runs out', () => {
  // At zero the page submits; the deadline has passed on the server by then, so it refuses (409) and has
  // closed the attempt itself: the browser logs the refused request.
  test.use({ expectedConsoleErrors: [/409 \(Conflict\)/] });

  test('the server closes the test and the page says so', async ({
    page,
    context,
    baseURL,
    request,
    browser,
    createAccount,
    loginAs,
  }) => {
    test.setTimeout(120_000);
    await chooseEssentialCookies(context, baseURL);
    const company = await createAccount('company', { name: 'Timer Co' });
    const companySide = await companyPageFor(browser, baseURL, request, company.email);
    const timed = await createTest(companySide.page, {
      name: uniqueName('Quick Check'),
      type: 'mcq',
      time_limit: 15,
      pass_rate: 50,
      is_active: true,
      questions: [{ type: 'multiple-choice', question: 'Pick 7.', options: ['3', '7'], answer_key: '7' }],
    });
    const job = await createJob(companySide.page, { title: uniqueName('Timed Role'), test_ids: [timed.id] });
    await companySide.context.close();

    const applicant = await loginAs('applicant', { name: 'Tim Timer' });
    const applied = await page.request.post(`/api/jobs/${job.id}/applications`, {
      headers: sameOrigin,
      data: { cover_letter: 'Ready.' },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const list = await page.request.get('/api/applicant/tests?state=to_do');
    const attemptId = (await list.json()).items[0].id as string;
    await page.goto(paths.applicantTest.getHref({ id: attemptId }));
    await page.getByRole('button', { name: 'Start Test' }).click();
    await page.getByRole('radio', { name: '7' }).check();
    await expect(page.getByText('Saved').first()).toBeVisible();

    // The limit is short through the testing API: the deadline a few seconds from now.
    const shortened = await request.post('/api/testing/test-attempts/deadline', {
      data: { attempt_id: attemptId, seconds_from_now: 5, email: applicant.email },
    });
    expect(shortened.status(), await shortened.text()).toBe(200);
    await page.reload();
    await expect(page.getByText(attemptTexts.autoSubmitted)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('100%')).toBeVisible();
  });
});
