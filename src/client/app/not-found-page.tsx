import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { paths } from '~/shared/routes';
import { HydrationMarker } from './hydration-marker';

export default function NotFoundPage() {
  const location = useLocation();

  useEffect(() => {
    console.warn('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted p-6">
      <PageMeta title="Page not found" noIndex />
      <div className="text-center">
        <h1 className="mb-4 text-5xl font-bold">404</h1>
        <p className="mb-6 text-xl text-muted-foreground">Oops! Page not found</p>
        <Link to={paths.home.getHref()} className="font-medium text-primary underline underline-offset-4">
          Return to Home
        </Link>
      </div>
      <HydrationMarker />
    </main>
  );
}
