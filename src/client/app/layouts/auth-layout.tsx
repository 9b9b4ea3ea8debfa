import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet, useMatch } from 'react-router';
import { Logo } from '~/client/components/logo';
import { cn } from '~/client/lib/cn';
import { queryClient } from '~/client/lib/query-client';
import { paths } from '~/shared/routes';
import { PageLoading } from '../page-loading';

// Sign-in screens: the logo links home, the form sits on its own. The meeting room shares the layout,
// wide enough for a call.
export default function AuthLayout() {
  const isRoom = useMatch(paths.meetingRoom.path) !== null;
  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex min-h-screen flex-col items-center bg-muted px-4 py-10">
        <Logo className="mb-8" />
        <main
          id="main"
          className={cn(
            'w-full rounded-lg border border-border bg-background shadow-sm sm:p-8',
            isRoom ? 'max-w-6xl p-4' : 'max-w-md p-6',
          )}
        >
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </QueryClientProvider>
  );
}
