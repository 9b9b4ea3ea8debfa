import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { MenuIcon, MessageSquareIcon, PanelLeftCloseIcon, PanelLeftOpenIcon } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, Outlet, useNavigate } from 'react-router';
import { useSignOut } from '~/client/auth/api';
import { Logo } from '~/client/components/logo';
import { Button } from '~/client/components/ui/button';
import { notify } from '~/client/components/ui/notify';
import { Sheet, SheetContent, SheetTrigger } from '~/client/components/ui/sheet';
import { TooltipProvider } from '~/client/components/ui/tooltip';
import { requestToastViewport } from '~/client/components/ui/use-toast';
import { AllowedProvider } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { useLiveConnection } from '~/client/lib/live-socket';
import { queryClient } from '~/client/lib/query-client';
import { UnreadMessagesBadge } from '~/client/messaging/unread-messages-badge';
import type { CurrentUser } from '~/shared/auth';
import { can, type Permission, type Principal } from '~/shared/permissions';
import { type PortalRole, paths } from '~/shared/routes';
import { PageLoading } from '../page-loading';
import { EmailVerificationBanner } from './email-verification-banner';
import { MaintenanceBanner, MaintenanceScreen, useIsInMaintenance } from './maintenance';
import { NotificationsPopover } from './notifications-popover';
import { isClosedToRole, NotAvailableForRole, usePortalRoute } from './page-access';
import { PortalGuard } from './portal-guard';
import { allowedLink, homeByRole, messagesByRole, postJob, sidebarFor } from './portal-navigation';
import { SidebarNav } from './sidebar-nav';
import { useSidebarCollapsed } from './use-sidebar-collapsed';
import { UserMenu } from './user-menu';

// Rare (a company account whose company is gone) and made of the account's forms: loaded when shown.
const NoCompanyPage = lazy(() => import('./no-company-page').then((module) => ({ default: module.NoCompanyPage })));

const portalNames: Record<PortalRole, string> = {
  company: 'Company Portal',
  applicant: 'Talent Portal',
  admin: 'Admin Console',
  manager: 'Manager Portal',
};

export function PortalShell({ portalRole }: { portalRole: PortalRole }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInPortal portalRole={portalRole} />
    </QueryClientProvider>
  );
}

