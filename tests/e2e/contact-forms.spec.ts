import type { Page } from '@playwright/test';
import { contactInboxTexts } from '../../src/shared/contact';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies, readEmailLink } from './support/auth';
import { uniqueName } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

async function findStoredMessage(request: import('@playwright/test').APIRequestContext, email: string) {
  const response = await request.get(`/api/admin/contact-messages?status=all&q=${encodeURIComponent(email)}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).items as Array<{ email: string; subject: string | null; source: string }>;
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

// The forms promise an answer within 24 hours: the message reaches a person, who answers it from the inbox.
test('the home page form sends a message, and an administrator is told of it and answers it from the inbox', async ({
  page,
  context,
  baseURL,
  createAccount,
  signIn,
}) => {
  test.setTimeout(90_000);
  await chooseEssentialCookies(context, baseURL);
  // Administrators are emailed about each new message: this one exists before it is sent.
  const admin = await createAccount('admin', { name: uniqueName('Ada Inbox') });
  await page.goto(paths.home.getHref());
  const form = page.getByRole('form').or(page.locator('form')).last();
  await form.getByRole('button', { name: /send/i }).click();
  await expect(form.getByText('Please enter your name.')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Please enter your message.')).toBeVisible();

  const email = `home-${Date.now()}@example.test`;
  const name = uniqueName('Morgan Lee');
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Message/).fill('We need a team of six for chat support.');
  await form.getByRole('button', { name: /send/i }).click();
  await expect(toasts(page).getByText('Message Sent!')).toBeVisible();
  await expect(
    toasts(page).getByText("Thank you for your interest. We'll get back to you within 24 hours."),
  ).toBeVisible();
  await expect(form.getByLabel(/^Name/)).toHaveValue('');
  // The thanks stays in the form, readable whatever covers the toast.
  await expect(form.getByRole('status')).toHaveText(
    "Message Sent! Thank you for your interest. We'll get back to you within 24 hours.",
  );

  await signIn(admin);
  const stored = await findStoredMessage(page.request, email);
  expect(stored).toEqual([expect.objectContaining({ email, source: 'home', subject: null })]);
  // The administrator's email links to the message in the inbox.
  const link = await readEmailLink(page.request, admin.email, paths.adminContactMessages.getHref(), {
    containing: email,
  });

  // The dashboard counts it among the messages waiting, and leads to the inbox.
  await page.goto(paths.adminDashboard.getHref());
  const card = page
    .getByRole('region', { name: 'Platform figures' })
    .locator('div')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'New Contact Messages', exact: true }) })
    .last();
  await expect(card).toBeVisible();
  expect(Number(await card.locator('p').first().textContent())).toBeGreaterThanOrEqual(1);
  await card.getByRole('link', { name: 'Open Inbox' }).click();
  await expect(page).toHaveURL(paths.adminContactMessages.getHref());
  const table = page.getByRole('table', { name: 'Contact messages' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`Message from ${name}`);
  await expect(row).toContainText('New');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'admin-contact-messages');

  await page.goto(link);
  const drawer = page.getByRole('dialog', { name: `Message from ${name}` });
  await expect(drawer).toContainText('We need a team of six for chat support.');
  await expect(drawer).toContainText('Home page form');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'admin-contact-message');

  await drawer.getByRole('button', { name: 'Send Reply' }).click();
  await expect(drawer.getByText(contactInboxTexts.replyRequired)).toBeVisible();
  await drawer
    .getByRole('textbox', { name: `Reply to ${name}` })
    .fill('Hello Morgan,\n\nSix agents can start on Monday. When can we call you?');
  await drawer.getByRole('button', { name: 'Send Reply' }).click();
  await expect(page.getByText(contactInboxTexts.replied, { exact: true })).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Replies' })).toContainText('Six agents can start on Monday.');
  await expect(drawer.getByText('Handled', { exact: true })).toBeVisible();
  await saveScreenshots(page, 'admin-contact-message-replied');

  // The sender has the answer, above their message.
  const outbox = await page.request.get(`/api/testing/outbox?to=${encodeURIComponent(email)}`);
  const [reply] = (await outbox.json()).items as Array<{ subject: string; text: string }>;
  expect(reply?.subject).toBe('Re: Your message to Tandem');
  expect(reply?.text).toContain('Six agents can start on Monday.');
  expect(reply?.text).toContain('  We need a team of six for chat support.');

  // Handled, it has left the new messages.
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
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
  // The hours, written as the account managers' hours are (Mon-Fri, 9 AM - 6 PM PST).
  const hours = page.getByRole('definition');
  await expect(hours).toHaveText(['9 AM - 6 PM', '10 AM - 4 PM', 'Closed']);
  await expect(page.getByRole('term')).toHaveText(['Mon-Fri', 'Sat', 'Sun']);
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
