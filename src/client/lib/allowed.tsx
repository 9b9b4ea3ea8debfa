import { createContext, type ReactNode, useContext } from 'react';
import type { Permission } from '~/shared/permissions';

// What the signed-in person may do, for features that hide the controls their role may not use (a Viewer
// sees a job but no Edit, a Hiring Manager no Pay). The portal (app/) provides it from the current user
// with can(); features read it here, so none imports the auth feature. The server enforces every request
// anyway; outside a portal (a feature's own component test) everything shows, as before roles.
const AllowedContext = createContext<(permission: Permission) => boolean>(() => true);

export function AllowedProvider({
  allows,
  children,
}: {
  allows: (permission: Permission) => boolean;
  children: ReactNode;
}) {
  return <AllowedContext.Provider value={allows}>{children}</AllowedContext.Provider>;
}

// Whether this person may use a control that needs the permission.
export function useAllowed(permission: Permission): boolean {
  return useContext(AllowedContext)(permission);
}
