import { type ReactNode, Suspense, useEffect, useRef } from 'react';

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

// A dialog's body whose code loads when the dialog opens (React.lazy), so a page that shows only its button
// does not download the form, its schema, zod and react-hook-form (decision 037). While it loads, a visible
// spinner; once loaded, focus goes to its first control, as when the body was there from the start.
export function DeferredDialogBody({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div role="status" className="flex min-h-24 items-center justify-center gap-3 text-sm text-muted-foreground">
          <span
            aria-hidden="true"
            className="size-5 animate-spin rounded-full border-2 border-muted border-t-primary motion-reduce:animate-none"
          />
          Loading…
        </div>
      }
    >
      <FocusOnArrival>{children}</FocusOnArrival>
    </Suspense>
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
