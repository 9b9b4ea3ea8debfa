import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { ErrorBoundary } from '~/client/components/error-boundary';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

// A dialog's body whose code loads when the dialog opens (React.lazy), so a page that shows only its button
// does not download the form, its schema, zod and react-hook-form (decision 037). While it loads, a visible
// spinner; once loaded, focus goes to its first control, as when the body was there from the start. If its
// code cannot be fetched (the connection dropped, a new release replaced the file), the dialog says so and
// offers a reload, rather than the error taking the whole page down.
export function DeferredDialogBody({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary resetKey="" fallback={<DialogBodyUnavailable />}>
      <Suspense
        fallback={
          <div role="status" className="flex min-h-24 items-center justify-center gap-3 text-sm text-muted-foreground">
            <Spinner className="size-5 border-2" />
            Loading…
          </div>
        }
      >
        <FocusOnArrival>{children}</FocusOnArrival>
      </Suspense>
    </ErrorBoundary>
  );
}

// A module that failed to load stays failed for this page (React.lazy keeps the rejection): a reload fetches it anew.
function DialogBodyUnavailable() {
  return (
    <Alert variant="destructive" className="flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <p>This form could not be loaded. Check your connection, then reload the page.</p>
      <Button size="sm" variant="outline" onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </Alert>
  );
}

function FocusOnArrival({ children }: { children: ReactNode }) {
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const body = bodyRef.current;
    const dialog = body?.closest('[role="dialog"], [role="alertdialog"]');
    const focused = document.activeElement;
    // The dialog opened before its body arrived, so it focused itself or its close button: the body's first
    // control takes over. If the body was already loaded, the dialog focuses it on opening, as before.
    if (!body || !dialog || !(focused instanceof HTMLElement) || !dialog.contains(focused) || body.contains(focused)) {
      return;
    }
    body.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, []);
  return (
    <div ref={bodyRef} className="contents">
      {children}
    </div>
  );
}
