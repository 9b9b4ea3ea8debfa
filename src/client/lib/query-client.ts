import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

// The one TanStack Query cache of the app. It is imported only by the sign-in layout and the portal
// shell, so the public pages never download TanStack Query.

type Listener = () => void;
const unauthenticatedListeners = new Set<Listener>();

// A 401 from any query or mutation means the session has ended (expired, or signed out elsewhere);
// the portal guard listens and sends the person to sign in again.
export function onUnauthenticated(listener: Listener) {
  unauthenticatedListeners.add(listener);
  return () => {
    unauthenticatedListeners.delete(listener);
  };
}

function reportUnauthenticated(error: unknown) {
  if (isApiError(error) && error.status === 401) {
    for (const listener of unauthenticatedListeners) listener();
  }
}

// Asking again will not change a refusal (4xx); a network blip or a 5xx may pass on a second try.
function shouldRetry(failureCount: number, error: unknown) {
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportUnauthenticated }),
  mutationCache: new MutationCache({ onError: reportUnauthenticated }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
