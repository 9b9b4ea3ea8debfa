import { ShieldOffIcon } from 'lucide-react';
import { Link, matchPath, useLocation } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { Button } from '~/client/components/ui/button';
import { companyRoleLabels } from '~/shared/company-roles';
import { pagePermissions } from '~/shared/page-permissions';
import { can, type Permission, type Principal } from '~/shared/permissions';
import { type PortalRole, pageIds, paths } from '~/shared/routes';

// A portal page of the route table, with what a person must be allowed to open it.
type PortalPageRoute = (typeof paths)[keyof typeof paths] & { permission: Permission | undefined };

const pagesOfPortal = (role: PortalRole): PortalPageRoute[] =>
  pageIds.filter((id) => paths[id].layout === role).map((id) => ({ ...paths[id], permission: pagePermissions[id] }));

// The route-table entry of the portal page being shown (its title, its permission).
export function usePortalRoute(role: PortalRole): PortalPageRoute | undefined {
  const { pathname } = useLocation();
  return pagesOfPortal(role).find((page) => matchPath(page.path, pathname));
}

// The page is one this person's role may not use: its permission (shared/page-permissions.ts) is not theirs.
export function isClosedToRole(route: PortalPageRoute | undefined, principal: Principal): boolean {
  return Boolean(route?.permission && !can(principal, route.permission));
}

export const notAvailableTitle = (pageTitle: string) => `The ${pageTitle} page is not available for your role`;

// Shown instead of a page a member's role may not use, so the page never asks the server for what it
// would refuse: which role they hold, and the way back to the dashboard.
export function NotAvailableForRole({
  title,
  principal,
  companyName,
  homeHref,
}: {
  title: string;
  principal: Principal;
  companyName: string | undefined;
  homeHref: string;
}) {
  const roleLabel = principal.companyRole ? companyRoleLabels[principal.companyRole] : undefined;
  return (
    <section
      aria-labelledby="not-available-title"
      className="mx-auto mt-8 grid w-full max-w-lg justify-items-center gap-4 rounded-lg border border-border bg-background p-6 text-center sm:p-8"
    >
      <PageMeta title={`${title}: not available`} />
      <ShieldOffIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 id="not-available-title" className="text-xl font-bold break-words sm:text-2xl">
        {notAvailableTitle(title)}
      </h1>
      <p className="text-muted-foreground">
        {roleLabel ? (
          <>
            Your role in {companyName ?? 'your company'} is <strong className="text-foreground">{roleLabel}</strong>,
            and this page is for other roles.
          </>
        ) : (
          'Your account may not use this page.'
        )}{' '}
        Ask your company’s owner or an admin if you need it.
      </p>
      <Button asChild>
        <Link to={homeHref}>Go to Dashboard</Link>
      </Button>
    </section>
  );
}
