import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsContract } from '~/shared/contracts/jobs';
import { meetingsContract } from '~/shared/contracts/meetings';
import { platformContract } from '~/shared/contracts/platform';
import { LIVE_SOCKET_PATH } from '~/shared/live-events';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { openLiveSocket, waitForLive } from '../testing/live-test-sockets';
import { samplesOf } from '../testing/metric-samples';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createMetrics, type MetricsServer, serveMetrics } from './metrics';

const quiet = { warn: () => undefined };
const TOKEN = 'metrics-token-for-the-test-0123456789';

// What Prometheus scrapes from an instance: requests by route pattern and status, the database pool and
// query times, the job queues, live sockets and fan-out, readiness, and Node's own figures.
describe('metrics', () => {
  let testApp: TestApp;
  let server: MetricsServer;
  let origin: string;
  const metricsUrl = () => `http://127.0.0.1:${server.port}/metrics`;
  const scrape = async () => {
    const response = await fetch(metricsUrl(), { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  beforeAll(async () => {
    const metrics = createMetrics({ logger: quiet });
    // No workers: a job sent stays in its queue for the figures to show.
    testApp = await createTestApp({ env: { JOB_WORKERS: 'false' }, metrics });
    testApp.app.get('/api/test/failure', { config: { access: 'public' } }, async () => {
      throw new Error('the disk is on fire');
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    server = await serveMetrics({ metrics, host: '127.0.0.1', port: 0, token: TOKEN, logger: quiet });
  });
  afterAll(async () => {
    await server.close();
    await testApp.close();
  });

  it('answers a scrape only with the token, and only at /metrics', async () => {
    expect((await fetch(metricsUrl())).status).toBe(401);
    const wrong = await fetch(metricsUrl(), { headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
    const elsewhere = await fetch(`http://127.0.0.1:${server.port}/`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(elsewhere.status).toBe(404);
    expect(await scrape()).toContain('# TYPE tandem_http_request_duration_seconds histogram');
  });

  it('counts requests by method, route pattern and status, never by URL', async () => {
    const { call } = await signedInAccount(testApp, { role: 'company' });
    const visitor = callerFrom(testApp);
    const jobId = '7d0c1d4e-5b4a-4c1e-9a57-0c8f6d1b2a3c';
    const calendarToken = 'Zq3xSecretToken_-0123456789abcdefghij';
    for (let time = 0; time < 3; time += 1) await call(jobsContract.get, { params: { id: jobId } });
    await visitor.call(meetingsContract.calendarFeedFile, { params: { token: calendarToken } });
    await testApp.app.inject({ method: 'GET', url: '/wp-login.php?user=admin' });
    await testApp.app.inject({ method: 'GET', url: '/api/test/failure' });
    await visitor.call(platformContract.health);

    const text = await scrape();
    const samples = samplesOf(text);
    const countOf = (labels: string) => samples.get(`tandem_http_request_duration_seconds_count{${labels}}`);
    expect(countOf('method="GET",route="/api/jobs/:id",status_code="404"')).toBe(3);
    expect(countOf('method="GET",route="/api/calendar/:token.ics",status_code="404"')).toBe(1);
    expect(countOf('method="GET",route="unmatched",status_code="404"')).toBe(1);
    expect(countOf('method="GET",route="/api/test/failure",status_code="500"')).toBe(1);
    expect(countOf('method="GET",route="/api/health",status_code="200"')).toBe(1);
    expect(
      samples.get(
        'tandem_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/jobs/:id",status_code="404"}',
      ),
    ).toBe(3);
    for (const raw of [jobId, calendarToken, 'wp-login', 'admin']) expect(text).not.toContain(raw);
  });

  it('shows the database pool and times the queries', async () => {
    const samples = samplesOf(await scrape());
    const isPostgres = testApp.database.driver === 'postgres';
    expect(samples.get('tandem_db_pool_max_connections')).toBe(isPostgres ? 4 : 1);
    const inUse = samples.get('tandem_db_pool_connections{state="in_use"}') ?? -1;
    const idle = samples.get('tandem_db_pool_connections{state="idle"}') ?? -1;
    expect(inUse).toBeGreaterThanOrEqual(0);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(inUse + idle).toBeLessThanOrEqual(isPostgres ? 4 : 1);
    expect(samples.get('tandem_db_pool_waiting')).toBe(0);
    // The release it runs, as releases.json records it.
    const newest = JSON.parse(await fs.readFile('releases.json', 'utf8')).releases.at(-1).version;
    expect(samples.get(`tandem_build_info{version="${newest}"}`)).toBe(1);
    // The session lookups and job lookups of the requests above, at least.
    expect(samples.get('tandem_db_query_duration_seconds_count')).toBeGreaterThan(3);
  });

  it('shows each queue’s waiting jobs and how long the oldest has waited, and failures from zero', async () => {
    const before = samplesOf(await scrape());
    expect(before.get('tandem_job_queue_waiting{queue="message-digest"}')).toBe(0);
    expect(before.get('tandem_job_queue_oldest_waiting_seconds{queue="message-digest"}')).toBe(0);
    expect(before.get('tandem_job_failures_total{queue="send-email",final="true"}')).toBe(0);

    await testApp.app.appContext.jobs.send('message-digest', {});
    await testApp.app.appContext.jobs.send('message-digest', {}, { startAfter: new Date(Date.now() + 3_600_000) });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = samplesOf(await scrape());
    // The job due later is not waiting yet.
    expect(after.get('tandem_job_queue_waiting{queue="message-digest"}')).toBe(1);
    expect(after.get('tandem_job_queue_oldest_waiting_seconds{queue="message-digest"}')).toBeGreaterThanOrEqual(1);
    expect(after.get('tandem_job_queue_waiting{queue="send-email"}')).toBe(0);
  });

  it('counts live sockets and times the fan-out to them', async () => {
    const { user, cookie } = await signedInAccount(testApp, { role: 'applicant' });
    const tab = openLiveSocket(`ws://${origin.slice('http://'.length)}${LIVE_SOCKET_PATH}`, { origin, cookie });
    await tab.opened;
    await waitForLive(() => tab.events.find((event) => event.type === 'ready'));
    expect(samplesOf(await scrape()).get('tandem_live_sockets')).toBe(1);

    await testApp.app.appContext.live.send([user.id], { type: 'meeting.changed', meeting_id: 'm1' });
    await waitForLive(() => tab.events.find((event) => event.type === 'meeting.changed'));
    const samples = samplesOf(await scrape());
    expect(samples.get('tandem_live_fanout_seconds_count')).toBe(1);
    expect(samples.get('tandem_live_fanout_seconds_bucket{le="+Inf"}')).toBe(1);
    tab.socket.close();
  });

  it('says whether the instance is ready, and gives Node’s event-loop lag and memory', async () => {
    const samples = samplesOf(await scrape());
    expect(samples.get('tandem_ready')).toBe(1);
    expect(samples.get('tandem_dependency_up{dependency="database"}')).toBe(1);
    expect(samples.get('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(samples.get('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });
});
