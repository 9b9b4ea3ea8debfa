import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { errorRatePercent } from './check-system-health';
import { createResponseTally, type ResponseTally } from './response-tally';

const MINUTE_MS = 60_000;

// The last hour of answers, as System Health's error rate reads them.
async function recordHour(tally: ResponseTally, clock: { now: number }) {
  const start = clock.now;
  // Two hours ago: forgotten. Then, within the hour: 97 fine answers and 3 server errors.
  clock.now = start - 120 * MINUTE_MS;
  for (let n = 0; n < 50; n++) tally.record(500);
  clock.now = start - 59 * MINUTE_MS;
  for (let n = 0; n < 40; n++) tally.record(200);
  tally.record(503);
  clock.now = start;
  for (let n = 0; n < 57; n++) tally.record(n % 2 ? 404 : 200);
  tally.record(500);
  tally.record(500);
}

describe('response tally', () => {
  it('counts the last hour in memory, server errors apart', async () => {
    const clock = { now: Date.UTC(2026, 10, 25, 12, 30) };
    const tally = createResponseTally({ clock: () => clock.now });
    expect(await tally.lastHour()).toEqual({ total: 0, errors: 0 });
    await recordHour(tally, clock);
    const counts = await tally.lastHour();
    expect(counts).toEqual({ total: 100, errors: 3 });
    expect(errorRatePercent(counts)).toBe(3);
    // An hour on, only what came after is left.
    expect(await tally.lastHour(clock.now + 59 * MINUTE_MS)).toEqual({ total: 59, errors: 2 });
    await tally.stop();
  });

  it.runIf(process.env.REDIS_URL)('adds up every instance through Redis', async () => {
    const keyPrefix = `test-${randomBytes(4).toString('hex')}:`;
    const clock = { now: Date.UTC(2026, 10, 25, 12, 30) };
    const connections = [0, 1].map(() => new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: 1 }));
    const [first, second] = connections.map((redis) =>
      createResponseTally({ redis, keyPrefix, clock: () => clock.now }),
    );
    try {
      if (!first || !second) throw new Error('Two tallies.');
      await recordHour(first, clock);
      second.record(500);
      await second.stop();
      expect(await first.lastHour()).toEqual({ total: 101, errors: 4 });
    } finally {
      await first?.stop();
      for (const redis of connections) redis.disconnect();
    }
  });
});
