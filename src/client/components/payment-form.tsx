import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { NewPaymentMethodFields } from '~/client/components/new-payment-method-fields';
import {
  applyNewMethodErrors,
  checkNewMethod,
  emptyNewMethodValues,
  type NewMethodValues,
  newMethodResolver,
  paymentMethodKindLabels,
} from '~/client/components/payment-method-form';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Checkbox } from '~/client/components/ui/checkbox';
import { DialogFooter } from '~/client/components/ui/dialog';
import { Label } from '~/client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '~/client/components/ui/radio-group';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage, isApiError } from '~/client/lib/api-client';
import { paymentMethodsQueryOptions } from '~/client/lib/payment-method-queries';
import type { PayInvoiceInput, Payment, PaymentMethodKind } from '~/shared/billing';

const UNREACHABLE_TEXT = 'The payment could not be completed right now. Please try again.';
const NO_SAVED_METHOD_TEXT =
  'You have no saved payment method. Add one under Payment Methods below, or pay each invoice on its own.';

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

// The key of each attempt whose outcome is not known yet, by what it pays ('invoice:<id>'), so that
// closing and reopening the dialog still retries that attempt instead of starting a second one.
const unsettledKeys = new Map<string, string>();

// What a payment sends (an invoice's and a milestone's funding take the same body).
export type PaymentBody = PayInvoiceInput;

interface PaymentFormProps<Result> {
  // What is paid, for the attempt's key: 'invoice:<id>', 'milestone:<id>'.
  attemptKey: string;
  // Saved methods only (paying several invoices at once): no new card, bank account or wallet.
  isSavedOnly?: boolean;
  // "Pay $1,224.50".
  submitLabel: string;
  // Shown above the choice of method: what the payment is made of.
  summary?: ReactNode;
  // Shown above the buttons, and Pay disabled, when there is nothing to pay ("This invoice has been paid.").
  settledNotice?: string | null;
  // Sends the payment with the attempt's Idempotency-Key; resolves once the server has answered.
  pay: (body: PaymentBody, idempotencyKey: string) => Promise<Result>;
  // The server took it (completed, or pending with the provider: 202); the caller says so and closes.
  onPaid: (result: Result) => void;
  onCancel: () => void;
}

// Paying with a saved method or a new card, bank account or wallet (docs/spec/admin-billing-and-content.md
// §5, §9), as an invoice and a fixed-price milestone are paid: Pay stays disabled until a method is chosen
// (the default saved method is, from the start);
// each attempt carries one Idempotency-Key, kept while its outcome is unknown so a retry cannot charge twice.
// Mount it while its dialog is open only: each opening is a new attempt.
export function PaymentForm<Result = { payment: Payment }>({
  attemptKey,
  isSavedOnly = false,
  submitLabel,
  summary,
  settledNotice = null,
  pay,
  onPaid,
  onCancel,
}: PaymentFormProps<Result>) {
  const methods = useQuery(paymentMethodsQueryOptions());
  const [picked, setPicked] = useState<string | null>(null);
  // The default saved method is chosen until the payer picks another, as checkouts do: Pay is ready at once.
  const choice = picked ?? methods.data?.items.find((method) => method.is_default)?.id ?? null;
  const [saveMethod, setSaveMethod] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  // One key per attempt: kept while the outcome is unknown (so a retry cannot charge twice), replaced
  // once the server has settled it (a decline, a refusal), so the next try is a new attempt.
  const idempotencyKey = useRef(unsettledKeys.get(attemptKey) ?? crypto.randomUUID());
  const kind = kindOfChoice(choice);
  const kindRef = useRef(kind);
  kindRef.current = kind;
  const form = useForm<NewMethodValues>({
    defaultValues: emptyNewMethodValues,
    resolver: newMethodResolver(() => kindRef.current),
  });
  const { errors } = form.formState;
  const ids = useId();
  const isSettled = settledNotice !== null;

  const submit = form.handleSubmit(async (values) => {
    if (!choice || isSettled) return;
    let body: PaymentBody;
    if (kind) {
      const { method } = checkNewMethod(kind, values);
      if (!method) return;
      body = { new_method: method, save_method: saveMethod };
    } else {
      body = { payment_method_id: choice, save_method: false };
    }
    setBanner(null);
    setIsPaying(true);
    try {
      const result = await pay(body, idempotencyKey.current);
      unsettledKeys.delete(attemptKey);
      onPaid(result);
    } catch (error) {
      if (isUnsettled(error)) {
        unsettledKeys.set(attemptKey, idempotencyKey.current);
      } else {
        unsettledKeys.delete(attemptKey);
        idempotencyKey.current = crypto.randomUUID();
      }
      setBanner(applyNewMethodErrors(form, error, UNREACHABLE_TEXT));
    } finally {
      setIsPaying(false);
    }
  });

  function choose(value: string) {
    setPicked(value);
    setBanner(null);
    form.clearErrors();
  }

  const saved = methods.data?.items ?? [];
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      {summary}
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
          {(isSavedOnly ? [] : newChoices).map((value) => (
            <div key={value} className="flex items-center gap-2">
              <RadioGroupItem id={`${ids}-${value}`} value={value} />
              <Label htmlFor={`${ids}-${value}`} className="cursor-pointer font-normal">
                {newChoiceLabels[value]}
              </Label>
            </div>
          ))}
        </RadioGroup>
        {isSavedOnly && methods.isSuccess && saved.length === 0 && (
          <p className="text-sm text-muted-foreground">{NO_SAVED_METHOD_TEXT}</p>
        )}
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

      {settledNotice && <Alert variant="success">{settledNotice}</Alert>}
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!choice || isSettled || isPaying}>
          {isPaying ? 'Paying...' : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
