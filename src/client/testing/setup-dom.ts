import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import React from 'react';
import { afterAll, afterEach, vi } from 'vitest';
import { dismissToast } from '~/client/components/ui/use-toast';
import { queryClient } from '~/client/lib/query-client';

// Component tests (*.test.tsx) in jsdom: what jsdom lacks and Radix needs, and a clean page, cache and
// notification area for every test.

// findBy… waits up to 5 s rather than 1 s: a loaded CI machine (2 cores, a build beside) is slow, not wrong.
configure({ asyncUtilTimeout: 5_000 });

// React's development build records where each element was created (an Error and its stack per JSX element,
// up to 10,000 a render) to name the owner in its warnings: a tenth of the dom project's time, profiled. A
// warning still fails the test (fail-on-console-error.ts) and still names the component; only the owner's
// line goes. The counter React checks stays past its limit.
const reactInternals = (React as unknown as Record<string, object>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => Number.POSITIVE_INFINITY,
    set: () => {},
  });
}

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver;

// Radix reads these on pointer events; jsdom has no layout or pointer capture.
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
// jsdom reports window.scrollTo as "not implemented" through console.error, which fails the test.
window.scrollTo = () => {};

// A read that fails with a 5xx is tried twice more, as in the browser, without the browser's back-off of one
// and two seconds between tries: the error-state tests waited 3 s each for nothing (docs/testing.md).
const browserQueryDefaults = queryClient.getDefaultOptions().queries;
queryClient.setDefaultOptions({
  ...queryClient.getDefaultOptions(),
  queries: { ...browserQueryDefaults, retryDelay: 0 },
});

// When the last sonner toast was on screen: its removal timer runs 200 ms past the test (afterAll below).
let lastSonnerToastAt = Number.NEGATIVE_INFINITY;

afterEach(() => {
  if (document.querySelector('[data-sonner-toast]')) lastSonnerToastAt = performance.now();
  cleanup();
  // The app's one cache and notification queue are module state: nothing may leak into the next test.
  queryClient.clear();
  dismissToast();
  vi.unstubAllGlobals();
});

// A dismissed toast is removed 200 ms later by sonner's own timer; files share a worker (isolate: false), so
// a file that showed one waits it out before its window is torn down, or the timer updates React with no
// window. Files that showed none (most) do not wait: 250 ms each was 16 s of the project.
afterAll(async () => {
  vi.useRealTimers();
  const remainingMs = lastSonnerToastAt + 250 - performance.now();
  if (remainingMs > 0) await new Promise((resolve) => setTimeout(resolve, remainingMs));
});
