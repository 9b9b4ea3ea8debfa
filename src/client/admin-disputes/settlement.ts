import type { MilestoneCharge } from '~/shared/milestones';

// How a settlement divides what the company was charged at funding (docs/decisions/035): the released part
// is invoiced with its own fee and tax, at the funding's rates and each rounded half up to the cent once,
// as every invoice is; the rest of the charge goes back to the company. The two parts add up to the charge.

export interface SettlementSplit {
  releaseCents: number;
  feeCents: number;
  taxCents: number;
  // What the company pays for the released part: the release, its fee and its tax.
  invoicedCents: number;
  refundCents: number;
}

const BASIS_POINTS_PER_WHOLE = 10_000n;

// amount × basis points / 10,000, rounded half up; BigInt so no product is rounded on the way.
function basisPointsOf(amountCents: number, basisPoints: number): number {
  const product = BigInt(amountCents) * BigInt(basisPoints);
  return Number((product + BASIS_POINTS_PER_WHOLE / 2n) / BASIS_POINTS_PER_WHOLE);
}

export function splitCharge(charge: MilestoneCharge, releaseCents: number): SettlementSplit {
  const feeCents = basisPointsOf(releaseCents, charge.fee_basis_points);
  const taxCents = basisPointsOf(releaseCents + feeCents, charge.tax_basis_points);
  const invoicedCents = releaseCents + feeCents + taxCents;
  return { releaseCents, feeCents, taxCents, invoicedCents, refundCents: charge.total_cents - invoicedCents };
}

// Split 50/50: half of what is held to each side; an odd cent stays with the company.
export const halfOf = (fundedCents: number) => Math.floor(fundedCents / 2);
