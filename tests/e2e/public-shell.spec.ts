import { getStartedHref, paths } from '../../src/shared/routes';
import { expect, test, viewports } from './support/test';

const serviceNames = [
  'Customer Service',
  'Data Entry & Processing',
  'Virtual Assistants',
  'Business Operations',
  'Finance & Accounting',
  'Code Development',
  'Design & Graphics',
  'Digital Marketing',
  'Human Resources',
  'Lead Generation & Sales',
  'E-commerce Support',
];

test.describe('public header on a desktop', () => {
  test('the Services menu lists the 11 service pages and opens by mouse', async ({ page }) => {
    await page.goto(paths.home.getHref());
    const navigation = page.getByRole('navigation', { name: 'Main' }).first();
    await navigation.getByRole('button', { name: 'Services' }).click();
    const menu = navigation.getByRole('list');
    await expect(menu.getByRole('link')).toHaveText(['All Services', ...serviceNames]);
    await menu.getByRole('link', { name: 'Finance & Accounting' }).click();
    await expect(page).toHaveURL(paths.financeAccounting.getHref());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finance & Accounting');
    await expect(menu).toBeHidden();
  });

  test('the Services menu works from the keyboard and Escape closes it', async ({ page }) => {
    await page.goto(paths.aboutUs.getHref());
    const button = page.getByRole('navigation', { name: 'Main' }).first().getByRole('button', { name: 'Services' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'All Services' }).first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
  });

  test('the header links and the footer legal links lead to their pages', async ({ page }) => {
    await page.goto(paths.home.getHref());
    const header = page.getByRole('banner');
    for (const [name, target] of [
      ['About Us', paths.aboutUs],
      ['Case Studies', paths.caseStudies],
      ['How It Works', paths.howItWorks],
      ['Contact Us', paths.contact],
      ['Login', paths.login],
    ] as const) {
      await header.getByRole('link', { name, exact: true }).first().click();
      await expect(page).toHaveURL(target.getHref());
      await expect(page).toHaveTitle(`${target.title} · Tandem`);
      await page.goto(paths.home.getHref());
    }
    // Beside Login, the way in for a newcomer: the same page on its Register tab.
    await header.getByRole('link', { name: 'Get Started', exact: true }).click();
    await expect(page).toHaveURL(getStartedHref);
    await expect(page.getByRole('tab', { name: 'Register', selected: true })).toBeVisible();
    await page.goto(paths.home.getHref());
    const legal = page.getByRole('navigation', { name: 'Legal' });
    await expect(legal.getByRole('link')).toHaveText([
      'Privacy Policy',
      'Terms of Service',
      'Cookie Policy',
      'GDPR Compliance',
    ]);
    // The policy's canonical address, not its alias.
    await legal.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(paths.terms.getHref());
  });
});

test.describe('public header on a phone', () => {
  test.use({ viewport: viewports.mobile });

  test('the collapsible menu opens, lists the services and closes after a link', async ({ page }) => {
    await page.goto(paths.home.getHref());
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.locator('nav[aria-label="Main"]:visible');
    await menu.getByRole('button', { name: 'Services' }).click();
    await expect(menu.getByRole('link', { name: 'Lead Generation & Sales' })).toBeVisible();
    await menu.getByRole('link', { name: 'Lead Generation & Sales' }).click();
    await expect(page).toHaveURL(paths.leadGeneration.getHref());
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
