import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBasisPoints } from '~/shared/billing';
import {
  type BillableWork,
  basisPointsOf,
  buildInvoiceItems,
  buildMilestoneItems,
  creditedMilestoneLines,
  describeWork,
  shareOfCharge,
} from './invoice-arithmetic';

const work = (overrides: Partial<BillableWork> = {}): BillableWork => ({
  assignmentId: 'a1',
  role: 'Support Engineer',
  talentName: 'Ada Lovelace',
  rateCents: 4500,
  minutes: 60,
  firstDate: '2026-11-16',
  lastDate: '2026-11-20',
  ...overrides,
});

// Exact half-up rounding of amount × bp / 10,000: 10,000·r − 5,000 ≤ exact < 10,000·r + 5,000.
const isRoundedHalfUp = (rounded: number, amount: number, basisPoints: number) => {
  const exact = BigInt(amount) * BigInt(basisPoints);
  return BigInt(rounded) * 10_000n - 5_000n <= exact && exact < BigInt(rounded) * 10_000n + 5_000n;
};

describe('invoice arithmetic', () => {
  it('bills minutes at the rate, then the fee on the work and the tax on work plus fee', () => {
    const invoice = buildInvoiceItems({
      work: [
        work({ minutes: 38 * 60 + 30 }),
        work({
          assignmentId: 'a2',
          talentName: 'Alan Turing',
          rateCents: 6000,
          firstDate: '2026-11-18',
          lastDate: '2026-11-18',
        }),
      ],
      feeBasisPoints: 1000,
      taxBasisPoints: 825,
      currency: 'USD',
    });
    expect(invoice.items).toEqual([
      {
        kind: 'work',
        description: 'Support Engineer — Ada Lovelace, Nov 16 – 20, 2026',
        quantity: 2310,
        unit: 'minute',
        rateCents: 4500,
        amountCents: 173_250,
        assignmentId: 'a1',
        minutes: 2310,
        workStart: '2026-11-16',
        workEnd: '2026-11-20',
      },
      {
        kind: 'work',
        description: 'Support Engineer — Alan Turing, Nov 18, 2026',
        quantity: 60,
        unit: 'minute',
        rateCents: 6000,
        amountCents: 6000,
        assignmentId: 'a2',
        minutes: 60,
        workStart: '2026-11-18',
        workEnd: '2026-11-18',
      },
      {
        kind: 'fee',
        description: 'Platform fee (10% of $1,792.50)',
        quantity: 1,
        unit: 'each',
        rateCents: 17_925,
        amountCents: 17_925,
        assignmentId: null,
        minutes: null,
        workStart: null,
        workEnd: null,
      },
      {
        kind: 'tax',
        // (179,250 + 17,925) × 8.25% = 16,266.9375 → 16,267
        description: 'Tax (8.25% of $1,971.75)',
        quantity: 1,
        unit: 'each',
        rateCents: 16_267,
        amountCents: 16_267,
        assignmentId: null,
        minutes: null,
        workStart: null,
        workEnd: null,
      },
    ]);
    expect(invoice).toMatchObject({ subtotalCents: 179_250, feeCents: 17_925, taxCents: 16_267, totalCents: 213_442 });
  });

  it('gives each line of work its own item: weeks are not merged, so each keeps its days and its rounding', () => {
    const invoice = buildInvoiceItems({
      work: [
        work({ minutes: 120 }),
        work({ minutes: 60, rateCents: 5000 }),
        work({ minutes: 30, firstDate: '2026-11-23', lastDate: '2026-11-23' }),
      ],
      feeBasisPoints: 0,
      taxBasisPoints: 0,
      currency: 'USD',
    });
    expect(invoice.items.map((item) => [item.rateCents, item.minutes, item.amountCents, item.workStart])).toEqual([
      [4500, 120, 9000, '2026-11-16'],
      [5000, 60, 5000, '2026-11-16'],
      [4500, 30, 2250, '2026-11-23'],
    ]);
    // No fee and no tax: no items for them, and the total is the work.
    expect(invoice).toMatchObject({ subtotalCents: 16_250, feeCents: 0, taxCents: 0, totalCents: 16_250 });
  });

  it('leaves out work of zero minutes and keeps a tax item for a rate that rounds to nothing', () => {
    const invoice = buildInvoiceItems({
      work: [work({ minutes: 0 }), work({ assignmentId: 'a2', minutes: 1, rateCents: 100 })],
      feeBasisPoints: 1000,
      taxBasisPoints: 1,
      currency: 'USD',
    });
    expect(invoice.items.map((item) => [item.kind, item.amountCents])).toEqual([
      ['work', 2],
      ['fee', 0],
      ['tax', 0],
    ]);
  });

  it('rounds half a cent up', () => {
    expect(basisPointsOf(5, 1000)).toBe(1);
    expect(basisPointsOf(4, 1000)).toBe(0);
    expect(basisPointsOf(15, 1000)).toBe(2);
    expect(basisPointsOf(0, 10_000)).toBe(0);
    expect(basisPointsOf(2_147_483_647, 10_000)).toBe(2_147_483_647);
    expect(() => basisPointsOf(-1, 100)).toThrow(RangeError);
    expect(() => basisPointsOf(1.5, 100)).toThrow(RangeError);
  });

  it('names the days of work and writes rates as percentages', () => {
    expect(
      describeWork({ role: 'Bookkeeper', talentName: 'Mia', firstDate: '2026-11-30', lastDate: '2026-12-02' }),
    ).toBe('Bookkeeper — Mia, Nov 30 – Dec 2, 2026');
    expect(
      describeWork({ role: 'Bookkeeper', talentName: 'Mia', firstDate: '2026-12-31', lastDate: '2027-01-01' }),
    ).toBe('Bookkeeper — Mia, Dec 31, 2026 – Jan 1, 2027');
    expect(formatBasisPoints(1000)).toBe('10%');
    expect(formatBasisPoints(825)).toBe('8.25%');
    expect(formatBasisPoints(1050)).toBe('10.5%');
    expect(formatBasisPoints(5)).toBe('0.05%');
  });

  it('refuses a total the database cannot hold', () => {
    expect(() =>
      buildInvoiceItems({
        work: [work({ minutes: 60 * 1000, rateCents: 5_000_000 })],
        feeBasisPoints: 0,
        taxBasisPoints: 0,
        currency: 'USD',
      }),
    ).toThrow(RangeError);
  });

  it('adds up to the cent for any hours, rates, fee and tax', () => {
    const line = fc.record({
      assignmentId: fc.constantFrom('a1', 'a2', 'a3', 'a4', 'a5', 'a6'),
      role: fc.constant('Engineer'),
      talentName: fc.constant('Talent'),
      // $1.00 to $500.00 an hour; up to a full week of minutes on one line.
      rateCents: fc.integer({ min: 100, max: 50_000 }),
      minutes: fc.integer({ min: 0, max: 7 * 1440 }),
      firstDate: fc.constant('2026-11-16'),
      lastDate: fc.constant('2026-11-20'),
    });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 40 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, feeBasisPoints, taxBasisPoints) => {
          const invoice = buildInvoiceItems({ work: lines, feeBasisPoints, taxBasisPoints, currency: 'USD' });
          const sum = (kind?: string) =>
            invoice.items
              .filter((item) => kind === undefined || item.kind === kind)
              .reduce((total, item) => total + item.amountCents, 0);

          // Totals equal the items, to the cent.
          expect(invoice.totalCents).toBe(sum());
          expect(invoice.totalCents).toBe(invoice.subtotalCents + invoice.feeCents + invoice.taxCents);
          expect(invoice.subtotalCents).toBe(sum('work'));
          expect(sum('fee')).toBe(invoice.feeCents);
          expect(sum('tax')).toBe(invoice.taxCents);
          for (const item of invoice.items) {
            expect(Number.isSafeInteger(item.amountCents)).toBe(true);
            expect(item.amountCents).toBeGreaterThanOrEqual(0);
          }

          // Every minute is billed once, each line of work on its own item, its quantity the minutes.
          const workItems = invoice.items.filter((item) => item.kind === 'work');
          expect(workItems.reduce((total, item) => total + (item.minutes ?? 0), 0)).toBe(
            lines.reduce((total, item) => total + item.minutes, 0),
          );
          expect(workItems).toHaveLength(lines.filter((item) => item.minutes > 0).length);
          for (const item of workItems) expect(item.quantity).toBe(item.minutes);
          for (const item of workItems) {
            // Within half a cent of minutes × rate / 60.
            const exact = BigInt(item.minutes ?? 0) * BigInt(item.rateCents);
            expect(BigInt(item.amountCents) * 60n - 30n <= exact && exact < BigInt(item.amountCents) * 60n + 30n).toBe(
              true,
            );
          }

          // Fee and tax within half a cent of the exact value, rounding half up.
          expect(isRoundedHalfUp(invoice.feeCents, invoice.subtotalCents, feeBasisPoints)).toBe(true);
          expect(isRoundedHalfUp(invoice.taxCents, invoice.subtotalCents + invoice.feeCents, taxBasisPoints)).toBe(
            true,
          );
          expect(invoice.items.some((item) => item.kind === 'fee')).toBe(feeBasisPoints > 0);
          expect(invoice.items.some((item) => item.kind === 'tax')).toBe(taxBasisPoints > 0);
        },
      ),
      { numRuns: 500 },
    );
  });
});

