import type { Logger } from 'pino';
import type { LiveCommand } from '~/shared/live-events';
import { ROOM_MAX_PEOPLE, type RoomEvent, roomShutReason, roomTexts } from '~/shared/meeting-room';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import type { LiveHub, LiveTabHandle } from '../platform/live-hub';
import type { AuthContext } from '../platform/sessions';
import { findRoomAccess, type RoomAccess } from './find-room-access';

type RoomCommand = Extract<LiveCommand, { type: `room.${string}` }>;

interface JoinedPeer {
  meetingId: string;
  allowedUserIds: string[];
}

// The video room's signaling: a tab's join, leave, offers, answers, ICE candidates, media state and chat
// go to the tabs of the people allowed in the room, on whichever instance they are (the hub's bus). Each
// tab learns the others from their join and their answers, and the instance holding a tab says it left
// when its socket closes; the server counts a room's tabs only to turn away one past ROOM_MAX_PEOPLE.
// Every command is checked against the database and the clock: who may be in the room, and whether it is
// open.
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

  // Who is in a room, shared by every instance (the hub's roster, in Redis when there is one): a mesh
  // call holds ROOM_MAX_PEOPLE tabs at most.
  const rosterOf = (meetingId: string) => `meeting-room:${meetingId}`;

  const leave = (peerId: string, joined: JoinedPeer) =>
    Promise.all([
      live.leaveRoster(rosterOf(joined.meetingId), peerId),
      live.send(joined.allowedUserIds, { type: 'room.left', meeting_id: joined.meetingId, peer_id: peerId }),
    ]).catch((error) => logger.warn({ err: error }, 'room leave could not be sent'));

  // The room as this person may use it now, or a refusal to their tab alone (and null).
  async function openRoomFor(auth: AuthContext, command: RoomCommand, tab: LiveTabHandle) {
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
    return access;
  }

  function refuse(tab: LiveTabHandle, command: RoomCommand, message: string) {
    tab.reply({ type: 'room.refused', room_token: command.room_token, peer_id: command.peer_id, message });
  }

  const fromOf = (auth: AuthContext, access: RoomAccess, peerId: string) => ({
    meeting_id: access.meeting.id,
    peer_id: peerId,
    user_id: auth.user.id,
    name: auth.user.name,
  });

  // A message for one tab goes to its person only, and only when that person may be in the room.
  const sendTo = (access: RoomAccess, toUserId: string | undefined, event: RoomEvent) => {
    if (toUserId === undefined) return live.send(access.allowedUserIds, event);
    if (!access.allowedUserIds.includes(toUserId)) return Promise.resolve();
    return live.send([toUserId], event);
  };

  live.handle('room.join', async (auth, command, tab) => {
    const access = await openRoomFor(auth, command, tab);
    if (!access) return;
    const hasRoom = await live
      .enterRoster(rosterOf(access.meeting.id), command.peer_id, ROOM_MAX_PEOPLE)
      .catch((error) => {
        // A count that cannot be read lets them in: the call works, only more slowly past four.
        logger.warn({ err: error }, 'room roster could not be read');
        return true;
      });
    if (!hasRoom) {
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
    await live.send(access.allowedUserIds, {
      type: 'room.joined',
      ...fromOf(auth, access, command.peer_id),
      state: command.state,
    });
  });

  // Leaving is always allowed: the room may have closed meanwhile, or the person been taken off it.
  live.handle('room.leave', async (_auth, command, tab) => {
    const peer = joinedByTab.get(tab)?.get(command.peer_id);
    if (!peer) return;
    joinedByTab.get(tab)?.delete(command.peer_id);
    await leave(command.peer_id, peer);
  });

  live.handle('room.signal', async (auth, command, tab) => {
    const access = await openRoomFor(auth, command, tab);
    if (!access) return;
    await sendTo(access, command.to_user_id, {
      type: 'room.signal',
      ...fromOf(auth, access, command.peer_id),
      to_peer_id: command.to_peer_id,
      description: command.description,
      candidates: command.candidates,
    });
  });

  live.handle('room.state', async (auth, command, tab) => {
    const access = await openRoomFor(auth, command, tab);
    if (!access) return;
    await sendTo(access, command.to_user_id, {
      type: 'room.state',
      ...fromOf(auth, access, command.peer_id),
      state: command.state,
      to_peer_id: command.to_peer_id,
    });
  });

  live.handle('room.chat', async (auth, command, tab) => {
    const access = await openRoomFor(auth, command, tab);
    if (!access) return;
    await live.send(access.allowedUserIds, {
      type: 'room.chat',
      ...fromOf(auth, access, command.peer_id),
      text: command.text,
      sent_at: now().toISOString(),
    });
  });
}
