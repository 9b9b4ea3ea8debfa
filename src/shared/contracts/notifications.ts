import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  unreadCountSchema,
} from '../notifications';

// The header's bell and popover, and the email preferences in settings. Every role has them;
// each person sees and changes only their own.
export const notificationsContract = defineContract(
  { name: 'notifications', tags: ['notifications'] },
  {
    list: {
      method: 'GET',
      path: '/api/notifications',
      summary: 'Your notifications, newest first, with how many are unread',
      query: notificationListQuerySchema,
      responses: { 200: notificationListSchema },
    },
    markRead: {
      method: 'POST',
      path: '/api/notifications/:id/read',
      summary: 'Mark one of your notifications read',
      params: idParams('notification'),
      responses: { 200: unreadCountSchema },
    },
    markAllRead: {
      method: 'POST',
      path: '/api/notifications/read-all',
      summary: 'Mark all your notifications read',
      responses: { 200: unreadCountSchema },
    },
    preferences: {
      method: 'GET',
      path: '/api/notification-preferences',
      summary: 'Which kinds of notification you also receive by email',
      responses: { 200: notificationPreferencesSchema },
    },
    updatePreferences: {
      method: 'PUT',
      path: '/api/notification-preferences',
      summary: 'Turn emails on or off per kind of notification (kinds left out keep their setting)',
      body: notificationPreferencesSchema,
      responses: { 200: notificationPreferencesSchema },
    },
  },
);
