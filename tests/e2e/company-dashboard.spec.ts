import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { createJob } from './support/jobs';
import { expectNoSidewaysScroll, expectTruncatedWithin, scrollToEnd } from './support/layout';
import { expect, saveScreenshot, saveScreenshots, test, viewports } from './support/test';

const sameOrigin = { 'sec-fetch-site': 'same-origin' };
// Sixty characters: the Messages card cuts it to its width rather than growing.
const longName = 'Maximiliana Alexandrovna Bartholomew-Fitzgerald Wolfeschlege';

// The company dashboard (docs/spec/portal-and-public-site.md §2) on real data: its jobs by pipeline column, Find
// Talent's quick filters, and the floating support chat that really reaches Tandem's staff.
test('a company reads its dashboard, opens Talent Search from it and asks support a question', async ({
  page,
  context,
  baseURL,
  request,
  loginAs,
  createAccount,
}) => {
  await chooseEssentialCookies(context, baseURL);
  const company = await loginAs('company', { name: 'Dana Dashboard' });
  const draft = await createJob(page, { title: 'Draft Data Analyst', status: 'draft' });
  const open = await createJob(page, { title: 'Open Support Agent', status: 'open' });
  // An applicant with a long name applied, and the company opened a conversation with them.
  const applicant = await createAccount('applicant', { name: longName });
  const applied = await request.post(`/api/testing/jobs/${open.id}/applications`, {
    data: { applications: [{ applicant_email: applicant.email }] },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const started = await page.request.post('/api/conversations', {
    headers: sameOrigin,
    data: { applicant_id: applicant.id },
  });
  expect(started.ok(), await started.text()).toBe(true);

  await page.goto(paths.companyDashboard.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByText(/^Good (morning|afternoon|evening), Dana\. Today is /)).toBeVisible();

  const pipeline = page.getByRole('region', { name: 'Job Pipeline' });
  await expect(pipeline.getByRole('region', { name: /^Draft/ }).getByRole('link', { name: draft.title })).toBeVisible();
  await expect(pipeline.getByRole('region', { name: /^Open/ }).getByRole('link', { name: open.title })).toBeVisible();
  await expect(pipeline.getByRole('region', { name: /^Interviewing/ })).toContainText('None');
  await expect(page.getByRole('region', { name: 'Current Employees' })).toContainText('No one is working for you yet');
  await expect(page.getByRole('region', { name: 'Account Manager' })).toContainText(
    'An account manager is being assigned',
  );

  // Messages: the long name on one line, cut with an ellipsis (whole in its title), the card as wide as
  // its column, at both widths.
  const messages = page.getByRole('region', { name: 'Messages' });
  const conversation = messages.getByRole('button', { name: new RegExp(longName) });
  const name = conversation.getByText(longName, { exact: true });
  await expect(name).toHaveAttribute('title', longName);
  for (const viewport of [viewports.desktop, viewports.mobile]) {
    await page.setViewportSize(viewport);
    await expectTruncatedWithin(name, messages, `the name at ${viewport.width}px`);
    await expectNoSidewaysScroll(page, `the dashboard at ${viewport.width}px`);
  }
  await page.setViewportSize(viewports.desktop);
  await saveScreenshots(page, 'company-dashboard');
  await expectNoSeriousViolations(page);

  // The support chat: a question stored and shown in the thread.
  await page.getByRole('button', { name: /^Support/ }).click();
  const chat = page.getByRole('dialog', { name: 'Chat with Tandem Support' });
  await expect(chat.getByRole('heading', { name: 'Tandem Support' })).toBeVisible();
  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.fill('Can you help me write a job post?');
  await box.press('Enter');
  await expect(chat.getByText('Can you help me write a job post?')).toBeVisible();
  await saveScreenshot(page, 'company-dashboard-support-chat');
  await chat.getByRole('button', { name: 'Close support chat' }).click();

  // The floating Support button never covers the page: with a manager, the Account Manager card ends the
  // page with Schedule Call, which scrolls clear of the button and answers a click, at both widths.
  const manager = await createAccount('account_manager');
  const assigned = await request.post('/api/testing/account-manager-assignments', {
    data: { company_email: company.email, manager_email: manager.email },
  });
  expect(assigned.status(), await assigned.text()).toBe(201);
  await page.reload();
  const support = page.getByRole('button', { name: /^Support/ });
  const scheduleCall = page.getByRole('button', { name: 'Schedule Call' });
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    await page.setViewportSize(viewport);
    await expect(scheduleCall).toBeVisible();
    // A card above that finishes loading after the scroll (the Messages list) pushes the end down again: scroll
    // and look until the page has settled.
    await expect(async () => {
      await scrollToEnd(page);
      const [control, button] = [await scheduleCall.boundingBox(), await support.boundingBox()];
      expect(
        control && button && control.y + control.height <= button.y,
        `Schedule Call clear at ${viewport.width}px`,
      ).toBe(true);
    }).toPass({ timeout: 10_000 });
    await scheduleCall.click();
    await expect(page.getByRole('dialog', { name: 'Schedule Call' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Schedule Call' })).toBeHidden();
  }

  // A quick filter opens Talent Search already narrowed.
  await page.getByRole('link', { name: 'Full-time' }).click();
  await expect(page).toHaveURL(/\/company\/talent\?availability=full-time/);
});
