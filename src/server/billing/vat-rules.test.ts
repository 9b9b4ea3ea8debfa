import { and, eq, isNotNull } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountingContract } from '~/shared/contracts/accounting';
import { invoicesContract } from '~/shared/contracts/billing';
import { paymentsContract } from '~/shared/contracts/payments';
import { settingsContract } from '~/shared/contracts/settings';
import { taxRatesContract } from '~/shared/contracts/tax-rates';
import { eInvoiceTexts } from '~/shared/e-invoice-texts';
import { taxNotes, taxTexts } from '~/shared/tax';
import { taxIdTexts } from '~/shared/tax-id-texts';
import { companies, emailOutbox } from '../db/schema';
import { issueInvoices } from '../kernels/money/issue-invoices';
import { taxRateOn } from '../kernels/money/load-tax-treatments';
import { currentChargeRates } from '../kernels/payments/milestone-charge';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { type FakeVies, startFakeVies } from '../testing/fake-vies';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { pdfText } from '../testing/pdf-text';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';
import { xmllint } from '../testing/xmllint';

const lastWeek = () => addDays(weekStartOf(isoDay(new Date())), -7);
const xml = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false });

// VAT on company invoices (issue 56, decision 053), sold by Tandem's Irish entity: a German business with a VAT
// number is reverse charged, an Irish one pays Irish VAT, a British one is outside the scope of EU VAT; each
// invoice's PDF says so and its e-invoice is EN 16931 UBL that @e-invoice-eu/core validates and xmllint parses.
describe('VAT on invoices from an Irish seller', () => {
  let testApp: TestApp;
  let vies: FakeVies;
  let admin: Account;
  let talent: Account;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    vies = await startFakeVies({
      DE136695976: { kind: 'valid', name: 'Berlin Werkzeuge GmbH', address: 'Berlin' },
      FR05442977302: { kind: 'invalid' },
      IE6388047V: { kind: 'valid', name: 'Liffey Software Ltd', address: 'Dublin' },
    });
    testApp = await createTestApp({ env: { VIES_URL: vies.url } });
    await testApp.setSettings({ platform_fee_basis_points: 1000 });
    admin = await signedInAccount(testApp, { role: 'admin' });
    talent = await signedInAccount(testApp, { role: 'applicant', name: 'Aoife Byrne' });
    const seller = await admin.call(settingsContract.updateInvoiceSeller, {
      body: {
        legal_name: 'Tandem Teams Ltd',
        address: '1 Dock Road\nDublin D01 F5P2',
        tax_id: 'IE6388047V',
        country: 'IE',
        email: 'billing@tandem.test',
      },
    });
    expect(seller.statusCode, seller.error?.error).toBe(200);
  });
  afterAll(async () => {
    await testApp?.close();
    await vies?.close();
  });

  // A company billed in its currency, with its billing details saved through the API, and a week of approved
  // work: 40 h at 50.00 = 2,000.00, fee 10% = 200.00, 2,200.00 taxable.
  async function billedCompany(
    name: string,
    details: { country: string; tax_id: string; email_e_invoice?: boolean },
    currency: 'EUR' | 'GBP',
  ) {
    const owner = await companyAccount(testApp, name);
    await db().update(companies).set({ billingCurrency: currency }).where(eq(companies.id, owner.companyId));
    const saved = await owner.call(paymentsContract.updateBillingDetails, {
      body: { ...blankDetails, legal_name: name, address_line1: '1 Main Street', ...details },
    });
    expect(saved.statusCode, saved.error?.error).toBe(200);
    const assignment = await buildAssignment(db(), {
      companyId: owner.companyId,
      applicantId: talent.user.id,
      rateCents: 5000,
      payRateCents: 4000,
      startDate: addDays(lastWeek(), -30),
      role: 'Support Engineer',
    });
    const week = lastWeek();
    await buildTimesheet(db(), {
      assignmentId: assignment.id,
      weekStart: week,
      status: 'approved',
      minutes: Object.fromEntries([1, 2, 3, 4, 5].map((day) => [addDays(week, day), 480])),
      talentPayCents: 160_000,
    });
    await issueInvoices({ db: db(), periodStart: week, companyIds: [owner.companyId] });
    const [invoice] = (await owner.call(invoicesContract.list, { query: {} })).body.items;
    if (!invoice) throw new Error(`${name} was not invoiced.`);
    return { owner, invoice };
  }

  // The e-invoice as downloaded: XML that xmllint parses, with its VAT category, rate and amounts.
  async function eInvoiceOf(owner: Account, id: string) {
    const download = await owner.call(invoicesContract.invoiceEInvoice, { params: { id } });
    expect(download.statusCode, download.rawPayload.toString()).toBe(200);
    expect(download.headers['content-type']).toContain('application/xml');
    const text = download.rawPayload.toString('utf8');
    expect(xmllint(text)).toEqual({ status: 0, stderr: '' });
    const invoice = xml.parse(text).Invoice;
    const subtotal = invoice.TaxTotal.TaxSubtotal;
    return {
      text,
      category: subtotal.TaxCategory.ID,
      percent: subtotal.TaxCategory.Percent,
      exemption: subtotal.TaxCategory.TaxExemptionReason,
      taxable: subtotal.TaxableAmount['#text'],
      tax: subtotal.TaxAmount['#text'],
      payable: invoice.LegalMonetaryTotal.PayableAmount['#text'],
    };
  }

  it('reverse charges a German business with a VAT number VIES knows, with the Directive’s wording', async () => {
    const { owner, invoice } = await billedCompany(
      'Berlin Werkzeuge GmbH',
      { country: 'DE', tax_id: 'de 136 695 976' },
      'EUR',
    );
    expect((await owner.call(paymentsContract.billingDetails)).body).toMatchObject({
      tax_id: 'DE136695976',
      vat_check: 'valid',
    });
    expect(invoice).toMatchObject({
      subtotal_cents: 200_000,
      fee_cents: 20_000,
      tax_cents: 0,
      amount_cents: 220_000,
      currency: 'EUR',
      billed_to: { country: 'DE', tax_id: 'DE136695976', email: owner.user.email },
      seller: { name: 'Tandem Teams Ltd', country: 'IE', tax_id: 'IE6388047V', email: 'billing@tandem.test' },
      tax: {
        category: 'reverse_charge',
        name: 'VAT',
        rate_basis_points: 0,
        note: taxNotes.euReverseCharge,
        breakdown: [{ rate_basis_points: 0, taxable_cents: 220_000, tax_cents: 0 }],
      },
    });
    expect(invoice.items.map((item) => item.kind)).toEqual(['work', 'fee']);
    const pdf = await pdfText(
      (await owner.call(invoicesContract.invoicePdf, { params: { id: invoice.id } })).rawPayload,
    );
    for (const text of ['IE6388047V', 'DE136695976', 'VAT 0% (reverse charge) on €2,200.00', 'Article 196']) {
      expect(pdf).toContain(text);
    }
    expect(await eInvoiceOf(owner, invoice.id)).toMatchObject({
      category: 'AE',
      percent: '0.00',
      taxable: '2200.00',
      tax: '0.00',
      payable: '2200.00',
    });
    // A funding charges by the same rule.
    expect(await currentChargeRates(db(), owner.companyId)).toMatchObject({
      taxBasisPoints: 0,
      tax: { category: 'reverse_charge' },
    });
  });

  it('charges Irish VAT at 23% to an Irish business', async () => {
    const { owner, invoice } = await billedCompany(
      'Liffey Software Ltd',
      { country: 'IE', tax_id: 'IE6388047V' },
      'EUR',
    );
    // 23% of €2,200.00 = €506.00.
    expect(invoice).toMatchObject({
      tax_cents: 50_600,
      amount_cents: 270_600,
      tax: {
        category: 'standard',
        name: 'VAT',
        rate_basis_points: 2300,
        note: '',
        breakdown: [{ rate_basis_points: 2300, taxable_cents: 220_000, tax_cents: 50_600 }],
      },
    });
    expect(invoice.items.at(-1)).toMatchObject({ kind: 'tax', description: 'VAT (23% of €2,200.00)' });
    const pdf = await pdfText(
      (await owner.call(invoicesContract.invoicePdf, { params: { id: invoice.id } })).rawPayload,
    );
    expect(pdf).toContain('VAT 23% on €2,200.00');
    expect(await eInvoiceOf(owner, invoice.id)).toMatchObject({
      category: 'S',
      percent: '23.00',
      taxable: '2200.00',
      tax: '506.00',
      payable: '2706.00',
    });
  });

  it('leaves a British business outside the scope of EU VAT, the UK’s reverse charge named', async () => {
    const { owner, invoice } = await billedCompany(
      'Camden Design Ltd',
      { country: 'GB', tax_id: 'GB001514344' },
      'GBP',
    );
    expect(invoice).toMatchObject({
      tax_cents: 0,
      amount_cents: 220_000,
      currency: 'GBP',
      tax: { category: 'outside_scope', name: 'VAT', rate_basis_points: 0, note: taxNotes.euOutsideScopeUk },
    });
    const pdf = await pdfText(
      (await owner.call(invoicesContract.invoicePdf, { params: { id: invoice.id } })).rawPayload,
    );
    expect(pdf).toContain('VAT 0% (outside the scope) on £2,200.00');
    const eInvoice = await eInvoiceOf(owner, invoice.id);
    expect(eInvoice).toMatchObject({ category: 'O', tax: '0.00', payable: '2200.00' });
    expect(eInvoice.exemption).toBe(taxNotes.euOutsideScopeUk);
    // Outside the scope, EN 16931 names no VAT number of either party (BR-O-02).
    expect(eInvoice.text).not.toContain('GB001514344');
  });

  it('attaches the e-invoice to the new-invoice email when the company asks for it', async () => {
    const { owner, invoice } = await billedCompany(
      'Bremen Logistik GmbH',
      { country: 'DE', tax_id: 'DE136695976', email_e_invoice: true },
      'EUR',
    );
    // The notification-email job runs as in production, once the issuing transaction commits.
    const sent = await vi.waitFor(
      async () => {
        const [row] = await db()
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.toAddress, owner.user.email), isNotNull(emailOutbox.attachments)));
        if (!row) throw new Error('The invoice email has not been written yet.');
        return row;
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(sent?.attachments).toEqual([
      { filename: `${invoice.invoice_number}.xml`, contentType: 'application/xml', contentBase64: expect.any(String) },
    ]);
    const attached = Buffer.from(sent?.attachments?.[0]?.contentBase64 ?? '', 'base64').toString('utf8');
    expect(xmllint(attached)).toEqual({ status: 0, stderr: '' });
    expect(attached).toContain(`<cbc:ID>${invoice.invoice_number}</cbc:ID>`);
    // The same XML as its download.
    const download = await owner.call(invoicesContract.invoiceEInvoice, { params: { id: invoice.id } });
    expect(download.rawPayload.toString('utf8')).toBe(attached);
  });

  it('refuses a VAT number with a wrong check digit, and one VIES says is not registered, saving nothing', async () => {
    const owner = await companyAccount(testApp, 'Lyon Conseil SARL');
    const mistyped = await owner.call(paymentsContract.updateBillingDetails, {
      body: { ...blankDetails, country: 'FR', tax_id: 'FR05442977300' },
    });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.error?.fields?.tax_id).toContain('check digit');
    const unregistered = await owner.call(paymentsContract.updateBillingDetails, {
      body: { ...blankDetails, country: 'FR', tax_id: 'FR05442977302' },
    });
    expect(unregistered.statusCode).toBe(400);
    expect(unregistered.error?.fields).toEqual({ tax_id: taxIdTexts.notRegistered });
    expect((await owner.call(paymentsContract.billingDetails)).body).toMatchObject({ country: '', tax_id: '' });
    expect(vies.requests).toContainEqual({ countryCode: 'FR', vatNumber: '05442977302' });
  });

  it('takes a new rate from its day on; one in effect stays, one scheduled may go; administrators only', async () => {
    const today = isoDay(new Date());
    const tomorrow = addDays(today, 1);
    const listed = await admin.call(taxRatesContract.list, { query: { page: 1, page_size: 100 } });
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({ country: 'IE', name: 'VAT', rate_basis_points: 2300, is_current: true }),
    );
    const added = await admin.call(taxRatesContract.add, {
      body: { country: 'ie', name: 'VAT', rate_basis_points: 2400, effective_from: tomorrow },
    });
    expect(added.statusCode, added.error?.error).toBe(201);
    expect(added.body).toMatchObject({ country: 'IE', is_current: false, is_scheduled: true });
    expect(await taxRateOn(db(), 'IE', today)).toEqual({ name: 'VAT', rateBasisPoints: 2300 });
    expect(await taxRateOn(db(), 'IE', tomorrow)).toEqual({ name: 'VAT', rateBasisPoints: 2400 });

    const twice = await admin.call(taxRatesContract.add, {
      body: { country: 'IE', name: 'VAT', rate_basis_points: 2500, effective_from: tomorrow },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.error?.fields).toEqual({ effective_from: taxTexts.rateExists });
    const backdated = await admin.call(taxRatesContract.add, {
      body: { country: 'IE', name: 'VAT', rate_basis_points: 2500, effective_from: addDays(today, -1) },
    });
    expect(backdated.error?.fields).toEqual({ effective_from: taxTexts.rateFromToday });
    const bad = await admin.callUnchecked(taxRatesContract.add, {
      body: { country: 'XX', name: 'Sales', rate_basis_points: 10_001, effective_from: '2026-02-30' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.error?.fields).toEqual({
      country: taxTexts.rateCountry,
      name: taxTexts.rateName,
      rate_basis_points: taxTexts.rateValue,
      effective_from: taxTexts.rateDate,
    });

    const company = await companyAccount(testApp, 'Rates Reader Ltd');
    expect((await company.call(taxRatesContract.list, { query: {} })).statusCode).toBe(403);
    expect((await company.call(taxRatesContract.remove, { params: { id: added.body.id } })).statusCode).toBe(403);
    const current = listed.body.items.find((rate) => rate.country === 'IE' && rate.is_current);
    const kept = await admin.call(taxRatesContract.remove, { params: { id: current?.id ?? '' } });
    expect(kept.statusCode).toBe(409);
    expect(kept.error?.error).toBe(taxTexts.ratePast);
    expect((await admin.call(taxRatesContract.remove, { params: { id: added.body.id } })).statusCode).toBe(204);
    expect(await taxRateOn(db(), 'IE', tomorrow)).toEqual({ name: 'VAT', rateBasisPoints: 2300 });
  });

  it('gives no e-invoice for a sales tax: a seller with no country charges each company’s own rate', async () => {
    const cleared = await admin.call(settingsContract.updateInvoiceSeller, {
      body: { legal_name: 'Tandem Teams Ltd', address: '', tax_id: '', country: '' },
    });
    expect(cleared.statusCode).toBe(200);
    const { owner, invoice } = await billedCompany('Austin Widgets LLC', { country: 'US', tax_id: '' }, 'EUR');
    expect(invoice.tax).toMatchObject({ category: 'sales_tax', name: 'Tax', rate_basis_points: 0 });
    const refused = await owner.call(invoicesContract.invoiceEInvoice, { params: { id: invoice.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.error?.error).toBe(eInvoiceTexts.salesTax);
  });

  it('reports the period’s tax per currency, rule and rate, as JSON and as CSV, to administrators only', async () => {
    const today = isoDay(new Date());
    const period = { from: addDays(today, -1), to: today };
    const report = await admin.call(accountingContract.vatReport, { query: period });
    expect(report.statusCode, report.error?.error).toBe(200);
    const line = (currency: string, category: string) =>
      report.body.lines.find((entry) => entry.currency === currency && entry.category === category);
    expect(line('EUR', 'reverse_charge')).toMatchObject({ name: 'VAT', rate_basis_points: 0, tax_cents: 0 });
    expect(line('EUR', 'standard')).toMatchObject({
      name: 'VAT',
      rate_basis_points: 2300,
      invoices: 1,
      taxable_cents: 220_000,
      tax_cents: 50_600,
    });
    expect(line('GBP', 'outside_scope')).toMatchObject({ invoices: 1, taxable_cents: 220_000, tax_cents: 0 });
    const csv = await admin.call(accountingContract.vatReportCsv, { query: period });
    expect(csv.rawPayload.toString('utf8')).toContain(
      `${period.from},${period.to},EUR,VAT,Standard rate,23%,1,0,2200.00,506.00`,
    );
    const company = await companyAccount(testApp, 'VAT Report Reader Ltd');
    expect((await company.call(accountingContract.vatReport, { query: period })).statusCode).toBe(403);
  });
});

const blankDetails = {
  legal_name: '',
  address_line1: '',
  address_line2: '',
  city: '',
  region: '',
  postal_code: '',
  country: '',
  tax_id: '',
};
