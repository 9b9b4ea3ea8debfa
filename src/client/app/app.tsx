import { Suspense } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { ErrorBoundary } from '~/client/components/error-boundary';
import { ErrorReference } from '~/client/components/error-reference';
import { routes } from '~/client/routes';
import { CookieConsentBanner } from './cookie-consent-banner';
import { DeferredToasters } from './deferred-toasters';
import { PageLoading } from './page-loading';
import { ScrollManager } from './scroll-manager';

export function App() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  return (
    <>
      <ScrollManager />
      <ErrorBoundary resetKey={pathname} fallback={(error) => <AppCrashed error={error} />}>
        <Suspense fallback={<PageLoading />}>{element}</Suspense>
      </ErrorBoundary>
      <CookieConsentBanner />
      <DeferredToasters />
    </>
  );
}

export function AppCrashed({ error }: { error: unknown }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">
        This page stopped because of an unexpected error. Reloading usually helps; if it keeps happening, please contact
        support.
      </p>
      <ErrorReference error={error} className="text-muted-foreground" />
      <button
        type="button"
        className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:bg-primary-hover"
        onClick={() => window.location.reload()}
      >
        Reload page
      </button>
    </main>
  );
}
