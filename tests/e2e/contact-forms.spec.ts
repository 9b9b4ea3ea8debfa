import { paths } from '../../src/shared/routes';
import { expect, test } from './support/test';

async function findStoredMessage(request: import('@playwright/test').APIRequestContext, email: string) {
  const response = await request.get(`/api/admin/contact-messages?status=all&q=${encodeURIComponent(email)}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).items as Array<{ email: string; subject: string | null; source: string }>;
}

test('the home page form checks its fields, sends, stores the message and says so', async ({ page, loginAs }) => {
  await page.goto(paths.home.getHref());
  const form = page.getByRole('form').or(page.locator('form')).last();
  await form.getByRole('button', { name: /send/i }).click();
  await expect(form.getByText('Please enter your name.')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Please enter your message.')).toBeVisible();

  const email = `home-${Date.now()}@example.test`;
  await form.getByLabel(/^Name/).fill('Morgan Lee');
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Message/).fill('We need a team of six for chat support.');
  await form.getByRole('button', { name: /send/i }).click();
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(toasts.getByText('Message Sent!')).toBeVisible();
  await expect(toasts.getByText("Thank you for your interest. We'll get back to you within 24 hours.")).toBeVisible();
  await expect(form.getByLabel(/^Name/)).toHaveValue('');

  await loginAs('admin', { email: 'admin-e2e@example.test' }).catch(() =>
    loginAs('admin', { email: 'admin-oidc@example.test' }),
  );
  const stored = await findStoredMessage(page.request, email);
  expect(stored).toEqual([expect.objectContaining({ email, source: 'home', subject: null })]);
});

test('the Contact page form needs a subject and thanks the visitor in its own words', async ({ page }) => {
  await page.goto(paths.contact.getHref());
  const form = page.locator('form').last();
  await form.getByLabel(/^Name/).fill('Sam Ortiz');
  await form.getByLabel(/^Email/).fill(`contact-${Date.now()}@example.test`);
  await form.getByLabel(/^Message/).fill('Could you quote for bookkeeping?');
  await form.getByRole('button', { name: /send/i }).click();
  await expect(form.getByText('Please enter a subject.')).toBeVisible();
  await form.getByLabel(/^Subject/).fill('Bookkeeping quote');
  await form.getByRole('button', { name: /send/i }).click();
  await expect(
    page
      .getByRole('region', { name: 'Notifications (F8)' })
      .getByText("Thank you for contacting us. We'll get back to you within 24 hours."),
  ).toBeVisible();
  for (const hours of [/Monday/, /Saturday/, /Sunday/]) await expect(page.getByText(hours).first()).toBeVisible();
});

test.describe('when the message cannot be sent', () => {
  test.use({ expectedConsoleErrors: [/Failed to load resource|net::ERR_FAILED/] });

  test('the form keeps what was typed and shows the failure toast', async ({ page }) => {
    await page.route('**/api/contact', (route) => route.abort('failed'));
    await page.goto(paths.contact.getHref());
    const form = page.locator('form').last();
    await form.getByLabel(/^Name/).fill('Riley');
    await form.getByLabel(/^Email/).fill('riley@example.test');
    await form.getByLabel(/^Subject/).fill('Hello');
    await form.getByLabel(/^Message/).fill('Are you hiring?');
    await form.getByRole('button', { name: /send/i }).click();
    const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(toasts.getByText('Error', { exact: true })).toBeVisible();
    await expect(toasts.getByText('Failed to send message. Please try again.')).toBeVisible();
    await expect(form.getByLabel(/^Message/)).toHaveValue('Are you hiring?');
  });
});
