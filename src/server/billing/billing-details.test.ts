import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDetailsTexts } from '~/shared/billing-details';
import { adminCompaniesContract } from '~/shared/contracts/admin-companies';
import { paymentsContract } from '~/shared/contracts/payments';
import { settingsContract } from '~/shared/contracts/settings';
import { auditLogs } from '../db/schema';
import { signedInAccount } from '../testing/auth-helpers';
import { companyAccount, jobWith, uniqueWord } from '../testing/job-board-test-helpers';
import { companyIdOf, insertTestInvoice } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';

const portugal = {
  legal_name: 'Harbor Goods, Lda.',
  address_line1: 'Rua Augusta 27',
  address_line2: '2º andar',
  city: 'Lisbon',
  region: '',
  postal_code: '1100-048',
  country: 'PT',
  tax_id: 'PT100000096',
};

// A company's billing details (the books issue, item 7): the company writes who it is on its invoices; an
// administrator sets the tax rate and terms it is billed at; Tandem's own seller details live in System
// Settings. Each refusal names its field.
describe('billing details', () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof signedInAccount>>;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  let companyId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await signedInAccount(testApp, { role: 'company', companyName: 'Harbor Goods' });
    admin = await signedInAccount(testApp, { role: 'admin' });
    companyId = await companyIdOf(testApp.database.db, company.user.id);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('starts empty at the default rates, saves the company’s part and records what changed', async () => {
    const empty = await company.call(paymentsContract.billingDetails);
    expect(empty.body).toEqual({
      legal_name: '',
      address_line1: '',
      address_line2: '',
      city: '',
      region: '',
      postal_code: '',
      country: '',
      tax_id: '',
      currency: 'USD',
      currency_is_fixed: false,
      vat_check: '',
      vat_checked_at: null,
      email_e_invoice: false,
      tax_rate_basis_points: 0,
      payment_terms_days: 14,
    });
    const saved = await company.call(paymentsContract.updateBillingDetails, {
      body: { ...portugal, country: ' pt ', tax_id: 'pt 100 000 096 ' },
    });
    expect(saved.statusCode, saved.error?.error).toBe(200);
    expect(saved.body).toEqual({
      ...portugal,
      currency: 'USD',
      currency_is_fixed: false,
      vat_check: '',
      vat_checked_at: null,
      email_e_invoice: false,
      tax_rate_basis_points: 0,
      payment_terms_days: 14,
    });
    expect((await company.call(paymentsContract.billingDetails)).body).toEqual(saved.body);

    const [audited] = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'billing_details.updated'), eq(auditLogs.targetId, companyId)));
    expect(audited).toMatchObject({
      actorId: company.user.id,
      details: { changed: expect.arrayContaining(['legal_name', 'country', 'tax_id']), after: { country: 'PT' } },
    });
    // Saving the same again records nothing more.
    await company.call(paymentsContract.updateBillingDetails, { body: portugal });
    const rows = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'billing_details.updated'), eq(auditLogs.targetId, companyId)));
    expect(rows).toHaveLength(1);
  });

  it('bills in the currency chosen before the first job, and fixes it once a job is posted', async () => {
    const euro = await companyAccount(testApp, 'Berliner Werkstatt');
    // Pesos are paid out, never billed: a body the typed client would not send.
    const pesos = { ...portugal, currency: 'PHP' } as unknown as typeof portugal;
    const refused = await euro.call(paymentsContract.updateBillingDetails, { body: pesos });
    expect(refused.statusCode).toBe(400);
    expect(refused.error?.fields?.currency).toBe(billingDetailsTexts.currency);
    const chosen = await euro.call(paymentsContract.updateBillingDetails, { body: { ...portugal, currency: 'EUR' } });
    expect(chosen.statusCode, chosen.error?.error).toBe(200);
    expect(chosen.body).toMatchObject({ currency: 'EUR', currency_is_fixed: false });
    // Issued in its currency, whatever path inserts it.
    const invoice = await insertTestInvoice(testApp.database.db, { companyId: euro.companyId });
    expect(invoice.currency).toBe('EUR');

    await jobWith(testApp, euro.companyId, uniqueWord());
    expect((await euro.call(paymentsContract.billingDetails)).body).toMatchObject({
      currency: 'EUR',
      currency_is_fixed: true,
    });
    const fixed = await euro.call(paymentsContract.updateBillingDetails, { body: { ...portugal, currency: 'USD' } });
    expect(fixed.statusCode).toBe(409);
    expect(fixed.error?.error).toBe(billingDetailsTexts.currencyFixed);
    expect(fixed.error?.fields?.currency).toBe(billingDetailsTexts.currencyFixed);
    // An administrator is held to it too; the rest of a save still goes through without the currency.
    const adminFixed = await admin.call(adminCompaniesContract.updateBillingDetails, {
      params: { id: euro.companyId },
      body: { ...portugal, currency: 'GBP', tax_rate_basis_points: 0, payment_terms_days: 30 },
    });
    expect(adminFixed.statusCode).toBe(409);
    const kept = await euro.call(paymentsContract.updateBillingDetails, { body: { ...portugal, city: 'Porto' } });
    expect(kept.body).toMatchObject({ city: 'Porto', currency: 'EUR' });
  });

  it('refuses each bad field with its sentence, and keeps what was saved', async () => {
    const refused = await company.call(paymentsContract.updateBillingDetails, {
      body: { ...portugal, legal_name: 'x'.repeat(201), country: 'XX', tax_id: 'PT-5 0!', postal_code: '1'.repeat(21) },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.error?.fields).toMatchObject({
      legal_name: billingDetailsTexts.legalName,
      country: billingDetailsTexts.country,
      tax_id: billingDetailsTexts.taxId,
      postal_code: billingDetailsTexts.postalCode,
    });
    const noCountry = await company.call(paymentsContract.updateBillingDetails, { body: { ...portugal, country: '' } });
    expect(noCountry.statusCode).toBe(400);
    expect(noCountry.error?.fields).toEqual({ country: billingDetailsTexts.addressNeedsCountry });
    const missing = await company.callUnchecked(paymentsContract.updateBillingDetails, {
      body: { legal_name: 'Only' },
    });
    expect(missing.statusCode).toBe(400);
    expect((await company.call(paymentsContract.billingDetails)).body).toMatchObject(portugal);
  });

  it('lets no company set the tax it is charged; an administrator sets the rate and terms', async () => {
    const sneaky = await company.callUnchecked(paymentsContract.updateBillingDetails, {
      body: { ...portugal, tax_rate_basis_points: 0, payment_terms_days: 120 },
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.body).toMatchObject({ tax_rate_basis_points: 0, payment_terms_days: 14 });

    const set = await admin.call(adminCompaniesContract.updateBillingDetails, {
      params: { id: companyId },
      body: { ...portugal, tax_rate_basis_points: 2300, payment_terms_days: 30 },
    });
    expect(set.statusCode, set.error?.error).toBe(200);
    expect((await company.call(paymentsContract.billingDetails)).body).toMatchObject({
      tax_rate_basis_points: 2300,
      payment_terms_days: 30,
    });
    // The company's own save leaves the administrator's rates alone.
    await company.call(paymentsContract.updateBillingDetails, { body: { ...portugal, city: 'Porto' } });
    expect((await admin.call(adminCompaniesContract.billingDetails, { params: { id: companyId } })).body).toMatchObject(
      {
        city: 'Porto',
        tax_rate_basis_points: 2300,
      },
    );

    const tooMuch = await admin.call(adminCompaniesContract.updateBillingDetails, {
      params: { id: companyId },
      body: { ...portugal, tax_rate_basis_points: 10_001, payment_terms_days: 121 },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.error?.fields).toEqual({
      tax_rate_basis_points: billingDetailsTexts.taxRate,
      payment_terms_days: billingDetailsTexts.paymentTerms,
    });
    const unknown = await admin.call(adminCompaniesContract.billingDetails, { params: { id: crypto.randomUUID() } });
    expect(unknown.statusCode).toBe(404);
  });

  it('is the company’s owner’s and billing people’s to change, an administrator’s for any company, nobody else’s', async () => {
    const viewer = await signedInAccount(testApp, { role: 'company', companyRole: 'viewer' });
    expect((await viewer.call(paymentsContract.billingDetails)).statusCode).toBe(200);
    expect((await viewer.call(paymentsContract.updateBillingDetails, { body: portugal })).statusCode).toBe(403);
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    expect((await talent.call(paymentsContract.billingDetails)).statusCode).toBe(403);
    expect(
      (
        await company.call(adminCompaniesContract.updateBillingDetails, {
          params: { id: companyId },
          body: { ...portugal, tax_rate_basis_points: 0, payment_terms_days: 0 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await company.call(settingsContract.updateInvoiceSeller, {
          body: { legal_name: 'Me', address: '', tax_id: '' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('keeps the seller every invoice names in System Settings', async () => {
    expect((await admin.call(settingsContract.invoiceSeller)).body).toEqual({
      legal_name: 'Tandem',
      address: '',
      tax_id: '',
      country: '',
      email: '',
      us_ein: '',
      phone: '',
    });
    const blank = await admin.call(settingsContract.updateInvoiceSeller, {
      body: { legal_name: ' ', address: '', tax_id: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.error?.fields).toEqual({ legal_name: billingDetailsTexts.legalName });
    const seller = {
      legal_name: 'Tandem Teams, Inc.',
      address: '2 Harbor Way\nWilmington, DE 19801\nUnited States',
      tax_id: 'US12-3456789',
    };
    const saved = await admin.call(settingsContract.updateInvoiceSeller, { body: seller });
    // What a save leaves out (the country, the email, the US payer's EIN and phone) stays as it was: empty.
    const unset = { country: '', email: '', us_ein: '', phone: '' };
    expect(saved.body).toEqual({ ...seller, ...unset });
    expect((await admin.call(settingsContract.invoiceSeller)).body).toEqual({ ...seller, ...unset });
    const [audited] = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'settings.invoice_seller_updated'));
    expect(audited?.details).toMatchObject({ before: { legal_name: 'Tandem' }, after: seller });

    // A seller in a VAT country: its number is checked for that country and kept as invoices print it; a
    // save that leaves the country out keeps it.
    const wrongDigit = await admin.call(settingsContract.updateInvoiceSeller, {
      body: { ...seller, country: 'IE', tax_id: 'IE6388047W' },
    });
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.error?.fields?.tax_id).toMatch(/Irish VAT number|check digit/i);
    const irish = await admin.call(settingsContract.updateInvoiceSeller, {
      body: {
        legal_name: 'Tandem Teams Ltd',
        address: '1 Dock Road\nDublin D01 F5P2',
        country: 'IE',
        tax_id: 'ie 6388047 v',
      },
    });
    expect(irish.body).toMatchObject({ country: 'IE', tax_id: 'IE6388047V' });
    const renamed = await admin.call(settingsContract.updateInvoiceSeller, {
      body: { legal_name: 'Tandem Teams Limited', address: '1 Dock Road', tax_id: 'IE6388047V' },
    });
    expect(renamed.body).toMatchObject({ legal_name: 'Tandem Teams Limited', country: 'IE' });

    // The US payer's EIN every Form 1099-NEC names (decision 055): the IRS's prefixes, printed 12-3456789.
    const badEin = await admin.call(settingsContract.updateInvoiceSeller, {
      body: { ...seller, tax_id: '', us_ein: '07-1234567' },
    });
    expect(badEin.error?.fields).toEqual({ us_ein: billingDetailsTexts.sellerEin });
    const payer = await admin.call(settingsContract.updateInvoiceSeller, {
      body: { ...seller, tax_id: '', us_ein: '123456789', phone: '+1 302 555 0100' },
    });
    expect(payer.body).toMatchObject({ us_ein: '12-3456789', phone: '+1 302 555 0100' });
  });
});
