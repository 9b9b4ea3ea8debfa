import { CheckCircle2Icon, CircleAlertIcon, ClockIcon } from 'lucide-react';
import { useState } from 'react';
import { PaymentForm } from '~/client/components/payment-form';
import { Button } from '~/client/components/ui/button';
import { DialogFooter } from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/use-toast';
import type { Invoice, PayInvoicesResult } from '~/shared/billing';
import { formatCents } from '~/shared/billing-texts';
import { usePayInvoices } from './api';
import { currencyOfAll, formatDay } from './billing-format';

type Outcome = PayInvoicesResult['results'][number];

const outcomeTexts: Record<Outcome['outcome'], string> = {
  paid: 'Paid',
  processing: 'Processing: shows Paid once it completes',
  declined: 'Declined',
  not_paid: 'Not paid',
};

// The Pay invoices dialog's body: the invoices and their total, a saved method (the default chosen), then
// what became of each invoice when one was not paid; when every one was, a toast says so and it closes.
export function PayInvoicesForm({ invoices, onDone }: { invoices: Invoice[]; onDone: () => void }) {
  const pay = usePayInvoices();
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const total = invoices.reduce((sum, invoice) => sum + invoice.amount_cents, 0);
  const currency = currencyOfAll(invoices);

  if (outcomes) {
    return (
      <div className="grid gap-4">
        <ul className="grid gap-2" aria-label="What became of each invoice">
          {outcomes.map((outcome) => (
            <li key={outcome.invoice_id} className="flex items-start gap-2 text-sm">
              <OutcomeIcon outcome={outcome.outcome} />
              <span>
                <span className="font-medium">{outcome.invoice_number ?? 'An invoice'}</span>
                {outcome.amount_cents !== null && ` (${formatCents(outcome.amount_cents, currency)})`}:{' '}
                {outcomeTexts[outcome.outcome]}
                {outcome.message && <span className="block text-muted-foreground">{outcome.message}</span>}
              </span>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button type="button" onClick={onDone}>
            Done
          </Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <PaymentForm
      attemptKey={`invoices:${invoices.map((invoice) => invoice.id).join(',')}`}
      isSavedOnly
      submitLabel={`Pay ${formatCents(total, currency)}`}
      summary={
        <ul className="grid gap-1 rounded-md border border-border p-3 text-sm" aria-label="Invoices to pay">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap justify-between gap-x-3">
              <span>
                <span className="font-medium">{invoice.invoice_number}</span>{' '}
                <span className="text-muted-foreground">due {formatDay(invoice.due_date)}</span>
              </span>
              <span className="tabular-nums">{formatCents(invoice.amount_cents, invoice.currency)}</span>
            </li>
          ))}
        </ul>
      }
      pay={(body, idempotencyKey) =>
        pay.mutateAsync({
          body: { invoice_ids: invoices.map((invoice) => invoice.id), payment_method_id: body.payment_method_id ?? '' },
          idempotencyKey,
        })
      }
      onPaid={(result) => {
        const settled = result.results.filter(
          (outcome) => outcome.outcome === 'paid' || outcome.outcome === 'processing',
        );
        if (settled.length === result.results.length) {
          // Every one paid, or some still with the provider, which confirms them later: said as such.
          toast(
            result.paid_cents === total
              ? {
                  title: 'Payment Successful',
                  description: `${formatCents(result.paid_cents, currency)} paid: ${settled.length === 1 ? '1 invoice' : `${settled.length} invoices`}.`,
                }
              : {
                  title: 'Payment Processing',
                  description: 'The payments are on their way; the invoices show Paid once they complete.',
                },
          );
          onDone();
        } else {
          setOutcomes(result.results);
        }
      }}
      onCancel={onDone}
    />
  );
}

function OutcomeIcon({ outcome }: { outcome: Outcome['outcome'] }) {
  if (outcome === 'paid')
    return <CheckCircle2Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />;
  if (outcome === 'processing')
    return <ClockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />;
  return <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />;
}
