import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import {
  HEARTBEAT_INTERVAL_MS,
  type LiveCommand,
  type LiveEvent,
  liveCommandSchema,
  PRESENCE_REFRESH_MS,
  SESSION_ENDED_CLOSE_CODE,
} from '~/shared/live-events';
import { can, type Permission } from '~/shared/permissions';
import { forbiddenMessage, principalOf } from './access-control';
import type { AuthContext } from './auth-context';
import { createInProcessBus, createRedisBus, type Delivery, type EventBus } from './event-bus';
import { createPresence, createRosters, type RosterEntry } from './live-presence';

type CommandOf<T extends LiveCommand['type']> = Extract<LiveCommand, { type: T }>;
// The tab a command came from: a feature answers it alone (a refusal), or acts when it closes (a video room
// says its person left).
export interface LiveTabHandle {
  reply(event: LiveEvent): void;
  onClose(listener: () => void): void;
  // A room's events (sendToRoom) reach the tabs that joined it, until they leave or close.
  joinRoom(room: string): void;
  leaveRoom(room: string): void;
}
type CommandHandler<T extends LiveCommand['type']> = (
  auth: AuthContext,
  command: CommandOf<T>,
  tab: LiveTabHandle,
) => Promise<void>;

// The sockets this instance holds, the bus to the other instances, and presence. Features publish
// through send(); nothing here knows what a message or a meeting is.
export interface LiveHub {
  // Delivers the event to every open tab of these people, on whichever instance it is.
  send(userIds: readonly string[], event: LiveEvent): Promise<void>;
  // Delivers the event to those of these people's tabs that joined the room, wherever they are.
  sendToRoom(room: string, userIds: readonly string[], event: LiveEvent): Promise<void>;
  // Only to the tabs this instance holds: for news every instance hears anyway (a database NOTIFY),
  // where send() would deliver it once per instance.
  deliverLocally(userIds: readonly string[], event: LiveEvent): void;
  // Whether this instance holds a tab of the person.
  isConnectedHere(userId: string): boolean;
  // Which of these people have a tab open anywhere.
  onlineAmong(userIds: readonly string[]): Promise<Set<string>>;
  // A feature answers a client command (typing: the messaging feature checks membership and relays). A
  // command the sender's role may not send (commandPermissions) never reaches it: it is refused with
  // `refuse` when the feature says how (a video room answers its tab), else dropped.
  handle<T extends Exclude<LiveCommand['type'], 'watch_presence'>>(
    type: T,
    handler: CommandHandler<T>,
    options?: { refuse?: (command: CommandOf<T>, tab: LiveTabHandle, message: string) => void },
  ): void;
  // Adopts a socket the /api/ws route accepted.
  attach(socket: WebSocket, auth: AuthContext, logger: Pick<Logger, 'warn'>): void;
  // A bounded list shared by every instance (a video room's tabs): `member` is in it now ('entered') when
  // there was room or it was in already under the same owner; 'full', or 'taken' by another owner. Members
  // added here are confirmed while this instance lives; a dead instance's drop out after PRESENCE_TTL_MS, as
  // presence does.
  enterRoster(key: string, member: string, capacity: number, owner: string): Promise<RosterEntry>;
  leaveRoster(key: string, member: string): Promise<void>;
  // Sockets open on this instance (the readiness figures and the chat bench read it).
  localConnectionCount(): number;
  close(): Promise<void>;
}

interface Tab {
  socket: WebSocket;
  auth: AuthContext;
  watching: Set<string>;
  heartbeatSlot: number;
  // Commands the tab may still send now (a token bucket): a tab types and looks at a list, it does not flood.
  commandAllowance: number;
  allowanceCheckedAt: number;
  commandsRefused: number;
  closeListeners: Set<() => void>;
  rooms: Set<string>;
  // A tab's commands are handled one after another, in the order sent: a call's state or offer never
  // overtakes the join before it, which reads the database first.
  handled: Promise<void>;
}