// A read still in flight when the session ends is answered 401, which would send the person to sign in again
// with a redirect back: sign out once the page's reads have finished, waiting at most two seconds.
async function untilReadsFinish(client: QueryClient) {
  const deadline = Date.now() + 2_000;
  while (client.isFetching() > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function SignedInPortal({ portalRole }: { portalRole: PortalRole }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const signOut = useSignOut();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const isInMaintenance = useIsInMaintenance();

  async function handleSignOut() {
    await untilReadsFinish(client);
    // The portal's pages leave (at once, not at React's next render) before the session ends, so none of
    // them reads again (a refetch, a live event) and is answered 401 while it ends.
    flushSync(() => setIsSigningOut(true));
    await client.cancelQueries();
    signOut.mutate(undefined, {
      onSuccess: () => {
        navigate(paths.login.getHref());
        // Nothing of this account may be shown to whoever signs in next on this browser.
        client.clear();
      },
      onError: (error) => {
        setIsSigningOut(false);
        notify.error(errorMessage(error, 'We could not sign you out. Please try again.'));
      },
    });
  }

  // Down for everyone but administrators: the server's answer says so, and no page waits on its reads.
  if (isInMaintenance) return <MaintenanceScreen />;
  return (
    <PortalGuard portalRole={portalRole} isSigningOut={isSigningOut} loading={<PortalLoading role={portalRole} />}>
      {(user) =>
        // A company account that belongs to no company any more has only its own account to see.
        user.role === 'company' && !user.company ? (
          <Suspense fallback={<PageLoading />}>
            <NoCompanyPage user={user} onSignOut={handleSignOut} />
          </Suspense>
        ) : (
          <PortalFrame role={portalRole} user={user} onSignOut={handleSignOut} />
        )
      }
    </PortalGuard>
  );
}

// The frame without its contents (no navigation, no account yet) around the spinner, while the portal learns
// who is signed in: a page opened from a link or a bookmark shows the portal at once, not a white page.
function PortalLoading({ role }: { role: PortalRole }) {
  const [isCollapsed] = useSidebarCollapsed();
  return (
    <div className="flex min-h-screen bg-muted/50">
      <div
        aria-hidden="true"
        className={cn('sticky top-0 hidden h-screen shrink-0 bg-sidebar md:block', isCollapsed ? 'w-16' : 'w-64')}
      >
        {!isCollapsed && (
          <div className="flex h-16 items-center px-4">
            <span className="text-sm font-semibold text-white">{portalNames[role]}</span>
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-background px-3 sm:px-6">
          <span className="size-9 md:hidden" aria-hidden="true" />
          <Logo to={homeByRole[role]} />
        </header>
        <main id="main" className="flex-1 p-4 sm:p-6">
          <PageLoading />
        </main>
      </div>
    </div>
  );
}

interface PortalFrameProps {
  role: PortalRole;
  user: CurrentUser;
  onSignOut: () => void;
}

function PortalFrame({ role, user, onSignOut }: PortalFrameProps) {
  const [isCollapsed, setIsCollapsed] = useSidebarCollapsed();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const route = usePortalRoute(role);
  const title = route?.title;
  const companyRole = user.company?.role ?? null;
  // The same principal while the role holds, so the pages' useAllowed does not change on every render.
  const principal = useMemo((): Principal => ({ role: user.role, companyRole }), [user.role, companyRole]);
  const allows = useCallback((permission: Permission) => can(principal, permission), [principal]);
  // One live connection per tab while signed in: messages, notifications, meetings, presence.
  useLiveConnection();

  // The Radix notification area stays mounted so F8 always finds it; the second toast library (sonner, 9 KB)
  // loads with its first toast (notify), which it replays once mounted (decision 037).
  useEffect(() => {
    requestToastViewport();
  }, []);
  const items = sidebarFor(role, principal);
  const messagesHref = messagesByRole[role];
  const postJobLink = role === 'company' ? allowedLink(postJob, principal) : undefined;
  const navLabel = `${portalNames[role]} navigation`;

  return (
    <TooltipProvider>
      <div className="flex min-h-screen bg-muted/50">
        <aside
          data-testid="portal-sidebar"
          className={cn(
            'sticky top-0 hidden h-screen shrink-0 flex-col bg-sidebar transition-[width] duration-200 motion-reduce:transition-none md:flex',
            isCollapsed ? 'w-16' : 'w-64',
          )}
        >
          <div className={cn('flex h-16 items-center px-4', isCollapsed ? 'justify-center px-0' : 'justify-between')}>
            {!isCollapsed && <span className="text-sm font-semibold text-white">{portalNames[role]}</span>}
            <Button
              variant="sidebar"
              size="icon"
              aria-expanded={!isCollapsed}
              aria-label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              onClick={() => setIsCollapsed(!isCollapsed)}
            >
              {isCollapsed ? <PanelLeftOpenIcon aria-hidden="true" /> : <PanelLeftCloseIcon aria-hidden="true" />}
            </Button>
          </div>
          <SidebarNav items={items} isCollapsed={isCollapsed} label={navLabel} />
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-background px-3 sm:px-6">
            <Sheet open={isDrawerOpen} onOpenChange={setIsDrawerOpen}>
              <SheetTrigger asChild>
                <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation">
                  <MenuIcon aria-hidden="true" />
                </Button>
              </SheetTrigger>
              <SheetContent title={navLabel}>
                <div className="flex h-16 items-center px-4">
                  <span className="text-sm font-semibold text-white">{portalNames[role]}</span>
                </div>
                <SidebarNav items={items} label={navLabel} onNavigate={() => setIsDrawerOpen(false)} />
              </SheetContent>
            </Sheet>
            <Logo to={homeByRole[role]} />
            {title && (
              <span className="ml-4 hidden truncate border-l border-border pl-4 text-sm font-medium text-muted-foreground lg:block">
                {title}
              </span>
            )}
            <div className="ml-auto flex items-center gap-1 sm:gap-2">
              {postJobLink && (
                <Button asChild size="sm">
                  <Link to={postJobLink.href}>
                    <postJobLink.icon aria-hidden="true" />
                    <span className="sr-only sm:not-sr-only">{postJobLink.label}</span>
                  </Link>
                </Button>
              )}
              {messagesHref && (
                <Button asChild size="sm" variant="outline">
                  <Link to={messagesHref}>
                    <MessageSquareIcon aria-hidden="true" />
                    <span className="sr-only sm:not-sr-only">Message</span>
                    <UnreadMessagesBadge />
                  </Link>
                </Button>
              )}
              <NotificationsPopover />
              <UserMenu portalRole={role} user={user} onSignOut={onSignOut} />
            </div>
          </header>
          {role === 'admin' && <MaintenanceBanner />}
          {/* A floating button (the Support chat's, data-floating-action) sits over the bottom right corner:
              the page keeps room below its last control, so scrolled to the end nothing is under the button. */}
          <main
            id="main"
            className="flex-1 p-4 has-[[data-floating-action]]:pb-20 sm:p-6 sm:has-[[data-floating-action]]:pb-24"
          >
            {!user.email_verified && <EmailVerificationBanner email={user.email} />}
            {/* A page the member's role may not use is never mounted, so it asks nothing the server refuses. */}
            {route && isClosedToRole(route, principal) ? (
              <NotAvailableForRole
                title={route.title}
                principal={principal}
                companyName={user.company?.name}
                homeHref={homeByRole[role]}
              />
            ) : (
              <AllowedProvider allows={allows}>
                <Suspense fallback={<PageLoading />}>
                  <Outlet />
                </Suspense>
              </AllowedProvider>
            )}
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