// Credit notes (decision 048): what a refund credits adds up to the money that went back, to the cent, in
// lines that are never negative.
describe('credited shares', () => {
  const rates = {
    feeBasisPoints: fc.integer({ min: 0, max: 3000 }),
    taxBasisPoints: fc.integer({ min: 0, max: 2500 }),
  };

  it('credits a settlement the charge less its release, line by line, to the cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.record(rates),
        (fundedCents, releasedShare, { feeBasisPoints, taxBasisPoints }) => {
          const releaseCents = Math.floor(fundedCents * releasedShare);
          const charge = (amountCents: number) =>
            buildMilestoneItems({
              assignmentId: 'a',
              title: 'M',
              talentName: '',
              amountCents,
              feeBasisPoints,
              taxBasisPoints,
              currency: 'USD',
            });
          const charged = charge(fundedCents);
          const released = releaseCents > 0 ? charge(releaseCents) : null;
          const lines = creditedMilestoneLines({ title: 'M', charged, released });
          expect(lines.every((line) => Number.isSafeInteger(line.amountCents) && line.amountCents >= 0)).toBe(true);
          const credited = lines.reduce((sum, line) => sum + line.amountCents, 0);
          expect(credited).toBe(charged.totalCents - (released?.totalCents ?? 0));
          expect(lines[0]?.amountCents).toBe(fundedCents - releaseCents);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('splits a part of a charge as the charge was split, adding up to the part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.record(rates),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (workCents, { feeBasisPoints, taxBasisPoints }, partShare) => {
          const whole = buildMilestoneItems({
            assignmentId: 'a',
            title: 'W',
            talentName: '',
            amountCents: workCents,
            feeBasisPoints,
            taxBasisPoints,
            currency: 'USD',
          });
          const part = Math.floor(whole.totalCents * partShare);
          const share = shareOfCharge(part, whole);
          expect(share.subtotalCents + share.feeCents + share.taxCents).toBe(part);
          expect(Math.min(share.subtotalCents, share.feeCents, share.taxCents)).toBeGreaterThanOrEqual(0);
          expect(shareOfCharge(whole.totalCents, whole)).toEqual({
            subtotalCents: whole.subtotalCents,
            feeCents: whole.feeCents,
            taxCents: whole.taxCents,
          });
        },
      ),
      { numRuns: 2000 },
    );
    expect(() => shareOfCharge(-1, { subtotalCents: 1, feeCents: 0, taxCents: 0, totalCents: 1 })).toThrow(RangeError);
  });
});