// A tab sends a typing command every few seconds and a presence list when its list changes; a burst of
// COMMAND_BURST, then COMMAND_RATE a second, is far above that. Past it commands are dropped, and a tab
// that keeps flooding (COMMANDS_REFUSED_BEFORE_CLOSE dropped) is closed: 3,000 typing frames in 0.7 s
// once held /api/health up from 5 to 405 ms.
export const COMMAND_BURST = 20;
const COMMAND_RATE = 10;
const COMMANDS_REFUSED_BEFORE_CLOSE = 100;
export const POLICY_VIOLATION_CLOSE_CODE = 1008;

function takeCommandAllowance(tab: Tab, now: number): boolean {
  tab.commandAllowance = Math.min(
    COMMAND_BURST,
    tab.commandAllowance + ((now - tab.allowanceCheckedAt) / 1000) * COMMAND_RATE,
  );
  tab.allowanceCheckedAt = now;
  if (tab.commandAllowance < 1) return false;
  tab.commandAllowance -= 1;
  return true;
}

// Each tab has its beat in one of these slots of the heartbeat interval. All at once, a heartbeat is two
// frames to every socket in one go (10,000 frames at 5,000 sockets), and a message sent meanwhile waits
// behind them for hundreds of milliseconds; spread, a slot is a hundredth of that.
export const HEARTBEAT_SLOTS = 100;

// A Buffer goes out as a text frame only when told: ws takes any Buffer for binary otherwise.
const TEXT_FRAME = { binary: false } as const;

function addToSetOf<K, V>(sets: Map<K, Set<V>>, key: K, value: V) {
  let set = sets.get(key);
  if (!set) {
    set = new Set();
    sets.set(key, set);
  }
  set.add(value);
}

function encodeEvent(event: LiveEvent): Buffer {
  return Buffer.from(JSON.stringify(event));
}

// A socket outlives the request that opened it: this often the hub asks which sessions still stand and
// closes the sockets of those signed out, suspended or expired since.
const SESSION_RECHECK_MS = 60_000;

