import { expect, test } from './support/test';

test('the API documentation is browsable at /api/docs under the site’s security policy', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Tandem API/ })).toBeVisible();
  await expect(page.getByText('/api/health').first()).toBeVisible();
  await expect(page.getByText('/api/ready').first()).toBeVisible();
});
