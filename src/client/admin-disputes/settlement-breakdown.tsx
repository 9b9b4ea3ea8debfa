import { cn } from '~/client/lib/cn';
import { formatBasisPoints, formatCents } from '~/shared/billing-texts';
import type { MilestoneCharge } from '~/shared/milestones';
import { splitCharge } from './settlement';

function SplitRow({ label, cents, isTotal = false }: { label: string; cents: number; isTotal?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-4', isTotal && 'border-t border-border pt-1.5 font-semibold')}>
      <dt className={cn('min-w-0 break-words', !isTotal && 'text-muted-foreground')}>{label}</dt>
      <dd className="tabular-nums whitespace-nowrap">{formatCents(cents)}</dd>
    </div>
  );
}

// The charge of the milestone's funding divided by a release (docs/decisions/035), to the cent: the
// released part with its own fee and tax, which the company pays, and the rest of the charge refunded.
export function SettlementBreakdown({
  label,
  charge,
  releaseCents,
  companyName,
  applicantName,
}: {
  label: string;
  charge: MilestoneCharge;
  releaseCents: number;
  companyName: string;
  applicantName: string;
}) {
  const split = splitCharge(charge, releaseCents);
  return (
    <dl aria-label={label} className="grid grid-cols-1 gap-1 text-sm">
      <SplitRow label={`Charged to ${companyName} at funding`} cents={charge.total_cents} />
      <SplitRow label={`Released to ${applicantName}`} cents={split.releaseCents} />
      <SplitRow
        label={`Platform fee on the release (${formatBasisPoints(charge.fee_basis_points)})`}
        cents={split.feeCents}
      />
      <SplitRow label={`Tax on the release (${formatBasisPoints(charge.tax_basis_points)})`} cents={split.taxCents} />
      <SplitRow label={`${companyName} pays for the release`} cents={split.invoicedCents} isTotal />
      <SplitRow label={`Refunded to ${companyName}, with its fee and tax`} cents={split.refundCents} isTotal />
    </dl>
  );
}
