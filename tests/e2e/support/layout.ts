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

// Text a reader can follow across lines: where it wraps, each line starts after a space, a hyphen, a dot,
// an underscore or a slash, or at an @ (an email, an action name like application.status_changed), never
// in the middle of a word. Reads the position of every character of the element's text.
export async function expectNoMidWordBreaks(element: Locator, label: string) {
  const breaks = await element.evaluate((root) => {
    const found: string[] = [];
    const text: Array<{ character: string; top: number; bottom: number; block: Element | null }> = [];
    // Text in two blocks (a name above its email) starts a new line by design, not by wrapping.
    const blockOf = (element: Element | null) => {
      let current = element;
      while (current && current !== root && getComputedStyle(current).display.startsWith('inline')) {
        current = current.parentElement;
      }
      return current;
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const content = node.textContent ?? '';
      const block = blockOf(node.parentElement);
      for (let index = 0; index < content.length; index++) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getBoundingClientRect();
        // Collapsed white space has no box.
        if (box.width === 0 && box.height === 0) continue;
        text.push({ character: content.charAt(index), top: box.top, bottom: box.bottom, block });
      }
    }
    for (let index = 1; index < text.length; index++) {
      const before = text[index - 1];
      const after = text[index];
      if (!before || !after || after.top < before.bottom - 2 || after.block !== before.block) continue;
      if (/[\s\-._/]/.test(before.character) || /[\s@]/.test(after.character)) continue;
      const context = (from: number, to: number) =>
        text
          .slice(Math.max(from, 0), to)
          .map((entry) => entry.character)
          .join('');
      found.push(`${context(index - 12, index)}|${context(index, index + 12)}`);
    }
    return found;
  });
  expect(breaks, `${label}: lines that start mid-word`).toEqual([]);
}

// Text cut to one line with an ellipsis (CSS truncation), inside the box it belongs to (`within`): the box
// does not grow to fit it. The full text stays in the page for screen readers.
export async function expectTruncatedWithin(text: Locator, within: Locator, label: string) {
  const shape = await text.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      ellipsis: style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap' && style.overflow === 'hidden',
      isCut: element.scrollWidth > element.clientWidth,
      lines: Math.round(element.getBoundingClientRect().height / Number.parseFloat(style.lineHeight)),
    };
  });
  expect(shape, `${label} is cut to one line with an ellipsis`).toEqual({ ellipsis: true, isCut: true, lines: 1 });
  const [inner, outer] = [await text.boundingBox(), await within.boundingBox()];
  expect(inner && outer && inner.x >= outer.x && inner.x + inner.width <= outer.x + outer.width, `${label} fits`).toBe(
    true,
  );
}

// Scrolls the page to its very end, and again until it is found there (parts that load late make it longer).
export async function scrollToEnd(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const isAtEnd = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
        if (!isAtEnd) window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
        return isAtEnd;
      }),
    )
    .toBe(true);
}
