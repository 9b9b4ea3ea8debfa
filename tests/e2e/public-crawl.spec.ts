import { aliasPageIds, paths } from '../../src/shared/routes';
import { expect, test } from './support/test';

// From the home page, follow every internal link of every public page: each answers 200 and shows a
// heading, and each public page has its canonical address and link card. Portal links lead to sign-in
// (signed out), which is a page too.
test('every internal link of the public site resolves to a page with a heading', async ({ page }) => {
  test.setTimeout(180_000);
  const queue = [paths.home.getHref()];
  const seen = new Set(queue);
  const failures: string[] = [];
  while (queue.length > 0) {
    const url = queue.shift() as string;
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
