import type { ReactNode } from 'react';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { type AdminPayment, adminPaymentStatusLabels } from '~/shared/admin-payments';
import { formatCents } from '~/shared/billing';
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

// One payment: who paid which invoice, how, when, what the provider said; Refund while it is completed.
export function PaymentDetailDialog({ payment, open, onOpenChange, onRefund }: PaymentDetailDialogProps) {
  const status = payment.display_status;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Payment of ${formatCents(payment.amount_cents)}`}
        description={`${payment.company_name}, invoice ${payment.invoice_number}`}
        className="max-w-xl"
      >
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Fact label="Company">{payment.company_name}</Fact>
          <Fact label="Invoice">{payment.invoice_number}</Fact>
          <Fact label="Amount">{formatCents(payment.amount_cents)}</Fact>
          <Fact label="Status">
            <Badge variant={adminPaymentStatusBadges[status]}>{adminPaymentStatusLabels[status]}</Badge>
          </Fact>
          <Fact label="Method">{payment.method_label}</Fact>
          <Fact label="Date">{formatPaymentDay(payment.created_at)}</Fact>
          {payment.completed_at && <Fact label="Completed">{formatPaymentDay(payment.completed_at)}</Fact>}
          {payment.refunded_at && <Fact label="Refunded">{formatPaymentDay(payment.refunded_at)}</Fact>}
          {payment.failure_message && <Fact label="Failure">{payment.failure_message}</Fact>}
          <Fact label="Provider Reference">{payment.provider_ref ?? '—'}</Fact>
        </dl>
        <DialogFooter>
          {status === 'completed' && (
            <Button variant="destructive" onClick={() => onRefund(payment)}>
              Refund
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
