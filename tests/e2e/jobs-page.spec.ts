import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { TestInput } from '../../src/shared/assessments';
import type { Job } from '../../src/shared/jobs';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { createJob } from './support/jobs';
import { expectNoSidewaysScroll, expectNothingClipped } from './support/layout';
import { expect, saveScreenshots, test, viewports } from './support/test';

// The company's Jobs & Applications screen: real figures, filters, row and bulk actions that
// change the jobs on the server, CSV and PDF downloads, favourites and the New menu's shortcuts.

const jobsUrl = paths.companyJobs.getHref();

// Calls the API as the signed-in page, saying it comes from this site as the browser's own fetch would
// (src/server/platform/csrf.ts).
async function api<Result>(page: Page, url: string, data?: unknown): Promise<Result> {
  const response = await page.request.post(url, { data, headers: { 'sec-fetch-site': 'same-origin' } });
  expect(response.ok(), `POST ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Result;
}

const transition = (page: Page, job: Job, move: string) => api<Job>(page, `/api/jobs/${job.id}/${move}`);

const jobRows = (page: Page) => page.getByRole('table', { name: 'Job posts' }).locator('tbody tr');
const rowOf = (page: Page, title: string) =>
  jobRows(page).filter({ has: page.getByRole('link', { name: title, exact: true }) });
const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

async function openRowMenu(page: Page, title: string) {
  await page.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
  return page.getByRole('menu');
}

test.describe('Jobs & Applications', () => {
  // The consent banner is not this screen's: out of the way of clicks and pictures.
  test.beforeEach(async ({ context, baseURL }) => {
    await chooseEssentialCookies(context, baseURL);
  });

  test('the summary cards count the company’s jobs, and Open and Paused filter the table', async ({
    page,
    loginAs,
  }) => {
    await loginAs('company');
    const openJobs = await Promise.all([1, 2, 3].map((index) => createJob(page, { title: `Open role ${index}` })));
    for (const job of await Promise.all([1, 2].map((index) => createJob(page, { title: `Paused role ${index}` })))) {
      await transition(page, job, 'pause');
    }
    await createJob(page, { title: 'Draft role', status: 'draft' });
    await page.goto(jobsUrl);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jobs & Applications');
    const summary = page.getByRole('region', { name: 'Summary' });
    const openCard = summary.getByRole('button', { name: /Open Jobs/ });
    const pausedCard = summary.getByRole('button', { name: /Paused Jobs/ });
    await expect(openCard).toContainText('3');
    await expect(pausedCard).toContainText('2');
    await expect(summary.getByRole('button', { name: /Pending Interviews/ })).toContainText('0');
    await expect(summary.getByText('Avg Time-to-Hire').locator('..').locator('..')).toContainText('—');
    await expect(jobRows(page)).toHaveCount(6);

    await pausedCard.click();
    await expect(page).toHaveURL(/status=paused/);
    await expect(pausedCard).toHaveAttribute('aria-pressed', 'true');
    await expect(jobRows(page)).toHaveCount(2);
    await expect(rowOf(page, 'Paused role 1')).toBeVisible();

    await openCard.click();
    await expect(page).toHaveURL(/status=open/);
    await expect(jobRows(page)).toHaveCount(3);
    for (const job of openJobs) await expect(rowOf(page, job.title)).toBeVisible();

    await summary.getByRole('button', { name: /Pending Interviews/ }).click();
    await expect(toast(page)).toContainText('Filtering by interviews');
    await expect(page).toHaveURL(/applications=interviewing/);
    const interviews = page.getByRole('region', { name: 'Pending Interviews' });
    await expect(interviews).toContainText('No application is in the interviewing stage.');
    await interviews.getByRole('button', { name: 'Close Pending Interviews' }).click();
    await expect(interviews).toBeHidden();

    await summary.getByRole('button', { name: /Tests Assigned/ }).click();
    await expect(page).toHaveURL(/tab=tests/);
    await expect(page.getByRole('tab', { name: 'Tests' })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Job Posts' })).toHaveAttribute('aria-selected', 'true');
  });

  test('search, status, tag and date filters narrow the table and Clear Filters brings every job back', async ({
    page,
    loginAs,
  }) => {
    await loginAs('company');
    await createJob(page, { title: 'Senior React Engineer', skill_tags: ['React', 'TypeScript', 'GraphQL'] });
    await createJob(page, { title: 'Product Designer', skill_tags: ['Design', 'Figma'] });
    await createJob(page, { title: 'Data Entry Clerk', skill_tags: ['Excel'], status: 'draft' });
    await page.goto(jobsUrl);
    await expect(jobRows(page)).toHaveCount(3);

    // Two tags shown, the third as '+1'.
    const react = rowOf(page, 'Senior React Engineer');
    await expect(react.getByText('React', { exact: true })).toBeVisible();
    await expect(react.getByText('TypeScript', { exact: true })).toBeVisible();
    await expect(react.getByText('+1')).toBeVisible();
    await expect(react.getByText('GraphQL', { exact: true })).toBeHidden();
    await expect(react.getByRole('cell', { name: 'Today' })).toBeVisible();
    await expect(react.getByRole('cell', { name: '$60–80/hr' })).toBeVisible();
    // A draft was never launched: its row shows no launch date, not the day it was created.
    const draft = rowOf(page, 'Data Entry Clerk');
    await expect(draft.getByRole('cell', { name: '—', exact: true })).toBeVisible();
    await expect(draft.locator('time')).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Search job posts' }).fill('figma');
    await expect(page).toHaveURL(/q=figma/);
    await expect(jobRows(page)).toHaveCount(1);
    await expect(rowOf(page, 'Product Designer')).toBeVisible();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search job posts' })).toHaveValue('');
    await expect(jobRows(page)).toHaveCount(3);

    await page.getByRole('button', { name: /^Status/ }).click();
    await page.getByRole('checkbox', { name: 'Draft' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/status=draft/);
    await expect(jobRows(page)).toHaveCount(1);
    await expect(rowOf(page, 'Data Entry Clerk')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();

    await page.getByRole('button', { name: /^Tags/ }).click();
    // The company's own tags, each once.
    await expect(page.getByRole('dialog').getByRole('checkbox')).toHaveCount(6);
    await page.getByRole('dialog').getByRole('checkbox', { name: 'Design' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/tags=Design/);
    await expect(jobRows(page)).toHaveCount(1);
    await expect(rowOf(page, 'Product Designer')).toBeVisible();

    // A tag and a status that no job has together.
    await page.getByRole('button', { name: /^Status/ }).click();
    await page.getByRole('checkbox', { name: 'Paused' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByText('No jobs match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    await expect(jobRows(page)).toHaveCount(3);

    // Every job launched today: a range ending yesterday finds none, one including today finds all.
    await page.getByRole('button', { name: /^Date Range/ }).click();
    await page.getByRole('grid').getByRole('button', { name: /Today/ }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/launched_from=\d{4}-\d{2}-\d{2}&launched_to=\d{4}-\d{2}-\d{2}/);
    await expect(jobRows(page)).toHaveCount(3);
  });

  test('more than 20 jobs are paged by the server, and the page survives a reload and Back', async ({
    page,
    loginAs,
  }) => {
    await loginAs('company');
    await page.goto(jobsUrl);
    for (let batch = 0; batch < 23; batch += 6) {
      await Promise.all(
        Array.from({ length: Math.min(6, 23 - batch) }, (_, index) =>
          createJob(page, { title: `Paged job ${String(batch + index + 1).padStart(2, '0')}`, status: 'draft' }),
        ),
      );
    }
    await page.reload();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination).toContainText('1–20 of 23 jobs');
    await expect(jobRows(page)).toHaveCount(20);

    await pagination.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pagination).toContainText('21–23 of 23 jobs');
    await expect(jobRows(page)).toHaveCount(3);
    await page.reload();
    await expect(jobRows(page)).toHaveCount(3);
    await page.goBack();
    await expect(pagination).toContainText('1–20 of 23 jobs');
  });

  test.describe(() => {
    // The server refuses (409) and the browser logs the failed request; the test expects exactly that.
    test.use({ expectedConsoleErrors: [/status of 409/] });

    test('the row menu pauses, resumes, closes, duplicates and deletes for real', async ({ page, loginAs }) => {
      await loginAs('company');
      const job = await createJob(page, { title: 'Row menu role' });
      await page.goto(jobsUrl);
      const row = rowOf(page, 'Row menu role');
      await expect(row.getByRole('cell', { name: 'Open', exact: true })).toBeVisible();

      await (await openRowMenu(page, job.title)).getByRole('menuitem', { name: 'Pause' }).click();
      await expect(toast(page)).toContainText("Job paused; applicants won't see it");
      await expect(row.getByRole('cell', { name: 'Paused', exact: true })).toBeVisible();
      await page.reload();
      await expect(row.getByRole('cell', { name: 'Paused', exact: true })).toBeVisible();

      await (await openRowMenu(page, job.title)).getByRole('menuitem', { name: 'Resume' }).click();
      await expect(toast(page)).toContainText('Job resumed and visible to applicants');
      await expect(row.getByRole('cell', { name: 'Open', exact: true })).toBeVisible();

      // Changed elsewhere meanwhile: the server refuses the stale move and says why.
      await transition(page, job, 'pause');
      await (await openRowMenu(page, job.title)).getByRole('menuitem', { name: 'Pause' }).click();
      await expect(toast(page)).toContainText('This job is already paused.');
      await expect(row.getByRole('cell', { name: 'Paused', exact: true })).toBeVisible();

      // Close asks first, naming the job; Cancel leaves it as it was.
      await (await openRowMenu(page, job.title)).getByRole('menuitem', { name: 'Close' }).click();
      const confirmClose = page.getByRole('alertdialog', { name: 'Close this job?' });
      await expect(confirmClose).toContainText(`“${job.title}”`);
      await confirmClose.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirmClose).toBeHidden();
      await expect(row.getByRole('cell', { name: 'Paused', exact: true })).toBeVisible();
      await (await openRowMenu(page, job.title)).getByRole('menuitem', { name: 'Close' }).click();
      await confirmClose.getByRole('button', { name: 'Close Job' }).click();
      await expect(toast(page)).toContainText('Close Job');
      await expect(row.getByRole('cell', { name: 'Closed', exact: true })).toBeVisible();
      await page.reload();
      await expect(row.getByRole('cell', { name: 'Closed', exact: true })).toBeVisible();

      await (await openRowMenu(page, job.title)).getByRole('menuitem', { name: 'Duplicate' }).click();
      await expect(toast(page)).toContainText('Duplicate Job');
      const copy = rowOf(page, 'Copy of Row menu role');
      await expect(copy.getByRole('cell', { name: 'Draft', exact: true })).toBeVisible();

      // Only a draft can be deleted; the published one offers Archive instead.
      const menu = await openRowMenu(page, job.title);
      await expect(menu.getByRole('menuitem', { name: /Delete/ })).toHaveAttribute('aria-disabled', 'true');
      await expect(menu.getByRole('menuitem', { name: 'Archive' })).toBeVisible();
      await page.keyboard.press('Escape');

      await (await openRowMenu(page, 'Copy of Row menu role')).getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this draft?' });
      await expect(confirm).toContainText('“Copy of Row menu role”');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page)).toContainText('Delete Job');
      await expect(copy).toHaveCount(0);
      await page.reload();
      await expect(rowOf(page, job.title)).toBeVisible();
      await expect(copy).toHaveCount(0);
    });
  });

  test('the bulk bar pauses, resumes and archives the selected jobs and says what it skipped', async ({
    page,
    loginAs,
  }) => {
    await loginAs('company');
    await createJob(page, { title: 'Bulk one' });
    await createJob(page, { title: 'Bulk two' });
    const closed = await createJob(page, { title: 'Bulk closed' });
    await transition(page, closed, 'close');
    await page.goto(jobsUrl);

    for (const title of ['Bulk one', 'Bulk two', 'Bulk closed']) {
      await page.getByRole('checkbox', { name: `Select ${title}` }).click();
    }
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar).toContainText('3 item(s) selected');

    await bar.getByRole('button', { name: 'Pause' }).click();
    await expect(toast(page)).toContainText('Jobs paused');
    await expect(toast(page)).toContainText('2 jobs paused. 1 skipped: A closed job cannot be paused.');
    await expect(bar).toBeHidden();
    await expect(rowOf(page, 'Bulk one').getByRole('cell', { name: 'Paused', exact: true })).toBeVisible();
    await expect(rowOf(page, 'Bulk two').getByRole('cell', { name: 'Paused', exact: true })).toBeVisible();
    await expect(rowOf(page, 'Bulk closed').getByRole('cell', { name: 'Closed', exact: true })).toBeVisible();

    await page.getByRole('checkbox', { name: 'Select all jobs on this page' }).click();
    await expect(bar).toContainText('3 item(s) selected');
    await bar.getByRole('button', { name: 'Resume' }).click();
    await expect(toast(page)).toContainText('Jobs resumed');
    await expect(toast(page)).toContainText('2 jobs resumed.');
    await page.reload();
    await expect(rowOf(page, 'Bulk one').getByRole('cell', { name: 'Open', exact: true })).toBeVisible();

    await page.getByRole('checkbox', { name: 'Select Bulk one' }).click();
    await page.getByRole('checkbox', { name: 'Select Bulk closed' }).click();
    await expect(bar).toContainText('2 item(s) selected');
    await bar.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('alertdialog', { name: 'Archive 2 jobs?' }).getByRole('button', { name: 'Archive' }).click();
    await expect(toast(page)).toContainText('Jobs archived');
    await expect(toast(page)).toContainText('2 jobs archived.');
    // Archived jobs leave the list; the Archived status finds them again.
    await expect(jobRows(page)).toHaveCount(1);
    await page.getByRole('button', { name: /^Status/ }).click();
    await page.getByRole('checkbox', { name: 'Archived' }).click();
    await page.keyboard.press('Escape');
    await expect(jobRows(page)).toHaveCount(2);
    await expect(rowOf(page, 'Bulk one').getByRole('cell', { name: 'Archived', exact: true })).toBeVisible();
  });

  test('Export CSV downloads the selected jobs, and the filtered list', async ({ page, loginAs }) => {
    await loginAs('company');
    await createJob(page, { title: 'Export alpha', skill_tags: ['Go'] });
    await createJob(page, { title: 'Export beta', engagement_type: 'fixed', budget_total: 5000 });
    await createJob(page, { title: 'Export gamma', status: 'draft' });
    await page.goto(jobsUrl);

    await page.getByRole('checkbox', { name: 'Select Export alpha' }).click();
    await page.getByRole('checkbox', { name: 'Select Export beta' }).click();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    const [selected] = await Promise.all([
      page.waitForEvent('download'),
      bar.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    await expect(toast(page)).toContainText('Exporting data');
    await expect(toast(page)).toContainText('Your CSV file is being prepared for download');
    expect(selected.suggestedFilename()).toMatch(/^jobs-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await fs.readFile(await selected.path(), 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]?.replace(/^\uFEFF/, '')).toMatch(/^Title,Status,Launch Date,Applications,/);
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).toContain('Export alpha,Open');
    expect(lines.join('\n')).toContain('$5,000');
    expect(lines.join('\n')).not.toContain('Export gamma');
    await expect(bar).toBeHidden();

    await page.getByRole('button', { name: /^Status/ }).click();
    await page.getByRole('checkbox', { name: 'Draft' }).click();
    await page.keyboard.press('Escape');
    await expect(jobRows(page)).toHaveCount(1);
    const [filtered] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const filteredLines = (await fs.readFile(await filtered.path(), 'utf8')).trim().split(/\r?\n/);
    expect(filteredLines).toHaveLength(2);
    expect(filteredLines[1]).toContain('Export gamma,Draft');
  });

  test('J and T open the builders unless the person is typing; the New menu names them', async ({ page, loginAs }) => {
    await loginAs('company');
    await page.goto(jobsUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jobs & Applications');

    await page.getByRole('button', { name: 'New' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Create Job' })).toHaveAttribute('aria-keyshortcuts', 'J');
    await expect(menu.getByRole('menuitem', { name: 'Create Test' })).toHaveAttribute('aria-keyshortcuts', 'T');
    await page.keyboard.press('Escape');

    await page.getByRole('searchbox', { name: 'Search job posts' }).fill('jt');
    await expect(page).toHaveURL(/q=jt/);
    await expect(page).toHaveURL(/\/company\/jobs/);
    await page.getByRole('searchbox', { name: 'Search job posts' }).blur();

    await page.keyboard.press('j');
    await expect(page).toHaveURL(paths.companyCreateJob.getHref());
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jobs & Applications');
    await page.keyboard.press('Control+t');
    await expect(page).toHaveURL(/\/company\/jobs/);
    await page.keyboard.press('t');
    await expect(page).toHaveURL(paths.companyCreateTest.getHref());
  });

  test('a test’s favourite star is saved and survives a reload', async ({ page, loginAs }) => {
    await loginAs('company');
    await page.goto(jobsUrl);
    const input: TestInput = {
      name: 'SQL fundamentals',
      description: 'Joins and aggregates.',
      type: 'coding',
      time_limit: 30,
      pass_rate: 70,
      is_active: true,
      questions: [{ type: 'short-answer', question: 'What does JOIN do?', answer_key: ['combines rows'] }],
    };
    const created = await api<{ id: string }>(page, '/api/tests', input);
    await page.goto(`${jobsUrl}?tab=tests`);
    const tests = page.getByRole('table', { name: 'Tests' });
    const row = tests.locator('tbody tr').filter({ hasText: 'SQL fundamentals' });
    await expect(row.getByRole('link', { name: 'SQL fundamentals' })).toHaveAttribute(
      'href',
      paths.companyTest.getHref({ id: created.id }),
    );
    await expect(row.getByRole('cell', { name: 'Coding' })).toBeVisible();
    await expect(row.getByRole('cell', { name: '—' })).toBeVisible();

    const star = row.getByRole('button', { name: 'Add to favourites' });
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(toast(page)).toContainText('Test template updated');
    await expect(row.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(row.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: /Filter Tests/ }).click();
    await page.getByRole('checkbox', { name: 'Favourites only' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/favorites=true/);
    await expect(tests.locator('tbody tr')).toHaveCount(1);
  });

  test.describe(() => {
    // The server refuses (409) and the browser logs the failed request; the test expects exactly that.
    test.use({ expectedConsoleErrors: [/status of 409/] });

    test('the Tests tab shows attempts with their average, and offers Archive, not Delete, once a test was taken', async ({
      page,
      loginAs,
      request,
    }) => {
      await loginAs('company');
      await page.goto(jobsUrl);
      const taken = await api<{ id: string }>(page, '/api/tests', {
        name: 'Taken test',
        type: 'mcq',
        is_active: true,
        questions: [{ type: 'multiple-choice', question: 'Pick B', options: ['A', 'B'], answer_key: 'B' }],
      } satisfies TestInput);
      const spare = await api<{ id: string }>(page, '/api/tests', {
        name: 'Spare test',
        type: 'mixed',
        is_active: true,
        questions: [{ type: 'paragraph', question: 'Tell us about you' }],
      } satisfies TestInput);
      const recordAttempt = async (testId: string, score: number) => {
        const response = await request.post('/api/testing/test-attempts', { data: { test_id: testId, score } });
        expect(response.status(), await response.text()).toBe(201);
      };
      for (const score of [80, 61]) await recordAttempt(taken.id, score);
      await page.goto(`${jobsUrl}?tab=tests`);
      const rows = page.getByRole('table', { name: 'Tests' }).locator('tbody tr');
      const takenRow = rows.filter({ hasText: 'Taken test' });
      const spareRow = rows.filter({ has: page.getByRole('link', { name: 'Spare test', exact: true }) });
      await expect(takenRow.getByRole('cell', { name: '2 avg 71%' })).toBeVisible();

      await page.getByRole('searchbox', { name: 'Search tests' }).fill('spare');
      await expect(page).toHaveURL(/test_q=spare/);
      await expect(rows).toHaveCount(1);
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await expect(rows).toHaveCount(2);

      // A taken test keeps its attempts: its menu offers Archive and no Delete.
      await page.getByRole('button', { name: 'Actions for Taken test' }).click();
      await expect(page.getByRole('menuitem', { name: 'Archive' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: /Delete/ })).toHaveCount(0);
      await expect(page.getByRole('menuitem', { name: 'Archive' })).toBeVisible();
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Actions for Spare test' }).click();
      await page.getByRole('menuitem', { name: 'Clone' }).click();
      await expect(toast(page)).toContainText('Test cloned');
      await expect(rows).toHaveCount(3);

      // An untaken test is deleted after its dialog, which names it.
      const copyName = 'Spare test (copy)';
      await page.getByRole('button', { name: `Actions for ${copyName}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirmDelete = page.getByRole('alertdialog', { name: 'Delete this test?' });
      await expect(confirmDelete).toContainText(`“${copyName}”`);
      await confirmDelete.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page)).toContainText('Test deleted');
      await expect(rows).toHaveCount(2);

      // Taken since the list was loaded: the server refuses and says why, and the row then shows the attempt.
      await recordAttempt(spare.id, 50);
      await page.getByRole('button', { name: 'Actions for Spare test' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await confirmDelete.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page)).toContainText('This test has been taken, so it cannot be deleted. Archive it instead.');
      await expect(spareRow.getByRole('cell', { name: '1 avg 50%' })).toBeVisible();
      await page.getByRole('button', { name: 'Actions for Spare test' }).click();
      await expect(page.getByRole('menuitem', { name: 'Archive' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: /Delete/ })).toHaveCount(0);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Actions for Taken test' }).click();
      await page.getByRole('menuitem', { name: 'Archive' }).click();
      await page
        .getByRole('alertdialog', { name: 'Archive this test?' })
        .getByRole('button', { name: 'Archive' })
        .click();
      await expect(toast(page)).toContainText('Test archived');
      await expect(takenRow).toHaveCount(0);
      await page.getByRole('button', { name: /Filter Tests/ }).click();
      await page.getByRole('checkbox', { name: 'Show archived' }).click();
      await page.keyboard.press('Escape');
      await expect(takenRow.getByText('Archived', { exact: true })).toBeVisible();
    });
  });

  test('each tab fits a phone and a desktop (screenshots for review)', async ({ page, loginAs, request }) => {
    // Three tabs, each scanned by axe and photographed at two widths.
    test.setTimeout(90_000);
    const account = await loginAs('company');
    const seeded = await request.post('/api/testing/jobs', {
      data: {
        company_email: account.email,
        title: 'Virtual Assistant (EST hours)',
        skill_tags: ['Calendar', 'Email', 'Travel'],
        published_days_ago: 60,
        applications: [
          { status: 'hired', days_ago: 50, offered_days_ago: 40, hired_days_ago: 35 },
          { status: 'offered', days_ago: 30 },
          ...[44, 37, 30, 23, 22, 16, 15, 9, 8, 8, 2, 1].map((days) => ({ status: 'submitted', days_ago: days })),
          { status: 'interviewing', days_ago: 3 },
        ],
      },
    });
    expect(seeded.status(), await seeded.text()).toBe(201);
    // Interviews under way on an open job: the one pipeline stage shown beside its status. Its title's long
    // word must wrap on a phone, not be cut off.
    const interviewing = await request.post('/api/testing/jobs', {
      data: {
        company_email: account.email,
        title: 'Bookkeeper (QuickBooks/Xero/NetSuite-reconciliations)',
        published_days_ago: 10,
        applications: [{ status: 'interviewing', days_ago: 4 }],
      },
    });
    expect(interviewing.status(), await interviewing.text()).toBe(201);
    await createJob(page, {
      title: 'Senior Full-Stack Engineer (React and Node.js)',
      skill_tags: ['React', 'Node.js', 'PostgreSQL', 'AWS'],
    });
    await createJob(page, { title: 'Brand Designer', engagement_type: 'fixed', budget_total: 5000, status: 'draft' });
    const paused = await createJob(page, { title: 'Customer Support Lead', skill_tags: ['Zendesk'] });
    await transition(page, paused, 'pause');
    await api(page, '/api/tests', {
      name: 'JavaScript fundamentals',
      type: 'coding',
      is_active: true,
      questions: [{ type: 'short-answer', question: 'What is a closure?', answer_key: ['a function with its scope'] }],
    } satisfies TestInput);
    await api(page, '/api/tests', {
      name: 'Spreadsheet hygiene: VLOOKUP/XLOOKUP/INDEX-MATCH-troubleshooting',
      type: 'mixed',
      questions: [{ type: 'paragraph', question: 'How do you find duplicate rows?' }],
    } satisfies TestInput);

    for (const tab of ['job-posts', 'tests', 'analytics'] as const) {
      await page.goto(`${jobsUrl}?tab=${tab}`);
      await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
      const ready =
        tab === 'job-posts'
          ? page.getByRole('link', { name: 'Brand Designer' })
          : tab === 'tests'
            ? page.getByRole('link', { name: 'JavaScript fundamentals' })
            : page.getByRole('img', { name: /Applicants per week/ });
      await expect(ready).toBeVisible();
      if (tab === 'job-posts') {
        await expect(
          rowOf(page, 'Bookkeeper (QuickBooks/Xero/NetSuite-reconciliations)').getByRole('cell', {
            name: 'Open Interviewing',
            exact: true,
          }),
        ).toBeVisible();
      }
      const list =
        tab === 'analytics' ? null : page.getByRole('table', { name: tab === 'job-posts' ? 'Job posts' : 'Tests' });
      await expectNoSeriousViolations(page);
      await saveScreenshots(page, `jobs-page-${tab}`);

      await page.setViewportSize(viewports.mobile);
      await expect(ready).toBeVisible();
      await expectNoSidewaysScroll(page, `${tab} at 375px`);
      // Below 768 px the lists stack their rows: no cell is cut off, nothing scrolls sideways.
      if (list) await expectNothingClipped(list);
      await expectNoSeriousViolations(page);
      await page.setViewportSize(viewports.desktop);
      if (list) await expectNothingClipped(list);
    }
  });

  test('Analytics shows figures computed from the applications, and both reports download', async ({
    page,
    loginAs,
    request,
  }) => {
    const account = await loginAs('company');
    // Published 30 days ago: one hire 20 days after publishing (offered first), one offer still open,
    // one applicant in interviews and one just arrived.
    const seeded = await request.post('/api/testing/jobs', {
      data: {
        company_email: account.email,
        title: 'Analytics role',
        published_days_ago: 30,
        applications: [
          { status: 'hired', applicant_name: 'Hana Hired', days_ago: 25, offered_days_ago: 15, hired_days_ago: 10 },
          { status: 'offered', days_ago: 12 },
          { status: 'interviewing', applicant_name: 'Ines Interview', days_ago: 5 },
          { status: 'submitted', days_ago: 0 },
        ],
      },
    });
    expect(seeded.status(), await seeded.text()).toBe(201);

    await page.goto(jobsUrl);
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary.getByRole('button', { name: /Pending Interviews/ })).toContainText('1');
    await expect(summary).toContainText('20 days');
    await summary.getByRole('button', { name: /Pending Interviews/ }).click();
    const interviews = page.getByRole('region', { name: 'Pending Interviews' });
    await expect(interviews.getByText('Ines Interview')).toBeVisible();
    await expect(interviews.getByRole('link', { name: 'Analytics role' })).toBeVisible();
    // The job's row counts its applications; new to the company is only the one nobody acted on yet.
    await expect(rowOf(page, 'Analytics role').getByText('1 new')).toBeVisible();
    // One status: a hire on a job still open is not shown as "Open Filled" (visiblePipelineStage).
    await expect(rowOf(page, 'Analytics role').getByRole('cell', { name: 'Open', exact: true })).toBeVisible();
    await expect(rowOf(page, 'Analytics role').getByText('Filled', { exact: true })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page).toHaveURL(/tab=analytics/);
    const metrics = page.getByRole('region', { name: 'Hiring metrics' });
    await expect(metrics).toContainText('Conversion rate25.0%');
    await expect(metrics).toContainText('1 hire from 4 applications');
    // The open offer is not a declined one: of the answered offers, all were accepted.
    await expect(metrics).toContainText('Offer acceptance100.0%');
    await expect(metrics).toContainText('1 of 1 answered offer accepted, 1 awaiting an answer');
    await expect(metrics).toContainText('Time-to-hire20 days');
    await expect(
      page.getByRole('img', { name: /Applicants per week over the last 12 weeks: 4 in total/ }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Show data table' }).click();
    const table = page.getByRole('table', { name: 'Applicants per week' });
    await expect(table.locator('tbody tr')).toHaveCount(12);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    // A byte-order mark first, so spreadsheet programs read the file as UTF-8.
    const csvText = (await fs.readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '');
    expect(csvText.split(/\r?\n/)[0]).toBe('Metric,Value');
    expect(csvText).toContain('25.0%');
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfBytes = await fs.readFile(await pdf.path());
    expect(pdfBytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });
});
