import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { LiveEvent } from '~/shared/live-events';

// What one instance hands the others: an event and the people it is for. Every instance hears every
// delivery and passes it to the sockets of those people it holds, so a sender never needs to know
// where its readers are connected.
export interface Delivery {
  userIds: string[];
  event: LiveEvent;
  // A presence change goes to whoever watches this person's dot, wherever they are connected.
  presenceOf?: string;
  // Only to those people's tabs that joined this room (a video call), not to every tab of theirs.
  room?: string;
  // When it was published (epoch milliseconds): each instance measures its fan-out from it.
  publishedAt?: number;
}

export interface EventBus {
  // Resolves once the delivery has left for every instance (it may still be on its way).
  publish(delivery: Delivery): Promise<void>;
  // Called for every delivery, this instance's own included.
  onDelivery(listener: (delivery: Delivery) => void): () => void;
  // Called when deliveries from other instances flow again after a gap (Redis was away): whatever was
  // published meanwhile never arrives, so this instance's tabs are told to fetch what they show again.
  onResumed(listener: () => void): () => void;
  close(): Promise<void>;
}

// One process: an event emitter. resume() is for the Redis bus built on it.
export function createInProcessBus(): EventBus & { resume(): void } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(delivery) {
      emitter.emit('delivery', delivery);
    },
    onDelivery(listener) {
      emitter.on('delivery', listener);
      return () => emitter.off('delivery', listener);
    },
    onResumed(listener) {
      emitter.on('resumed', listener);
      return () => emitter.off('resumed', listener);
    },
    resume() {
      emitter.emit('resumed');
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

// Several instances: Redis pub/sub on one channel. A subscribed connection can do nothing else, so it
// is a second connection; ioredis subscribes again after a reconnect. A delivery published while Redis
// is away is lost to the other instances: once the subscription is back, every instance tells its tabs to
// catch up (onResumed), as they do after reconnecting.
export function createRedisBus({
  redis,
  keyPrefix,
  logger,
}: {
  redis: Redis;
  keyPrefix: string;
  logger: Pick<Logger, 'warn'>;
}): EventBus {
  const channel = `${keyPrefix}live`;
  const local = createInProcessBus();
  // Subscribed again here, not by ioredis: its own resubscribe after a reconnect has no catch, and a
  // connection closing right then (Redis going away again, or the instance stopping) is an unhandled rejection.
  const subscriber = redis.duplicate({
    lazyConnect: false,
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    autoResubscribe: false,
  });
  subscriber.on('error', (error) => logger.warn({ err: error }, 'redis subscriber error'));
  subscriber.subscribe(channel).catch((error) => logger.warn({ err: error }, 'redis subscribe failed'));
  let wasLost = false;
  subscriber.on('close', () => {
    wasLost = true;
  });
  subscriber.on('ready', () => {
    if (!wasLost) return;
    wasLost = false;
    // Once the channel is confirmed again nothing more is missed.
    subscriber
      .subscribe(channel)
      .then(() => local.resume())
      .catch((error) => logger.warn({ err: error }, 'redis subscribe failed'));
  });
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      void local.publish(JSON.parse(text) as Delivery);
    } catch (error) {
      logger.warn({ err: error }, 'unreadable live delivery');
    }
  });
  return {
    async publish(delivery) {
      if (delivery.userIds.length === 0 && !delivery.presenceOf) return;
      try {
        await redis.publish(channel, JSON.stringify(delivery));
      } catch (error) {
        // Redis away: this instance's own readers still hear it; the others catch up on reconnect.
        logger.warn({ err: error }, 'redis publish failed; delivering locally only');
        await local.publish(delivery);
      }
    },
    onDelivery: local.onDelivery,
    onResumed: local.onResumed,
    async close() {
      await local.close();
      subscriber.disconnect();
    },
  };
}
