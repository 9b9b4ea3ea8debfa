import { z } from 'zod';
import { type RoomEvent, roomCommandSchemas } from './meeting-room';

// What travels over the one WebSocket a browser tab holds (/api/ws). The server sends events; the
// client sends a few small commands. Everything a client shows from an event can also be fetched
// over HTTP, so a missed event is made good by the catch-up after a reconnect.

export {
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_TIMEOUT_MS,
  LIVE_SOCKET_PATH,
  PRESENCE_REFRESH_MS,
  PRESENCE_TTL_MS,
  RECONNECT_FIRST_DELAY_MS,
  RECONNECT_MAX_DELAY_MS,
  SESSION_ENDED_CLOSE_CODE,
} from './live-connection';

// Events: the `type` says what happened; the rest is what a screen needs to show it.
export type LiveEvent =
  | { type: 'ready'; user_id: string }
  | { type: 'heartbeat'; at: string }
  // Events may have been missed without the socket closing (the server lost Redis for a while): the tab
  // fetches what it shows again, as after a reconnect.
  | { type: 'resync' }
  | { type: 'presence'; user_id: string; online: boolean }
  // A conversation's message (messaging).
  | { type: 'message.created'; conversation_id: string; seq: number; message: unknown }
  | { type: 'conversation.read'; conversation_id: string; user_id: string; last_read_seq: number }
  | { type: 'typing'; conversation_id: string; user_id: string; name: string }
  // The header's bell: a new notification, or how many are left unread.
  | { type: 'notification.created'; notification: unknown; unread_count: number }
  | { type: 'notifications.unread'; unread_count: number }
  // Something about a meeting changed: calendars refetch.
  | { type: 'meeting.changed'; meeting_id: string }
  // The person's sessions were ended (a suspension): the tab asks GET /api/auth/me who it is, and why not.
  | { type: 'session.ended' }
  // Tandem's video room: who is in it, and what their browsers say to each other (meeting-room.ts).
  | RoomEvent;

export type LiveEventType = LiveEvent['type'];

// Commands a client sends.
export const liveCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing'), conversation_id: z.uuid() }),
  // The people whose online dot the tab shows (replaces the previous list).
  z.object({ type: z.literal('watch_presence'), user_ids: z.array(z.uuid()).max(200) }),
  ...roomCommandSchemas,
]);
export type LiveCommand = z.infer<typeof liveCommandSchema>;
