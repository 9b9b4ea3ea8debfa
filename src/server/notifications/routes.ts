import type { FastifyInstance } from 'fastify';
import { notificationsContract } from '~/shared/contracts/notifications';
import type { UnreadCount } from '~/shared/notifications';
import type { AppContext } from '../app-context';
import { currentAuth, principalOf } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { getNotificationPreferences } from './get-notification-preferences';
import { listNotifications } from './list-notifications';
import { markAllNotificationsRead } from './mark-all-notifications-read';
import { markNotificationRead } from './mark-notification-read';
import { updateNotificationPreferences } from './update-notification-preferences';

// The header's bell and popover, and the email preferences in settings. Every role has
// them; each person sees and changes only their own.
export async function notificationRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, live } = context;

  // The person's other tabs update their badge too (on any instance).
  const tellTabs = async (userId: string, result: UnreadCount) => {
    await live.send([userId], { type: 'notifications.unread', unread_count: result.unread_count });
    return result;
  };

  registerEndpoint(
    app,
    notificationsContract.list,
    { config: { access: { permission: 'read:notification:own' } } },
    async (request) => listNotifications({ db, userId: currentAuth(request).user.id, query: request.query }),
  );

  registerEndpoint(
    app,
    notificationsContract.markRead,
    { config: { access: { permission: 'update:notification:own' } } },
    async (request) => {
      const userId = currentAuth(request).user.id;
      return tellTabs(userId, await markNotificationRead({ db, userId, id: request.params.id }));
    },
  );

  registerEndpoint(
    app,
    notificationsContract.markAllRead,
    { config: { access: { permission: 'update:notification:own' } } },
    async (request) => {
      const userId = currentAuth(request).user.id;
      return tellTabs(userId, await markAllNotificationsRead({ db, userId }));
    },
  );

  registerEndpoint(
    app,
    notificationsContract.preferences,
    { config: { access: { permission: 'read:notification:own' } } },
    async (request) => {
      const auth = currentAuth(request);
      return getNotificationPreferences({ db, userId: auth.user.id, principal: principalOf(auth) });
    },
  );

  registerEndpoint(
    app,
    notificationsContract.updatePreferences,
    { config: { access: { permission: 'update:notification:own' } } },
    async (request) => {
      const auth = currentAuth(request);
      return updateNotificationPreferences({
        db,
        userId: auth.user.id,
        principal: principalOf(auth),
        input: request.body,
      });
    },
  );
}
