import { paths } from '../../src/shared/routes';
import { expect, test } from './support/test';

test('/benefits goes home and replaces its history entry', async ({ page }) => {
  await page.goto(paths.aboutUs.getHref());
  await page.goto('/benefits');
  await expect(page).toHaveURL(paths.home.getHref());
  await expect(page).toHaveTitle(`${paths.home.title} · Tandem`);
  await page.goBack();
  await expect(page).toHaveURL(paths.aboutUs.getHref());
});

test('old /dashboard links land on their company pages', async ({ page, loginAs }) => {
  await loginAs('company');
  const cases = [
    { from: '/dashboard/settings/profile', to: paths.companySettings.getHref(), title: paths.companySettings.title },
    { from: '/dashboard/billing', to: paths.companyBilling.getHref(), title: paths.companyBilling.title },
    { from: '/dashboard/jobs/42', to: paths.companyJob.getHref({ id: 42 }), title: paths.companyJob.title },
    {
      from: '/dashboard/tests/7?tab=questions',
      to: `${paths.companyTest.getHref({ id: 7 })}?tab=questions`,
      title: paths.companyTest.title,
    },
  ];
  for (const { from, to, title } of cases) {
    await page.goto(from);
    await expect(page, from).toHaveURL(to);
    await expect(page.getByRole('heading', { level: 1 }), from).toHaveText(title);
  }
});
