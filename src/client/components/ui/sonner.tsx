import { Toaster as SonnerToaster } from 'sonner';

// The second notification system (docs/spec/portal-and-public-site.md §9): up to 3 toasts, each closing after 4000 ms.
const SONNER_VISIBLE_TOASTS = 3;
const SONNER_DURATION_MS = 4000;

export function Sonner() {
  return (
    <SonnerToaster
      visibleToasts={SONNER_VISIBLE_TOASTS}
      duration={SONNER_DURATION_MS}
      position="bottom-right"
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans' } }}
    />
  );
}
