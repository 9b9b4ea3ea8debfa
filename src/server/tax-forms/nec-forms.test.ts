import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDetailsTexts } from '~/shared/billing-details-texts';
import { payoutsContract } from '~/shared/contracts/payouts';
import { settingsContract } from '~/shared/contracts/settings';
import { taxFormsContract } from '~/shared/contracts/tax-forms';
import type { Currency } from '~/shared/currencies';
import { necFormTexts, necThresholdCents } from '~/shared/year-end-forms';
import { auditLogs, emailOutbox, necForms } from '../db/schema';
import { postTransaction } from '../kernels/money/post-transaction';
import { buildTaxForm } from '../seed/tax-form-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { pdfText } from '../testing/pdf-text';
import { validW9 } from '../testing/tax-form-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { NEC_FILE_HEADER } from './render-nec-filing-file';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const payer = {
  legal_name: 'Tandem Talent Inc.',
  address: '548 Market Street, Suite 400\nSan Francisco, CA 94104',
  tax_id: '',
  us_ein: '12 3456789',
  phone: '+1 415 555 0100',
};

// Year-end forms (issue 56, decision 055), through the API on a real database: a Form 1099-NEC for each US person
// the ledger says was paid the year's threshold in dollars — not for one paid less, nor for a W-8BEN holder —
// issued once the year is over, kept as issued, corrected when what was paid or the W-9 changes; the talent's
// copy with the TIN's last four, the filing file with the whole TIN for the grant alone.
describe('Form 1099-NEC', () => {
  let testApp: TestApp;
  let admin: Account;
  let reader: Account;
  let above: Account;
  let below: Account;
  let foreign: Account;
  let mixed: Account;
  const db = () => testApp.database.db;
  let paidCount = 0;

  // A payout paid on `day`, as the ledger records it: sent, then paid out.
  async function paid(talent: Account, cents: number, day: string, currency: Currency = 'USD') {
    paidCount += 1;
    const applicantId = talent.user.id;
    const refs = { applicantId };
    await postTransaction({
      db: db(),
      currency,
      key: `test-nec-sent:${paidCount}`,
      kind: 'payout_sent',
      refs,
      occurredAt: new Date(`${day}T12:00:00Z`),
      lines: [
        { account: 'talent_available', amountCents: cents, applicantId },
        { account: 'payouts_in_transit', amountCents: -cents, applicantId },
      ],
    });
    await postTransaction({
      db: db(),
      currency,
      key: `test-nec-paid:${paidCount}`,
      kind: 'payout_paid',
      refs,
      occurredAt: new Date(`${day}T12:00:00Z`),
      lines: [
        { account: 'payouts_in_transit', amountCents: cents, applicantId },
        { account: 'paid_out', amountCents: -cents, applicantId },
      ],
    });
  }

  const list = (account: Account, year: number) =>
    account.call(taxFormsContract.necRecipients, { query: { year, page: 1, page_size: 20 } });
  const issue = (year: number) => admin.call(taxFormsContract.issueNecForms, { body: { year } });

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin', name: 'Ada Admin' });
    reader = await signedInAccount(testApp, { role: 'admin', name: 'Rita Reader' });
    expect(
      (await admin.call(taxFormsContract.changeReader, { params: { id: reader.user.id }, body: { granted: true } }))
        .statusCode,
    ).toBe(200);
    above = await signedInAccount(testApp, { role: 'applicant', name: 'Lena Ortiz' });
    below = await signedInAccount(testApp, { role: 'applicant', name: 'Ben Below' });
    foreign = await signedInAccount(testApp, { role: 'applicant', name: 'Maria Santos' });
    mixed = await signedInAccount(testApp, { role: 'applicant', name: 'Mika Mixed' });
    // Lena and Mika sign theirs as talents do (Mika for an LLC, with an EIN); Ben's W-9 and Maria's W-8BEN are
    // written as the demo's are.
    for (const [talent, body] of [
      [above, validW9('Lena Ortiz')],
      [
        mixed,
        {
          ...validW9('Mika Mixed'),
          tin_type: 'ein',
          tin: '45-6789012',
          tax_classification: 'llc',
          llc_classification: 'S',
        },
      ],
    ] as const) {
      const signed = await talent.call(taxFormsContract.submit, { body });
      expect(signed.statusCode, signed.rawPayload.toString()).toBe(201);
    }
    const cipher = testApp.app.appContext.taxIds;
    await buildTaxForm(db(), { cipher, applicantId: below.user.id, legalName: 'Ben Below', usTin: '234567890' });
    await buildTaxForm(db(), { cipher, applicantId: foreign.user.id, legalName: 'Maria Santos', kind: 'w8ben' });
    // Lena: $400.00 and $250.01 in 2025 (and a payout either side of it); Ben one cent short of $600.
    await paid(above, 40_000, '2025-01-01');
    await paid(above, 25_001, '2025-12-31');
    await paid(above, 90_000, '2024-12-31');
    await paid(above, 30_000, '2026-01-01');
    await paid(below, 59_999, '2025-06-30');
    await paid(foreign, 500_000, '2025-03-15');
    // Mika: $700 and €900 — the euros are not dollars, and the form reports dollars.
    await paid(mixed, 70_000, '2025-04-01');
    await paid(mixed, 90_000, '2025-05-01', 'EUR');
    // Signing in five people and two IRS forms filled: more than the default hook time on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
  });

  it('lists the US persons paid $600 or more in 2025 from the ledger, not a W-8BEN holder nor one paid less', async () => {
    expect(necThresholdCents(2025)).toBe(60_000);
    const answer = await list(admin, 2025);
    expect(answer.statusCode, answer.rawPayload.toString()).toBe(200);
    expect(answer.body).toMatchObject({
      year: 2025,
      threshold_cents: 60_000,
      can_issue: false,
      blocked_reason: necFormTexts.payerIncomplete,
      can_download_file: false,
      total: 2,
      counts: { not_issued: 2, issued: 0, changed: 0 },
    });
    expect(
      answer.body.items.map((row) => [row.name, row.paid_cents, row.paid_other, row.tin_masked, row.state]),
    ).toEqual([
      ['Lena Ortiz', 65_001, [], '•••-••-6789', 'not_issued'],
      ['Mika Mixed', 70_000, [{ currency: 'EUR', cents: 90_000 }], '••-•••9012', 'not_issued'],
    ]);
    expect(answer.rawPayload.toString()).not.toContain('123-45-6789');
    expect((await list(reader, 2025)).body.can_download_file).toBe(true);
    // A talent has no business with the list.
    expect((await list(above, 2025)).statusCode).toBe(403);
  });

  it('refuses to issue without the payer’s EIN, or for a year still under way', async () => {
    const refused = await issue(2025);
    expect(refused.statusCode).toBe(409);
    expect(refused.error?.error).toBe(necFormTexts.payerIncomplete);

    const badEin = await admin.call(settingsContract.updateInvoiceSeller, { body: { ...payer, us_ein: '00-1234567' } });
    expect(badEin.statusCode).toBe(400);
    expect(badEin.error?.fields?.us_ein).toBe(billingDetailsTexts.sellerEin);
    const saved = await admin.call(settingsContract.updateInvoiceSeller, { body: payer });
    expect(saved.statusCode, saved.rawPayload.toString()).toBe(200);
    expect(saved.body).toMatchObject({ us_ein: '12-3456789', phone: '+1 415 555 0100' });

    const thisYear = new Date().getUTCFullYear();
    const early = await issue(thisYear);
    expect(early.statusCode).toBe(409);
    expect(early.error?.error).toBe(necFormTexts.yearNotOver(thisYear));
  });

  it('issues each form once, emails the talent, and gives them Copy B with the TIN’s last four', async () => {
    const issued = await issue(2025);
    expect(issued.statusCode, issued.rawPayload.toString()).toBe(200);
    expect(issued.body).toEqual({ message: necFormTexts.issued({ issued: 2, corrected: 0 }), issued: 2, corrected: 0 });
    const again = await issue(2025);
    expect(again.body).toMatchObject({
      issued: 0,
      corrected: 0,
      message: necFormTexts.issued({ issued: 0, corrected: 0 }),
    });
    expect((await list(admin, 2025)).body.counts).toEqual({ not_issued: 0, issued: 2, changed: 0 });

    const mail = await db()
      .select({ subject: emailOutbox.subject, text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, above.user.email));
    expect(mail.filter((email) => email.subject === 'Your Form 1099-NEC for 2025 is ready')).toHaveLength(1);
    expect(mail.find((email) => email.subject.includes('1099-NEC'))?.text).toContain('$650.01');

    const own = await above.call(taxFormsContract.ownNecForms);
    expect(own.body.items).toMatchObject([{ year: 2025, box1_cents: 65_001, corrected: false }]);
    const formId = own.body.items[0]?.id ?? '';
    // The hourly sweep keeps a file a form names.
    await testApp.app.appContext.files.sweep();
    const pdf = await above.call(taxFormsContract.ownNecFormPdf, { params: { id: formId } });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      'Form 1099-NEC',
      'Copy B',
      'For Recipient',
      'OMB No. 1545-0116',
      '2025',
      '$650.01',
      '12-3456789',
      '***-**-6789',
      'Lena Ortiz',
      '100 Congress Ave, Apt 4',
      'Austin, TX 78701',
      'Tandem Talent Inc.',
      '+1 415 555 0100',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('123-45-6789');

    // Another talent's form is not theirs to read; an administrator reads any.
    expect((await below.call(taxFormsContract.ownNecFormPdf, { params: { id: formId } })).statusCode).toBe(404);
    expect((await below.call(taxFormsContract.ownNecForms)).body.items).toEqual([]);
    expect((await admin.call(taxFormsContract.necFormPdf, { params: { id: formId } })).statusCode).toBe(200);

    // The yearly summary names the form on file and the 1099-NEC.
    const summary = await pdfText((await above.call(payoutsContract.yearlyPdf, { query: { year: 2025 } })).rawPayload);
    expect(summary).toMatch(/Tax form\s+Form W-9 \(US person\), signed/);
    expect(summary).toMatch(/Form 1099-NEC\s+\$650\.01 in box 1, issued/);
    // Copy B drawn and read back by pdftotext, twice: seconds on a busy machine.
  }, 60_000);

  it('hands the filing file, whole TINs and all, only to the tax data reader, and audits it', async () => {
    const refused = await admin.call(taxFormsContract.necFilingFile, { query: { year: 2025 } });
    expect(refused.statusCode).toBe(403);
    expect(refused.error?.error).toBe(necFormTexts.fileNeedsGrant);
    const none = await reader.call(taxFormsContract.necFilingFile, { query: { year: 2024 } });
    expect(none.statusCode).toBe(404);
    expect(none.error?.error).toBe(necFormTexts.nothingToFile(2024));

    const file = await reader.call(taxFormsContract.necFilingFile, { query: { year: 2025 } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const rows: Record<string, string>[] = parse(file.rawPayload.toString(), { columns: true, bom: true });
    expect(Object.keys(rows[0] ?? {})).toEqual(NEC_FILE_HEADER);
    expect(
      rows.map((row) => [
        row['Recipient name'],
        row['Recipient TIN type'],
        row['Recipient TIN'],
        row.City,
        row.State,
        row['ZIP code'],
        row['Box 1 Nonemployee compensation'],
        row['Payer TIN'],
      ]),
    ).toEqual([
      ['Lena Ortiz', 'SSN', '123-45-6789', 'Austin', 'TX', '78701', '650.01', '12-3456789'],
      ['Mika Mixed', 'EIN', '45-6789012', 'Austin', 'TX', '78701', '700.00', '12-3456789'],
    ]);
    const trail = await db()
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'nec_forms.filing_file_downloaded'), eq(auditLogs.actorId, reader.user.id)));
    expect(trail).toEqual([{ details: { year: 2025, forms: 2 } }]);
    expect(JSON.stringify(trail)).not.toContain('6789');
  });

  it('keeps an issued form as issued and corrects it when the ledger or the W-9 changes', async () => {
    const [first] = await db()
      .select()
      .from(necForms)
      .where(and(eq(necForms.applicantId, above.user.id), eq(necForms.status, 'issued')));
    if (!first) throw new Error('Lena’s form was not issued.');
    await expect(db().execute(sql`update nec_forms set box1_cents = 1 where id = ${first.id}`)).rejects.toThrow();
    const firstPdf = await pdfText(
      (await admin.call(taxFormsContract.necFormPdf, { params: { id: first.id } })).rawPayload,
    );

    // A payout of 2025 recorded late, and a new W-9 with another address.
    await paid(above, 1_000, '2025-11-30');
    const moved = await above.call(taxFormsContract.submit, {
      body: { ...validW9('Lena Ortiz'), address_street: '7 Lake Road' },
    });
    expect(moved.statusCode).toBe(201);
    const listed = await list(admin, 2025);
    expect(listed.body.items.find((row) => row.name === 'Lena Ortiz')).toMatchObject({
      state: 'changed',
      paid_cents: 66_001,
      form: { box1_cents: 65_001, corrected: false },
    });

    const corrected = await issue(2025);
    expect(corrected.body).toMatchObject({ issued: 0, corrected: 1 });
    const own = await above.call(taxFormsContract.ownNecForms);
    expect(own.body.items).toMatchObject([{ year: 2025, box1_cents: 66_001, corrected: true }]);
    const text = await pdfText(
      (await above.call(taxFormsContract.ownNecFormPdf, { params: { id: own.body.items[0]?.id ?? '' } })).rawPayload,
    );
    expect(text).toContain('$660.01');
    expect(text).toContain('7 Lake Road');
    // The first form is superseded, not changed: its copy says what it said.
    const [old] = await db().select().from(necForms).where(eq(necForms.id, first.id));
    expect(old).toMatchObject({ status: 'superseded', box1Cents: 65_001, recipientStreet: '100 Congress Ave, Apt 4' });
    expect(
      await pdfText((await admin.call(taxFormsContract.necFormPdf, { params: { id: first.id } })).rawPayload),
    ).toBe(firstPdf);
    const mail = await db()
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, above.user.email));
    expect(mail.map((email) => email.subject)).toContain('Your corrected Form 1099-NEC for 2025 is ready');
    // Copy B drawn and read back by pdftotext, twice: seconds on a busy machine.
  }, 60_000);

  it('applies the $2,000 threshold to payments made in 2026', async () => {
    expect(necThresholdCents(2026)).toBe(200_000);
    await paid(below, 150_000, '2026-02-01');
    const listed = await list(admin, 2026);
    expect(listed.body).toMatchObject({ threshold_cents: 200_000, total: 0, can_issue: false });
    await paid(below, 50_000, '2026-03-01');
    expect((await list(admin, 2026)).body.items.map((row) => [row.name, row.paid_cents])).toEqual([
      ['Ben Below', 200_000],
    ]);
  });
});
