import { useId } from 'react';
import { MoneyRow } from '~/client/components/money-row';
import { PaymentForm } from '~/client/components/payment-form';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/use-toast';
import { formatBasisPoints, formatCents } from '~/shared/billing-texts';
import type { Currency } from '~/shared/currencies';
import type { Contract, Milestone, MilestoneCharge } from '~/shared/milestones';
import { useFundMilestone } from './api';

// What funding charges, before paying (decision 035): the milestone, the platform fee and the tax at their
// rates, each rounded once by the server, and the total; every line shown, a 0% one too. In the company's
// currency.
export function ChargeBreakdown({ charge, currency }: { charge: MilestoneCharge; currency: Currency }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-2 rounded-md border border-border p-3">
      <h3 id={titleId} className="text-sm font-semibold">
        What you pay now
      </h3>
      <dl aria-label="Charge for this milestone" className="grid gap-1 text-sm">
        <MoneyRow label="Milestone amount" cents={charge.amount_cents} currency={currency} />
        <MoneyRow
          label={`Platform fee (${formatBasisPoints(charge.fee_basis_points)})`}
          cents={charge.fee_cents}
          currency={currency}
        />
        <MoneyRow
          label={`Tax (${formatBasisPoints(charge.tax_basis_points)})`}
          cents={charge.tax_cents}
          currency={currency}
        />
        <MoneyRow label="Total" cents={charge.total_cents} currency={currency} isTotal />
      </dl>
      <p className="text-xs text-muted-foreground">
        The milestone amount is held in escrow until you approve the work, then released to the talent.
      </p>
    </section>
  );
}

// Fund: the charge first, then the saved or new method as an invoice is paid (components/payment-form.tsx),
// with an Idempotency-Key per attempt. A 202 (the provider confirms later) says the payment is processing.
export function FundMilestoneDialog({
  contract,
  milestone,
  onOpenChange,
}: {
  contract: Contract;
  milestone: Milestone | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={milestone !== null} onOpenChange={onOpenChange}>
      {milestone && (
        <DialogContent
          title="Fund Milestone"
          description={`${milestone.title}, for ${contract.applicant_name}: pay it into escrow before the work starts.`}
        >
          <FundForm contract={contract} milestone={milestone} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function FundForm({ contract, milestone, onDone }: { contract: Contract; milestone: Milestone; onDone: () => void }) {
  const fund = useFundMilestone(contract.id);
  const { charge } = milestone;
  const { currency } = contract;
  return (
    <PaymentForm
      attemptKey={`milestone:${milestone.id}`}
      submitLabel={`Pay ${formatCents(charge.total_cents, currency)}`}
      summary={<ChargeBreakdown charge={charge} currency={currency} />}
      pay={(body, idempotencyKey) => fund.mutateAsync({ milestoneId: milestone.id, body, idempotencyKey })}
      onPaid={({ payment }) => {
        toast(
          payment.status === 'completed'
            ? {
                title: 'Milestone funded',
                description: `${formatCents(charge.amount_cents, currency)} for “${milestone.title}” is held in escrow until you approve the work.`,
              }
            : {
                title: 'Payment Processing',
                description: `The payment for “${milestone.title}” is on its way; the milestone shows Funded once it completes.`,
              },
        );
        onDone();
      }}
      onCancel={onDone}
    />
  );
}