export function createLiveHub({
  redis,
  keyPrefix,
  logger,
  findLiveSessions,
  watchableAmong,
  commandPermissions,
  sessionRecheckMs = SESSION_RECHECK_MS,
  heartbeatIntervalMs = HEARTBEAT_INTERVAL_MS,
  observeFanOut,
}: {
  redis?: Redis;
  keyPrefix: string;
  logger: Pick<Logger, 'warn' | 'error'>;
  findLiveSessions: (sessionIds: string[]) => Promise<Set<string>>;
  // Whose online dot a person may watch: those they share a conversation with, say. Anyone else's comings
  // and goings (an administrator's, say) are not theirs to follow.
  watchableAmong: (auth: AuthContext, userIds: readonly string[]) => Promise<Set<string>>;
  // The permission each command needs, as its HTTP twin does (realtime/live-command-access.ts).
  commandPermissions: Record<LiveCommand['type'], Permission>;
  sessionRecheckMs?: number;
  heartbeatIntervalMs?: number;
  // Seconds from an event's publication to its writing here (metrics). Instances' clocks differ by
  // what NTP leaves, a millisecond or so, which the figure then includes.
  observeFanOut?: (seconds: number) => void;
}): LiveHub {
  const bus: EventBus = redis ? createRedisBus({ redis, keyPrefix, logger }) : createInProcessBus();
  const presence = createPresence({ redis, keyPrefix, logger });
  const rosters = createRosters({ redis, keyPrefix, logger });
  // The roster members this instance added and has not seen leave: it confirms them with presence.
  const heldRosters = new Map<string, Set<string>>();
  const tabsByUser = new Map<string, Set<Tab>>();
  const watchersByUser = new Map<string, Set<Tab>>();
  const tabsByRoom = new Map<string, Set<Tab>>();
  const handlers = new Map<string, CommandHandler<never>>();
  const refusers = new Map<string, (command: never, tab: LiveTabHandle, message: string) => void>();
  const instanceId = randomBytes(4).toString('hex');

  // An event is encoded once, however many tabs hear it: ws sends a Buffer as it is, where a string would
  // be measured and encoded to UTF-8 again for every socket (10,000 times for one message to all tabs).
  function write(tab: Tab, frame: Buffer) {
    if (tab.socket.readyState === tab.socket.OPEN) tab.socket.send(frame, TEXT_FRAME);
  }

  // Returns how many tabs it wrote to.
  function writeToUsers(userIds: readonly string[], frame: Buffer): number {
    let written = 0;
    for (const userId of userIds) {
      const tabs = tabsByUser.get(userId);
      if (!tabs) continue;
      for (const tab of tabs) {
        write(tab, frame);
        written += 1;
      }
    }
    return written;
  }

  // A room's tabs of these people only: someone no longer allowed in hears nothing, even with a tab in it.
  function writeToRoom(room: string, userIds: readonly string[], frame: Buffer): number {
    const allowed = new Set(userIds);
    let written = 0;
    for (const tab of tabsByRoom.get(room) ?? []) {
      if (!allowed.has(tab.auth.user.id)) continue;
      write(tab, frame);
      written += 1;
    }
    return written;
  }

  function leaveRoom(tab: Tab, room: string) {
    tab.rooms.delete(room);
    const tabs = tabsByRoom.get(room);
    tabs?.delete(tab);
    if (tabs?.size === 0) tabsByRoom.delete(room);
  }

  const stopListening = bus.onDelivery((delivery: Delivery) => {
    const frame = encodeEvent(delivery.event);
    let written =
      delivery.room === undefined
        ? writeToUsers(delivery.userIds, frame)
        : writeToRoom(delivery.room, delivery.userIds, frame);
    // Their sessions are gone (a suspension, a member removed from their company): once told, each of
    // their tabs is closed now rather than at the next session check, so it hears nothing more.
    if (delivery.event.type === 'session.ended') {
      for (const userId of delivery.userIds) {
        for (const tab of tabsByUser.get(userId) ?? []) tab.socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
      }
    }
    if (delivery.presenceOf) {
      for (const tab of watchersByUser.get(delivery.presenceOf) ?? []) {
        write(tab, frame);
        written += 1;
      }
    }
    // Only where it reached a socket: an instance holding none of its readers delivered nothing.
    if (observeFanOut && written > 0 && delivery.publishedAt !== undefined) {
      observeFanOut(Math.max(Date.now() - delivery.publishedAt, 0) / 1000);
    }
  });

  function publishPresence(userId: string, online: boolean) {
    bus
      .publish({
        userIds: [],
        presenceOf: userId,
        event: { type: 'presence', user_id: userId, online },
        publishedAt: Date.now(),
      })
      .catch((error) => logger.warn({ err: error }, 'presence publish failed'));
  }

  // Heartbeats keep proxies from closing idle sockets and let clients notice a dead connection;
  // a socket that did not answer the previous ping is gone and is closed.
  const alive = new WeakSet<WebSocket>();
  const heartbeatSlots = Array.from({ length: HEARTBEAT_SLOTS }, () => new Set<Tab>());
  let nextSlotToFill = 0;
  let nextSlotToBeat = 0;
  const heartbeat = setInterval(() => {
    const slot = heartbeatSlots[nextSlotToBeat];
    nextSlotToBeat = (nextSlotToBeat + 1) % HEARTBEAT_SLOTS;
    if (!slot || slot.size === 0) return;
    const frame = encodeEvent({ type: 'heartbeat', at: new Date().toISOString() });
    for (const tab of slot) {
      if (!alive.has(tab.socket)) {
        tab.socket.terminate();
        continue;
      }
      alive.delete(tab.socket);
      tab.socket.ping();
      write(tab, frame);
    }
  }, heartbeatIntervalMs / HEARTBEAT_SLOTS);
  heartbeat.unref();
  const presenceRefresh = setInterval(() => {
    presence
      .markOnline([...tabsByUser.keys()])
      .catch((error) => logger.warn({ err: error, instanceId }, 'presence refresh failed'));
    rosters.confirm(heldRosters).catch((error) => logger.warn({ err: error, instanceId }, 'roster refresh failed'));
  }, PRESENCE_REFRESH_MS);
  presenceRefresh.unref();

  // Redis is back after a gap: it may have restarted empty, and every tab here missed what other instances
  // published meanwhile. Presence is put back at once and each tab fetches what it shows again.
  const stopResuming = bus.onResumed(() => {
    presence
      .markOnline([...tabsByUser.keys()])
      .catch((error) => logger.warn({ err: error, instanceId }, 'presence refresh failed'));
    const frame = encodeEvent({ type: 'resync' });
    for (const tabs of tabsByUser.values()) for (const tab of tabs) write(tab, frame);
  });

  const sessionRecheck = setInterval(() => {
    const tabs = [...tabsByUser.values()].flatMap((set) => [...set]);
    if (tabs.length === 0) return;
    findLiveSessions([...new Set(tabs.map((tab) => tab.auth.sessionId))])
      .then((live) => {
        for (const tab of tabs) {
          if (!live.has(tab.auth.sessionId)) tab.socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
        }
      })
      .catch((error) => logger.warn({ err: error }, 'live session check failed'));
  }, sessionRecheckMs);
  sessionRecheck.unref();

  function unwatchAll(tab: Tab) {
    for (const userId of tab.watching) {
      const watchers = watchersByUser.get(userId);
      watchers?.delete(tab);
      if (watchers?.size === 0) watchersByUser.delete(userId);
    }
    tab.watching.clear();
  }

  return {
    async send(userIds, event) {
      if (userIds.length === 0) return;
      await bus.publish({ userIds: [...new Set(userIds)], event, publishedAt: Date.now() });
    },
    async sendToRoom(room, userIds, event) {
      if (userIds.length === 0) return;
      await bus.publish({ userIds: [...new Set(userIds)], room, event, publishedAt: Date.now() });
    },
    deliverLocally(userIds, event) {
      writeToUsers(userIds, encodeEvent(event));
    },
    isConnectedHere: (userId) => tabsByUser.has(userId),
    onlineAmong: (userIds) => presence.onlineAmong(userIds),
    handle(type, handler, options) {
      handlers.set(type, handler as unknown as CommandHandler<never>);
      if (options?.refuse) refusers.set(type, options.refuse as never);
    },
    attach(socket, auth, requestLogger) {
      const tab: Tab = {
        socket,
        auth,
        watching: new Set(),
        heartbeatSlot: nextSlotToFill,
        commandAllowance: COMMAND_BURST,
        allowanceCheckedAt: Date.now(),
        commandsRefused: 0,
        closeListeners: new Set(),
        rooms: new Set(),
        handled: Promise.resolve(),
      };
      const handle: LiveTabHandle = {
        reply: (event) => write(tab, encodeEvent(event)),
        onClose: (listener) => {
          if (socket.readyState === socket.OPEN) tab.closeListeners.add(listener);
          else listener();
        },
        joinRoom: (room) => {
          if (socket.readyState !== socket.OPEN) return;
          tab.rooms.add(room);
          addToSetOf(tabsByRoom, room, tab);
        },
        leaveRoom: (room) => leaveRoom(tab, room),
      };
      nextSlotToFill = (nextSlotToFill + 1) % HEARTBEAT_SLOTS;
      heartbeatSlots[tab.heartbeatSlot]?.add(tab);
      const userId = auth.user.id;
      let tabs = tabsByUser.get(userId);
      const isFirstTab = !tabs;
      if (!tabs) {
        tabs = new Set();
        tabsByUser.set(userId, tabs);
      }
      tabs.add(tab);
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      if (isFirstTab) {
        presence.markOnline([userId]).catch((error) => requestLogger.warn({ err: error }, 'presence update failed'));
        publishPresence(userId, true);
      }
      write(tab, encodeEvent({ type: 'ready', user_id: userId }));

      socket.on('message', (data: Buffer, isBinary: boolean) => {
        alive.add(socket);
        if (isBinary) return;
        if (!takeCommandAllowance(tab, Date.now())) {
          tab.commandsRefused += 1;
          if (tab.commandsRefused === COMMANDS_REFUSED_BEFORE_CLOSE) {
            requestLogger.warn({ userId }, 'live socket closed: too many commands');
            socket.close(POLICY_VIOLATION_CLOSE_CODE, 'Too many commands');
          }
          return;
        }
        let command: LiveCommand;
        try {
          command = JSON.parse(data.toString('utf8')) as LiveCommand;
        } catch {
          return;
        }
        tab.handled = tab.handled
          .then(async () => {
            const parsed = liveCommandSchema.safeParse(command);
            if (!parsed.success) return;
            if (!can(principalOf(auth), commandPermissions[parsed.data.type])) {
              refusers.get(parsed.data.type)?.(parsed.data as never, handle, forbiddenMessage);
              return;
            }
            if (parsed.data.type === 'watch_presence') {
              const allowed = await watchableAmong(auth, parsed.data.user_ids);
              const watchedIds = parsed.data.user_ids.filter((id) => allowed.has(id));
              unwatchAll(tab);
              if (socket.readyState !== socket.OPEN) return;
              for (const watched of watchedIds) {
                tab.watching.add(watched);
                addToSetOf(watchersByUser, watched, tab);
              }
              const online = await presence.onlineAmong(watchedIds);
              for (const watched of watchedIds) {
                write(tab, encodeEvent({ type: 'presence', user_id: watched, online: online.has(watched) }));
              }
              return;
            }
            const handler = handlers.get(parsed.data.type);
            await handler?.(auth, parsed.data as never, handle);
          })
          .catch((error) => requestLogger.warn({ err: error }, 'live command failed'));
      });

      socket.on('close', () => {
        unwatchAll(tab);
        for (const room of [...tab.rooms]) leaveRoom(tab, room);
        for (const listener of tab.closeListeners) listener();
        tab.closeListeners.clear();
        heartbeatSlots[tab.heartbeatSlot]?.delete(tab);
        const remaining = tabsByUser.get(userId);
        remaining?.delete(tab);
        if (remaining?.size === 0) {
          tabsByUser.delete(userId);
          // Another instance may still hold a tab of theirs: its next refresh puts them back.
          presence.markOffline(userId).catch((error) => requestLogger.warn({ err: error }, 'presence update failed'));
          publishPresence(userId, false);
        }
      });
    },
    async enterRoster(key, member, capacity, owner) {
      const entered = await rosters.enter(key, member, capacity, owner);
      if (entered === 'entered') {
        const members = heldRosters.get(key) ?? new Set<string>();
        members.add(member);
        heldRosters.set(key, members);
      }
      return entered;
    },
    async leaveRoster(key, member) {
      const members = heldRosters.get(key);
      members?.delete(member);
      if (members?.size === 0) heldRosters.delete(key);
      await rosters.leave(key, member);
    },
    localConnectionCount() {
      let count = 0;
      for (const tabs of tabsByUser.values()) count += tabs.size;
      return count;
    },
    async close() {
      clearInterval(heartbeat);
      clearInterval(presenceRefresh);
      clearInterval(sessionRecheck);
      stopListening();
      stopResuming();
      for (const tabs of tabsByUser.values()) for (const tab of tabs) tab.socket.close(1001, 'Server shutting down');
      tabsByUser.clear();
      tabsByRoom.clear();
      for (const slot of heartbeatSlots) slot.clear();
      await bus.close();
    },
  };
}
