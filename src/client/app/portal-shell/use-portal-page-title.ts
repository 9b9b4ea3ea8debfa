import { matchPath, useLocation } from 'react-router';
import { type PortalRole, pageIds, paths } from '~/shared/routes';

const pagesByRole = (role: PortalRole) => pageIds.map((id) => paths[id]).filter((page) => page.layout === role);

// The title of the portal page being shown, for the header.
export function usePortalPageTitle(role: PortalRole): string | undefined {
  const { pathname } = useLocation();
  return pagesByRole(role).find((page) => matchPath(page.path, pathname))?.title;
}
