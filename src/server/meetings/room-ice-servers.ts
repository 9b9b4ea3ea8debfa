import { createHmac } from 'node:crypto';
import { closesAtOf, type RoomIceServers, roomShutReason, TURN_CREDENTIAL_GRACE_MINUTES } from '~/shared/meeting-room';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import { findRoomAccess } from './find-room-access';

// coturn's REST scheme (use-auth-secret): the username is "<expiry, unix seconds>:<user id>" and the
// password base64(HMAC-SHA1(secret, username)). coturn recomputes it with the same secret and refuses it
// once the time has passed; Tandem keeps no list of credentials.
export function signTurnCredentials({
  secret,
  userId,
  expiresAt,
}: {
  secret: string;
  userId: string;
  expiresAt: Date;
}) {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${userId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

// The STUN and TURN servers a browser in the room calls through. TURN credentials go only to someone
// allowed in the room while it is open, and stand until a while after it closes: coturn checks them on
// every refresh of a relay, so they must outlast the call.
export async function getRoomIceServers({
  db,
  config,
  userId,
  roomToken,
  now = new Date(),
}: {
  db: Database;
  config: Pick<Config, 'STUN_URLS' | 'TURN_URL' | 'TURN_SECRET'>;
  userId: string;
  roomToken: string;
  now?: Date;
}): Promise<RoomIceServers> {
  const { meeting } = await findRoomAccess({ db, userId, roomToken });
  const shut = roomShutReason(meeting, now);
  if (shut) throw new AppError('conflict', shut);
  const iceServers: RoomIceServers['ice_servers'] = [];
  if (config.STUN_URLS?.length) iceServers.push({ urls: config.STUN_URLS });
  if (!config.TURN_URL?.length || !config.TURN_SECRET) return { ice_servers: iceServers, expires_at: null };
  // Whole seconds: the username carries unix seconds, and the page is told the same moment.
  const expiresAt = new Date(
    Math.floor(
      (closesAtOf(meeting.startsAt, meeting.durationMinutes).getTime() + TURN_CREDENTIAL_GRACE_MINUTES * 60_000) / 1000,
    ) * 1000,
  );
  iceServers.push({
    urls: config.TURN_URL,
    ...signTurnCredentials({ secret: config.TURN_SECRET, userId, expiresAt }),
  });
  return { ice_servers: iceServers, expires_at: expiresAt.toISOString() };
}
