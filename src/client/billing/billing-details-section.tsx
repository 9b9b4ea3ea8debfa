import { useQuery } from '@tanstack/react-query';
import { PencilIcon } from 'lucide-react';
import { lazy, useEffect, useId, useRef, useState } from 'react';
import { BillingDetailsFacts, BillingRatesFacts } from '~/client/components/billing-details-facts';
import { DeferredDialogBody } from '~/client/components/deferred-dialog-body';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import { billingDetailsTexts } from '~/shared/billing-details-texts';
import { billingDetailsQueryOptions } from './api';

// The form, its schema, zod and react-hook-form load when Edit is pressed (decision 042).
const BillingDetailsForm = lazy(() =>
  import('./billing-details-form').then((module) => ({ default: module.BillingDetailsForm })),
);

// Who the company's invoices are made out to (decision 044): its legal name, address and tax ID, which the
// roles that pay may change, and the tax rate and payment terms Tandem bills it at, which only an
// administrator sets. Issued invoices keep what they were issued with.
export function BillingDetailsSection() {
  const details = useQuery(billingDetailsQueryOptions());
  // The server lets the roles that manage payment methods write these (Owner, Admin, Billing).
  const mayEdit = useAllowed('update:payment_method:own');
  const [isEditing, setIsEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const titleId = useId();

  // Saved or cancelled: focus goes back to Edit, which comes back in the form's place.
  useEffect(() => {
    if (wasEditing.current && !isEditing) editButton.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  return (
    <Card aria-labelledby={titleId} className="min-w-0">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:space-y-0">
        <div className="space-y-1.5">
          <CardTitle id={titleId}>Billing details</CardTitle>
          <CardDescription>Who your invoices are made out to. {billingDetailsTexts.fromNowOn}</CardDescription>
        </div>
        {mayEdit && details.isSuccess && !isEditing && (
          <Button ref={editButton} variant="outline" onClick={() => setIsEditing(true)}>
            <PencilIcon aria-hidden="true" />
            Edit Billing Details
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {details.isPending && (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading your billing details</span>
            <Skeleton className="h-10" />
            <Skeleton className="h-20" />
          </div>
        )}
        {details.isError && (
          <Alert variant="destructive" className="items-center justify-between">
            <p>{errorMessage(details.error, 'Failed to load your billing details. Please try again.')}</p>
            <Button variant="outline" size="sm" onClick={() => details.refetch()}>
              Try Again
            </Button>
          </Alert>
        )}
        {details.isSuccess &&
          (isEditing ? (
            <>
              <DeferredDialogBody>
                <BillingDetailsForm stored={details.data} onDone={() => setIsEditing(false)} />
              </DeferredDialogBody>
              <BillingRatesFacts details={details.data} />
            </>
          ) : (
            <BillingDetailsFacts details={details.data} />
          ))}
        {details.isSuccess && <p className="text-sm text-muted-foreground">{billingDetailsTexts.setByTandem}</p>}
      </CardContent>
    </Card>
  );
}
