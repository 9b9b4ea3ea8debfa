import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { dismissToast } from '~/client/components/ui/use-toast';
import { queryClient } from '~/client/lib/query-client';

// Component tests (*.test.tsx) in jsdom: what jsdom lacks and Radix needs, and a clean page, cache and
// notification area for every test.

// findBy… waits up to 5 s rather than 1 s: a loaded CI machine (2 cores, a build beside) is slow, not wrong.
configure({ asyncUtilTimeout: 5_000 });

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

afterEach(() => {
  cleanup();
  // The app's one cache and notification queue are module state: nothing may leak into the next test.
  queryClient.clear();
  dismissToast();
  vi.unstubAllGlobals();
});

// A dismissed toast is removed 200 ms later by sonner's own timer; files share a worker (isolate: false), so
// the file waits it out before its window is torn down, or the timer updates React with no window.
afterAll(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 250));
});
