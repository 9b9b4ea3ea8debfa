import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { currentUserQueryOptions, refreshCurrentUser } from '~/client/auth/api';
import { ErrorReference } from '~/client/components/error-reference';
import { Button } from '~/client/components/ui/button';
import { onLiveSessionEnded, useLiveEvent } from '~/client/lib/live-socket';
import { onUnauthenticated } from '~/client/lib/query-client';
import type { CurrentUser } from '~/shared/auth';
import { dashboardPathByRole } from '~/shared/dashboard-paths';
import type { Role } from '~/shared/permissions';
import { type PortalRole, paths } from '~/shared/routes';
import { PageLoading } from '../page-loading';

// The portal each role works in; account managers have their own (/manager).
const portalOfRole: Record<Role, PortalRole> = {
  applicant: 'applicant',
  company: 'company',
  admin: 'admin',
  account_manager: 'manager',
};

interface PortalGuardProps {
  portalRole: PortalRole;
  // Signing out is under way: show nothing of the portal and send nobody anywhere.
  isSigningOut: boolean;
  // Shown while the portal learns who is signed in: its empty frame, so a deep link is not a white page.
  loading: ReactNode;
  children: (user: CurrentUser) => ReactNode;
}

// Only the signed-in owner of a portal sees it: others sign in first, or go to their own portal.
export function PortalGuard({ portalRole, isSigningOut, loading, children }: PortalGuardProps) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const currentUser = useQuery(currentUserQueryOptions());

  // A 401 anywhere in the portal means the session is over: forget the user, which sends them to sign in.
  // Ended by a suspension, ask who this tab is instead: the answer says why (signed_out_reason), and the
  // sign-in page says it too.
  useEffect(
    () =>
      onUnauthenticated((error) => {
        if (error.code === 'account_suspended') void refreshCurrentUser(queryClient);
        else queryClient.setQueryData(currentUserQueryOptions().queryKey, { user: null });
      }),
    [queryClient],
  );
  // The server told this tab its session ended (a suspension), or closed the live socket for it: ask who
  // the tab is now rather than wait for the next request.
  useLiveEvent('session.ended', () => void refreshCurrentUser(queryClient));
  useEffect(() => onLiveSessionEnded(() => void refreshCurrentUser(queryClient)), [queryClient]);

  if (isSigningOut) return <PageLoading />;
  if (!currentUser.data) {
    if (currentUser.isError) return <GuardError error={currentUser.error} onRetry={() => currentUser.refetch()} />;
    return loading;
  }

  const { user } = currentUser.data;
  if (!user) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`${paths.login.getHref()}?redirect=${redirect}`} replace />;
  }
  if (portalOfRole[user.role] !== portalRole) return <Navigate to={dashboardPathByRole[user.role]} replace />;
  return children(user);
}

function GuardError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-bold">We could not reach Tandem</h1>
      <p className="text-muted-foreground">Check your connection, then try again.</p>
      <Button onClick={onRetry}>Try Again</Button>
      <ErrorReference error={error} className="text-muted-foreground" />
    </main>
  );
}
