import { z } from 'zod';

// Tandem's own video room (/meet/:token): the browsers hold the call between themselves (WebRTC, one
// connection per pair), and the live socket carries what they say to set it up. The server relays each
// message only between people allowed in the meeting's room, while the room is open
// (docs/decisions/030).

// The room opens this long before the meeting starts, and closes when it ends.
export const ROOM_OPENS_MINUTES_BEFORE = 15;
// One connection per pair: past four people each browser sends its video three times over.
export const ROOM_MAX_PEOPLE = 4;
export const ROOM_CHAT_MAX_LENGTH = 1_000;
// TURN credentials stand until the room closes and this long after: coturn checks them again on each
// refresh of an allocation (every few minutes), so they must outlast the call, and no more than that.
export const TURN_CREDENTIAL_GRACE_MINUTES = 15;

export const roomTexts = {
  notYetOpen: `This meeting room opens ${ROOM_OPENS_MINUTES_BEFORE} minutes before the meeting starts.`,
  ended: 'This meeting has ended, and its room is closed.',
  cancelled: 'This meeting was cancelled, and its room is closed.',
  full: `This room is full: a call holds up to ${ROOM_MAX_PEOPLE} people.`,
  chatTooLong: `A chat message can be at most ${ROOM_CHAT_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  notJoined: 'Join the call first: this tab is not in the room.',
  peerTaken: 'This tab’s place in the room is taken. Reload the page to join again.',
} as const;

export const opensAtOf = (startsAt: Date) => new Date(startsAt.getTime() - ROOM_OPENS_MINUTES_BEFORE * 60_000);
export const closesAtOf = (startsAt: Date, durationMinutes: number) =>
  new Date(startsAt.getTime() + durationMinutes * 60_000);

// Why the room is shut at this moment, or null while it is open.
export function roomShutReason(
  meeting: { startsAt: Date; durationMinutes: number; status: 'scheduled' | 'cancelled' },
  now: Date,
): string | null {
  if (meeting.status === 'cancelled') return roomTexts.cancelled;
  if (now.getTime() < opensAtOf(meeting.startsAt).getTime()) return roomTexts.notYetOpen;
  if (now.getTime() >= closesAtOf(meeting.startsAt, meeting.durationMinutes).getTime()) return roomTexts.ended;
  return null;
}

// A tab's place in a room, made by the tab at random: one person may be in the room from two tabs.
export const roomPeerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{12,40}$/);
const roomTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const roomMediaStateSchema = z.object({
  audio: z.boolean(),
  video: z.boolean(),
  screen: z.boolean(),
});
export type RoomMediaState = z.infer<typeof roomMediaStateSchema>;

const sessionDescriptionSchema = z.object({
  type: z.enum(['offer', 'answer', 'rollback']),
  sdp: z.string().max(12_000).optional(),
});
const iceCandidateSchema = z.object({
  candidate: z.string().max(1_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

// Commands a tab in a room sends over the live socket.
const roomCommand = { room_token: roomTokenSchema, peer_id: roomPeerIdSchema };
export const roomCommandSchemas = [
  z.object({ type: z.literal('room.join'), ...roomCommand, state: roomMediaStateSchema }),
  z.object({ type: z.literal('room.leave'), ...roomCommand }),
  // An offer, an answer or ICE candidates (gathered a moment and sent together) for one other tab.
  z.object({
    type: z.literal('room.signal'),
    ...roomCommand,
    to_peer_id: roomPeerIdSchema,
    to_user_id: z.uuid(),
    description: sessionDescriptionSchema.optional(),
    candidates: z.array(iceCandidateSchema).max(30).optional(),
  }),
  // Microphone, camera or screen turned on or off; to everyone, or to one newcomer.
  z.object({
    type: z.literal('room.state'),
    ...roomCommand,
    state: roomMediaStateSchema,
    to_peer_id: roomPeerIdSchema.optional(),
    to_user_id: z.uuid().optional(),
  }),
  z.object({
    type: z.literal('room.chat'),
    ...roomCommand,
    text: z.string().trim().min(1).max(ROOM_CHAT_MAX_LENGTH),
  }),
] as const;

type SessionDescription = z.infer<typeof sessionDescriptionSchema>;
type IceCandidate = z.infer<typeof iceCandidateSchema>;
// Who a relayed message is from: the server says, never the sender.
interface FromPeer {
  meeting_id: string;
  peer_id: string;
  user_id: string;
  name: string;
}

// Events of a room, sent to the tabs of the people allowed in it; a tab acts on those of the room it is in
// (and, with to_peer_id, only when it is that tab).
export type RoomEvent =
  | ({ type: 'room.joined'; state: RoomMediaState } & FromPeer)
  | { type: 'room.left'; meeting_id: string; peer_id: string }
  | ({
      type: 'room.signal';
      to_peer_id: string;
      description?: SessionDescription;
      candidates?: IceCandidate[];
    } & FromPeer)
  | ({ type: 'room.state'; state: RoomMediaState; to_peer_id?: string } & FromPeer)
  | ({ type: 'room.chat'; text: string; sent_at: string } & FromPeer)
  // To the one tab whose command was refused: why (the room not open, or not theirs).
  | { type: 'room.refused'; room_token: string; peer_id: string; message: string };

export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export const roomIceServersSchema = z.object({
  ice_servers: z.array(iceServerSchema),
  // When the TURN credentials stop working; null without TURN.
  expires_at: z.iso.datetime().nullable(),
});
export type RoomIceServers = z.infer<typeof roomIceServersSchema>;
