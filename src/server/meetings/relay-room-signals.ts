import type { Logger } from 'pino';
import type { LiveCommand } from '~/shared/live-events';
import { ROOM_MAX_PEOPLE, type RoomEvent, roomShutReason, roomTexts } from '~/shared/meeting-room';
import type { Database } from '../db/client';
import type { AuthContext } from '../platform/auth-context';
import { AppError } from '../platform/errors';
import type { LiveHub, LiveTabHandle } from '../platform/live-hub';
import { findRoomAccess, type RoomAccess } from './find-room-access';

type RoomCommand = Extract<LiveCommand, { type: `room.${string}` }>;

interface JoinedPeer {
  meetingId: string;
  allowedUserIds: string[];
}

// The video room's signaling: a tab's join, leave, offers, answers, ICE candidates, media state and chat
// go to the tabs that joined the room, of the people allowed in it, on whichever instance they are (the
// hub's rooms). Each tab learns the others from their join and their answers, and the instance holding a
// tab says it left when its socket closes; the server counts a room's tabs only to turn away one past
// ROOM_MAX_PEOPLE. Every command is checked as the HTTP room is ('read:meeting:own'), against the database
// and the clock (who may be in the room, whether it is open), and all but a join against the tab's place in
// the room: a tab that did not join says nothing there and hears nothing of it.
export function relayRoomSignals({
  db,
  live,
  logger,
  now = () => new Date(),
}: {
  db: Database;
  live: LiveHub;
  logger: Pick<Logger, 'warn'>;
  now?: () => Date;
}) {
  // The rooms each tab on this instance joined, by peer id: said to have left when the tab closes.
  const joinedByTab = new WeakMap<LiveTabHandle, Map<string, JoinedPeer>>();
  // One name per meeting for its room's tabs (the hub's rooms) and for who is in it, shared by every instance
  // (the hub's roster, in Redis when there is one): a mesh call holds ROOM_MAX_PEOPLE tabs at most.
  const roomOf = (meetingId: string) => `meeting-room:${meetingId}`;

  const leave = (peerId: string, joined: JoinedPeer) =>
    Promise.all([
      live.leaveRoster(roomOf(joined.meetingId), peerId),
      live.sendToRoom(roomOf(joined.meetingId), joined.allowedUserIds, {
        type: 'room.left',
        meeting_id: joined.meetingId,
        peer_id: peerId,
      }),
    ]).catch((error) => logger.warn({ err: error }, 'room leave could not be sent'));

  // The room as this person may use it now, or a refusal to their tab alone (and null). A command other
  // than a join must come from a peer this tab joined the room as.
  async function openRoomFor(auth: AuthContext, command: RoomCommand, tab: LiveTabHandle, { isJoin = false } = {}) {
    let access: RoomAccess;
    try {
      access = await findRoomAccess({ db, userId: auth.user.id, roomToken: command.room_token });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refuse(tab, command, error.message);
      return null;
    }
    const shut = roomShutReason(access.meeting, now());
    if (shut) {
      refuse(tab, command, shut);
      return null;
    }
    if (!isJoin && joinedByTab.get(tab)?.get(command.peer_id)?.meetingId !== access.meeting.id) {
      refuse(tab, command, roomTexts.notJoined);
      return null;
    }
    return access;
  }

  function refuse(tab: LiveTabHandle, command: RoomCommand, message: string) {
    tab.reply({ type: 'room.refused', room_token: command.room_token, peer_id: command.peer_id, message });
  }
  // A role the room is not for (the hub checks realtime/live-command-access.ts) is told so in the room's words.
  const roomRefusal = {
    refuse: (command: RoomCommand, tab: LiveTabHandle, message: string) => refuse(tab, command, message),
  };

  const fromOf = (auth: AuthContext, access: RoomAccess, peerId: string) => ({
    meeting_id: access.meeting.id,
    peer_id: peerId,
    user_id: auth.user.id,
    name: auth.user.name,
  });

  // A message for one tab goes to its person only, and only when that person may be in the room.
  const sendTo = (access: RoomAccess, toUserId: string | undefined, event: RoomEvent) => {
    const room = roomOf(access.meeting.id);
    if (toUserId === undefined) return live.sendToRoom(room, access.allowedUserIds, event);
    if (!access.allowedUserIds.includes(toUserId)) return Promise.resolve();
    return live.sendToRoom(room, [toUserId], event);
  };

  live.handle(
    'room.join',
    async (auth, command, tab) => {
      const access = await openRoomFor(auth, command, tab, { isJoin: true });
      if (!access) return;
      // While Redis cannot be read the hub counts this instance's tabs (live-presence.ts).
      const entry = await live.enterRoster(roomOf(access.meeting.id), command.peer_id, ROOM_MAX_PEOPLE, auth.user.id);
      // Another person's place: taking it would let them leave in that person's name.
      if (entry === 'taken') {
        refuse(tab, command, roomTexts.peerTaken);
        return;
      }
      if (entry === 'full') {
        refuse(tab, command, roomTexts.full);
        return;
      }
      let joined = joinedByTab.get(tab);
      if (!joined) {
        const peers = new Map<string, JoinedPeer>();
        joined = peers;
        joinedByTab.set(tab, peers);
        tab.onClose(() => {
          for (const [peerId, peer] of peers) void leave(peerId, peer);
        });
      }
      joined.set(command.peer_id, { meetingId: access.meeting.id, allowedUserIds: access.allowedUserIds });
      tab.joinRoom(roomOf(access.meeting.id));
      await sendTo(access, undefined, {
        type: 'room.joined',
        ...fromOf(auth, access, command.peer_id),
        state: command.state,
      });
    },
    roomRefusal,
  );

  // Leaving is always allowed: the room may have closed meanwhile, or the person been taken off it.
  live.handle(
    'room.leave',
    async (_auth, command, tab) => {
      const peer = joinedByTab.get(tab)?.get(command.peer_id);
      if (!peer) return;
      const peers = joinedByTab.get(tab);
      peers?.delete(command.peer_id);
      // The tab stays in the room while another of its peers is (one tab, one peer, in practice).
      if (![...(peers?.values() ?? [])].some((other) => other.meetingId === peer.meetingId)) {
        tab.leaveRoom(roomOf(peer.meetingId));
      }
      await leave(command.peer_id, peer);
    },
    roomRefusal,
  );

  live.handle(
    'room.signal',
    async (auth, command, tab) => {
      const access = await openRoomFor(auth, command, tab);
      if (!access) return;
      await sendTo(access, command.to_user_id, {
        type: 'room.signal',
        ...fromOf(auth, access, command.peer_id),
        to_peer_id: command.to_peer_id,
        description: command.description,
        candidates: command.candidates,
      });
    },
    roomRefusal,
  );

  live.handle(
    'room.state',
    async (auth, command, tab) => {
      const access = await openRoomFor(auth, command, tab);
      if (!access) return;
      await sendTo(access, command.to_user_id, {
        type: 'room.state',
        ...fromOf(auth, access, command.peer_id),
        state: command.state,
        to_peer_id: command.to_peer_id,
      });
    },
    roomRefusal,
  );

  live.handle(
    'room.chat',
    async (auth, command, tab) => {
      const access = await openRoomFor(auth, command, tab);
      if (!access) return;
      await sendTo(access, undefined, {
        type: 'room.chat',
        ...fromOf(auth, access, command.peer_id),
        text: command.text,
        sent_at: now().toISOString(),
      });
    },
    roomRefusal,
  );
}
