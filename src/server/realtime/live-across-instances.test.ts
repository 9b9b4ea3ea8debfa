import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_SOCKET_PATH, type LiveEvent } from '~/shared/live-events';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

const SECRET = 'test-secret-that-is-at-least-32-characters-long';

// Two instances sharing the database and Redis, as behind a load balancer: an event published on one
// reaches a tab connected to the other, and presence is the same seen from either.
describe.runIf(process.env.REDIS_URL)('live delivery across two instances', () => {
  const keyPrefix = `tandem-test-${randomBytes(4).toString('hex')}:`;
  const redisA = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: 1 });
  const redisB = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: 1 });
  let first: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    first = await createTestApp({ redis: redisA, env: { REDIS_KEY_PREFIX: keyPrefix } });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', REDIS_KEY_PREFIX: keyPrefix });
    second = await buildApp({ config, secret: SECRET, database: first.database, redis: redisB });
    await first.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await redisA.quit();
    await redisB.quit();
  });

  it('delivers what the other instance publishes, and both see who is online', async () => {
    const person = await signedInAccount(first, { role: 'applicant' });
    const { port } = first.app.server.address() as AddressInfo;
    const tab = new WebSocket(`ws://127.0.0.1:${port}${LIVE_SOCKET_PATH}`, {
      headers: { origin: `http://127.0.0.1:${port}`, cookie: person.cookie },
    });
    const events: LiveEvent[] = [];
    tab.on('message', (data) => events.push(JSON.parse(String(data)) as LiveEvent));
    await new Promise((resolve, reject) => {
      tab.once('message', resolve);
      tab.once('error', reject);
    });
    // The subscriber connection of the first instance may still be subscribing: publish until heard.
    const deadline = Date.now() + 5000;
    while (!events.some((event) => event.type === 'meeting.changed')) {
      if (Date.now() > deadline) throw new Error('the event from the other instance never arrived');
      await second.appContext.live.send([person.user.id], { type: 'meeting.changed', meeting_id: 'from-b' });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(events.find((event) => event.type === 'meeting.changed')).toEqual({
      type: 'meeting.changed',
      meeting_id: 'from-b',
    });
    expect(await second.appContext.live.onlineAmong([person.user.id])).toEqual(new Set([person.user.id]));
    tab.close();
  });

  it('shares a roster’s places: the fifth is refused on the other instance until one leaves', async () => {
    const key = `room-${randomBytes(4).toString('hex')}`;
    const [a, b] = [first.app.appContext.live, second.appContext.live];
    const enter = (hub: typeof a, member: string, owner = `owner-${member}`) => hub.enterRoster(key, member, 4, owner);
    const entered = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((member) => enter(a, member)));
    expect(entered).toEqual(['entered', 'entered', 'entered', 'entered']);
    expect(await enter(b, 'p5')).toBe('full');
    // One already in enters again (a reconnect), from either instance; under another owner it is taken.
    expect(await enter(b, 'p4')).toBe('entered');
    expect(await enter(b, 'p4', 'someone-else')).toBe('taken');
    await a.leaveRoster(key, 'p1');
    expect(await enter(b, 'p5')).toBe('entered');
    expect(await enter(a, 'p6')).toBe('full');
    // Two instances racing for the last place: one gets it.
    await b.leaveRoster(key, 'p5');
    const race = await Promise.all([enter(a, 'p7'), enter(b, 'p8')]);
    expect(race.sort()).toEqual(['entered', 'full']);
    // Once out, the place is anyone's.
    await a.leaveRoster(key, 'p4');
    expect(await enter(b, 'p4', 'someone-else')).toBe('entered');
  });
});
