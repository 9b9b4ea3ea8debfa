import { useQuery } from '@tanstack/react-query';
import { BuildingIcon, CreditCardIcon, PlusIcon, WalletIcon } from 'lucide-react';
import { lazy, useId, useState } from 'react';
import { DeferredDialogBody } from '~/client/components/deferred-dialog-body';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { Label } from '~/client/components/ui/label';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Switch } from '~/client/components/ui/switch';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { paymentMethodsQueryOptions } from '~/client/lib/payment-method-queries';
import type { PaymentMethod } from '~/shared/billing';
import { billingProfileQueryOptions, useRemovePaymentMethod, useUpdateBillingProfile } from './api';

// The form, its checks, zod and react-hook-form load when the dialog opens (decision 037).
const AddPaymentMethodForm = lazy(() =>
  import('./add-payment-method-form').then((module) => ({ default: module.AddPaymentMethodForm })),
);

const kindIcons = { card: CreditCardIcon, bank: BuildingIcon, wallet: WalletIcon } as const;

const TRY_AGAIN = 'Please check your connection and try again.';

// The company's saved payment methods (masked: "Visa ending in 4242"), its default, and Auto-Pay, which
// pays each invoice on its due date from the default method.
export function PaymentMethodsSection() {
  const methods = useQuery(paymentMethodsQueryOptions());
  const profile = useQuery(billingProfileQueryOptions());
  const updateProfile = useUpdateBillingProfile();
  const removeMethod = useRemovePaymentMethod();
  const [isAdding, setIsAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [autoPayError, setAutoPayError] = useState<string | null>(null);
  const switchId = useId();

  function setAutoPay(isOn: boolean) {
    setAutoPayError(null);
    updateProfile.mutate(
      { auto_pay: isOn },
      {
        onSuccess: () =>
          toast({
            title: isOn ? 'Auto-Pay on' : 'Auto-Pay off',
            description: isOn
              ? 'Each invoice is paid on its due date from your default payment method.'
              : 'Invoices wait for you to pay them.',
          }),
        // The server refuses auto-pay without a default method: its sentence says what to do.
        onError: (error) => setAutoPayError(errorMessage(error, TRY_AGAIN)),
      },
    );
  }

  function makeDefault(method: PaymentMethod) {
    updateProfile.mutate(
      { default_payment_method_id: method.id },
      {
        onSuccess: () =>
          toast({ title: 'Default payment method', description: `${method.label} is now your default.` }),
        onError: (error) =>
          toast({ title: 'Not changed', description: errorMessage(error, TRY_AGAIN), variant: 'destructive' }),
      },
    );
  }

  function remove() {
    if (!removing) return;
    const method = removing;
    removeMethod.mutate(method.id, {
      onSuccess: () => {
        setRemoving(null);
        toast({ title: 'Payment method removed', description: `${method.label} was removed.` });
      },
      onError: (error) => {
        setRemoving(null);
        toast({ title: 'Not removed', description: errorMessage(error, TRY_AGAIN), variant: 'destructive' });
      },
    });
  }

  const items = methods.data?.items ?? [];
  return (
    <Card aria-labelledby={`${switchId}-title`}>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:space-y-0">
        <div className="space-y-1.5">
          <CardTitle id={`${switchId}-title`}>Payment Methods</CardTitle>
          <CardDescription>Cards, bank accounts and wallets you pay invoices with.</CardDescription>
        </div>
        <Button variant="outline" onClick={() => setIsAdding(true)}>
          <PlusIcon aria-hidden="true" />
          Add Payment Method
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-start justify-between gap-4 rounded-md border border-border p-3">
          <div className="grid gap-1">
            <Label htmlFor={switchId}>Auto-Pay</Label>
            <p className="text-sm text-muted-foreground">
              Pay each invoice on its due date from your default payment method.
            </p>
          </div>
          <Switch
            id={switchId}
            checked={profile.data?.auto_pay ?? false}
            disabled={!profile.isSuccess || updateProfile.isPending}
            onCheckedChange={setAutoPay}
          />
        </div>
        {autoPayError && <Alert variant="destructive">{autoPayError}</Alert>}

        {methods.isPending && (
          <div className="grid gap-2" role="status">
            <span className="sr-only">Loading your payment methods</span>
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        )}
        {methods.isError && (
          <Alert variant="destructive" className="items-center justify-between">
            <p>{errorMessage(methods.error, 'Failed to load your payment methods. Please try again.')}</p>
            <Button variant="outline" size="sm" onClick={() => methods.refetch()}>
              Try Again
            </Button>
          </Alert>
        )}
        {methods.isSuccess && items.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No saved payment methods yet. Add one, or save a new one when you pay an invoice.
          </p>
        )}
        {items.length > 0 && (
          <ul aria-label="Saved payment methods" className="grid gap-2">
            {items.map((method) => {
              const Icon = kindIcons[method.kind];
              return (
                <li
                  key={method.id}
                  className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-border p-3"
                >
                  <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="min-w-40 flex-1 font-medium [overflow-wrap:anywhere]">{method.label}</span>
                  {method.is_default && <Badge variant="secondary">Default</Badge>}
                  <span className="flex gap-1">
                    {!method.is_default && (
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={updateProfile.isPending}
                        onClick={() => makeDefault(method)}
                        aria-label={`Make ${method.label} the default`}
                      >
                        Make Default
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setRemoving(method)}
                      aria-label={`Remove ${method.label}`}
                    >
                      Remove
                    </Button>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>

      <AddPaymentMethodDialog open={isAdding} onOpenChange={setIsAdding} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove this payment method?"
        description={
          removing?.is_default
            ? `${removing.label} is your default payment method. Auto-Pay needs a default method to pay with.`
            : `${removing?.label ?? ''} will no longer be offered when you pay.`
        }
        confirmLabel="Remove"
        destructive
        pending={removeMethod.isPending}
        onConfirm={remove}
      />
    </Card>
  );
}

function AddPaymentMethodDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Add Payment Method" description="A card, a bank account or a wallet to pay invoices with.">
        {open && (
          <DeferredDialogBody>
            <AddPaymentMethodForm onDone={() => onOpenChange(false)} />
          </DeferredDialogBody>
        )}
      </DialogContent>
    </Dialog>
  );
}
