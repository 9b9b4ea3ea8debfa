import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { PRESENCE_TTL_MS } from '~/shared/live-events';

// Who is online, and who is in each bounded room (a video call), shared by every instance through Redis
// when there is one. While Redis cannot be reached each instance answers from its own memory, kept up to
// date all along: presence then shows the people connected to this instance, and a room counts this
// instance's tabs, which is how it works with one instance. Redis coming back is Redis answering again.

export interface Presence {
  markOnline(userIds: readonly string[]): Promise<void>;
  markOffline(userId: string): Promise<void>;
  onlineAmong(userIds: readonly string[]): Promise<Set<string>>;
}

// One sorted set: a member per person, scored by when an instance last confirmed a tab of theirs.
// A dead instance's people simply stop being confirmed and drop out after PRESENCE_TTL_MS.
function createRedisPresence(redis: Redis, keyPrefix: string): Presence {
  const key = `${keyPrefix}presence`;
  return {
    async markOnline(userIds) {
      if (userIds.length === 0) return;
      const now = Date.now();
      await redis.zadd(key, ...userIds.flatMap((id) => [now, id]));
      // Keeps the set from growing with everyone who was ever online.
      await redis.zremrangebyscore(key, '-inf', now - PRESENCE_TTL_MS);
    },
    async markOffline(userId) {
      await redis.zrem(key, userId);
    },
    async onlineAmong(userIds) {
      if (userIds.length === 0) return new Set();
      const scores = await redis.zmscore(key, ...userIds);
      const since = Date.now() - PRESENCE_TTL_MS;
      return new Set(userIds.filter((_id, index) => Number(scores[index] ?? 0) > since));
    },
  };
}

function createLocalPresence(): Presence {
  const seen = new Map<string, number>();
  return {
    async markOnline(userIds) {
      const now = Date.now();
      for (const id of userIds) seen.set(id, now);
    },
    async markOffline(userId) {
      seen.delete(userId);
    },
    async onlineAmong(userIds) {
      const since = Date.now() - PRESENCE_TTL_MS;
      return new Set(userIds.filter((id) => (seen.get(id) ?? 0) > since));
    },
  };
}

export type RosterEntry = 'entered' | 'full' | 'taken';

export interface Rosters {
  enter(key: string, member: string, capacity: number, owner: string): Promise<RosterEntry>;
  leave(key: string, member: string): Promise<void>;
  confirm(held: ReadonlyMap<string, ReadonlySet<string>>): Promise<void>;
}

// Drops the members no instance confirmed lately, then adds this one if it is in or there is room: one
// script, so two instances admitting at once cannot both take the last place. A member is held by one
// owner (a room's peer id by its person): another owner's entry under it is refused while it is in.
const ENTER_ROSTER_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
local isIn = redis.call('ZSCORE', KEYS[1], ARGV[3])
local holder = redis.call('HGET', KEYS[2], ARGV[3])
if isIn and holder and holder ~= ARGV[5] then
  return -1
end
if isIn or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[4]) then
  redis.call('ZADD', KEYS[1], ARGV[1], ARGV[3])
  redis.call('HSET', KEYS[2], ARGV[3], ARGV[5])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
  return 1
end
return 0`;

const rosterEntryOf = { '1': 'entered', '0': 'full', '-1': 'taken' } as const;

// One sorted set per roster: a member scored by when its instance last confirmed it.
function createRedisRosters(redis: Redis, keyPrefix: string): Rosters {
  const keyOf = (key: string) => `${keyPrefix}roster:${key}`;
  return {
    async enter(key, member, capacity, owner) {
      const entered = await redis.eval(
        ENTER_ROSTER_SCRIPT,
        2,
        keyOf(key),
        `${keyOf(key)}:owners`,
        Date.now(),
        PRESENCE_TTL_MS,
        member,
        capacity,
        owner,
      );
      return rosterEntryOf[String(entered) as keyof typeof rosterEntryOf] ?? 'full';
    },
    async leave(key, member) {
      await redis
        .pipeline()
        .zrem(keyOf(key), member)
        .hdel(`${keyOf(key)}:owners`, member)
        .exec();
    },
    async confirm(held) {
      if (held.size === 0) return;
      const now = Date.now();
      const pipeline = redis.pipeline();
      for (const [key, members] of held) {
        // XX: a member another instance's leave removed meanwhile stays out.
        pipeline.zadd(keyOf(key), 'XX', ...[...members].flatMap((member) => [now, member]));
        pipeline.pexpire(keyOf(key), PRESENCE_TTL_MS);
      }
      await pipeline.exec();
    },
  };
}

// Without Redis there is one instance: its memory is every instance's.
function createLocalRosters(): Rosters {
  // Each roster's members and who holds each.
  const rosters = new Map<string, Map<string, string>>();
  return {
    async enter(key, member, capacity, owner) {
      const members = rosters.get(key) ?? new Map<string, string>();
      const holder = members.get(member);
      if (holder !== undefined && holder !== owner) return 'taken';
      if (holder === undefined && members.size >= capacity) return 'full';
      members.set(member, owner);
      rosters.set(key, members);
      return 'entered';
    },
    async leave(key, member) {
      rosters.get(key)?.delete(member);
      if (rosters.get(key)?.size === 0) rosters.delete(key);
    },
    async confirm() {},
  };
}

type Warn = Pick<Logger, 'warn'>;

function withLocalPresence(shared: Presence, local: Presence, logger: Warn): Presence {
  return {
    async markOnline(userIds) {
      await local.markOnline(userIds);
      await shared.markOnline(userIds);
    },
    async markOffline(userId) {
      await local.markOffline(userId);
      await shared.markOffline(userId);
    },
    async onlineAmong(userIds) {
      try {
        return await shared.onlineAmong(userIds);
      } catch (error) {
        logger.warn({ err: error }, 'presence unreachable; answering from this instance');
        return local.onlineAmong(userIds);
      }
    },
  };
}

function withLocalRosters(shared: Rosters, local: Rosters, logger: Warn): Rosters {
  return {
    async enter(key, member, capacity, owner) {
      try {
        const entered = await shared.enter(key, member, capacity, owner);
        // Mirrored only once Redis let them in: a place it refused is not held here either.
        if (entered === 'entered') await local.enter(key, member, capacity, owner);
        return entered;
      } catch (error) {
        logger.warn({ err: error }, "room roster could not be read; counting this instance's tabs");
        return local.enter(key, member, capacity, owner);
      }
    },
    async leave(key, member) {
      await local.leave(key, member);
      await shared.leave(key, member);
    },
    confirm: (held) => shared.confirm(held),
  };
}

export function createPresence({ redis, keyPrefix, logger }: { redis?: Redis; keyPrefix: string; logger: Warn }) {
  const local = createLocalPresence();
  return redis ? withLocalPresence(createRedisPresence(redis, keyPrefix), local, logger) : local;
}

export function createRosters({ redis, keyPrefix, logger }: { redis?: Redis; keyPrefix: string; logger: Warn }) {
  const local = createLocalRosters();
  return redis ? withLocalRosters(createRedisRosters(redis, keyPrefix), local, logger) : local;
}
