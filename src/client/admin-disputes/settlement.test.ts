import { describe, expect, it } from 'vitest';
import type { MilestoneCharge } from '~/shared/milestones';
import { checkSettleForm } from './settle-form-values';
import { halfOf, splitCharge } from './settlement';

// $1,500.00 funded with a 10% fee and 8.25% tax: $150.00 and $136.13 ($1,650.00 × 8.25% = $136.125, half up).
const charge: MilestoneCharge = {
  amount_cents: 150_000,
  fee_basis_points: 1000,
  fee_cents: 15_000,
  tax_basis_points: 825,
  tax_cents: 13_613,
  total_cents: 178_613,
};

describe('splitCharge', () => {
  it('prices the released part on its own, half up, and refunds the rest of the charge', () => {
    expect(splitCharge(charge, 90_000)).toEqual({
      releaseCents: 90_000,
      feeCents: 9_000,
      // $990.00 × 8.25% = $81.675
      taxCents: 8_168,
      invoicedCents: 107_168,
      refundCents: 71_445,
    });
  });

  it('refunds nothing when all is released, and the whole charge when nothing is', () => {
    expect(splitCharge(charge, 150_000).refundCents).toBe(0);
    expect(splitCharge(charge, 0)).toEqual({
      releaseCents: 0,
      feeCents: 0,
      taxCents: 0,
      invoicedCents: 0,
      refundCents: 178_613,
    });
  });

  it('always adds up to the charge', () => {
    for (let release = 0; release <= charge.amount_cents; release += 997) {
      const split = splitCharge(charge, release);
      expect(split.invoicedCents + split.refundCents).toBe(charge.total_cents);
      expect(split.refundCents).toBeGreaterThanOrEqual(0);
    }
  });

  it('halves an odd amount with the odd cent left to the company', () => {
    expect(halfOf(150_001)).toBe(75_000);
  });
});

describe('checkSettleForm', () => {
  it('reads the dollars typed as whole cents and trims the note', () => {
    expect(checkSettleForm({ release: '$1,019.99', note: '  Split.  ' }, 150_000)).toEqual({
      body: { release_cents: 101_999, note: 'Split.' },
      problems: null,
    });
  });

  it('refuses an amount that is not dollars and cents, or more than is held, and an empty note', () => {
    const range = 'Release between $0.00 and $1,500.00, in whole cents.';
    for (const release of ['', 'abc', '10.001', '-5', '1500.01']) {
      expect(checkSettleForm({ release, note: 'x' }, 150_000).problems).toEqual({ release: range });
    }
    expect(checkSettleForm({ release: '0', note: '   ' }, 150_000).problems).toEqual({
      note: 'Explain the settlement to both sides.',
    });
  });
});
