import { Writable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingContract } from '~/shared/contracts/accounting';
import { adminApplicantsContract } from '~/shared/contracts/admin-applicants';
import { adminAuditLogsContract } from '~/shared/contracts/audit';
import { adminPaymentsContract } from '~/shared/contracts/payments';
import { payoutsContract } from '~/shared/contracts/payouts';
import { privacyContract } from '~/shared/contracts/privacy';
import { taxFormsContract } from '~/shared/contracts/tax-forms';
import { createLogger } from '../platform/logger';
import { isoDay } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { validW8ben, validW9 } from '../testing/tax-form-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

// The grep walk (issue 56): two talents sign a W-9 and a W-8BEN with numbers no other test uses, then every
// answer a talent or an administrator without the grant gets, every export an administrator downloads, the
// talent's own data export and the whole log of the server, at its most talkative, are searched for the
// numbers in every way they are written. Only the signed PDF and the audited reveal hold them whole.
const SSN = '219-09-9999';
const ITIN = '912-70-1234';
const FOREIGN_TIN = 'ZX-9081726354';
const wholeNumbers = [
  SSN,
  SSN.replace(/-/g, ''),
  ITIN,
  ITIN.replace(/-/g, ''),
  FOREIGN_TIN,
  FOREIGN_TIN.replace(/-/g, ''),
];

describe('a tax identification number, whole', () => {
  let testApp: TestApp;
  let log = '';

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    testApp = await createTestApp({ logger: createLogger({ LOG_LEVEL: 'trace' }, sink) });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const expectNoWholeNumber = (where: string, text: string) => {
    for (const number of wholeNumbers) expect(text, `${where} holds ${number}`).not.toContain(number);
  };

  it('appears in no answer, export or log line, only in the signed form and the audited reveal', async () => {
    const lena = await signedInAccount(testApp, { role: 'applicant', name: 'Lena Ortiz' });
    const maria = await signedInAccount(testApp, { role: 'applicant', name: 'Maria Santos' });
    const admin = await signedInAccount(testApp, { role: 'admin' });
    const answers: Array<[string, string]> = [];
    const keep = (where: string, answer: { rawPayload: Buffer }) => answers.push([where, answer.rawPayload.toString()]);

    // Refused first, with the number in it: a refusal's sentence does not repeat what was typed.
    keep(
      'a refused W-9',
      await lena.callUnchecked(taxFormsContract.submit, {
        body: { ...validW9('Lena Ortiz'), tin: SSN, signature_name: 'Someone Else' },
      }),
    );
    keep(
      'a refused W-8BEN',
      await maria.callUnchecked(taxFormsContract.submit, {
        body: { ...validW8ben('Maria Santos'), us_tin: ITIN, foreign_tin: FOREIGN_TIN, date_of_birth: 'never' },
      }),
    );
    keep('the W-9 signed', await lena.call(taxFormsContract.submit, { body: { ...validW9('Lena Ortiz'), tin: SSN } }));
    keep(
      'the W-8BEN signed',
      await maria.call(taxFormsContract.submit, {
        body: { ...validW8ben('Maria Santos'), us_tin: ITIN, foreign_tin: FOREIGN_TIN },
      }),
    );

    for (const talent of [lena, maria]) {
      keep('the talent’s own form', await talent.call(taxFormsContract.own));
      keep('the talent’s balance', await talent.call(payoutsContract.balance));
      keep(
        'the admin’s view of the form',
        await admin.call(taxFormsContract.applicant, { params: { id: talent.user.id } }),
      );
      keep('a reveal refused', await admin.call(taxFormsContract.reveal, { params: { id: talent.user.id } }));
      keep('the applicant drawer', await admin.call(adminApplicantsContract.get, { params: { id: talent.user.id } }));
      const ownExport = await talent.call(privacyContract.exportData);
      expect(ownExport.statusCode).toBe(200);
      for (const [name, bytes] of Object.entries(unzipSync(new Uint8Array(ownExport.rawPayload)))) {
        answers.push([`the talent’s data export, ${name}`, strFromU8(bytes, true)]);
      }
    }
    keep('the applicants list', await admin.call(adminApplicantsContract.list, { query: {} }));
    keep('the audit log', await admin.call(adminAuditLogsContract.list, { query: { range: '24h' } }));
    keep('the audit log’s CSV', await admin.call(adminAuditLogsContract.exportCsv, { query: { range: '24h' } }));
    keep('the payments’ CSV', await admin.call(adminPaymentsContract.exportCsv, { query: {} }));
    const today = isoDay(new Date());
    keep('the Xero journal', await admin.call(accountingContract.xeroJournal, { query: { from: today, to: today } }));
    keep('the trial balance', await admin.call(accountingContract.trialBalanceCsv, { query: { as_of: today } }));
    const lastYear = new Date().getUTCFullYear() - 1;
    keep(
      'the year’s Forms 1099-NEC',
      await admin.call(taxFormsContract.necRecipients, { query: { year: lastYear, page: 1, page_size: 20 } }),
    );
    keep('the filing file refused', await admin.call(taxFormsContract.necFilingFile, { query: { year: lastYear } }));

    for (const [where, text] of answers) expectNoWholeNumber(where, text);
    expect(answers.find(([where]) => where === 'the audit log’s CSV')?.[1]).toContain('tax_form.submitted');

    // What holds them, on purpose: the reveal (audited) for an administrator given the grant.
    const other = await signedInAccount(testApp, { role: 'admin' });
    await other.call(taxFormsContract.changeReader, { params: { id: admin.user.id }, body: { granted: true } });
    const revealed = await admin.call(taxFormsContract.reveal, { params: { id: maria.user.id } });
    expect(revealed.body).toEqual({ us_tin: ITIN.replace(/-/g, ''), foreign_tin: FOREIGN_TIN });
    keep(
      'the audit log after the reveal',
      await admin.call(adminAuditLogsContract.exportCsv, { query: { range: '24h' } }),
    );
    expectNoWholeNumber('the audit log after the reveal', answers.at(-1)?.[1] ?? '');

    // The log did see the signing, two refusals and the reveal.
    expect(log).toContain('"route":"/api/applicant/tax-form","status":400');
    expect(log).toContain('"route":"/api/admin/applicants/:id/tax-form/reveal","status":200');
    expectNoWholeNumber('the server’s log', log);
  });
});
