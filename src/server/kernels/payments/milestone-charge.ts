import { and, eq, sql } from 'drizzle-orm';
import { signingTexts } from '~/shared/agreements';
import type { MilestoneCharge } from '~/shared/milestones';
import { milestoneTexts } from '~/shared/milestones';
import type { Database } from '../../db/client';
import { assignments, milestones } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { getPlatformSettings } from '../../platform/get-platform-settings';
import { agreementsHoldWork } from '../agreements/agreement-gate';
import { feeAndTaxOf } from '../money/invoice-arithmetic';
import { loadBillingTerms } from '../money/invoice-drafts';
import type { TaxTreatment } from '../money/tax-treatment';
import type { LockedForPayment } from './locked-for-payment';

export interface ChargeRates {
  feeBasisPoints: number;
  taxBasisPoints: number;
}

// What funding charges a company now: the platform fee and its tax by the invoices' rule (decisions 035, 053).
export async function currentChargeRates(
  db: Database,
  companyId: string,
): Promise<ChargeRates & { tax: TaxTreatment | null }> {
  const [settings, terms] = await Promise.all([getPlatformSettings({ db }), loadBillingTerms(db, [companyId])]);
  const tax = terms.get(companyId)?.tax ?? null;
  return {
    feeBasisPoints: settings.platform_fee_basis_points,
    taxBasisPoints: tax?.rateBasisPoints ?? 0,
    tax,
  };
}

// A milestone's amount with the fee and tax those rates add, by the invoices' own arithmetic.
export function chargeOf(amountCents: number, rates: ChargeRates): MilestoneCharge {
  const { feeCents, taxCents, totalCents } = feeAndTaxOf(amountCents, rates);
  return {
    amount_cents: amountCents,
    fee_basis_points: rates.feeBasisPoints,
    fee_cents: feeCents,
    tax_basis_points: rates.taxBasisPoints,
    tax_cents: taxCents,
    total_cents: totalCents,
  };
}

// The milestone a company funds, locked in the paying transaction (kernels/payments/pay-invoice.ts): only an
// unfunded milestone of a contract still running can be funded, and the fee and tax it is charged are
// fixed on it here, so what the company was shown is what it paid and what its release invoices.
export async function lockMilestoneForFunding({
  tx,
  companyId,
  id,
}: {
  tx: Database;
  companyId: string;
  id: string;
}): Promise<LockedForPayment> {
  // The contract's row first, then the milestone's, the order every change of a contract's milestones
  // takes (ending it, a change proposal accepted): ending waits for a funding that began, and a funding
  // that comes after the end finds it ended.
  const [contract] = await tx
    .select({ id: assignments.id })
    .from(assignments)
    .where(
      and(
        eq(assignments.companyId, companyId),
        sql`${assignments.id} = (select ${milestones.assignmentId} from ${milestones} where ${milestones.id} = ${id})`,
      ),
    )
    .for('update');
  const [row] = contract
    ? await tx
        .select({ milestone: milestones, contractStatus: assignments.status })
        .from(milestones)
        .innerJoin(assignments, eq(assignments.id, milestones.assignmentId))
        .where(and(eq(milestones.id, id), eq(assignments.id, contract.id)))
        .for('update', { of: milestones })
    : [];
  if (!row) throw new AppError('not_found', milestoneTexts.milestoneNotFound);
  const { milestone, contractStatus } = row;
  // Cancelled, or its money already gone back or settled: nothing to fund.
  const isOver = ['cancelled', 'refunded', 'settled'].includes(milestone.status);
  const refusal = isOver
    ? milestoneTexts.cannotFund
    : milestone.status !== 'unfunded'
      ? milestoneTexts.alreadyFunded
      : contractStatus === 'ended'
        ? milestoneTexts.contractEnded
        : (await agreementsHoldWork(tx, milestone.assignmentId))
          ? signingTexts.fundingWaits
          : null;
  return {
    paid: refusal,
    completedMessage: milestoneTexts.alreadyFunded,
    async charge() {
      const rates = await currentChargeRates(tx, companyId);
      const charge = chargeOf(milestone.amountCents, rates);
      await tx
        .update(milestones)
        .set({
          feeBasisPoints: charge.fee_basis_points,
          feeCents: charge.fee_cents,
          taxBasisPoints: charge.tax_basis_points,
          taxCents: charge.tax_cents,
          taxCategory: rates.tax?.category ?? 'sales_tax',
          taxName: rates.tax?.name ?? 'Tax',
          taxNote: rates.tax?.note ?? '',
          updatedAt: new Date(),
        })
        .where(eq(milestones.id, milestone.id));
      return charge.total_cents;
    },
  };
}

// What the funding charged for a milestone: its amount, fee and tax at the rates fixed then.
export const fundedChargeOf = (
  milestone: Pick<typeof milestones.$inferSelect, 'fundedCents' | 'feeBasisPoints' | 'taxBasisPoints'>,
) =>
  chargeOf(milestone.fundedCents, {
    feeBasisPoints: milestone.feeBasisPoints ?? 0,
    taxBasisPoints: milestone.taxBasisPoints ?? 0,
  });
