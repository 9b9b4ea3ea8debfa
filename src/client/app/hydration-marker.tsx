import { useEffect } from 'react';

// Marks the document once React has hydrated a prerendered page, content included: it sits inside the
// page's Suspense boundary, so its effect runs only when the page itself is interactive. Browser tests
// wait for it before they click (tests/e2e/support/test.ts).
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
