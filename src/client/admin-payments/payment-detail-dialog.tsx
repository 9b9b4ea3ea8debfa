import type { ReactNode } from 'react';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { type AdminPayment, adminPaymentStatusLabels, adminPaymentTexts } from '~/shared/admin-payments';
import { paymentPurposeOf } from '~/shared/billing';
import { formatCents } from '~/shared/billing-texts';
import { adminPaymentStatusBadges, formatPaymentDay } from './payment-format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

interface PaymentDetailDialogProps {
  payment: AdminPayment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRefund: (payment: AdminPayment) => void;
}

// 'invoice INV-2026-0001', or what a milestone's funding paid ('Escrow: Logo design').
const purposeLine = (payment: AdminPayment) =>
  payment.invoice_number === null ? paymentPurposeOf(payment) : `invoice ${payment.invoice_number}`;

// One payment: who paid which invoice (or funded which milestone), how, when, what the provider said; Refund
// while it is completed, unless it funded a milestone.

export function PaymentDetailDialog({ payment, open, onOpenChange, onRefund }: PaymentDetailDialogProps) {
  const status = payment.display_status;
  // A milestone's funding is in escrow (docs/decisions/035): it goes back only by settling the milestone.
  const isEscrow = payment.milestone_id !== null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Payment of ${formatCents(payment.amount_cents)}`}
        description={`${payment.company_name}, ${purposeLine(payment)}`}
        className="max-w-xl"
      >
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Fact label="Company">{payment.company_name}</Fact>
          {payment.invoice_number === null ? (
            <Fact label="Funded">{paymentPurposeOf(payment)}</Fact>
          ) : (
            <Fact label="Invoice">{payment.invoice_number}</Fact>
          )}
          <Fact label="Amount">{formatCents(payment.amount_cents)}</Fact>
          <Fact label="Status">
            <Badge variant={adminPaymentStatusBadges[status]}>{adminPaymentStatusLabels[status]}</Badge>
          </Fact>
          <Fact label="Method">{payment.method_label}</Fact>
          <Fact label="Date">{formatPaymentDay(payment.created_at)}</Fact>
          {payment.completed_at && <Fact label="Completed">{formatPaymentDay(payment.completed_at)}</Fact>}
          {/* How much went back and when: all of it, or a settled dispute's share of a milestone's funding. */}
          {payment.refunded_at && (
            <Fact label="Refunded">
              {payment.refunded_cents > 0
                ? `${formatCents(payment.refunded_cents)} on ${formatPaymentDay(payment.refunded_at)}`
                : formatPaymentDay(payment.refunded_at)}
            </Fact>
          )}
          {payment.failure_message && <Fact label="Failure">{payment.failure_message}</Fact>}
          <Fact label="Provider Reference">{payment.provider_ref ?? '—'}</Fact>
        </dl>
        {isEscrow && status === 'completed' && (
          <p className="text-sm text-muted-foreground">{adminPaymentTexts.refundIsEscrow}</p>
        )}
        <DialogFooter>
          {status === 'completed' && !isEscrow && (
            <Button variant="destructive" onClick={() => onRefund(payment)}>
              Refund
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
