import {
  formatBasisPoints,
  formatCents,
  formatDaySpan,
  type InvoiceItemKind,
  type InvoiceItemUnit,
} from '~/shared/billing';
import type { Currency } from '~/shared/currencies';
import { workAmountCents } from './work-amount';

// The arithmetic of one invoice, pure and in integers: work items from approved minutes at the rate in
// effect (each a week's minutes under one set of terms, rounded once: the rule of work-amount.ts), then the platform fee on the work and the tax on work plus fee, each rounded half up to the
// cent once. The total is the sum of the items by construction, so it adds up to the cent, always.
// Shared (decision 024): the invoice run, a week's cost at approval and the next invoice's estimate all
// compute through it, so what a company is shown and what it is billed cannot disagree.

// Minutes one week of an assignment worked under one set of terms, and the days they span: one line of
// the one rounding rule (work-amount.ts workAtTerms).
export interface BillableWork {
  assignmentId: string;
  role: string;
  talentName: string;
  rateCents: number;
  minutes: number;
  firstDate: string;
  lastDate: string;
}

export interface DraftInvoiceItem {
  kind: InvoiceItemKind;
  description: string;
  // Minutes for work (unit minute), exact; 1 for the fee, the tax and a milestone.
  quantity: number;
  unit: InvoiceItemUnit;
  rateCents: number;
  amountCents: number;
  assignmentId: string | null;
  minutes: number | null;
  // The days a work line's minutes were worked; null for the rest.
  workStart: string | null;
  workEnd: string | null;
}

export interface InvoiceArithmetic {
  items: DraftInvoiceItem[];
  subtotalCents: number;
  feeCents: number;
  taxCents: number;
  totalCents: number;
}

const BASIS_POINTS_PER_WHOLE = 10_000n;
// The amounts are stored as PostgreSQL integers.
const MAX_INVOICE_CENTS = 2_147_483_647;

// amount × basis points / 10,000, rounded half up; BigInt so no product is ever rounded on the way.
export function basisPointsOf(amountCents: number, basisPoints: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError('An amount must be whole cents, zero or more.');
  }
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError('A rate in basis points must be a whole number, zero or more.');
  }
  const product = BigInt(amountCents) * BigInt(basisPoints);
  return Number((product + BASIS_POINTS_PER_WHOLE / 2n) / BASIS_POINTS_PER_WHOLE);
}

// 'Support Engineer — Ada Lovelace, Nov 16 – 20, 2026': the quantity and the rate stand in their own
// columns, so the line reads quantity × rate = amount.
export function describeWork(work: Pick<BillableWork, 'role' | 'talentName' | 'firstDate' | 'lastDate'>): string {
  return `${work.role} — ${work.talentName}, ${formatDaySpan(work.firstDate, work.lastDate)}`;
}

// One work item per line of work (a week's minutes under one set of terms, already grouped by the one
// rounding rule), in the order given; then the fee (when the platform takes one) and the tax (when the
// company's profile has a rate).
export function buildInvoiceItems({
  work,
  feeBasisPoints,
  taxBasisPoints,
  taxName = 'Tax',
  currency,
}: {
  work: readonly BillableWork[];
  feeBasisPoints: number;
  taxBasisPoints: number;
  // What the tax line calls it: VAT, GST, or Tax (decision 053).
  taxName?: string;
  // The company's billing currency: the fee's and the tax's lines name their base in it.
  currency: Currency;
}): InvoiceArithmetic {
  const items: DraftInvoiceItem[] = [];
  for (const line of work) {
    if (!Number.isSafeInteger(line.minutes) || line.minutes < 0) {
      throw new RangeError('Minutes must be a whole number, zero or more.');
    }
    if (line.minutes === 0) continue;
    items.push({
      kind: 'work',
      description: describeWork(line),
      quantity: line.minutes,
      unit: 'minute',
      rateCents: line.rateCents,
      amountCents: workAmountCents(line.minutes, line.rateCents),
      assignmentId: line.assignmentId,
      minutes: line.minutes,
      workStart: line.firstDate,
      workEnd: line.lastDate,
    });
  }
  return withFeeAndTax(items, { feeBasisPoints, taxBasisPoints, taxName, currency });
}

// The platform fee on a subtotal and the tax on subtotal plus fee, each rounded half up once: what an invoice
// adds to its items, and what funding a milestone charges on top of it.
export function feeAndTaxOf(
  subtotalCents: number,
  { feeBasisPoints, taxBasisPoints }: { feeBasisPoints: number; taxBasisPoints: number },
): { feeCents: number; taxableCents: number; taxCents: number; totalCents: number } {
  const feeCents = basisPointsOf(subtotalCents, feeBasisPoints);
  const taxableCents = subtotalCents + feeCents;
  const taxCents = basisPointsOf(taxableCents, taxBasisPoints);
  const totalCents = taxableCents + taxCents;
  if (totalCents > MAX_INVOICE_CENTS) throw new RangeError('The invoice total is too large for one invoice.');
  return { feeCents, taxableCents, taxCents, totalCents };
}

