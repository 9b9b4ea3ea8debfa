import type { ExternalToast, toast as sonnerToast } from 'sonner';

// The sonner notification system (docs/spec/portal-and-public-site.md §9), loaded on first use so pages that never
// toast do not download it. notify.success('Draft saved') etc. mirror sonner's toast API.

type Kind = 'message' | 'success' | 'info' | 'warning' | 'error' | 'loading';
type Listener = () => void;

let isRequested = false;
const listeners = new Set<Listener>();

export function requestSonner() {
  if (isRequested) return;
  isRequested = true;
  for (const listener of listeners) listener();
}

export function subscribeToSonnerRequest(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isSonnerRequested() {
  return isRequested;
}

function show(kind: Kind) {
  return (message: string, options?: ExternalToast) => {
    requestSonner();
    // Sonner replays toasts raised before its <Toaster> subscribed, so none is lost while it loads.
    void import('sonner').then(({ toast }: { toast: typeof sonnerToast }) =>
      kind === 'message' ? toast(message, options) : toast[kind](message, options),
    );
  };
}

export const notify = {
  message: show('message'),
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
  loading: show('loading'),
};
