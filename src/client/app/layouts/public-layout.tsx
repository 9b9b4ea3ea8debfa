import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '~/client/app/public-site/site-footer';
import { SiteHeader } from '~/client/app/public-site/site-header';
import { HydrationMarker } from '../hydration-marker';
import { PageLoading } from '../page-loading';

// Pages lay out their own full-width sections (src/client/site/components/site-layout.tsx).
export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main" className="flex-1 pt-16">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
          <HydrationMarker />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
