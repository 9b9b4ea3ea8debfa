import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// Saved searches and job alerts (issue 33 item 5): an applicant saves Find Jobs' search with weekly alerts,
// finds it listed and runs it again; a week later the alert email names the new job, and its unsubscribe link,
// opened without signing in, turns the search's alerts off.

// A word no other test's jobs contain, so the search finds this test's jobs only (tests run in parallel).
const uniqueWord = () =>
  `zq${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('an applicant saves a search with weekly alerts, and the email’s link unsubscribes it', async ({
  page,
  browser,
  loginAs,
  createAccount,
  request,
  baseURL,
}) => {
  const word = uniqueWord();
  const searchName = uniqueName('Remote React');
  const company = await createAccount('company');
  const postJob = async (title: string) => {
    const posted = await request.post('/api/testing/jobs', {
      data: { company_email: company.email, title, description: `Remote product work. ${word}` },
    });
    expect(posted.status(), await posted.text()).toBe(201);
  };
  // Posted before the search is saved: found by it, never in its alerts.
  const earlierTitle = uniqueName('Frontend Engineer');
  await postJob(earlierTitle);
  const applicant = await loginAs('applicant');

  await page.goto(`${paths.applicantJobs.getHref()}?q=${word}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Jobs');
  await expect(page.getByText('1 job found')).toBeVisible();
  await page.getByRole('button', { name: 'Save Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog).toContainText(`Looks for: “${word}”`);
  // A name is required: the field says so.
  await dialog.getByLabel('Name').fill('');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog.getByText('Give the search a name.')).toBeVisible();
  await dialog.getByLabel('Name').fill(searchName);
  await dialog.getByLabel('Job alerts').selectOption('weekly');
  await saveScreenshots(page, 'save-search-dialog');
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Search saved', { exact: true })).toBeVisible();

  // A job the company posts after the search was saved.
  const jobTitle = uniqueName('React Developer');
  await postJob(jobTitle);

  // From Find Jobs' own link (the menu has one too).
  await page.getByRole('main').getByRole('link', { name: 'Saved Searches' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved Searches');
  const item = page.getByRole('list', { name: 'Saved searches' }).getByRole('listitem').filter({ hasText: searchName });
  await expect(item).toContainText('Weekly email');
  await expect(item).toContainText(`“${word}”`);
  await saveScreenshots(page, 'saved-searches');
  await expectNoSeriousViolations(page);

  // Run again in one click: Find Jobs with the saved search.
  await item.getByRole('link', { name: `Run ${searchName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/applicant/jobs\\?q=${word}$`));
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue(word);
  await expect(page.getByRole('article', { name: earlierTitle })).toBeVisible();

  // A week on, the hourly run sends the alert.
  const run = await request.post('/api/testing/job-alerts', { data: { days_ahead: 7.1 } });
  expect(run.status(), await run.text()).toBe(200);
  const outbox = await request.get(`/api/testing/outbox?to=${encodeURIComponent(applicant.email)}`);
  const { items } = (await outbox.json()) as { items: Array<{ subject: string; text: string }> };
  const alert = items.find((email) => email.subject === `1 new job for “${searchName}”`);
  expect(alert?.text).toContain(jobTitle);
  expect(alert?.text).not.toContain(earlierTitle);
  const unsubscribePath = /https?:\/\/[^/\s]+(\/job-alerts\/[A-Za-z0-9_-]+\/unsubscribe)/.exec(alert?.text ?? '')?.[1];
  expect(unsubscribePath).toBeTruthy();

  // The link, opened where nobody is signed in (the reader's mail app on a phone, say).
  const signedOut = await browser.newContext({ baseURL });
  try {
    await chooseEssentialCookies(signedOut, baseURL);
    const mailPage = await signedOut.newPage();
    await mailPage.goto(unsubscribePath ?? '');
    await expect(mailPage.getByRole('heading', { level: 1 })).toHaveText('Job Alert Emails');
    // Opening the link names the search and changes nothing (a mail scanner opens every link): a click does.
    await expect(
      mailPage.getByText(`Your saved search “${searchName}” emails you its new jobs every week.`),
    ).toBeVisible();
    await saveScreenshots(mailPage, 'job-alert-unsubscribe');
    await mailPage.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(mailPage.getByText(`You are unsubscribed from “${searchName}”.`)).toBeVisible();
    await saveScreenshots(mailPage, 'job-alert-unsubscribed');
    await expectNoSeriousViolations(mailPage);
  } finally {
    await signedOut.close();
  }

  await page.goto(paths.applicantSavedSearches.getHref());
  await expect(item).toContainText('No email');

  // Renamed, its daily alerts turned on, then deleted.
  const renamed = uniqueName('React, daily');
  await item.getByRole('button', { name: `Edit ${searchName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit saved search' });
  await edit.getByLabel('Name').fill(renamed);
  await edit.getByLabel('Job alerts').selectOption('daily');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  const renamedItem = page
    .getByRole('list', { name: 'Saved searches' })
    .getByRole('listitem')
    .filter({ hasText: renamed });
  await expect(renamedItem).toContainText('Daily email');
  await renamedItem.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No saved searches yet')).toBeVisible();
});
