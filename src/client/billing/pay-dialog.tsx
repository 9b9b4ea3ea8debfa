import { lazy } from 'react';
import { DeferredDialogBody } from '~/client/components/deferred-dialog-body';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import type { Invoice } from '~/shared/billing';
import { formatCents } from '~/shared/billing-texts';
import { formatDay } from './billing-format';

// The form, its checks, zod and react-hook-form load when the dialog opens (decision 037).
const PayForm = lazy(() => import('./pay-form').then((module) => ({ default: module.PayForm })));

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
        description={`${formatCents(invoice.amount_cents, invoice.currency)} due ${formatDay(invoice.due_date)}`}
      >
        {/* Mounted while open only: each opening is a new pay attempt with its own key. */}
        {open && (
          <DeferredDialogBody>
            <PayForm invoice={invoice} onDone={() => onOpenChange(false)} />
          </DeferredDialogBody>
        )}
      </DialogContent>
    </Dialog>
  );
}
