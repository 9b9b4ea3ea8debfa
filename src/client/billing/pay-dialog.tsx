import { PaymentForm } from '~/client/components/payment-form';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/use-toast';
import { formatCents, type Invoice } from '~/shared/billing';
import { usePayInvoice } from './api';
import { formatDay } from './billing-format';

interface PayDialogProps {
  invoice: Invoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

// Pay an invoice with a saved method or a new card, bank account or wallet
// (docs/spec/admin-billing-and-content.md §5, §9): Pay stays disabled until a method is chosen, and on a paid
// invoice. The choice of method is the one funding a milestone uses (components/payment-form.tsx).
export function PayDialog({ invoice, open, onOpenChange }: PayDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Pay Invoice ${invoice.invoice_number}`}
        description={`${formatCents(invoice.amount_cents)} due ${formatDay(invoice.due_date)}`}
      >
        {/* Mounted while open only: each opening is a new pay attempt with its own key. */}
        {open && <PayForm invoice={invoice} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function PayForm({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const pay = usePayInvoice();
  return (
    <PaymentForm
      attemptKey={`invoice:${invoice.id}`}
      submitLabel={`Pay ${formatCents(invoice.amount_cents)}`}
      settledNotice={invoice.status === 'paid' ? 'This invoice has been paid.' : null}
      pay={(body, idempotencyKey) => pay.mutateAsync({ invoiceId: invoice.id, body, idempotencyKey })}
      onPaid={(payment) => {
        // 202: the provider took the payment and confirms it later; the invoice is paid only then.
        toast(
          payment.status === 'completed'
            ? { title: 'Payment Successful', description: `Invoice ${invoice.invoice_number} has been paid.` }
            : {
                title: 'Payment Processing',
                description: `The payment of invoice ${invoice.invoice_number} is on its way; the invoice shows Paid once it completes.`,
              },
        );
        onDone();
      }}
      onCancel={onDone}
    />
  );
}
