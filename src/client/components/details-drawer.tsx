import type { ReactNode } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Sheet, SheetContent } from '~/client/components/ui/sheet';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage, isNotFoundError } from '~/client/lib/api-client';

interface DrawerQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface DetailsDrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  query: DrawerQuery;
  // What the drawer says when the record is gone, and when it could not be loaded.
  notFoundText: string;
  loadErrorText: string;
  children: ReactNode;
}

// A record's details in a panel from the right (the admin lists' View Details): loading, gone, failed
// with Try Again, or the details.
export function DetailsDrawer({
  open,
  onClose,
  title,
  query,
  notFoundText,
  loadErrorText,
  children,
}: DetailsDrawerProps) {
  return (
    <Sheet
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <SheetContent side="right" title={title} className="overflow-y-auto">
        <div className="grid gap-6 p-4 pt-12 sm:p-6 sm:pt-12">
          <h2 className="text-xl font-semibold [overflow-wrap:anywhere]">{title}</h2>
          {query.isPending ? (
            <div role="status" className="grid gap-3">
              <span className="sr-only">Loading details</span>
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-24" />
            </div>
          ) : query.isError ? (
            <Alert variant="destructive" className="flex-col gap-2">
              <p>{isNotFoundError(query.error) ? notFoundText : errorMessage(query.error, loadErrorText)}</p>
              {!isNotFoundError(query.error) && (
                <Button size="sm" variant="outline" onClick={() => query.refetch()}>
                  Try Again
                </Button>
              )}
            </Alert>
          ) : (
            children
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

// One labelled value of the details ("Contact email", "Workers").
export function DetailFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
