// The Redis store @fastify/rate-limit ships (CommonJS, without its own declaration).
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';

  type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;
  interface RedisStore extends FastifyRateLimitStore {
    read(key: string, callback: Counted, timeWindow: number, max: number): void;
  }
  const RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: Redis,
    key: string,
  ) => RedisStore;
  export default RedisStore;
}
