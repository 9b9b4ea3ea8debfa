import { expect, test } from './support/test';

test('the API documentation is browsable at /api/docs under the site’s security policy', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Tandem API/ })).toBeVisible();
  // Operations are listed by tag, closed: a tag opens to its operations.
  await expect(page.getByText('/api/health')).toHaveCount(0);
  const platformTag = page.getByRole('link', { name: 'platform', exact: true });
  await platformTag.click();
  await expect(page.getByText('/api/health').first()).toBeVisible();
  await expect(page.getByText('/api/ready').first()).toBeVisible();
  // The filter narrows the tags by name.
  await page.getByRole('textbox', { name: 'Filter by tag or path' }).fill('billing');
  await expect(platformTag).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'billing', exact: true })).toBeVisible();
});
