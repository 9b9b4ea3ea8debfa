import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutsContract } from '~/shared/contracts/payouts';
import { taxFormsContract } from '~/shared/contracts/tax-forms';
import { payoutMethods, payouts, taxForms } from '../db/schema';
import { postTransaction } from '../kernels/money/post-transaction';
import { signedInAccount } from '../testing/auth-helpers';
import { validW8ben } from '../testing/tax-form-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { preparePayoutRun } from './prepare-payout-run';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// Payouts wait for a valid tax form (issue 56): a talent with money available and a method ready but no W-9 or
// W-8BEN in force — none, or one expired — is an exception of the run, tax_form_missing, and their Earnings say
// so; the talent who signed one is paid. System Settings can turn the rule off.
describe('the tax form a payout waits for', () => {
  let testApp: TestApp;
  let admin: Account;
  const db = () => testApp.database.db;
  const settings = { payouts_wait_for_payment: true, payout_security_days: 0, payout_minimum_cents: 2000 };

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  // A talent with $123.45 available and a PayPal account past its wait: everything a run asks but the form.
  async function talentOwed(name: string) {
    const talent = await signedInAccount(testApp, { role: 'applicant', name });
    await postTransaction({
      currency: 'USD',
      db: db(),
      key: `test-earning:${talent.user.id}`,
      kind: 'earnings_available',
      refs: { applicantId: talent.user.id },
      lines: [
        { account: 'company_receivable', amountCents: 12_345 },
        { account: 'talent_available', amountCents: -12_345, applicantId: talent.user.id },
      ],
    });
    await db()
      .insert(payoutMethods)
      .values({
        applicantId: talent.user.id,
        kind: 'paypal',
        label: 'PayPal · t***@example.com',
        email: `${randomUUID()}@example.com`,
        currency: 'USD',
        isDefault: true,
        usableFrom: new Date(0),
      });
    return talent;
  }
  const lineOf = async (runId: string, applicantId: string) =>
    (
      await db()
        .select({ status: payouts.status, exception: payouts.exception, amount: payouts.amountCents })
        .from(payouts)
        .where(and(eq(payouts.runId, runId), eq(payouts.applicantId, applicantId)))
    )[0];

  it('pays the talent who signed a form and holds the one who did not, who sees why', async () => {
    const without = await talentOwed('Noah Noform');
    const signed = await talentOwed('Maria Santos');
    expect((await signed.call(taxFormsContract.submit, { body: validW8ben('Maria Santos') })).statusCode).toBe(201);

    const waiting = (await without.call(payoutsContract.balance)).body;
    expect(waiting.next_payout).toMatchObject({ blocked_by: 'tax_form_missing', amount_cents: 0 });
    expect((await signed.call(payoutsContract.balance)).body.next_payout).toMatchObject({
      blocked_by: null,
      amount_cents: 12_345,
    });

    const { runId } = await preparePayoutRun({ db: db(), settings, day: '2035-01-07' });
    expect(await lineOf(runId, without.user.id)).toMatchObject({ status: 'exception', exception: 'tax_form_missing' });
    expect(await lineOf(runId, signed.user.id)).toMatchObject({ status: 'planned', amount: 12_345 });
    const approved = await admin.call(payoutsContract.approveRun, { params: { id: runId } });
    expect(approved.statusCode, approved.rawPayload.toString()).toBe(200);
    expect(await lineOf(runId, signed.user.id)).toMatchObject({ status: 'sent' });
    expect(await lineOf(runId, without.user.id)).toMatchObject({ status: 'exception' });
  });

  it('holds a talent whose W-8BEN expired, and one whose form lapsed between preparing and approving', async () => {
    const expired = await talentOwed('Eva Expired');
    await expired.call(taxFormsContract.submit, { body: validW8ben('Eva Expired') });
    // Signed years ago: valid only until the end of the third year after.
    await db()
      .update(taxForms)
      .set({ expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(taxForms.applicantId, expired.user.id));
    expect((await expired.call(payoutsContract.balance)).body.next_payout.blocked_by).toBe('tax_form_missing');
    expect((await expired.call(taxFormsContract.own)).body.standing).toBe('expired');

    const lapsing = await talentOwed('Lars Lapsing');
    await lapsing.call(taxFormsContract.submit, { body: validW8ben('Lars Lapsing') });
    const { runId } = await preparePayoutRun({ db: db(), settings, day: '2035-01-14' });
    expect(await lineOf(runId, lapsing.user.id)).toMatchObject({ status: 'planned' });
    await db()
      .update(taxForms)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(taxForms.applicantId, lapsing.user.id));
    await admin.call(payoutsContract.approveRun, { params: { id: runId } });
    expect(await lineOf(runId, lapsing.user.id)).toMatchObject({ status: 'exception', exception: 'tax_form_missing' });
  });

  it('pays without a form once System Settings stop asking for one', async () => {
    const talent = await talentOwed('Otto Optional');
    await testApp.setSettings({ payouts_require_tax_form: false });
    try {
      expect((await talent.call(payoutsContract.balance)).body.next_payout.blocked_by).toBeNull();
      expect((await talent.call(taxFormsContract.own)).body).toMatchObject({
        standing: 'none',
        required_for_payouts: false,
      });
      const { runId } = await preparePayoutRun({ db: db(), settings, day: '2035-01-21' });
      expect(await lineOf(runId, talent.user.id)).toMatchObject({ status: 'planned' });
    } finally {
      await testApp.setSettings({ payouts_require_tax_form: true });
    }
  });
});
