import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { useChangeSearch } from '~/client/lib/list-search';
import { type PayoutMethod, payoutTexts } from '~/shared/payouts';
import { AddPayoutMethodDialog } from './add-payout-method-dialog';
import {
  payoutMethodsQueryOptions,
  useMakeDefaultPayoutMethod,
  useRemovePayoutMethod,
  useStripeConnectLink,
  useStripeConnectRefresh,
} from './api';
import { formatMomentIn } from './payout-format';
import { ProofDialog } from './proof-dialog';

const TRY_AGAIN = 'Please check your connection and try again.';

// Where the talent's payouts go (docs/decisions/036): their methods, masked, the default first; a new
// one, a new default and Stripe's set-up each need the proof (password or emailed code).
export function PayoutMethodsSection({ zone }: { zone: string | null }) {
  const methods = useQuery(payoutMethodsQueryOptions());
  const makeDefault = useMakeDefaultPayoutMethod();
  const removeMethod = useRemovePayoutMethod();
  const connectLink = useStripeConnectLink();
  const [isAdding, setIsAdding] = useState(false);
  const [isConnecting, setIsConnecting] = useState(false);
  const [newDefault, setNewDefault] = useState<PayoutMethod | null>(null);
  const [removing, setRemoving] = useState<PayoutMethod | null>(null);
  const titleId = useId();
  useStripeReturn();

  const hasPassword = methods.data?.has_password ?? false;
  const items = methods.data?.items ?? [];

  function remove() {
    if (!removing) return;
    removeMethod.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(null);
        toast({ title: payoutTexts.methodRemoved });
      },
      onError: (error) => {
        setRemoving(null);
        toast({ title: 'Not removed', description: errorMessage(error, TRY_AGAIN), variant: 'destructive' });
      },
    });
  }

  return (
    <Card aria-labelledby={titleId} className="min-w-0">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:space-y-0">
        <div className="space-y-1.5">
          <CardTitle id={titleId}>Payout methods</CardTitle>
          <CardDescription>Where your available balance is sent. Payouts go to your default method.</CardDescription>
        </div>
        {methods.isSuccess && (
          <div className="flex flex-wrap gap-2">
            {methods.data.connect_available && (
              <Button variant="outline" onClick={() => setIsConnecting(true)}>
                Set up Stripe payouts
              </Button>
            )}
            <Button variant="outline" onClick={() => setIsAdding(true)}>
              <PlusIcon aria-hidden="true" />
              Add payout method
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {methods.isPending && (
          <div className="grid gap-2" role="status">
            <span className="sr-only">Loading your payout methods</span>
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        )}
        {methods.isError && (
          <Alert variant="destructive" className="items-center justify-between">
            <p>{errorMessage(methods.error, 'Failed to load your payout methods. Please try again.')}</p>
            <Button variant="outline" size="sm" onClick={() => methods.refetch()}>
              Try Again
            </Button>
          </Alert>
        )}
        {methods.isSuccess && items.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No payout method yet. Add one so your available balance can be paid to you.
          </p>
        )}
        {items.length > 0 && (
          <ul aria-label="Your payout methods" className="grid gap-2">
            {items.map((method) => (
              <PayoutMethodItem
                key={method.id}
                method={method}
                zone={zone}
                onMakeDefault={() => setNewDefault(method)}
                onRemove={() => setRemoving(method)}
                onFinishSetup={() => setIsConnecting(true)}
              />
            ))}
          </ul>
        )}
      </CardContent>

      <AddPayoutMethodDialog open={isAdding} onOpenChange={setIsAdding} hasPassword={hasPassword} />
      <ProofDialog
        open={newDefault !== null}
        onOpenChange={(open) => {
          if (!open) setNewDefault(null);
        }}
        title="Make this your default payout method?"
        description={`Your payouts will go to ${newDefault?.label ?? ''}.`}
        submitLabel="Make default"
        pendingLabel="Saving..."
        hasPassword={hasPassword}
        onProof={async (proof) => {
          if (!newDefault) return;
          await makeDefault.mutateAsync({ id: newDefault.id, proof });
          toast({ title: payoutTexts.defaultChanged });
        }}
      />
      <ProofDialog
        open={isConnecting}
        onOpenChange={setIsConnecting}
        title="Set up Stripe payouts"
        description="Stripe asks for your details on its own page, then brings you back here."
        submitLabel="Continue to Stripe"
        pendingLabel="Opening Stripe..."
        hasPassword={hasPassword}
        onProof={async (proof) => {
          const { url } = await connectLink.mutateAsync(proof);
          window.location.assign(url);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove this payout method?"
        description={`${removing?.label ?? ''} will no longer receive payouts.`}
        confirmLabel="Remove"
        destructive
        pending={removeMethod.isPending}
        onConfirm={remove}
      />
    </Card>
  );
}

interface PayoutMethodItemProps {
  method: PayoutMethod;
  zone: string | null;
  onMakeDefault: () => void;
  onRemove: () => void;
  onFinishSetup: () => void;
}

function PayoutMethodItem({ method, zone, onMakeDefault, onRemove, onFinishSetup }: PayoutMethodItemProps) {
  const isWaiting = new Date(method.usable_from).getTime() > Date.now();
  const needsSetup = method.kind === 'stripe_connect' && !method.onboarded;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-border p-3">
      <div className="grid min-w-48 flex-1 gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium [overflow-wrap:anywhere]">{method.label}</span>
          {method.is_default && <Badge variant="secondary">Default</Badge>}
        </span>
        {/* The label names the kind already ("Bank transfer · BDO Unibank · ending in 6789"). */}
        {method.holder_name && (
          <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            Account holder: {method.holder_name}
          </span>
        )}
        <span className="text-sm text-muted-foreground">Paid in {method.currency}</span>
        {isWaiting && (
          <span className="text-sm text-amber-900">Can be paid from {formatMomentIn(method.usable_from, zone)}</span>
        )}
        {needsSetup && <span className="text-sm text-amber-900">{payoutTexts.connectNotReady}</span>}
      </div>
      <span className="flex flex-wrap gap-1">
        {needsSetup && (
          <Button variant="outline" size="sm" onClick={onFinishSetup}>
            Finish setting up
          </Button>
        )}
        {!method.is_default && (
          <>
            <Button variant="ghost" size="sm" onClick={onMakeDefault} aria-label={`Make ${method.label} the default`}>
              Make default
            </Button>
            <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${method.label}`}>
              Remove
            </Button>
          </>
        )}
      </span>
    </li>
  );
}

// Back from Stripe's page (?stripe=return): ask Stripe, once, whether the account is set up, then drop
// the key from the URL so a reload does not ask again.
function useStripeReturn() {
  const [searchParams] = useSearchParams();
  const changeSearch = useChangeSearch();
  const { mutate: refreshStripe } = useStripeConnectRefresh();
  const isAsked = useRef(false);
  const isReturn = searchParams.get('stripe') === 'return';
  useEffect(() => {
    if (!isReturn || isAsked.current) return;
    isAsked.current = true;
    refreshStripe(undefined, {
      onError: (error) =>
        toast({
          title: 'Stripe account not checked',
          description: errorMessage(error, TRY_AGAIN),
          variant: 'destructive',
        }),
    });
    changeSearch({ stripe: null }, { replace: true });
  }, [isReturn, refreshStripe, changeSearch]);
}
