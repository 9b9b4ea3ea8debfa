import { aliasPageIds, paths, routePatterns } from '../../src/shared/routes';
import { expect, test } from './support/test';

// The shape of an address: its route pattern and the names of its query parameters. /jobs/:id is one shape
// however many jobs the other tests have published by the time this one runs (each was a page load).
function shapeOf(url: string): string {
  const { pathname, searchParams } = new URL(url, 'http://crawl.test');
  const pattern =
    routePatterns.find((candidate) => new RegExp(`^${candidate.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(pathname)) ??
    pathname;
  return `${pattern}?${[...new Set(searchParams.keys())].sort().join('&')}`;
}

// From the home page, follow every internal link of every public page: each answers 200, and the first
// address of each shape shows a heading in the browser, with its canonical address and link card when
// public. Portal links lead to sign-in (signed out), which is a page too.
test('every internal link of the public site resolves to a page with a heading', async ({ page }) => {
  test.setTimeout(180_000);
  const queue = [paths.home.getHref()];
  const seen = new Set(queue);
  const renderedShapes = new Set<string>();
  const failures: string[] = [];
  while (queue.length > 0) {
    const url = queue.shift() as string;
    const shape = shapeOf(url);
    if (renderedShapes.has(shape)) {
      const response = await page.request.get(url);
      if (response.status() !== 200) failures.push(`${url} answered ${response.status()}`);
      continue;
    }
    renderedShapes.add(shape);
    const response = await page.goto(url);
    if (response?.status() !== 200) failures.push(`${url} answered ${response?.status()}`);
    await expect(page.getByRole('heading', { level: 1 }).first(), url).toBeVisible();
    const isPublicPage =
      !/^\/(company|applicant|admin|login|admin-login|auth|forgot-password|reset-password|verify-email)/.test(
        new URL(page.url()).pathname,
      );
    if (!isPublicPage) continue;
    for (const selector of ['link[rel="canonical"]', 'meta[name="twitter:card"]', 'meta[property="og:image:alt"]']) {
      if ((await page.locator(selector).count()) !== 1) failures.push(`${url} has no single ${selector}`);
    }
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const href of hrefs) {
      const target = href.split('#')[0] ?? '';
      if (!target || target.startsWith('/api/') || seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  expect(failures).toEqual([]);
  // The crawl reached the whole public site.
  for (const id of [
    'services',
    'financeAccounting',
    'ecommerceSupport',
    'caseStudies',
    'testimonials',
    'privacy',
    'gdpr',
    'careers',
    'ourTeam',
  ] as const) {
    expect([...seen], id).toContain(paths[id].getHref());
  }
  expect([...seen].some((url) => url.startsWith('/case-studies/'))).toBe(true);
  // Links name canonical addresses, never a page's second one.
  for (const id of aliasPageIds) expect([...seen], id).not.toContain(paths[id].getHref());
});
