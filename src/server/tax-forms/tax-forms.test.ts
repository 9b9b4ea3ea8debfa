import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { taxFormsContract } from '~/shared/contracts/tax-forms';
import { type SubmitTaxFormInput, taxFormTexts, type W8benFormInput, type W9FormInput } from '~/shared/tax-forms';
import { auditLogs, emailOutbox, taxForms } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { createTaxIdCipher, taxIdKeysOf } from '../platform/tax-id-cipher';
import { signedInAccount } from '../testing/auth-helpers';
import { pdfText } from '../testing/pdf-text';
import { validW8ben, validW9 } from '../testing/tax-form-helpers';
import { createTestApp, TEST_SECRET, type TestApp } from '../testing/test-app';
import { remindExpiringTaxForms } from './remind-expiring-tax-forms';
import { rotateTaxIdKeys } from './rotate-tax-id-keys';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// Tax forms from talent (issue 56), through the API on a real database: a W-9 and a W-8BEN signed, every field
// refused with its own sentence, the IRS PDF filled, the numbers sealed in the database and masked in every
// answer, the whole number only for an administrator another administrator trusted, each look audited.
describe('tax forms', () => {
  let testApp: TestApp;
  let admin: Account;
  let otherAdmin: Account;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin', name: 'Ada Admin' });
    otherAdmin = await signedInAccount(testApp, { role: 'admin', name: 'Otto Other' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const talent = (name = 'Lena Ortiz') => signedInAccount(testApp, { role: 'applicant', name });
  const submit = (account: Account, body: SubmitTaxFormInput) => account.call(taxFormsContract.submit, { body });

  it('signs a W-9: answered masked, sealed in the database, printed whole in the IRS form', async () => {
    const lena = await talent();
    const before = await lena.call(taxFormsContract.own);
    expect(before.body).toEqual({ form: null, standing: 'none', required_for_payouts: true });

    const signed = await submit(lena, validW9('Lena Ortiz'));
    expect(signed.statusCode, signed.rawPayload.toString()).toBe(201);
    expect(signed.body).toMatchObject({
      standing: 'on_file',
      replaced: false,
      form: {
        kind: 'w9',
        valid_until: null,
        us_tin_type: 'ssn',
        us_tin_masked: '•••-••-6789',
        legal_name: 'Lena Ortiz',
      },
    });
    expect(signed.rawPayload.toString()).not.toContain('123456789');
    expect(signed.rawPayload.toString()).not.toContain('123-45-6789');

    // The database holds the number sealed under the current key, never as it was typed.
    const [row] = await db().select().from(taxForms).where(eq(taxForms.applicantId, lena.user.id));
    expect(row?.usTinSealed).toMatch(/^tin1:derived:/);
    const raw = await selectRows(
      db(),
      z.object({ row: z.string() }),
      sql`select t::text as row from tax_forms t where applicant_id = ${lena.user.id}`,
    );
    expect(raw[0]?.row).not.toMatch(/123-?45-?6789/);

    const pdf = await lena.call(taxFormsContract.ownPdf);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Form W-9');
    expect(text).toContain('(Rev. March 2024)');
    expect(text).toContain('Lena Ortiz');
    expect(text).toContain('100 Congress Ave, Apt 4');
    expect(text).toContain('Lena Ortiz (signed electronically)');
    // The SSN's comb boxes print a digit a box: the whole number is the document's.
    expect(text.replace(/\s+/g, '')).toContain('123–45–6789');
  });

  it('signs a W-8BEN that replaces the W-9 and stays valid to the end of the third year after', async () => {
    const maria = await talent('Maria Santos');
    expect((await submit(maria, validW9('Maria Santos'))).statusCode).toBe(201);
    const signed = await submit(maria, validW8ben('Maria Santos'));
    expect(signed.statusCode, signed.rawPayload.toString()).toBe(201);
    const year = new Date().getUTCFullYear();
    expect(signed.body).toMatchObject({
      replaced: true,
      form: {
        kind: 'w8ben',
        valid_until: `${year + 3}-12-31`,
        foreign_tin_masked: '•••• 9000',
        us_tin_masked: null,
        citizenship_country: 'PH',
        treaty: { country: 'PH', article: '14(1)', rate: '0', income_type: 'Independent personal services' },
      },
    });
    const rows = await db()
      .select({ status: taxForms.status, kind: taxForms.kind })
      .from(taxForms)
      .where(eq(taxForms.applicantId, maria.user.id));
    expect(rows.map((row) => `${row.kind}:${row.status}`).sort()).toEqual(['w8ben:active', 'w9:superseded']);

    const text = await pdfText((await maria.call(taxFormsContract.ownPdf)).rawPayload);
    expect(text).toContain('Form W-8BEN');
    expect(text).toContain('(Rev. October 2021)');
    expect(text).toContain('Maria Santos');
    expect(text).toContain('Philippines');
    expect(text).toContain('123-456-789-000');
    expect(text).toContain('05-17-1990');
    expect(text).toContain('14(1)');
  });

  // Each field's own sentence, on its own field: what the form shows beside it.
  it.each<[string, Partial<W9FormInput>, string, string]>([
    ['a name too short', { legal_name: 'L', signature_name: 'L' }, 'legal_name', taxFormTexts.legalName],
    [
      'a name in another script',
      { legal_name: 'Лена', signature_name: 'Лена' },
      'legal_name',
      taxFormTexts.latinLetters,
    ],
    ['no classification', { tax_classification: 'guild' as never }, 'tax_classification', taxFormTexts.classification],
    [
      'an LLC without its letter',
      { tax_classification: 'llc', tin_type: 'ein', tin: '12-3456789' },
      'llc_classification',
      taxFormTexts.llcClassification,
    ],
    [
      'Other without words',
      { tax_classification: 'other', tin_type: 'ein', tin: '12-3456789' },
      'other_classification',
      taxFormTexts.otherClassification,
    ],
    ['a company with an SSN', { tax_classification: 'c_corporation' }, 'tin_type', taxFormTexts.entityNeedsEin],
    ['an SSN of 000', { tin: '000-12-3456' }, 'tin', taxFormTexts.ssn],
    ['an SSN of 666', { tin: '666-12-3456' }, 'tin', taxFormTexts.ssn],
    ['an SSN too short', { tin: '123-45-678' }, 'tin', taxFormTexts.ssn],
    ['an ITIN outside its ranges', { tin_type: 'itin', tin: '912-45-6789' }, 'tin', taxFormTexts.itin],
    ['an EIN with a prefix never issued', { tin_type: 'ein', tin: '07-1234567' }, 'tin', taxFormTexts.ein],
    ['no street', { address_street: '' }, 'address_street', taxFormTexts.street],
    ['no city line', { address_city: ' ' }, 'address_city', taxFormTexts.cityLine],
    ['an exempt payee code of 14', { exempt_payee_code: '14' }, 'exempt_payee_code', taxFormTexts.exemptPayeeCode],
    ['a FATCA code of Z', { fatca_code: 'Z' }, 'fatca_code', taxFormTexts.fatcaCode],
    ['a signature that is not the name', { signature_name: 'L. Ortiz' }, 'signature_name', taxFormTexts.signatureName],
    [
      'no consent to sign electronically',
      { consent_to_sign_electronically: false },
      'consent_to_sign_electronically',
      taxFormTexts.consent,
    ],
  ])('refuses a W-9 with %s', async (_case, change, field, message) => {
    const account = await talent();
    const refused = await account.callUnchecked(taxFormsContract.submit, {
      body: { ...validW9('Lena Ortiz'), ...change },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.error?.fields?.[field]).toBe(message);
  });

  it.each<[string, Partial<W8benFormInput>, string, string]>([
    ['a US citizen', { citizenship_country: 'US' }, 'citizenship_country', taxFormTexts.citizenshipNotUs],
    ['no citizenship', { citizenship_country: 'XX' }, 'citizenship_country', taxFormTexts.country],
    [
      'a US residence',
      { residence_country: 'US', treaty_claim: false },
      'residence_country',
      taxFormTexts.residenceNotUs,
    ],
    ['a P.O. box', { residence_street: 'P.O. Box 1234' }, 'residence_street', taxFormTexts.noPostOfficeBox],
    [
      'an in-care-of address',
      { residence_street: 'c/o Juan Cruz, 12 Mabini St' },
      'residence_street',
      taxFormTexts.noPostOfficeBox,
    ],
    ['half a mailing address', { mailing_street: 'PO Box 99' }, 'mailing_city', taxFormTexts.mailingComplete],
    ['a US number that is neither SSN nor ITIN', { us_tin: '12345' }, 'us_tin', taxFormTexts.usTinW8],
    ['no foreign number and no reason', { foreign_tin: '' }, 'foreign_tin', taxFormTexts.foreignTinOrReason],
    [
      'no reason why none is required',
      { foreign_tin: '', foreign_tin_not_required: true },
      'foreign_tin_not_required_reason',
      taxFormTexts.foreignTinReason,
    ],
    ['a foreign number of symbols', { foreign_tin: '#!?' }, 'foreign_tin', taxFormTexts.foreignTin],
    ['a birth day that is not a day', { date_of_birth: '1990-02-30' }, 'date_of_birth', taxFormTexts.dateOfBirth],
    [
      'a minor',
      { date_of_birth: `${new Date().getUTCFullYear() - 10}-01-01` },
      'date_of_birth',
      taxFormTexts.dateOfBirth,
    ],
    ['a treaty with another country', { treaty_country: 'JP' }, 'treaty_country', taxFormTexts.treatyCountry],
    ['a treaty without its article', { treaty_article: '' }, 'treaty_article', taxFormTexts.treatyArticle],
    ['a treaty rate of 45%', { treaty_rate: '45' }, 'treaty_rate', taxFormTexts.treatyRate],
    ['a treaty without its income', { treaty_income_type: '' }, 'treaty_income_type', taxFormTexts.treatyIncomeType],
    ['no capacity to sign', { capacity_to_sign: false }, 'capacity_to_sign', taxFormTexts.capacityToSign],
    ['a signature that is not the name', { signature_name: 'Maria' }, 'signature_name', taxFormTexts.signatureName],
    [
      'no consent to sign electronically',
      { consent_to_sign_electronically: false },
      'consent_to_sign_electronically',
      taxFormTexts.consent,
    ],
  ])('refuses a W-8BEN with %s', async (_case, change, field, message) => {
    const account = await talent('Maria Santos');
    const refused = await account.callUnchecked(taxFormsContract.submit, {
      body: { ...validW8ben('Maria Santos'), ...change },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.error?.fields?.[field]).toBe(message);
  });

  it('reveals the whole number only to an administrator another administrator gave the grant, each time audited', async () => {
    const lena = await talent();
    await submit(lena, validW9('Lena Ortiz'));
    const seen = await admin.call(taxFormsContract.applicant, { params: { id: lena.user.id } });
    expect(seen.body).toMatchObject({ standing: 'on_file', can_reveal: false, form: { us_tin_masked: '•••-••-6789' } });
    expect(seen.rawPayload.toString()).not.toMatch(/123-?45-?6789/);

    const refused = await admin.call(taxFormsContract.reveal, { params: { id: lena.user.id } });
    expect(refused.statusCode).toBe(403);
    expect(refused.error?.error).toBe(taxFormTexts.revealNeedsGrant);
    expect((await admin.call(taxFormsContract.applicantPdf, { params: { id: lena.user.id } })).statusCode).toBe(403);
    // Nobody gives themselves the grant.
    const own = await admin.call(taxFormsContract.changeReader, {
      params: { id: admin.user.id },
      body: { granted: true },
    });
    expect(own.statusCode).toBe(403);
    expect(own.error?.error).toBe(taxFormTexts.grantSelf);
    // A talent cannot reach any of it.
    expect((await lena.call(taxFormsContract.readers)).statusCode).toBe(403);
    expect((await lena.call(taxFormsContract.reveal, { params: { id: lena.user.id } })).statusCode).toBe(403);

    const given = await otherAdmin.call(taxFormsContract.changeReader, {
      params: { id: admin.user.id },
      body: { granted: true },
    });
    expect(given.body).toEqual({ message: taxFormTexts.grantGiven('Ada Admin') });
    const readers = await otherAdmin.call(taxFormsContract.readers);
    expect(readers.body.items.find((item) => item.id === admin.user.id)).toMatchObject({ granted_by: 'Otto Other' });
    expect((await admin.call(taxFormsContract.applicant, { params: { id: lena.user.id } })).body.can_reveal).toBe(true);

    const revealed = await admin.call(taxFormsContract.reveal, { params: { id: lena.user.id } });
    expect(revealed.body).toEqual({ us_tin: '123456789', foreign_tin: null });
    const pdf = await admin.call(taxFormsContract.applicantPdf, { params: { id: lena.user.id } });
    expect(pdf.statusCode).toBe(200);
    const trail = await db()
      .select({
        action: auditLogs.action,
        actorId: auditLogs.actorId,
        targetId: auditLogs.targetId,
        details: auditLogs.details,
      })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, lena.user.id)));
    expect(trail.map((entry) => entry.action).sort()).toEqual(['tax_form.pdf_downloaded', 'tax_form.tin_revealed']);
    expect(trail.every((entry) => entry.actorId === admin.user.id)).toBe(true);
    const grantTrail = await db()
      .select({ action: auditLogs.action, actorId: auditLogs.actorId })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, admin.user.id), eq(auditLogs.action, 'admin_grant.given')));
    expect(grantTrail).toEqual([{ action: 'admin_grant.given', actorId: otherAdmin.user.id }]);

    // Taken back, the next reveal is refused again.
    await otherAdmin.call(taxFormsContract.changeReader, { params: { id: admin.user.id }, body: { granted: false } });
    expect((await admin.call(taxFormsContract.reveal, { params: { id: lena.user.id } })).statusCode).toBe(403);
  });

  it('re-seals every number under the current key when the key rotates, and old keys still open until then', async () => {
    const lena = await talent();
    await submit(lena, validW8ben('Lena Ortiz'));
    const oldCipher = testApp.app.appContext.taxIds;
    const newKey = Buffer.alloc(32, 7).toString('base64');
    const oldKey = taxIdKeysOf({ config: {}, secret: TEST_SECRET })[0]?.key.toString('base64') ?? '';
    const rotated = createTaxIdCipher(
      taxIdKeysOf({
        config: {
          TAX_ID_KEYS: [
            { id: 'k2', base64: newKey },
            { id: 'derived', base64: oldKey },
          ],
        },
        secret: TEST_SECRET,
      }),
    );
    const { resealed } = await rotateTaxIdKeys({ db: db(), cipher: rotated });
    expect(resealed).toBeGreaterThan(0);
    const sealed = await db().select({ us: taxForms.usTinSealed, foreign: taxForms.foreignTinSealed }).from(taxForms);
    for (const value of sealed.flatMap((row) => [row.us, row.foreign]).filter((value) => value !== null)) {
      expect(rotated.keyIdOf(value)).toBe('k2');
      expect(() => oldCipher.open(value, 'anything')).toThrow();
    }
    const [own] = await db()
      .select({ foreign: taxForms.foreignTinSealed, applicantId: taxForms.applicantId })
      .from(taxForms)
      .where(and(eq(taxForms.applicantId, lena.user.id), eq(taxForms.status, 'active')));
    expect(rotated.open(own?.foreign ?? '', `tax_forms:${lena.user.id}:foreign_tin`)).toBe('123-456-789-000');
    // A second run finds nothing left to do.
    expect((await rotateTaxIdKeys({ db: db(), cipher: rotated })).resealed).toBe(0);
    // Put back under the app's key for the other tests.
    const back = createTaxIdCipher([
      ...taxIdKeysOf({ config: {}, secret: TEST_SECRET }),
      { id: 'k2', key: Buffer.from(newKey, 'base64') },
    ]);
    await rotateTaxIdKeys({ db: db(), cipher: back });
  });

  it('emails a W-8BEN expiring within 60 days once, and not a W-9', async () => {
    const lena = await talent('Lena Reminded');
    await submit(lena, validW8ben('Lena Reminded'));
    const year = new Date().getUTCFullYear();
    // Early November of the third year after: 60 days before it ends on 31 December.
    const early = new Date(Date.UTC(year + 3, 9, 1));
    const due = new Date(Date.UTC(year + 3, 10, 5));
    const remind = (now: Date) =>
      remindExpiringTaxForms({
        db: db(),
        mailer: testApp.app.appContext.mailer,
        publicUrl: 'https://tandem.example',
        isRequiredForPayouts: true,
        now,
      });
    expect((await remind(early)).reminded).toBe(0);
    expect((await remind(due)).reminded).toBeGreaterThanOrEqual(1);
    expect((await remind(due)).reminded).toBe(0);
    const mails = await db()
      .select({ subject: emailOutbox.subject, text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, lena.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your W-8BEN tax form expires on 31 December ${year + 3}`);
    expect(mails[0]?.text).toContain('https://tandem.example/applicant/tax-form');
  });
});
