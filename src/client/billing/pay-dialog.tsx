import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Checkbox } from '~/client/components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { Label } from '~/client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '~/client/components/ui/radio-group';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage, isApiError } from '~/client/lib/api-client';
import { formatCents, type Invoice, type PayInvoiceInput, type PaymentMethodKind } from '~/shared/billing';
import { paymentMethodsQueryOptions, usePayInvoice } from './api';
import { formatDay } from './billing-format';
import { NewPaymentMethodFields } from './new-payment-method-fields';
import {
  applyNewMethodErrors,
  checkNewMethod,
  emptyNewMethodValues,
  type NewMethodValues,
  newMethodResolver,
  paymentMethodKindLabels,
} from './payment-method-form';

const UNREACHABLE_TEXT = 'The payment could not be completed right now. Please try again.';

const newChoices = ['new:card', 'new:bank', 'new:wallet'] as const;
type NewChoice = (typeof newChoices)[number];
const newChoiceLabels: Record<NewChoice, string> = {
  'new:card': 'New card',
  'new:bank': 'New bank account',
  'new:wallet': 'New wallet',
};
const kindOfChoice = (choice: string | null): PaymentMethodKind | null =>
  choice?.startsWith('new:') ? (choice.slice(4) as PaymentMethodKind) : null;

// Whether the request may have reached the provider without an answer coming back: a lost connection
// or a 5xx. Then the same key goes again, and the server answers with the first attempt's result.
const isUnsettled = (error: unknown) => !isApiError(error) || error.status >= 500;

// The key of each invoice's attempt whose outcome is not known yet, so that closing and reopening the
// dialog still retries that attempt instead of starting a second one.
const unsettledKeys = new Map<string, string>();

interface PayDialogProps {
  invoice: Invoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

// Pay an invoice with a saved method or a new card, bank account or wallet
// (docs/spec/admin-billing-and-content.md §5, §9): Pay stays disabled until a method is chosen, and on a paid
// invoice.
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
  const methods = useQuery(paymentMethodsQueryOptions());
  const pay = usePayInvoice();
  const [choice, setChoice] = useState<string | null>(null);
  const [saveMethod, setSaveMethod] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  // One key per attempt: kept while the outcome is unknown (so a retry cannot charge twice), replaced
  // once the server has settled it (a decline, a refusal), so the next try is a new attempt.
  const idempotencyKey = useRef(unsettledKeys.get(invoice.id) ?? crypto.randomUUID());
  const kind = kindOfChoice(choice);
  const kindRef = useRef(kind);
  kindRef.current = kind;
  const form = useForm<NewMethodValues>({
    defaultValues: emptyNewMethodValues,
    resolver: newMethodResolver(() => kindRef.current),
  });
  const { errors } = form.formState;
  const ids = useId();
  const isPaid = invoice.status === 'paid';

  const submit = form.handleSubmit(async (values) => {
    if (!choice || isPaid) return;
    let body: PayInvoiceInput;
    if (kind) {
      const { method } = checkNewMethod(kind, values);
      if (!method) return;
      body = { new_method: method, save_method: saveMethod };
    } else {
      body = { payment_method_id: choice, save_method: false };
    }
    setBanner(null);
    try {
      const { payment } = await pay.mutateAsync({
        invoiceId: invoice.id,
        body,
        idempotencyKey: idempotencyKey.current,
      });
      unsettledKeys.delete(invoice.id);
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
    } catch (error) {
      if (isUnsettled(error)) {
        unsettledKeys.set(invoice.id, idempotencyKey.current);
      } else {
        unsettledKeys.delete(invoice.id);
        idempotencyKey.current = crypto.randomUUID();
      }
      setBanner(applyNewMethodErrors(form, error, UNREACHABLE_TEXT));
    }
  });

  function choose(value: string) {
    setChoice(value);
    setBanner(null);
    form.clearErrors();
  }

  const saved = methods.data?.items ?? [];
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">Payment method</legend>
        {methods.isPending && (
          <div className="grid gap-2" role="status">
            <span className="sr-only">Loading your payment methods</span>
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </div>
        )}
        {methods.isError && (
          <Alert variant="destructive" className="items-center justify-between">
            <p>{errorMessage(methods.error, 'Failed to load your payment methods. Please try again.')}</p>
            <Button type="button" variant="outline" size="sm" onClick={() => methods.refetch()}>
              Try Again
            </Button>
          </Alert>
        )}
        <RadioGroup value={choice ?? ''} onValueChange={choose} aria-label="Payment method">
          {saved.map((method) => (
            <div key={method.id} className="flex items-center gap-2">
              <RadioGroupItem id={`${ids}-${method.id}`} value={method.id} />
              <Label htmlFor={`${ids}-${method.id}`} className="flex cursor-pointer items-center gap-2 font-normal">
                {method.label}
                {method.is_default && <Badge variant="secondary">Default</Badge>}
              </Label>
            </div>
          ))}
          {newChoices.map((value) => (
            <div key={value} className="flex items-center gap-2">
              <RadioGroupItem id={`${ids}-${value}`} value={value} />
              <Label htmlFor={`${ids}-${value}`} className="cursor-pointer font-normal">
                {newChoiceLabels[value]}
              </Label>
            </div>
          ))}
        </RadioGroup>
      </fieldset>

      {kind && (
        <div className="grid gap-4 rounded-md border border-border p-4">
          <p className="text-sm font-semibold">{paymentMethodKindLabels[kind]} details</p>
          <NewPaymentMethodFields kind={kind} register={form.register} errors={errors} />
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${ids}-save`}
              checked={saveMethod}
              onCheckedChange={(checked) => setSaveMethod(checked === true)}
            />
            <Label htmlFor={`${ids}-save`} className="cursor-pointer font-normal">
              Save for future payments
            </Label>
          </div>
        </div>
      )}

      {isPaid && <Alert variant="success">This invoice has been paid.</Alert>}
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!choice || isPaid || pay.isPending}>
          {pay.isPending ? 'Paying...' : `Pay ${formatCents(invoice.amount_cents)}`}
        </Button>
      </DialogFooter>
    </form>
  );
}
