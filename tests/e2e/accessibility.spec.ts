import AxeBuilder from '@axe-core/playwright';
import { pageIds, paths } from '../../src/shared/routes';
import { expect, test, viewports } from './support/test';

// WCAG 2.2 AA: axe-core finds no serious or critical violation on any public page, at both widths.
// One test per page, so both workers share the pages; both widths in the same test, because a test's
// first load of a page (a fresh browser context, nothing cached) costs more than the check itself.
const publicUrls = [
  ...pageIds.filter((id) => paths[id].layout === 'public' && paths[id].prerender).map((id) => paths[id].getHref()),
  paths.caseStudy.getHref({ slug: 'saas-startup-growth' }),
];

for (const url of publicUrls) {
  test(`${url} has no serious accessibility violations at either width`, async ({ page }) => {
    const problems: string[] = [];
    for (const [label, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 }).first(), label).toBeVisible();
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      for (const violation of results.violations) {
        if (violation.impact === 'serious' || violation.impact === 'critical') {
          problems.push(
            `${url} (${label}): ${violation.id} (${violation.impact}) — ${violation.nodes
              .map((node) => node.target.join(' '))
              .slice(0, 3)
              .join('; ')}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });
}
