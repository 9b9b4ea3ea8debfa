import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Logo } from '~/client/components/logo';
import { queryClient } from '~/client/lib/query-client';
import { PageLoading } from '../page-loading';

// Sign-in screens: the logo links home, the form sits on its own.
export default function AuthLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex min-h-screen flex-col items-center bg-muted px-4 py-10">
        <Logo className="mb-8" />
        <main id="main" className="w-full max-w-md rounded-lg border border-border bg-background p-6 shadow-sm sm:p-8">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </QueryClientProvider>
  );
}
