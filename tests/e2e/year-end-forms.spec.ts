import { readFile } from 'node:fs/promises';
import { pdfText } from '../../src/server/testing/pdf-text';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { sameOrigin, uniqueName } from './support/jobs';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, test } from './support/test';

// Year-end forms (issue 56, decision 055): a US talent paid $650.01 last year; an administrator sees them due a
// Form 1099-NEC under Payouts › Tax forms, issues it by the keyboard, and the talent downloads Copy B from Earnings.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('an administrator issues last year’s Form 1099-NEC and the talent downloads Copy B', async ({
  page,
  browser,
  baseURL,
  request,
  loginAs,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const name = uniqueName('Lena Ortiz');
  const talent = await createAccount('applicant', { name });
  const lastYear = new Date().getUTCFullYear() - 1;
  for (const [cents, day] of [
    [40_000, `${lastYear}-03-02`],
    [25_001, `${lastYear}-11-30`],
  ] as const) {
    const paid = await request.post('/api/testing/payouts/paid', {
      data: { applicant_email: talent.email, amount_cents: cents, day },
    });
    expect(paid.status(), await paid.text()).toBe(200);
  }
  const second = await openSecondBrowser({ browser, request, baseURL, email: talent.email });
  const signed = await second.page.request.post('/api/applicant/tax-form', {
    headers: sameOrigin,
    data: {
      kind: 'w9',
      legal_name: name,
      business_name: '',
      tax_classification: 'individual',
      address_street: '100 Congress Ave, Apt 4',
      address_city: 'Austin, TX 78701',
      tin_type: 'ssn',
      tin: '123-45-6789',
      signature_name: name,
      consent_to_sign_electronically: true,
    },
  });
  expect(signed.status(), await signed.text()).toBe(201);

  await loginAs('admin');
  // The payer every form names: Tandem's EIN, address and phone.
  const seller = await page.request.get('/api/admin/settings/invoice-seller');
  const saved = await page.request.put('/api/admin/settings/invoice-seller', {
    headers: sameOrigin,
    data: {
      ...(await seller.json()),
      address: '548 Market Street, Suite 400\nSan Francisco, CA 94104',
      us_ein: '12-3456789',
      phone: '+1 415 555 0100',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto(`${paths.adminPayouts.getHref()}?tab=tax-forms`);
  const card = page.getByRole('region', { name: 'Form 1099-NEC' });
  await expect(card.getByLabel('Tax year')).toHaveValue(String(lastYear));
  const table = card.getByRole('table', { name: `Forms 1099-NEC for ${lastYear}` });
  // Only this journey pays talents in a past year, so its talent is on the first page of the year's list.
  await expect(
    table.getByRole('row', { name: new RegExp(`${name}.*•••-••-6789.*\\$650\\.01.*Not issued`) }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'year-end-forms-admin', { scrollTo: card });

  const issue = card.getByRole('button', { name: /^Issue \d+ forms?$/ });
  await issue.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: new RegExp(`^Issue \\d+ forms? for ${lastYear}\\?$`) });
  await dialog.getByRole('button', { name: 'Issue' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Forms 1099-NEC issued');
  await expect(
    table.getByRole('row', { name: new RegExp(`${name}.*\\$650\\.01.*Issued.*\\$650\\.01 in box 1`) }),
  ).toBeVisible();

  await second.page.goto(paths.applicantEarnings.getHref());
  const own = second.page.getByRole('region', { name: 'Form 1099-NEC' });
  await expect(own).toContainText(`$650.01 nonemployee compensation`);
  await saveScreenshots(second.page, 'year-end-forms-talent', { scrollTo: own });
  const download = second.page.waitForEvent('download');
  await own.getByRole('link', { name: `Download Form 1099-NEC for ${lastYear}` }).click();
  const file = await (await download).path();
  const text = await pdfText(await readFile(file));
  expect(text).toContain('$650.01');
  expect(text).toContain('***-**-6789');
  expect(text).toContain('Copy B');
  expect(text).not.toContain('123-45-6789');
  await second.context.close();
});
