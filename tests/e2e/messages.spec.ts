import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies, uniqueEmail } from './support/auth';
import { createJob, uniqueName } from './support/jobs';
import { expectTruncatedWithin } from './support/layout';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, test, viewports } from './support/test';

// Messages, as two people in two browsers: the company starts a conversation from an
// application; the applicant sees it arrive without a reload and answers; read receipts, unread counts
// and typing follow live on both sides; a file goes across and downloads.

const conversationRow = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(title) });
const thread = (page: Page) => page.getByRole('log', { name: 'Messages' });
const messageButton = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Message/ });

test('a company and an applicant message each other live', async ({
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
  // A long name: the applicant's dashboard cuts it to one line.
  const companyName = uniqueName('Acme Robotics International Automation Partners');
  await loginAs('company', { name: 'Rita Recruiter', company_name: companyName });
  const job = await createJob(page, { title: uniqueName('Robotics Engineer') });
  const applicant = await createAccount('applicant', { name: 'Ada Lovelace' });
  const seeded = await request.post(`/api/testing/jobs/${job.id}/applications`, {
    data: { applications: [{ applicant_email: applicant.email }] },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);
  const [application] = ((await seeded.json()) as { applications: { id: string }[] }).applications;

  // The applicant, in their own browser, has no conversation yet.
  const applicantBrowser = await openSecondBrowser({ browser, request, baseURL, email: applicant.email });
  const applicantPage = applicantBrowser.page;
  await applicantPage.goto(paths.applicantMessages.getHref());
  await expect(applicantPage.getByText('No conversations yet')).toBeVisible();

  // The company opens the application and starts the conversation from it.
  await page.goto(`${paths.companyApplications.getHref()}?application=${application?.id}`);
  await page
    .getByRole('dialog', { name: 'Application from Ada Lovelace' })
    .getByRole('button', { name: 'Message Ada Lovelace' })
    .click();
  await expect(page).toHaveURL(/\/company\/messages\?conversation=/);
  await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 2 })).toBeVisible();
  await expect(page.getByText(`About ${job.title}`)).toBeVisible();
  const companyBox = page.getByRole('textbox', { name: 'Message' });
  await companyBox.fill('Hello Ada! Are you free this week? The agenda: https://example.com/agenda.');
  await companyBox.press('Enter');
  await expect(companyBox).toHaveValue('');
  await expect(thread(page).getByText('Hello Ada! Are you free this week?')).toBeVisible();

  // It arrives on the applicant's open page: the list and the header count it as unread.
  const row = conversationRow(applicantPage, companyName);
  await expect(row).toContainText('1 unread');
  await expect(messageButton(applicantPage)).toContainText('1');
  await row.click();
  const link = thread(applicantPage).getByRole('link', { name: 'https://example.com/agenda' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(row).not.toContainText('unread');
  await expect(messageButton(applicantPage)).not.toContainText('1');

  // Read receipts and typing reach the company live.
  await expect(thread(page).getByText('Seen')).toBeVisible();
  const applicantBox = applicantPage.getByRole('textbox', { name: 'Message' });
  await applicantBox.fill('Yes');
  await expect(page.getByText('Ada Lovelace is typing…')).toBeVisible();
  await applicantBox.fill('Yes, Tuesday works.\nMorning is best.');
  await applicantBox.press('Enter');
  await expect(thread(page).getByText('Yes, Tuesday works.')).toBeVisible();
  await expect(page.getByText('Ada Lovelace is typing…')).toHaveCount(0);

  // Away from Messages, the company's header counts the next message live.
  await page.goto(paths.companyJobs.getHref());
  await applicantBox.fill('I can also share my portfolio.');
  await applicantBox.press('Enter');
  await expect(messageButton(page)).toContainText('1');
  await messageButton(page).click();
  await conversationRow(page, 'Ada Lovelace').click();
  await expect(thread(page).getByText('I can also share my portfolio.')).toBeVisible();
  await expect(messageButton(page)).not.toContainText('1');

  // A file goes across and downloads.
  const chooser = applicantPage.waitForEvent('filechooser');
  await applicantPage.getByRole('button', { name: 'Attach a file' }).click();
  await (await chooser).setFiles({
    name: 'portfolio.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Robots I have built.'),
  });
  await expect(applicantPage.getByRole('button', { name: 'Remove portfolio.txt' })).toBeVisible();
  await applicantPage.getByRole('button', { name: 'Send message' }).click();
  const file = thread(page).getByRole('link', { name: /portfolio\.txt/ });
  await expect(file).toBeVisible();
  const download = page.waitForEvent('download');
  await file.click();
  const saved = await (await download).path();
  expect(await fs.readFile(saved, 'utf8')).toBe('Robots I have built.');

  // A refused file says why.
  const refused = applicantPage.waitForEvent('filechooser');
  await applicantPage.getByRole('button', { name: 'Attach a file' }).click();
  await (await refused).setFiles({ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<b>hi</b>') });
  await expect(applicantPage.getByRole('alert')).toContainText('This type of file cannot be attached.');

  // The applicant's dashboard lists what the company wrote.
  await applicantPage.goto(paths.applicantDashboard.getHref());
  const recent = applicantPage.getByRole('list', { name: 'Recent messages' });
  await expect(recent).toContainText('Hello Ada! Are you free this week?');
  await expect(recent).toContainText(`Rita Recruiter, ${companyName}`);
  const sender = recent.getByText(`Rita Recruiter, ${companyName}`, { exact: true });
  await expect(sender).toHaveAttribute('title', `Rita Recruiter, ${companyName}`);
  for (const viewport of [viewports.desktop, viewports.mobile]) {
    await applicantPage.setViewportSize(viewport);
    await expectTruncatedWithin(sender, recent, `the sender at ${viewport.width}px`);
  }
  await applicantPage.setViewportSize(viewports.desktop);

  // How both screens look, at 1280 and 375: the thread, and on a phone the list before it.
  await saveScreenshots(page, 'messages-company-thread');
  await expectNoSeriousViolations(page);
  await applicantPage.goto(paths.applicantMessages.getHref());
  await conversationRow(applicantPage, companyName).click();
  await expect(thread(applicantPage).getByText('portfolio.txt')).toBeVisible();
  await saveScreenshots(applicantPage, 'messages-applicant-thread');
  await expectNoSeriousViolations(applicantPage);
  await applicantPage.setViewportSize({ width: 375, height: 812 });
  await applicantPage.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(conversationRow(applicantPage, companyName)).toBeVisible();
  await saveScreenshots(applicantPage, 'messages-applicant-list');
  // The refused file's 415 is the one error the browser logs.
  expect(applicantBrowser.errors.filter((error) => !error.includes('status of 415'))).toEqual([]);
  await applicantBrowser.context.close();
});

test('a company asks Tandem Support and an administrator answers', async ({
  page,
  context,
  browser,
  baseURL,
  request,
  createAccount,
  loginAs,
}) => {
  await chooseEssentialCookies(context, baseURL);
  // A name of this run's own: the administrator's list holds every other test's questions too.
  const seeker = uniqueName('Sam Support-Seeker');
  await loginAs('company', { name: seeker });
  await page.goto(paths.companyMessages.getHref());
  await page.getByRole('button', { name: 'Contact Support' }).click();
  await expect(page.getByRole('heading', { name: 'Tandem Support', level: 2 })).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('How do I add a colleague?');
  await box.press('Enter');
  await expect(thread(page).getByText('How do I add a colleague?')).toBeVisible();

  const admin = await createAccount('admin', { email: uniqueEmail('support-admin'), name: 'Alex Admin' });
  const adminBrowser = await openSecondBrowser({ browser, request, baseURL, email: admin.email });
  const adminPage = adminBrowser.page;
  await adminPage.goto(paths.adminMessages.getHref());
  await conversationRow(adminPage, seeker).click();
  await expect(thread(adminPage).getByText('How do I add a colleague?')).toBeVisible();
  const answer = adminPage.getByRole('textbox', { name: 'Message' });
  await answer.fill('Invite them from Settings → Team.');
  await answer.press('Enter');
  await expect(thread(page).getByText('Invite them from Settings → Team.')).toBeVisible();
  // Read by the staff: the conversation counts nothing unread (other tests' questions may still wait, so
  // the header's total is not checked here).
  await expect(conversationRow(adminPage, seeker)).not.toContainText('unread');
  await saveScreenshots(adminPage, 'messages-admin-support');
  await expectNoSeriousViolations(adminPage);
  expect(adminBrowser.errors).toEqual([]);
  await adminBrowser.context.close();
});

test('older messages load when the thread is scrolled to the top, keeping the place', async ({
  page,
  context,
  baseURL,
  request,
  createAccount,
  loginAs,
}) => {
  await chooseEssentialCookies(context, baseURL);
  await loginAs('company', { name: 'Rita Recruiter' });
  const job = await createJob(page);
  const applicant = await createAccount('applicant', { name: 'Grace Hopper' });
  await request.post(`/api/testing/jobs/${job.id}/applications`, {
    data: { applications: [{ applicant_email: applicant.email }] },
  });
  const sameOrigin = { 'sec-fetch-site': 'same-origin' };
  const started = await page.request.post('/api/conversations', {
    headers: sameOrigin,
    data: { applicant_id: applicant.id },
  });
  const { id } = (await started.json()) as { id: string };
  for (let number = 1; number <= 45; number++) {
    const sent = await page.request.post(`/api/conversations/${id}/messages`, {
      headers: sameOrigin,
      data: { client_id: `seed-${number}`, body: `Update number ${number}` },
    });
    expect(sent.status()).toBe(201);
  }

  await page.goto(`${paths.companyMessages.getHref()}?conversation=${id}`);
  const log = thread(page);
  await expect(log.getByText('Update number 45', { exact: true })).toBeInViewport();
  await expect(log.getByText('Update number 15', { exact: true })).toHaveCount(0);
  // Scrolled to the top: the 15 older ones load above, and the first of the 30 stays where it was.
  const firstLoaded = log.getByText('Update number 16', { exact: true });
  await log.evaluate((element) => {
    element.parentElement?.scrollTo({ top: 0 });
  });
  await expect(log.getByText('Update number 1', { exact: true })).toBeAttached();
  await expect(firstLoaded).toBeInViewport();
  await expect(log.getByRole('listitem')).toHaveCount(45);
});
