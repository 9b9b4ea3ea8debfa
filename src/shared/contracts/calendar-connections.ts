import {
  calendarConnectionListSchema,
  calendarConnectionSchema,
  connectCalDavSchema,
  reconnectCalDavSchema,
  updateCalendarConnectionSchema,
} from '../calendar-connections';
import { defineContract } from '../contract';
import { idParams, noContent } from '../contract-schemas';

// A person's own calendar accounts (issue 59, Settings → Calendars): listed, connected (CalDAV here; Google and
// Microsoft through their OAuth start), adjusted, refreshed and disconnected. A person's own: a session only,
// never an API key or token.
export const calendarConnectionsContract = defineContract(
  { name: 'calendarConnections', tags: ['account', 'calendars'] },
  {
    list: {
      method: 'GET',
      path: '/api/calendar-connections',
      summary: 'Your connected calendar accounts with their calendars, and which kinds this server can connect',
      responses: { 200: calendarConnectionListSchema },
    },
    connectCalDav: {
      method: 'POST',
      path: '/api/calendar-connections/caldav',
      summary: 'Connect a CalDAV account (iCloud, Fastmail, Nextcloud…): tried at once, its password kept sealed',
      body: connectCalDavSchema,
      responses: { 201: calendarConnectionSchema },
    },
    update: {
      method: 'PATCH',
      path: '/api/calendar-connections/:id',
      summary: 'Choose the calendar your meetings are written into (or none), and which calendars count as busy',
      params: idParams('calendar connection'),
      body: updateCalendarConnectionSchema,
      responses: { 200: calendarConnectionSchema },
    },
    reconnectCalDav: {
      method: 'POST',
      path: '/api/calendar-connections/:id/reconnect',
      summary: 'Give a CalDAV account a new password (after the server refused the old one): tried at once',
      params: idParams('calendar connection'),
      body: reconnectCalDavSchema,
      responses: { 200: calendarConnectionSchema },
    },
    refresh: {
      method: 'POST',
      path: '/api/calendar-connections/:id/refresh',
      summary: 'Read the account’s busy times again now (in the background)',
      params: idParams('calendar connection'),
      responses: { 202: calendarConnectionSchema },
    },
    disconnect: {
      method: 'DELETE',
      path: '/api/calendar-connections/:id',
      summary: 'Disconnect a calendar account: its busy times and the records of meetings written there go with it',
      params: idParams('calendar connection'),
      responses: { 204: noContent },
    },
  },
);
