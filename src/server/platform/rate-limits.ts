import { createHash } from 'node:crypto';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './errors';

interface LimitRule {
  // Names the counter: "sign-in:ip", "sign-in:account".
  name: string;
  max: number;
  windowMinutes: number;
  // What is counted: the caller's IP by default, or an account (an email address, a user id).
  key?: (request: FastifyRequest) => string;
  // What was limited, e.g. "Too many sign-in attempts"; the wait is added to it.
  message: string;
}

function waitSentence(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'Please wait a minute and try again.' : `Please wait ${minutes} minutes and try again.`;
}

interface Limiter {
  // Counts one attempt and refuses with 429 (and Retry-After) once the limit is reached.
  hit(request: FastifyRequest): Promise<void>;
  // Refuses when the limit is already reached, without counting.
  check(request: FastifyRequest): Promise<void>;
  // Counts one attempt without refusing any: for limits that change how a request is handled.
  count(request: FastifyRequest): Promise<void>;
  // Whether the limit has been reached (max attempts counted), without counting or refusing.
  isReached(request: FastifyRequest): Promise<boolean>;
  // hit(), telling the caller where it stands in the standard headers (RateLimit-Limit, RateLimit-Remaining,
  // RateLimit-Reset: IETF httpapi-ratelimit-headers), on the answer and on the refusal alike.
  hitAndTell(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    // This instance's own counters, which take over while Redis cannot be reached (only with Redis).
    createLocalRateLimit?: FastifyInstance['createRateLimit'];
  }
}

// Counters live in Redis when it is configured (shared by every instance), else in memory. While Redis
// cannot be reached, each instance counts in its own memory and logs a warning: a limit as many times
// wider as there are instances, never none (the sign-in limits are what slows password guessing).
export async function registerRateLimits(app: FastifyInstance, redis?: Redis, keyPrefix = 'tandem:') {
  if (redis) {
    // The plugin gives each scope one store: the in-memory one comes from a scope of its own.
    await app.register(async (scope) => {
      await scope.register(rateLimit, { global: false });
      app.decorate('createLocalRateLimit', scope.createRateLimit);
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis && { store: counterStoreOf(redis, `${keyPrefix}rate-limit:`) }),
  });
}

// The plugin's Redis store, except that a limiter's counters are named by the limiter alone: the plugin
// would put its route's method and URL in the key, which a limiter made by createRateLimit has not
// ("tandem:rate-limit:undefinedundefined-sign-in:account:…").
function counterStoreOf(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  return class CounterStore {
    readonly #store = new RedisStore(false, false, redis, prefix);
    incr(...args: Parameters<RedisStore['incr']>) {
      this.#store.incr(...args);
    }
    read(...args: Parameters<RedisStore['read']>) {
      this.#store.read(...args);
    }
    child() {
      return this;
    }
  };
}

// What is counted names its counter by digest: a key of fixed form whatever was typed, and no address
// (an email, an IP) kept in Redis.
export const counterIdOf = (value: string) => createHash('sha256').update(value).digest('base64url');

export function createLimiter(app: FastifyInstance, rule: LimitRule): Limiter {
  const options = {
    max: rule.max,
    timeWindow: rule.windowMinutes * 60_000,
    keyGenerator: (request: FastifyRequest) => `${rule.name}:${counterIdOf(rule.key ? rule.key(request) : request.ip)}`,
  };
  const shared = app.createRateLimit(options);
  const local = app.createLocalRateLimit?.(options);
  const limit: typeof shared = !local
    ? shared
    : async (request, callOptions) => {
        try {
          return await shared(request, callOptions);
        } catch (error) {
          request.log.warn(
            { err: error, limit: rule.name },
            'rate limit counters unreachable; counting in this instance',
          );
          return local(request, callOptions);
        }
      };
  async function enforce(request: FastifyRequest, increment: boolean) {
    const result = await limit(request, { increment });
    // Counting, the attempt past the limit is refused; checking, a limit already used up refuses.
    const isRefused = !result.isAllowed && (increment ? result.isExceeded : result.remaining === 0);
    if (isRefused) {
      throw new AppError(
        'rate_limited',
        `${rule.message}. ${waitSentence(result.ttlInSeconds)}`,
        undefined,
        result.ttlInSeconds,
      );
    }
  }
  return {
    hit: (request) => enforce(request, true),
    check: (request) => enforce(request, false),
    count: async (request) => {
      await limit(request, { increment: true });
    },
    isReached: async (request) => {
      const result = await limit(request, { increment: false });
      return !result.isAllowed && result.remaining === 0;
    },
    hitAndTell: async (request, reply) => {
      const result = await limit(request, { increment: true });
      // Allowed outright (the plugin's allow list): nothing is counted.
      if (result.isAllowed) return;
      reply.header('ratelimit-limit', String(rule.max));
      reply.header('ratelimit-remaining', String(Math.max(0, result.remaining)));
      reply.header('ratelimit-reset', String(result.ttlInSeconds));
      if (result.isExceeded) {
        throw new AppError(
          'rate_limited',
          `${rule.message}. ${waitSentence(result.ttlInSeconds)}`,
          undefined,
          result.ttlInSeconds,
        );
      }
    },
  };
}
