import { expect, type Locator, type Page } from '@playwright/test';

// Nothing in a list is cut off: the box that would scroll the table sideways, the table, and every row
// and cell of it are at least as wide as their content (scrollWidth <= clientWidth). Text hidden for
// the eye only (sr-only, a 1 px box) is left out, since clipping it is the point.
export async function expectNothingClipped(table: Locator) {
  const clipped = await table.evaluate((element) => {
    const scroller = element.parentElement;
    const candidates = [scroller, element, ...element.querySelectorAll('tr, th, td')].filter(
      (candidate): candidate is Element => candidate !== null,
    );
    return candidates
      .filter((candidate) => {
        const box = candidate.getBoundingClientRect();
        return box.width > 1 && box.height > 1 && candidate.scrollWidth > candidate.clientWidth;
      })
      .map(
        (candidate) =>
          `${candidate.tagName.toLowerCase()} "${candidate.textContent?.trim().slice(0, 60)}": ${candidate.scrollWidth} > ${candidate.clientWidth}`,
      );
  });
  expect(clipped, 'cut off at this width').toEqual([]);
}

// Nothing scrolls the page sideways at its current width. Polled, because after a viewport change a chart
// that measures itself (ResizeObserver) takes its new width a frame later; the layout must settle to fit.
export async function expectNoSidewaysScroll(page: Page, label: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${label} overflows the screen sideways`,
    })
    .toBeLessThanOrEqual(0);
}
