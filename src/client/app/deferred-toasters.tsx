import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isSonnerRequested, subscribeToSonnerRequest } from '~/client/components/ui/notify';
import { useIsToastViewportNeeded } from '~/client/components/ui/use-toast';

const Toaster = lazy(() => import('~/client/components/ui/toaster').then((module) => ({ default: module.Toaster })));
const Sonner = lazy(() => import('~/client/components/ui/sonner').then((module) => ({ default: module.Sonner })));

// Both notification systems of docs/spec/portal-and-public-site.md §9, mounted once for the whole app, as soon
// as something needs them.
export function DeferredToasters() {
  const isToasterNeeded = useIsToastViewportNeeded();
  const isSonnerNeeded = useSyncExternalStore(subscribeToSonnerRequest, isSonnerRequested, () => false);
  return (
    <Suspense fallback={null}>
      {isToasterNeeded && <Toaster />}
      {isSonnerNeeded && <Sonner />}
    </Suspense>
  );
}
