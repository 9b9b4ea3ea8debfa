import AxeBuilder from '@axe-core/playwright';
import { pageIds, paths } from '../../src/shared/routes';
import { expect, test, viewports } from './support/test';

// WCAG 2.2 AA: axe-core finds no serious or critical violation on any public page, at both widths.
// One test per page and width, so both workers share the pages.
const publicUrls = [
  ...pageIds.filter((id) => paths[id].layout === 'public' && paths[id].prerender).map((id) => paths[id].getHref()),
  paths.caseStudy.getHref({ slug: 'saas-startup-growth' }),
];

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`at ${label} width`, () => {
    test.use({ viewport });

    for (const url of publicUrls) {
      test(`${url} has no serious accessibility violations (${label})`, async ({ page }) => {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        const problems = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${url}: ${violation.id} (${violation.impact}) — ${violation.nodes
                .map((node) => node.target.join(' '))
                .slice(0, 3)
                .join('; ')}`,
          );
        expect(problems).toEqual([]);
      });
    }
  });
}
