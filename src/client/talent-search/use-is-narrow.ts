import { useSyncExternalStore } from 'react';

// Below Tailwind's md breakpoint (768 px) the filter panel is a drawer, not a column.
const NARROW_QUERY = '(max-width: 767.98px)';

const mediaQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null);

function subscribe(onChange: () => void) {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

export function useIsNarrow() {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  );
}
