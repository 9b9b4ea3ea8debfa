import { lazy } from 'react';
import { DeferredDialogBody } from '~/client/components/deferred-dialog-body';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import type { Invoice } from '~/shared/billing';
import { formatCents } from '~/shared/billing-texts';
import { currencyOfAll } from './billing-format';

const PayInvoicesForm = lazy(() =>
  import('./pay-invoices-form').then((module) => ({ default: module.PayInvoicesForm })),
);

// "Pay all overdue" and "Pay selected": several invoices with one saved method, each its own payment.
export function PayInvoicesDialog({
  invoices,
  open,
  onOpenChange,
}: {
  invoices: Invoice[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const total = invoices.reduce((sum, invoice) => sum + invoice.amount_cents, 0);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={invoices.length === 1 ? 'Pay 1 invoice' : `Pay ${invoices.length} invoices`}
        description={`${formatCents(total, currencyOfAll(invoices))} in all, each invoice paid on its own, the oldest due first.`}
      >
        {/* Mounted while open only: each opening is a new attempt with its own key. */}
        {open && (
          <DeferredDialogBody>
            <PayInvoicesForm invoices={invoices} onDone={() => onOpenChange(false)} />
          </DeferredDialogBody>
        )}
      </DialogContent>
    </Dialog>
  );
}
