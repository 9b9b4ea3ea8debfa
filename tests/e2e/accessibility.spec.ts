import { aliasPageIds, pageIds, paths } from '../../src/shared/routes';
import { seriousViolations } from './support/accessibility';
import { expect, test, viewports } from './support/test';

// WCAG 2.2 AA: axe-core finds no serious or critical violation on any public page, at both widths.
// One test per page, so both workers share the pages; both widths in the same test and the same load (the
// layout answers the width in CSS), because a test's first load of a page (a fresh browser context,
// nothing cached) costs more than the check itself. A page's second address (an alias) is the same page.
const publicUrls = [
  ...pageIds
    .filter((id) => paths[id].layout === 'public' && paths[id].prerender && !aliasPageIds.includes(id))
    .map((id) => paths[id].getHref()),
  paths.caseStudy.getHref({ slug: 'saas-startup-growth' }),
];

for (const url of publicUrls) {
  test(`${url} has no serious accessibility violations at either width`, async ({ page }) => {
    const problems: string[] = [];
    await page.goto(url);
    for (const [label, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expect(page.getByRole('heading', { level: 1 }).first(), label).toBeVisible();
      problems.push(...(await seriousViolations(page)).map((problem) => `${url} (${label}): ${problem}`));
    }
    expect(problems).toEqual([]);
  });
}

// Portal pages, each signed in as its role (the journeys check the others with their data on screen).
const portalPages: Array<{ url: string; role: 'applicant' | 'admin' }> = [
  { url: paths.applicantEarnings.getHref(), role: 'applicant' },
  { url: paths.adminPayouts.getHref(), role: 'admin' },
];

for (const { url, role } of portalPages) {
  test(`${url} has no serious accessibility violations at either width`, async ({ page, workerAccount, signIn }) => {
    await signIn(await workerAccount(role));
    const problems: string[] = [];
    for (const [label, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 }).first(), label).toBeVisible();
      // Loaded: the page's lists have answered (a skeleton is no page to judge).
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ }), label).toHaveCount(0);
      problems.push(...(await seriousViolations(page)).map((problem) => `${url} (${label}): ${problem}`));
    }
    expect(problems).toEqual([]);
  });
}

// The check itself sees what it must: a picture without a text alternative and unreadable text; and only
// WCAG's rules, not axe's best practices (a dialog without a name is one).
test('the accessibility check reports a serious violation when a page has one', async ({ page }) => {
  await page.goto(paths.home.getHref());
  await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    main.insertAdjacentHTML(
      'afterbegin',
      '<img src="/favicon.svg"><p style="color:#f8f8f8;background:#ffffff">Unreadable text</p><div role="dialog">Untitled</div>',
    );
  });
  const problems = await seriousViolations(page);
  expect(problems.some((problem) => problem.startsWith('image-alt (critical)'))).toBe(true);
  expect(problems.some((problem) => problem.startsWith('color-contrast (serious)'))).toBe(true);
  expect(problems.filter((problem) => problem.startsWith('aria-dialog-name'))).toEqual([]);
});
