import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysAtTerms, type TermsRow, talentPayCents } from '../work/assignment-terms';
import { buildInvoiceItems } from './invoice-arithmetic';
import { workAmountCents, workAtTerms } from './work-amount';

describe('workAmountCents', () => {
  it('bills whole hours at the rate', () => {
    expect(workAmountCents(60, 4500)).toBe(4500);
    expect(workAmountCents(480, 4500)).toBe(36000);
    expect(workAmountCents(0, 4500)).toBe(0);
  });

  it('rounds half a cent up and less than half down', () => {
    // 1 minute at $0.30 an hour is half a cent.
    expect(workAmountCents(1, 30)).toBe(1);
    expect(workAmountCents(1, 29)).toBe(0);
    // 7 minutes at $12.34: 86.38333… cents.
    expect(workAmountCents(7, 1234)).toBe(144);
    expect(workAmountCents(1, 90)).toBe(2);
  });

  it('refuses fractions and negatives', () => {
    expect(() => workAmountCents(1.5, 100)).toThrow(RangeError);
    expect(() => workAmountCents(-1, 100)).toThrow(RangeError);
    expect(() => workAmountCents(10, 10.5)).toThrow(RangeError);
  });

  it('matches exact rational rounding for generated minutes and rates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 * 1440 }), fc.integer({ min: 0, max: 1_000_000 }), (minutes, rate) => {
        const amount = workAmountCents(minutes, rate);
        const exact = BigInt(minutes) * BigInt(rate);
        // amount is the nearest cent, ties up: 60·amount − 30 ≤ exact < 60·amount + 30.
        expect(BigInt(amount) * 60n - 30n <= exact).toBe(true);
        expect(exact < BigInt(amount) * 60n + 30n).toBe(true);
        expect(Number.isInteger(amount)).toBe(true);
      }),
    );
  });
});

const WEEK = ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];

// A week of work under one to three sets of terms (a change can take effect on any day of it), each pay
// rate at most its bill rate, or equal to it.
const weekOfWork = (payAtBillRate: boolean) =>
  fc
    .record({
      minutes: fc.array(fc.integer({ min: 0, max: 1440 }), { minLength: 7, maxLength: 7 }),
      terms: fc.array(
        fc.record({
          day: fc.integer({ min: 0, max: 6 }),
          rateCents: fc.integer({ min: 100, max: 100_000 }),
          payShare: fc.integer({ min: 0, max: 10_000 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    })
    .map(({ minutes, terms }) => {
      const byDay = new Map(terms.map((term) => [term.day, term]));
      const history: TermsRow[] = [...byDay.values()].map((term) => ({
        rateCents: term.rateCents,
        payRateCents: payAtBillRate ? term.rateCents : Math.floor((term.rateCents * term.payShare) / 10_000),
        weeklyHours: 40,
        effectiveDate: WEEK[term.day] ?? '2026-11-15',
      }));
      history.sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate));
      const entries = WEEK.map((workDate, index) => ({ workDate, minutes: minutes[index] ?? 0 }));
      return { history, entries };
    });

// The invoice of some weeks as the invoice run drafts it: each week's lines by the one rule.
const invoiceOf = (
  weeks: readonly { history: TermsRow[]; entries: { workDate: string; minutes: number }[] }[],
  rates: { feeBasisPoints: number; taxBasisPoints: number },
) =>
  buildInvoiceItems({
    work: weeks.flatMap((week, index) =>
      workAtTerms(daysAtTerms(week.entries, week.history)).map((line) => ({
        assignmentId: `a${index}`,
        role: 'Support Engineer',
        talentName: 'Ada',
        rateCents: line.rateCents,
        minutes: line.minutes,
        firstDate: line.firstDate,
        lastDate: line.lastDate,
      })),
    ),
    ...rates,
    currency: 'USD',
  });

describe('the one rounding rule (issue 54)', () => {
  it('pays the talent of the example what the company is billed: 1,339 minutes at $37.33/h is $833.08 both ways', () => {
    const history: TermsRow[] = [{ rateCents: 3733, payRateCents: 3733, weeklyHours: 40, effectiveDate: '2026-11-01' }];
    const entries = [268, 268, 268, 268, 267].map((minutes, index) => ({ workDate: WEEK[index + 1] ?? '', minutes }));
    expect(talentPayCents(entries, history)).toBe(83_308);
    const invoice = invoiceOf([{ history, entries }], { feeBasisPoints: 0, taxBasisPoints: 0 });
    expect(invoice.items).toMatchObject([
      { quantity: 1339, unit: 'minute', amountCents: 83_308, workStart: '2026-11-16', workEnd: '2026-11-20' },
    ]);
  });

  it('rounds a week once per set of terms: a rate change mid-week is two lines, each rounded once', () => {
    const history: TermsRow[] = [
      { rateCents: 3733, payRateCents: 3000, weeklyHours: 40, effectiveDate: '2026-11-01' },
      { rateCents: 4001, payRateCents: 3200, weeklyHours: 40, effectiveDate: '2026-11-18' },
    ];
    const entries = [7, 7, 7, 7].map((minutes, index) => ({ workDate: WEEK[index + 1] ?? '', minutes }));
    expect(workAtTerms(daysAtTerms(entries, history))).toEqual([
      // 14 min × $37.33 = 871.03… → 871; × $30.00 = 700.
      {
        rateCents: 3733,
        payRateCents: 3000,
        minutes: 14,
        firstDate: '2026-11-16',
        lastDate: '2026-11-17',
        amountCents: 871,
        payCents: 700,
      },
      // 14 min × $40.01 = 933.56… → 934; × $32.00 = 746.66… → 747.
      {
        rateCents: 4001,
        payRateCents: 3200,
        minutes: 14,
        firstDate: '2026-11-18',
        lastDate: '2026-11-19',
        amountCents: 934,
        payCents: 747,
      },
    ]);
    expect(talentPayCents(entries, history)).toBe(1447);
  });

  it('pays at the bill rate exactly the invoice’s work, for any minutes per day, rates, fee and tax', () => {
    fc.assert(
      fc.property(
        fc.array(weekOfWork(true), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (weeks, feeBasisPoints, taxBasisPoints) => {
          const invoice = invoiceOf(weeks, { feeBasisPoints, taxBasisPoints });
          const pay = weeks.reduce((total, week) => total + talentPayCents(week.entries, week.history), 0);
          expect(invoice.subtotalCents).toBe(pay);
          // Each line: its quantity × rate ÷ 60, rounded half up, is its amount.
          for (const item of invoice.items.filter((line) => line.kind === 'work')) {
            expect(item.amountCents).toBe(workAmountCents(item.quantity, item.rateCents));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never makes a margin negative by rounding: pay at or under the bill rate costs at most the work billed', () => {
    fc.assert(
      fc.property(
        fc.array(weekOfWork(false), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (weeks, feeBasisPoints, taxBasisPoints) => {
          const invoice = invoiceOf(weeks, { feeBasisPoints, taxBasisPoints });
          for (const week of weeks) {
            for (const line of workAtTerms(daysAtTerms(week.entries, week.history))) {
              expect(line.payCents).toBeLessThanOrEqual(line.amountCents);
            }
          }
          const pay = weeks.reduce((total, week) => total + talentPayCents(week.entries, week.history), 0);
          // What Tandem keeps of the invoice (the tax is not its own) less what it pays out.
          expect(invoice.totalCents - invoice.taxCents - pay).toBeGreaterThanOrEqual(0);
          expect(invoice.subtotalCents - pay).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
