import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { payoutsContract } from '~/shared/contracts/payouts';
import { type Currency, minorUnitsOf } from '~/shared/currencies';
import { convertMinor } from '~/shared/exchange-rate';
import { formatMoney } from '~/shared/money-format';
import type { TalentPayoutPart } from '~/shared/payouts';
import { integerColumn } from '../db/row-columns';
import { companies, fxRates, payoutMethods, platformSettings } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { FX_SETTINGS_KEY } from '../platform/get-fx-settings';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { pdfText } from '../testing/pdf-text';
import { taxFormOnFile } from '../testing/tax-form-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';
import { currencyColumn } from './find-payout-parts';

// The same figure for a regular expression: '₱1,234.50' matched as written.
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A CSV amount back to minor units, by its digits: '2034.57' EUR → 203457; refuses a wrong number of decimals.
function minorOf(decimal: string, currency: Currency): number {
  const decimals = minorUnitsOf(currency);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!match || (match[3] ?? '').length !== decimals) throw new Error(`${decimal} is not a ${currency} amount`);
  return (match[1] ? -1 : 1) * Number(`${match[2]}${match[3] ?? ''}`);
}

const csvRecords = (csv: string) =>
  z.array(z.record(z.string(), z.string())).parse(parse(csv, { bom: true, columns: true, record_delimiter: '\r\n' }));

