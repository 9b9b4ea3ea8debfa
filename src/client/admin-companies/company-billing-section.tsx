import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BillingDetailsFacts } from '~/client/components/billing-details-facts';
import { ErrorBoundary } from '~/client/components/error-boundary';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import { adminCompanyBillingQueryOptions } from './api';

// The form, its schema, zod and react-hook-form load when the drawer shows it, not with the list (decision 042).
const CompanyBillingForm = lazy(() =>
  import('./company-billing-form').then((module) => ({ default: module.CompanyBillingForm })),
);

// The company on its invoices (decision 044) and the tax rate and terms it is billed at, in its drawer:
// an administrator changes any of it for the invoices issued from now on.
export function CompanyBillingSection({ companyId }: { companyId: string }) {
  const details = useQuery(adminCompanyBillingQueryOptions(companyId));
  const mayEdit = useAllowed('update:company:any');
  return (
    <section aria-labelledby="company-billing-title" className="grid gap-3">
      <h3 id="company-billing-title" className="text-sm font-semibold">
        Billing
      </h3>
      {details.isPending && <FormLoading />}
      {details.isError && (
        <Alert variant="destructive" className="flex-col gap-2">
          <p>{errorMessage(details.error, 'Failed to load the billing details. Please try again.')}</p>
          <Button size="sm" variant="outline" className="self-start" onClick={() => details.refetch()}>
            Try Again
          </Button>
        </Alert>
      )}
      {details.isSuccess &&
        (mayEdit ? (
          // Not DeferredDialogBody: that one moves focus into the form when it arrives, and here it arrives
          // below the drawer's details, where the reader has not gone yet.
          <ErrorBoundary
            resetKey=""
            fallback={
              <Alert variant="destructive">
                <p>This form could not be loaded. Check your connection, then reload the page.</p>
              </Alert>
            }
          >
            <Suspense fallback={<FormLoading />}>
              <CompanyBillingForm companyId={companyId} stored={details.data} />
            </Suspense>
          </ErrorBoundary>
        ) : (
          <BillingDetailsFacts details={details.data} />
        ))}
    </section>
  );
}

function FormLoading() {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">Loading the billing details</span>
      <Skeleton className="h-10" />
      <Skeleton className="h-20" />
    </div>
  );
}
