import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

// False in the prerendered HTML and while React hydrates it, true once the page is interactive. A
// prerendered form keeps its submit button disabled until then: a click before that would post the
// form natively to a URL that only takes JSON.
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