// Issue 55: a talent earning euros and dollars, paid in pesos. The run converts each currency at the rate
// locked at approval, with the FX margin; the statement shows every step of the sum, and the yearly summary
// totals each currency on its own, equal to the ledger's.
describe('payout statements in several currencies', () => {
  let testApp: TestApp;
  let admin: Account;
  let talent: Account;
  let payoutId: string;
  const today = new Date().toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));
  const MARGIN_BASIS_POINTS = 50;
  // Euros for two weeks of Lisboa Digital (billed in euros), dollars for one of Harbor Goods.
  const euroWeeks = [123_457, 80_000] as const;
  const euroTotal = euroWeeks[0] + euroWeeks[1];
  const dollarWeek = 25_000;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    admin = await signedInAccount(testApp, { role: 'admin' });
    talent = await signedInAccount(testApp, { role: 'applicant', name: 'Maria Santos' });
    await testApp.setSettings({ payouts_wait_for_payment: false, payout_security_days: 0, payout_minimum_cents: 1000 });
    await db
      .insert(platformSettings)
      .values({ key: FX_SETTINGS_KEY, value: { margin_basis_points: MARGIN_BASIS_POINTS, max_rate_age_days: 3 } });
    await db.insert(fxRates).values([
      { base: 'EUR', quote: 'PHP', rate: '61.2345', rateDate: today, source: 'manual' },
      { base: 'EUR', quote: 'USD', rate: '1.0512', rateDate: today, source: 'manual' },
    ]);

    const lisboa = await companyAccount(testApp, 'Lisboa Digital');
    await db.update(companies).set({ billingCurrency: 'EUR' }).where(eq(companies.id, lisboa.companyId));
    const harbor = await companyAccount(testApp, 'Harbor Goods');
    // Approved a minute ago, by the rows the approval writes: the run posts them to the ledger, each line
    // in its company's currency, and (no wait, no security period) makes them available.
    const approvedAt = new Date(Date.now() - 60_000);
    const weekOf = (weeksBack: number) => addDays(weekStartOf(isoDay(new Date())), -7 * weeksBack);
    const work = async (companyId: string, role: string, weeks: Array<[number, number]>) => {
      const assignment = await buildAssignment(db, {
        companyId,
        applicantId: talent.user.id,
        role,
        startDate: weekOf(8),
      });
      for (const [weeksBack, cents] of weeks) {
        await buildTimesheet(db, {
          assignmentId: assignment.id,
          weekStart: weekOf(weeksBack),
          status: 'approved',
          approvedAt,
          talentPayCents: cents,
        });
      }
    };
    await work(lisboa.companyId, 'Copywriter', [
      [2, euroWeeks[0]],
      [1, euroWeeks[1]],
    ]);
    await work(harbor.companyId, 'Support Specialist', [[1, dollarWeek]]);
    await taxFormOnFile(testApp, talent.user.id);
    await db.insert(payoutMethods).values({
      applicantId: talent.user.id,
      kind: 'wise',
      label: 'Wise · m***@example.com',
      email: 'maria@example.com',
      currency: 'PHP',
      isDefault: true,
      usableFrom: new Date(Date.now() - 3_600_000),
    });

    const prepared = await admin.call(payoutsContract.prepareRun);
    expect(prepared.statusCode, prepared.rawPayload.toString()).toBe(200);
    const approved = await admin.call(payoutsContract.approveRun, { params: { id: prepared.body.id } });
    expect(approved.statusCode, approved.rawPayload.toString()).toBe(200);
    const listed = await talent.call(payoutsContract.payouts, { query: {} });
    const [payout] = listed.body.items;
    if (!payout) throw new Error('The run paid no payout.');
    payoutId = payout.id;
    const paid = await admin.call(payoutsContract.markPaid, {
      params: { id: payoutId },
      body: { reference: 'WISE-PHP-1' },
    });
    expect(paid.statusCode, paid.rawPayload.toString()).toBe(200);
    // An app, four accounts, two companies' work and a payout run: seconds of a busy machine.
  }, 60_000);
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;

  // The payout's parts as the talent's list answers them, each figure recomputed by the kernel from the
  // recorded rate: what the part says it paid is what convertMinor gives.
  async function payoutParts() {
    const { body } = await talent.call(payoutsContract.payouts, { query: {} });
    const payout = body.items.find((item) => item.id === payoutId);
    if (!payout) throw new Error('The payout is not listed.');
    return payout;
  }

  const recomputed = (part: TalentPayoutPart, to: Currency) => {
    if (!part.rate) throw new Error(`The ${part.source_currency} part has no rate.`);
    return convertMinor({
      amount: part.source_cents,
      from: part.source_currency,
      to,
      rate: { base: part.source_currency, quote: to, ...part.rate },
      marginBasisPoints: part.margin_basis_points,
    });
  };

  it('pays each currency earned as a part in pesos, at the rate locked at approval, less the FX margin', async () => {
    const payout = await payoutParts();
    expect(payout.currency).toBe('PHP');
    expect(payout.parts.map((part) => [part.source_currency, part.source_cents])).toEqual([
      ['EUR', euroTotal],
      ['USD', dollarWeek],
    ]);
    const [euros, dollars] = payout.parts as [TalentPayoutPart, TalentPayoutPart];
    // The euro part at the rate entered; the dollar part at the cross rate through the euro, recorded as used.
    expect(euros.rate).toEqual({ rate: '61.2345', date: today, source: 'manual' });
    expect(dollars.rate).toMatchObject({ date: today, source: 'manual' });
    for (const part of payout.parts) {
      const conversion = recomputed(part, 'PHP');
      expect(part).toMatchObject({
        amount_cents: conversion.amount,
        margin_cents: conversion.marginMinor,
        margin_basis_points: MARGIN_BASIS_POINTS,
      });
    }
    expect(payout.amount_cents).toBe(payout.parts.reduce((sum, part) => sum + part.amount_cents, 0));
  });

  it('states the payout: each part earned, its rate with day and source, the margin and the pesos, then the total', async () => {
    const payout = await payoutParts();
    const response = await talent.call(payoutsContract.statement, { params: { id: payoutId } });
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toMatch(new RegExp(`Amount\\s+${literal(formatMoney(payout.amount_cents, 'PHP'))}`));
    // The earnings, each in the currency its company paid in.
    expect(text).toMatch(
      /Lisboa Digital\s+Copywriter\s+Week of .+\s+€1,234\.57\n.*Lisboa Digital\s+Copywriter\s+Week of .+\s+€800\.00/,
    );
    expect(text).toMatch(/Harbor Goods\s+Support Specialist\s+Week of .+\s+\$250\.00/);
    expect(text).toContain('Paid in Philippine pesos');
    for (const part of payout.parts) {
      const conversion = recomputed(part, 'PHP');
      const from = part.source_currency;
      const lines = [
        [`Earned in ${from}`, formatMoney(part.source_cents, from)],
        ['Rate', `1 ${from} = ${conversion.rateUsed.rate} PHP, Tandem’s rate of ${today}`],
        ['Converted', formatMoney(conversion.amount + conversion.marginMinor, 'PHP')],
        ['FX margin \\(0\\.50%\\)', formatMoney(-conversion.marginMinor, 'PHP')],
        ['Paid in PHP', formatMoney(conversion.amount, 'PHP')],
      ];
      for (const [label, value] of lines) expect(text).toMatch(new RegExp(`${label}\\s+${literal(value ?? '')}`));
    }
    expect(text).toContain(`1 EUR = 61.2345 PHP, Tandem’s rate of ${today}`);
    expect(text).toMatch(new RegExp(`Total paid out\\s+${literal(formatMoney(payout.amount_cents, 'PHP'))}`));
    expect(text.replace(/\s+/g, ' ')).toContain('Tandem converted at the rates shown, keeping the FX margin shown.');
    expect(text).not.toContain('Amounts are in US dollars');
  });

  // What the ledger holds for the talent in the year, per currency: earned (credited to pending at
  // approval), paid out (credited to paid_out), and what the payout took from available.
  async function ledgerOfYear() {
    const sums = (query: ReturnType<typeof sql>) =>
      selectRows(db(), z.object({ currency: currencyColumn, cents: integerColumn }), query).then((rows) =>
        Object.fromEntries(rows.map((row) => [row.currency, row.cents])),
      );
    const inYear = sql`l.occurred_at >= ${`${year}-01-01T00:00:00Z`}::timestamptz
      and l.occurred_at < ${`${year + 1}-01-01T00:00:00Z`}::timestamptz`;
    const of = (account: string, kinds: string[], sign: 1 | -1) =>
      sums(sql`select e.currency, (${sign} * sum(e.amount_cents))::bigint as cents
               from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
               where e.applicant_id = ${talent.user.id} and e.account = ${account}::ledger_account
                 and l.kind::text = any(${`{${kinds.join(',')}}`}::text[]) and ${inYear}
               group by e.currency`);
    return {
      earned: await of('talent_pending', ['work_approved', 'milestone_released'], -1),
      paidOut: await of('paid_out', ['payout_paid'], -1),
      takenFromAvailable: await of('talent_available', ['payout_sent'], 1),
      // Everything still owed or on its way, by currency: nothing once the payout is paid.
      owed: await sums(sql`select e.currency, (-sum(e.amount_cents))::bigint as cents
                           from ledger_entries e where e.applicant_id = ${talent.user.id}
                             and e.account in ('talent_pending', 'talent_available', 'payouts_in_transit')
                           group by e.currency having sum(e.amount_cents) <> 0`),
    };
  }

  it('totals the year per currency, equal to the ledger: earned by the currency paid in, paid out in pesos', async () => {
    const ledger = await ledgerOfYear();
    expect(ledger.earned).toEqual({ EUR: euroTotal, USD: dollarWeek });
    expect(ledger.owed).toEqual({});
    const payout = await payoutParts();
    expect(ledger.paidOut).toEqual({ PHP: payout.amount_cents });

    const csv = await talent.call(payoutsContract.yearlyCsv, { query: { year } });
    const records = csvRecords(csv.rawPayload.toString());
    const byCurrency = (kind: string) =>
      Object.fromEntries(
        records
          .filter((row) => row.Kind === kind)
          .map((row) => [row.Currency, minorOf(row.Amount ?? '', row.Currency as Currency)]),
      );
    expect(byCurrency('Total earned')).toEqual(ledger.earned);
    expect(byCurrency('Total paid out')).toEqual(ledger.paidOut);
    expect(byCurrency('Earned by month')).toEqual(ledger.earned);
    expect(byCurrency('Payout paid')).toEqual(ledger.paidOut);

    // The conversions: each a part, its figures those of the kernel at the recorded rate; what they took adds
    // up to what left the balance in each currency, and what they paid to the payout.
    const conversions = records.filter((row) => row.Kind === 'Conversion');
    expect(conversions.map((row) => row['From currency'])).toEqual(['EUR', 'USD']);
    const taken: Record<string, number> = {};
    let paidInPesos = 0;
    for (const row of conversions) {
      const from = row['From currency'] as Currency;
      const sourceCents = minorOf(row['Converted from'] ?? '', from);
      const conversion = convertMinor({
        amount: sourceCents,
        from,
        to: 'PHP',
        rate: { base: from, quote: 'PHP', rate: row.Rate ?? '', date: row['Rate date'] ?? '', source: 'manual' },
        marginBasisPoints: Math.round(Number(row['FX margin %']) * 100),
      });
      expect(row).toMatchObject({ Currency: 'PHP', 'Rate date': today, 'Rate source': 'Tandem’s rate' });
      expect(row['Date converted']).toBe(today);
      expect(minorOf(row.Amount ?? '', 'PHP')).toBe(conversion.amount);
      expect(minorOf(row['FX margin'] ?? '', 'PHP')).toBe(conversion.marginMinor);
      taken[from] = (taken[from] ?? 0) + sourceCents;
      paidInPesos += conversion.amount;
    }
    expect(taken).toEqual(ledger.takenFromAvailable);
    expect(paidInPesos).toBe(ledger.paidOut.PHP);
  });

  it('prints the year’s totals per currency and lists its conversions in the PDF', async () => {
    const ledger = await ledgerOfYear();
    const payout = await payoutParts();
    const response = await talent.call(payoutsContract.yearlyPdf, { query: { year } });
    const text = await pdfText(response.rawPayload);
    const euros = formatMoney(ledger.earned.EUR ?? 0, 'EUR');
    const dollars = formatMoney(ledger.earned.USD ?? 0, 'USD');
    const pesos = formatMoney(ledger.paidOut.PHP ?? 0, 'PHP');
    expect(text).toMatch(new RegExp(`Earned\\s+${literal(`${euros} · ${dollars}`)}`));
    expect(text).toMatch(new RegExp(`Paid out\\s+${literal(pesos)}`));
    // Two currencies earned in a month: each on its own line, and a total for each.
    expect(text).toMatch(new RegExp(`Total in euros\\s+${literal(euros)}`));
    expect(text).toMatch(new RegExp(`Total in US dollars\\s+${literal(dollars)}`));
    expect(text).toMatch(new RegExp(`WISE-PHP-1\\s+${literal(pesos)}`));
    for (const part of payout.parts) {
      const conversion = recomputed(part, 'PHP');
      // The figures on one line; under the rate its source and day, under the margin its percentage.
      const row = [
        formatMoney(part.source_cents, part.source_currency),
        `1 ${part.source_currency} = ${conversion.rateUsed.rate} PHP`,
        formatMoney(conversion.amount, 'PHP'),
        formatMoney(conversion.marginMinor, 'PHP'),
      ];
      const under = [`Tandem’s rate of ${today}`, '0.50%'];
      expect(text).toMatch(new RegExp([...row, ...under].map(literal).join('\\s+')));
    }
    expect(text.replace(/\s+/g, ' ')).toContain('Each amount is in its own currency, never added to another');
  });
});