// The fee and the tax added after the items as lines of their own; the total is the sum of every item.
function withFeeAndTax(
  items: DraftInvoiceItem[],
  {
    feeBasisPoints,
    taxBasisPoints,
    taxName,
    currency,
  }: { feeBasisPoints: number; taxBasisPoints: number; taxName: string; currency: Currency },
): InvoiceArithmetic {
  const subtotalCents = items.reduce((sum, item) => sum + item.amountCents, 0);
  const { feeCents, taxableCents, taxCents, totalCents } = feeAndTaxOf(subtotalCents, {
    feeBasisPoints,
    taxBasisPoints,
  });
  if (feeBasisPoints > 0) {
    items.push({
      kind: 'fee',
      description: `Platform fee (${formatBasisPoints(feeBasisPoints)} of ${formatCents(subtotalCents, currency)})`,
      quantity: 1,
      unit: 'each',
      rateCents: feeCents,
      amountCents: feeCents,
      assignmentId: null,
      minutes: null,
      workStart: null,
      workEnd: null,
    });
  }

  if (taxBasisPoints > 0) {
    items.push({
      kind: 'tax',
      description: `${taxName} (${formatBasisPoints(taxBasisPoints)} of ${formatCents(taxableCents, currency)})`,
      quantity: 1,
      unit: 'each',
      rateCents: taxCents,
      amountCents: taxCents,
      assignmentId: null,
      minutes: null,
      workStart: null,
      workEnd: null,
    });
  }

  return { items, subtotalCents, feeCents, taxCents, totalCents };
}

// A fixed-price milestone (decision 035): the invoice its release issues — the milestone, the fee and the
// tax, by the same arithmetic as hours and as its funding's charge (feeAndTaxOf), so they agree to the cent.
export function buildMilestoneItems({
  assignmentId,
  title,
  talentName,
  amountCents,
  feeBasisPoints,
  taxBasisPoints,
  taxName = 'Tax',
  currency,
}: {
  assignmentId: string;
  title: string;
  talentName: string;
  amountCents: number;
  feeBasisPoints: number;
  taxBasisPoints: number;
  taxName?: string;
  currency: Currency;
}): InvoiceArithmetic {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError('An amount must be whole cents, zero or more.');
  }
  const milestone: DraftInvoiceItem = {
    kind: 'milestone',
    description: `Milestone: ${title} — ${talentName}`,
    quantity: 1,
    unit: 'each',
    rateCents: amountCents,
    amountCents,
    assignmentId,
    minutes: null,
    workStart: null,
    workEnd: null,
  };
  return withFeeAndTax([milestone], { feeBasisPoints, taxBasisPoints, taxName, currency });
}

// The part `partCents` of a charge of `whole` split as the charge was: fee and tax each its share of the part
// (part × its amount ÷ the total, rounded half up, in BigInt), the work the rest, so the three add up to the
// part to the cent. A part equal to the whole gives back the whole's own split.
export function shareOfCharge(
  partCents: number,
  whole: { subtotalCents: number; feeCents: number; taxCents: number; totalCents: number },
): { subtotalCents: number; feeCents: number; taxCents: number } {
  if (!Number.isSafeInteger(partCents) || partCents < 0 || partCents > whole.totalCents) {
    throw new RangeError('A part must be whole cents, from zero to the whole.');
  }
  if (partCents === whole.totalCents) {
    return { subtotalCents: whole.subtotalCents, feeCents: whole.feeCents, taxCents: whole.taxCents };
  }
  const total = BigInt(whole.totalCents);
  const shareOf = (amount: number) => Number((BigInt(partCents) * BigInt(amount) * 2n + total) / (2n * total));
  const feeCents = shareOf(whole.feeCents);
  const taxCents = shareOf(whole.taxCents);
  return { subtotalCents: partCents - feeCents - taxCents, feeCents, taxCents };
}

// What a milestone's refund credits, as its funding charged it: the milestone's part, the fee and the tax,
// each `charged` less what `released` (a settlement's release invoice) kept of it. The lines add up to the
// money that went back to the cent.
export function creditedMilestoneLines({
  title,
  charged,
  released,
}: {
  title: string;
  charged: Pick<InvoiceArithmetic, 'subtotalCents' | 'feeCents' | 'taxCents'>;
  released?: Pick<InvoiceArithmetic, 'subtotalCents' | 'feeCents' | 'taxCents'> | null;
}): { kind: InvoiceItemKind; description: string; amountCents: number }[] {
  const kept = released ?? { subtotalCents: 0, feeCents: 0, taxCents: 0 };
  return [
    { kind: 'milestone', description: `Milestone: ${title}`, amountCents: charged.subtotalCents - kept.subtotalCents },
    { kind: 'fee', description: 'Platform fee', amountCents: charged.feeCents - kept.feeCents },
    { kind: 'tax', description: 'Tax', amountCents: charged.taxCents - kept.taxCents },
  ];
}
