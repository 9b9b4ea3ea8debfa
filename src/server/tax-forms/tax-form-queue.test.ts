import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxFormsContract } from '~/shared/contracts/tax-forms';
import { buildTaxForm } from '../seed/tax-form-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { companyAccount } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment } from '../testing/work-factories';
import { findTaxFormQueue } from './find-tax-form-queue';

// The administrators' tax forms queue (issue 56): talents who have worked with no form on file, W-8BENs ending
// within 60 days, and those that ended; a talent never hired, or with a W-9, is in none.
describe('the tax forms queue', () => {
  let testApp: TestApp;
  const db = () => testApp.database.db;
  const now = new Date('2026-11-29T12:00:00Z');

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('sorts the hired talents into missing, expiring and expired, a page at a time, for administrators only', async () => {
    const company = await companyAccount(testApp, 'Queue Works Ltd');
    const talent = async (name: string, form?: { kind: 'w9' | 'w8ben'; signedAt: Date }, hired = true) => {
      const account = await signedInAccount(testApp, { role: 'applicant', name });
      if (hired) {
        await buildAssignment(db(), {
          companyId: company.companyId,
          applicantId: account.user.id,
          startDate: '2026-01-05',
        });
      }
      if (form) {
        await buildTaxForm(db(), { cipher: testApp.app.appContext.taxIds, applicantId: account.user.id, ...form });
      }
      return account.user.id;
    };
    const missing = await talent('Aaron Missing');
    // Signed in 2023: valid to the end of 2026, 32 days from now.
    const expiring = await talent('Bea Expiring', { kind: 'w8ben', signedAt: new Date('2023-03-01T10:00:00Z') });
    const expired = await talent('Cal Expired', { kind: 'w8ben', signedAt: new Date('2022-06-01T10:00:00Z') });
    await talent('Dee Valid W-9', { kind: 'w9', signedAt: new Date('2020-01-01T10:00:00Z') });
    await talent('Eve Valid W-8BEN', { kind: 'w8ben', signedAt: new Date('2026-01-05T10:00:00Z') });
    await talent('Finn Never Hired', undefined, false);

    const read = (state: 'missing' | 'expiring' | 'expired') =>
      findTaxFormQueue({ db: db(), query: { state, page: 1, page_size: 20 }, now });
    const missingPage = await read('missing');
    expect(missingPage.items.map((row) => row.applicant_id)).toContain(missing);
    expect(missingPage.items.map((row) => row.name)).not.toContain('Finn Never Hired');
    expect(missingPage.items.find((row) => row.applicant_id === missing)).toMatchObject({
      kind: null,
      valid_until: null,
    });
    expect((await read('expiring')).items).toEqual([
      expect.objectContaining({ applicant_id: expiring, kind: 'w8ben', valid_until: '2026-12-31' }),
    ]);
    expect((await read('expired')).items).toEqual([
      expect.objectContaining({ applicant_id: expired, kind: 'w8ben', valid_until: '2025-12-31' }),
    ]);
    expect(missingPage.counts).toMatchObject({ expiring: 1, expired: 1 });
    expect(missingPage.counts.missing).toBe(missingPage.total);

    const onePage = await findTaxFormQueue({ db: db(), query: { state: 'missing', page: 2, page_size: 1 }, now });
    expect(onePage).toMatchObject({ page: 2, page_size: 1, total: missingPage.total });

    const admin = await signedInAccount(testApp, { role: 'admin' });
    const answered = await admin.call(taxFormsContract.queue, { query: { state: 'missing' } });
    expect(answered.statusCode).toBe(200);
    expect(answered.body.items.map((row) => row.applicant_id)).toContain(missing);
    const refused = await admin.callUnchecked(taxFormsContract.queue, { query: { state: 'lost' } });
    expect(refused.statusCode).toBe(400);
    expect((await company.call(taxFormsContract.queue, { query: {} })).statusCode).toBe(403);
  });
});
