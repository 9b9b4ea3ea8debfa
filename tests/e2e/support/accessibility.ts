import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// WCAG 2.2 AA: the axe-core rules every browser test checks a page against.
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// The page's serious and critical axe-core violations as it is now, one line each.
// Legacy mode runs axe.run in the page itself. The default runs each frame apart and merges the results in a
// new blank page (two more injections of axe's 580 KB and a page), ~0.5 s more a check, measured; it serves
// only cross-origin frames, and Tandem's pages have none.
export async function seriousViolations(page: Page): Promise<string[]> {
  // options() replaces every option set before it, the tags' runOnly too: it comes first.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(wcagTags)
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join('; ')}`,
    );
}

// No serious or critical violation on the page, its toasts included. The browsers ask for reduced motion
// (playwright.config.ts), so a toast does not fade: it is shown at full opacity, or on its way out (marked
// removed, and transparent) for a moment, which is waited for. Waiting for every toast to go cost 5 s a check.
// A list answering a new search shows its previous rows dimmed and says it is busy (aria-busy): judged then,
// muted text at 60 % fails contrast (a payouts run once did); the check waits for the answer, as a person would.
export async function expectNoSeriousViolations(page: Page) {
  await expect(page.locator('[data-sonner-toast][data-removed="true"]')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
  expect(await seriousViolations(page), page.url()).toEqual([]);
}
