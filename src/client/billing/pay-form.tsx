import { PaymentForm } from '~/client/components/payment-form';
import { toast } from '~/client/components/ui/use-toast';
import type { Invoice } from '~/shared/billing';
import { formatCents } from '~/shared/billing-texts';
import { usePayInvoice } from './api';

// The Pay Invoice dialog's form (PayDialog loads it when the dialog opens, with the payment form's checks).
export function PayForm({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const pay = usePayInvoice();
  return (
    <PaymentForm
      attemptKey={`invoice:${invoice.id}`}
      submitLabel={`Pay ${formatCents(invoice.amount_cents, invoice.currency)}`}
      settledNotice={invoice.status === 'paid' ? 'This invoice has been paid.' : null}
      pay={(body, idempotencyKey) => pay.mutateAsync({ invoiceId: invoice.id, body, idempotencyKey })}
      onPaid={({ payment }) => {
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
