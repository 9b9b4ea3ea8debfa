import { getStartedHref, paths } from '../../src/shared/routes';
import { expect, test, viewports } from './support/test';

test('the home page has its sections in order and Learn More scrolls to the services', async ({ page }) => {
  await page.goto(paths.home.getHref());
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.length).toBeGreaterThanOrEqual(4);
  for (const title of [
    'AI Prompts Trained',
    'AI Tools Training',
    'Fully Certified and Tested',
    'In House Dedicated Support',
  ]) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute(
    'href',
    /\/login\?tab=register/,
  );
  await page.getByRole('link', { name: 'Learn More' }).click();
  await expect(page).toHaveURL(/#services$/);
  await expect(page.locator('#services')).toBeInViewport();
  const top = await page.locator('#services').evaluate((element) => element.getBoundingClientRect().top);
  expect(Math.round(top)).toBeGreaterThanOrEqual(60);
});

test.describe('the home page on a phone', () => {
  test.use({ viewport: viewports.mobile });

  test('shows the testimonials as a carousel with previous, next and dots', async ({ page }) => {
    await page.goto(paths.home.getHref());
    const next = page.getByRole('button', { name: /next/i });
    await next.scrollIntoViewIfNeeded();
    await expect(page.getByText('Testimonial 1 of 4')).toBeAttached();
    await next.click();
    await expect(page.getByText('Testimonial 2 of 4')).toBeAttached();
    await page.getByRole('button', { name: 'Show testimonial 4' }).click();
    await expect(page.getByText('Testimonial 4 of 4')).toBeAttached();
    await page.getByRole('button', { name: /previous/i }).click();
    await expect(page.getByText('Testimonial 3 of 4')).toBeAttached();
  });
});

test('the testimonial filter counts come from the data and filter the cards', async ({ page }) => {
  await page.goto(paths.testimonials.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Client Success Stories');
  for (const stat of ['500+', '4.9/5', '98%', '24/7']) await expect(page.getByText(stat).first()).toBeVisible();
  const all = page.getByRole('button', { name: /All Reviews/ });
  await expect(all).toHaveAttribute('aria-pressed', 'true');
  await expect(all).toContainText('8');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(8);
  const customerService = page.getByRole('button', { name: /Customer Service/ });
  const expected = Number((await customerService.textContent())?.match(/\d+/)?.[0]);
  await customerService.click();
  await expect(customerService).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(expected);
  await expect(page.getByText('Trusted by Industry Leaders')).toBeVisible();
});

test.describe('a case study', () => {
  // The browser reports the unknown study's own 404 status as a console error.
  test.use({ expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

  test('opens by slug and by numeric id (moved to the slug); an unknown one answers 404 and goes back to the list', async ({
    page,
  }) => {
    await page.goto(paths.caseStudies.getHref());
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(paths.caseStudy.getHref({ slug: 'saas-startup-growth' }));
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    for (const heading of ['Background', 'The Challenge', 'The Solution', 'Results & Impact']) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute('href', getStartedHref);
    await expect(page.getByRole('link', { name: 'Schedule a Consultation' })).toHaveAttribute(
      'href',
      paths.contact.getHref(),
    );

    const byNumber = await page.goto(paths.caseStudy.getHref({ slug: '3' }));
    expect(byNumber?.request().redirectedFrom()?.url()).toMatch(/\/case-studies\/3$/);
    await expect(page).toHaveURL(paths.caseStudy.getHref({ slug: 'saas-startup-growth' }));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');

    await page.goto(paths.aboutUs.getHref());
    const unknown = await page.goto(paths.caseStudy.getHref({ slug: 'no-such-study' }));
    expect(unknown?.status()).toBe(404);
    await expect(page).toHaveURL(paths.caseStudies.getHref());
    await page.goBack();
    await expect(page).toHaveURL(paths.aboutUs.getHref());
  });
});

test('the legal pages state the policy constants and carry the same date', async ({ page }) => {
  for (const url of [
    paths.privacy.getHref(),
    paths.termsOfService.getHref(),
    paths.cookies.getHref(),
    paths.gdpr.getHref(),
  ]) {
    await page.goto(url);
    await expect(page.getByText(/January 15, 2024/).first(), url).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' }).first(), url).toHaveAttribute('href', getStartedHref);
  }
  await page.goto(paths.privacy.getHref());
  for (const text of [/16/, /3 years/, /7 years/, /26 months/])
    await expect(page.getByText(text).first()).toBeVisible();
  await page.goto(paths.terms.getHref());
  for (const text of [/Delaware/, /arbitration/]) await expect(page.getByText(text).first()).toBeVisible();
  await page.goto(paths.gdpr.getHref());
  await expect(page.getByText(/one month/).first()).toBeVisible();
  await page.goto(paths.cookies.getHref());
  await expect(page.getByRole('rowheader', { name: 'tandem_session' })).toBeVisible();
});

test('public pages have their own title, description, canonical URL and Open Graph tags', async ({ page, baseURL }) => {
  await page.goto(paths.financeAccounting.getHref());
  await expect(page).toHaveTitle('Finance & Accounting · Tandem');
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description?.length).toBeGreaterThan(50);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/services/finance-accounting`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Finance & Accounting · Tandem');
  // The card a shared link unfolds into, and words for its picture.
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/og-image.png`);
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', /AI-trained remote teams/);

  await page.goto(paths.privacyPolicy.getHref());
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/privacy`);
});

test('search engines get a sitemap, robots.txt and the organization data', async ({ request, baseURL }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${baseURL}/services/lead-generation</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/case-studies/saas-startup-growth</loc>`);
  expect(xml).not.toContain('/privacy-policy');
  expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const home = await (await request.get('/')).text();
  const blocks = [...home.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] ?? ''),
  );
  expect(blocks).toHaveLength(1);
  const graph: Array<Record<string, unknown>> = blocks[0]['@graph'];
  expect(graph.map((node) => node['@type'])).toEqual(['Organization', 'WebSite']);
  const [organization, website] = graph;
  expect(organization).not.toHaveProperty('aggregateRating');
  expect(organization).toMatchObject({ name: 'Tandem', url: `${baseURL}/`, logo: { url: `${baseURL}/logo.png` } });
  expect(website).toMatchObject({ url: `${baseURL}/`, publisher: { '@id': organization?.['@id'] } });
  // The logo is a picture the site serves.
  const logo = await request.get('/logo.png');
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toBe('image/png');
});
