import { paths } from '../../src/shared/routes';
import { expect, test } from './support/test';

test('the cookie banner keeps the visitor’s choice and does not come back', async ({ page, context, loginAs }) => {
  await loginAs('company');
  await page.goto(paths.home.getHref());
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Essential only' }).click();
  await expect(banner).toBeHidden();

  const consent = (await context.cookies()).find((cookie) => cookie.name === 'tandem_consent');
  expect(consent?.value).toBe('essential');
  expect(consent?.sameSite).toBe('Lax');

  await page.reload();
  await page.goto(paths.companyDashboard.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
});

test('accepting all cookies is recorded as such', async ({ page, context }) => {
  await page.goto(paths.contact.getHref());
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept all' }).click();
  const consent = (await context.cookies()).find((cookie) => cookie.name === 'tandem_consent');
  expect(consent?.value).toBe('all');
});
