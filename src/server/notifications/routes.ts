import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  type UnreadCount,
  unreadCountSchema,
} from '~/shared/notifications';
import type { AppContext } from '../app-context';
import { currentAuth } from '../platform/access-control';
import { errorResponses, idParams } from '../platform/route-schemas';
import { getNotificationPreferences } from './get-notification-preferences';
import { listNotifications } from './list-notifications';
import { markAllNotificationsRead } from './mark-all-notifications-read';
import { markNotificationRead } from './mark-notification-read';
import { updateNotificationPreferences } from './update-notification-preferences';

const tags = ['notifications'];

// The header's bell and popover, and the email preferences in settings (issue 14). Every role has
// them; each person sees and changes only their own.
export async function notificationRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, live } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The person's other tabs update their badge too (on any instance).
  const tellTabs = async (userId: string, result: UnreadCount) => {
    await live.send([userId], { type: 'notifications.unread', unread_count: result.unread_count });
    return result;
  };

  routes.get(
    '/api/notifications',
    {
      config: { access: { permission: 'read:notification:own' } },
      schema: {
        tags,
        summary: 'Your notifications, newest first, with how many are unread',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errorResponses },
      },
    },
    async (request) => listNotifications({ db, userId: currentAuth(request).user.id, query: request.query }),
  );

  routes.post(
    '/api/notifications/:id/read',
    {
      config: { access: { permission: 'update:notification:own' } },
      schema: {
        tags,
        summary: 'Mark one of your notifications read',
        params: idParams('notification'),
        response: { 200: unreadCountSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = currentAuth(request).user.id;
      return tellTabs(userId, await markNotificationRead({ db, userId, id: request.params.id }));
    },
  );

  routes.post(
    '/api/notifications/read-all',
    {
      config: { access: { permission: 'update:notification:own' } },
      schema: {
        tags,
        summary: 'Mark all your notifications read',
        response: { 200: unreadCountSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = currentAuth(request).user.id;
      return tellTabs(userId, await markAllNotificationsRead({ db, userId }));
    },
  );

  routes.get(
    '/api/notification-preferences',
    {
      config: { access: { permission: 'read:notification:own' } },
      schema: {
        tags,
        summary: 'Which kinds of notification you also receive by email',
        response: { 200: notificationPreferencesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      return getNotificationPreferences({ db, userId: user.id, role: user.role });
    },
  );

  routes.put(
    '/api/notification-preferences',
    {
      config: { access: { permission: 'update:notification:own' } },
      schema: {
        tags,
        summary: 'Turn emails on or off per kind of notification (kinds left out keep their setting)',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      return updateNotificationPreferences({ db, userId: user.id, role: user.role, input: request.body });
    },
  );
}
