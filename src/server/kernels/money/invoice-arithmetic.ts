import { formatBasisPoints, formatCents, type InvoiceItemKind } from '~/shared/billing';
import { workAmountCents } from './work-amount';

// The arithmetic of one invoice, pure and in integers: work items from approved minutes at the rate in
// effect, then the platform fee on the work and the tax on work plus fee, each rounded half up to the
// cent once. The total is the sum of the items by construction, so it adds up to the cent, always.
// Shared (decision 024): the invoice run, a week's cost at approval and the next invoice's estimate all
// compute through it, so what a company is shown and what it is billed cannot disagree.

// Minutes an assignment worked at one rate (the rate in effect on the days worked).
export interface BillableWork {
  assignmentId: string;
  role: string;
  talentName: string;
  rateCents: number;
  minutes: number;
}

export interface DraftInvoiceItem {
  kind: InvoiceItemKind;
  description: string;
  // Hours with two decimals for work; 1 for the fee and tax.
  quantity: number;
  rateCents: number;
  amountCents: number;
  assignmentId: string | null;
  minutes: number | null;
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

// Minutes as hundredths of an hour, rounded half up (20 minutes → 33, shown 0.33 h); display only,
// the amount is computed from the exact minutes.
export function hundredthsOfHour(minutes: number): number {
  return Math.floor((minutes * 10 + 3) / 6);
}

const twoDecimals = (hundredths: number) =>
  `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;

// 'Support Engineer — Ada Lovelace, 38.50 h at $45.00/h'
export function describeWork(work: Pick<BillableWork, 'role' | 'talentName' | 'rateCents' | 'minutes'>): string {
  return `${work.role} — ${work.talentName}, ${twoDecimals(hundredthsOfHour(work.minutes))} h at ${formatCents(work.rateCents)}/h`;
}

// One work item per (assignment, rate), in the order first met; then the fee (when the platform takes
// one) and the tax (when the company's profile has a rate).
export function buildInvoiceItems({
  work,
  feeBasisPoints,
  taxBasisPoints,
}: {
  work: readonly BillableWork[];
  feeBasisPoints: number;
  taxBasisPoints: number;
}): InvoiceArithmetic {
  const grouped = new Map<string, BillableWork>();
  for (const line of work) {
    if (!Number.isSafeInteger(line.minutes) || line.minutes < 0) {
      throw new RangeError('Minutes must be a whole number, zero or more.');
    }
    const key = `${line.assignmentId}\u001f${line.rateCents}`;
    const seen = grouped.get(key);
    grouped.set(key, seen ? { ...seen, minutes: seen.minutes + line.minutes } : { ...line });
  }

  const items: DraftInvoiceItem[] = [];
  for (const line of grouped.values()) {
    if (line.minutes === 0) continue;
    items.push({
      kind: 'work',
      description: describeWork(line),
      quantity: hundredthsOfHour(line.minutes) / 100,
      rateCents: line.rateCents,
      amountCents: workAmountCents(line.minutes, line.rateCents),
      assignmentId: line.assignmentId,
      minutes: line.minutes,
    });
  }
  return withFeeAndTax(items, { feeBasisPoints, taxBasisPoints });
}

// The platform fee on the items and the tax on items plus fee, each rounded half up once, added after
// them; the total is the sum of every item.
function withFeeAndTax(
  items: DraftInvoiceItem[],
  { feeBasisPoints, taxBasisPoints }: { feeBasisPoints: number; taxBasisPoints: number },
): InvoiceArithmetic {
  const subtotalCents = items.reduce((sum, item) => sum + item.amountCents, 0);

  const feeCents = basisPointsOf(subtotalCents, feeBasisPoints);
  if (feeBasisPoints > 0) {
    items.push({
      kind: 'fee',
      description: `Platform fee (${formatBasisPoints(feeBasisPoints)} of ${formatCents(subtotalCents)})`,
      quantity: 1,
      rateCents: feeCents,
      amountCents: feeCents,
      assignmentId: null,
      minutes: null,
    });
  }

  const taxableCents = subtotalCents + feeCents;
  const taxCents = basisPointsOf(taxableCents, taxBasisPoints);
  if (taxBasisPoints > 0) {
    items.push({
      kind: 'tax',
      description: `Tax (${formatBasisPoints(taxBasisPoints)} of ${formatCents(taxableCents)})`,
      quantity: 1,
      rateCents: taxCents,
      amountCents: taxCents,
      assignmentId: null,
      minutes: null,
    });
  }

  const totalCents = items.reduce((sum, item) => sum + item.amountCents, 0);
  if (totalCents > MAX_INVOICE_CENTS) throw new RangeError('The invoice total is too large for one invoice.');
  return { items, subtotalCents, feeCents, taxCents, totalCents };
}

// A fixed-price milestone (decision 035): what funding it charges, and the invoice its release issues —
// the milestone, the fee and the tax, by the same arithmetic as hours, so the two agree to the cent.
export function buildMilestoneItems({
  assignmentId,
  title,
  talentName,
  amountCents,
  feeBasisPoints,
  taxBasisPoints,
}: {
  assignmentId: string;
  title: string;
  talentName: string;
  amountCents: number;
  feeBasisPoints: number;
  taxBasisPoints: number;
}): InvoiceArithmetic {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError('An amount must be whole cents, zero or more.');
  }
  const milestone: DraftInvoiceItem = {
    kind: 'milestone',
    description: `Milestone: ${title} — ${talentName}`,
    quantity: 1,
    rateCents: amountCents,
    amountCents,
    assignmentId,
    minutes: null,
  };
  return withFeeAndTax([milestone], { feeBasisPoints, taxBasisPoints });
}
