import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type ApiError, isApiError } from './api-client';

// The one TanStack Query cache of the app. It is imported only by the sign-in layout and the portal
// shell, so the public pages never download TanStack Query.

type Listener = (error: ApiError) => void;
const unauthenticatedListeners = new Set<Listener>();
const maintenanceListeners = new Set<Listener>();

function subscribe(listeners: Set<Listener>, listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// A 401 from any query or mutation means the session has ended (expired, signed out elsewhere, or
// suspended: code 'account_suspended'); the portal guard listens and sends the person to sign in again.
export const onUnauthenticated = (listener: Listener) => subscribe(unauthenticatedListeners, listener);

// A 503 'maintenance' from any of them: the site is down for everyone but administrators (System
// Settings); the portal shell listens and shows the maintenance screen.
export const onMaintenance = (listener: Listener) => subscribe(maintenanceListeners, listener);

export const isMaintenanceError = (error: unknown): error is ApiError =>
  isApiError(error) && error.status === 503 && error.code === 'maintenance';

function reportRefusal(error: unknown) {
  if (isApiError(error) && error.status === 401) {
    for (const listener of unauthenticatedListeners) listener(error);
  }
  if (isMaintenanceError(error)) {
    for (const listener of maintenanceListeners) listener(error);
  }
}

// Asking again will not change a refusal (4xx), nor maintenance (its screen says when to come back); a
// network blip or another 5xx may pass on a second try.
function shouldRetry(failureCount: number, error: unknown) {
  if (isApiError(error) && error.status < 500) return false;
  if (isMaintenanceError(error)) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportRefusal }),
  mutationCache: new MutationCache({ onError: reportRefusal }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
