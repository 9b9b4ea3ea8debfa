import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWebhooksContract, companyWebhooksContract } from '~/shared/contracts/webhooks';
import { WEBHOOK_SECRET_PREFIX, webhookTexts } from '~/shared/webhooks';
import { auditLogs, companyMembers, emailOutbox, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { emitWebhookEvent } from '../kernels/integrations/emit-webhook-event';
import { AppError } from '../platform/errors';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createWebhookEndpoint } from './create-webhook-endpoint';
import { deliverWebhook, WEBHOOK_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from './deliver-webhook';
import { checkWebhookUrl, postWebhook } from './webhook-target';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

// A receiver on loopback: answers with whatever status the test sets, and keeps what it was sent.
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(state.status, { 'content-type': 'text/plain' });
      response.end(state.status < 300 ? 'ok' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/tandem`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function eventually<T>(read: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Webhooks (issue 58): signed per Standard Webhooks and verified here with its own library, sent after commit
// through the job queue, retried on the schedule, turned off after persistent failure with an email, replayed,
// rotated with an overlap, and never sent into a private network where that is refused.
describe('webhooks', () => {
  let testApp: TestApp;
  let owner: Account;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const db = () => testApp.database.db;
  const emit = (companyId: string, name: string) =>
    db().transaction((transaction) =>
      emitWebhookEvent({
        db: transaction,
        companyId,
        type: 'member.joined',
        data: { user_id: crypto.randomUUID(), email: `${name}@example.com`, role: 'viewer' },
      }),
    );
  const deliveryContext = () => {
    const context = testApp.app.appContext;
    return {
      db: db(),
      jobs: context.jobs,
      mailer: context.mailer,
      cipher: context.taxIds,
      policy: { privateTargets: true },
      publicUrl: testApp.config.publicUrl,
    };
  };

  beforeAll(async () => {
    testApp = await createTestApp({ env: { JOB_POLLING_SECONDS: '0.5' } });
    owner = await signedInAccount(testApp, { role: 'company', companyName: 'Hook & Co' });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await testApp.close();
    await receiver.close();
  });

  const companyIdOf = async (account: Account) => {
    const [membership] = await db()
      .select({ companyId: companyMembers.companyId })
      .from(companyMembers)
      .where(eq(companyMembers.userId, account.user.id));
    if (!membership) throw new Error('Not a company account.');
    return membership.companyId;
  };

  it('posts an event after its transaction commits, signed so that the standardwebhooks library verifies it', async () => {
    const created = await owner.call(companyWebhooksContract.create, {
      body: { url: receiver.url, description: 'HR system', event_types: ['member.joined', 'member.left'] },
    });
    expect(created.statusCode).toBe(201);
    const { endpoint, secret } = created.body;
    expect(secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    expect(endpoint).toMatchObject({ url: receiver.url, enabled: true, secret_prefix: secret.slice(0, 14) });
    const listed = await owner.call(companyWebhooksContract.list);
    expect(listed.body.endpoints.map((item) => item.id)).toEqual([endpoint.id]);
    expect(listed.body.event_types.map((item) => item.type)).not.toContain('payout.paid');

    // A rolled-back change posts nothing.
    const companyId = await companyIdOf(owner);
    await expect(
      db().transaction(async (transaction) => {
        await emitWebhookEvent({
          db: transaction,
          companyId,
          type: 'member.joined',
          data: { user_id: crypto.randomUUID(), email: 'ghost@example.com', role: 'viewer' },
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await emit(await companyIdOf(owner), 'ada');

    const [delivered] = await eventually(async () => receiver.received.length > 0 && receiver.received);
    if (!delivered) throw new Error('Nothing was delivered.');
    const verified = new Webhook(secret).verify(delivered.body, delivered.headers as Record<string, string>);
    expect(verified).toMatchObject({ type: 'member.joined', data: { email: 'ada@example.com', role: 'viewer' } });
    expect(delivered.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`${WEBHOOK_SECRET_PREFIX}${Buffer.alloc(24, 7).toString('base64')}`).verify(
        delivered.body,
        delivered.headers as Record<string, string>,
      ),
    ).toThrow();
    expect(receiver.received).toHaveLength(1);

    const page = await eventually(async () => {
      const response = await owner.call(companyWebhooksContract.deliveries, {
        params: { id: endpoint.id },
        query: { page_size: 25 },
      });
      return response.body.items[0]?.status === 'succeeded' && response.body;
    });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ event_type: 'member.joined', attempts: 1, last_status_code: 200 });
    const detail = await owner.call(companyWebhooksContract.delivery, {
      params: { id: endpoint.id, delivery_id: page.items[0]?.id ?? '' },
    });
    expect(detail.body.payload).toBe(delivered.body);
    expect(detail.body.attempt_log).toEqual([
      expect.objectContaining({ status_code: 200, error: null, response_body: 'ok', replay: false }),
    ]);
  });

  it('retries a failing endpoint on the schedule, then turns it off and emails its keepers; a replay sends it again', async () => {
    const keeper = await signedInAccount(testApp, { role: 'company', companyName: 'Flaky Receivers' });
    const failing = await startReceiver();
    failing.state.status = 500;
    try {
      const created = await keeper.call(companyWebhooksContract.create, {
        body: { url: failing.url, event_types: ['member.joined'] },
      });
      const endpointId = created.body.endpoint.id;
      await emit(await companyIdOf(keeper), 'bo');
      // The worker makes the first attempt and queues the second for five seconds later.
      const delivery = await eventually(async () => {
        const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
        return row && row.attempts === 1 && row;
      });
      expect(delivery).toMatchObject({ status: 'pending', lastStatusCode: 500 });
      expect(delivery.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(
        delivery.createdAt.getTime() + (WEBHOOK_RETRY_DELAYS_MS[0] ?? 0),
      );

      // The rest of the schedule, on a clock moved on to each retry (a day and a half in all).
      let clock = delivery.nextAttemptAt ?? new Date();
      for (let attempt = 2; attempt <= WEBHOOK_ATTEMPTS; attempt += 1) {
        await deliverWebhook(deliveryContext(), { deliveryId: delivery.id }, clock);
        const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
        expect(row?.attempts).toBe(attempt);
        if (attempt < WEBHOOK_ATTEMPTS) {
          expect(row?.status).toBe('pending');
          clock = row?.nextAttemptAt ?? clock;
        } else expect(row?.status).toBe('failed');
      }
      expect(failing.received.length).toBeGreaterThanOrEqual(WEBHOOK_ATTEMPTS);

      const listed = await keeper.call(companyWebhooksContract.list);
      expect(listed.body.endpoints[0]).toMatchObject({ enabled: false, disabled_reason: 'failures' });
      const [email] = await db()
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, keeper.user.email))
        .orderBy(desc(emailOutbox.createdAt));
      expect(email?.subject).toBe('A webhook endpoint was turned off');
      expect(email?.text).toContain(failing.url);
      expect(email?.text).toContain('HTTP 500');
      const [audit] = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'webhook_endpoint.disabled'), eq(auditLogs.targetId, endpointId)));
      expect(audit?.actorId).toBeNull();

      // Off, it hears nothing more, and a replay waits until it is on again.
      const before = failing.received.length;
      await emit(await companyIdOf(keeper), 'cy');
      const replayWhileOff = await keeper.call(companyWebhooksContract.replay, {
        params: { id: endpointId, delivery_id: delivery.id },
      });
      expect(replayWhileOff.statusCode).toBe(409);
      expect(replayWhileOff.error?.error).toBe(webhookTexts.replayWhileDisabled);

      failing.state.status = 204;
      const turnedOn = await keeper.call(companyWebhooksContract.update, {
        params: { id: endpointId },
        body: { enabled: true },
      });
      expect(turnedOn.body).toMatchObject({ enabled: true, disabled_reason: null });
      const replay = await keeper.call(companyWebhooksContract.replay, {
        params: { id: endpointId, delivery_id: delivery.id },
      });
      expect(replay.statusCode).toBe(202);
      const replayed = await eventually(async () => {
        const response = await keeper.call(companyWebhooksContract.delivery, {
          params: { id: endpointId, delivery_id: delivery.id },
        });
        return response.body.status === 'succeeded' && response.body;
      });
      // (The schedule's attempts ran on a clock moved days ahead: the replay, now, is not the last by time.)
      expect(replayed.attempt_log.filter((attempt) => attempt.replay)).toEqual([
        expect.objectContaining({ status_code: 204, error: null }),
      ]);
      expect(failing.received.length).toBe(before + 1);
      expect(failing.received.at(-1)?.headers['webhook-id']).toBe(replayed.message_id);
    } finally {
      await failing.close();
    }
  });

  it('rotates a secret and signs with both while the old one overlaps', async () => {
    const company = await signedInAccount(testApp, { role: 'company', companyName: 'Rotators' });
    const rotating = await startReceiver();
    try {
      const created = await company.call(companyWebhooksContract.create, {
        body: { url: rotating.url, event_types: ['member.joined'] },
      });
      const oldSecret = created.body.secret;
      const rotated = await company.call(companyWebhooksContract.rotateSecret, {
        params: { id: created.body.endpoint.id },
      });
      expect(rotated.statusCode).toBe(200);
      const newSecret = rotated.body.secret;
      expect(newSecret).not.toBe(oldSecret);
      expect(Date.parse(rotated.body.endpoint.previous_secret_expires_at ?? '')).toBeGreaterThan(
        Date.now() + 23 * 3_600_000,
      );
      await emit(await companyIdOf(company), 'di');
      const [delivered] = await eventually(async () => rotating.received.length > 0 && rotating.received);
      if (!delivered) throw new Error('Nothing was delivered.');
      const headers = delivered.headers as Record<string, string>;
      expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
      expect(new Webhook(oldSecret).verify(delivered.body, headers)).toMatchObject({ type: 'member.joined' });
      expect(new Webhook(newSecret).verify(delivered.body, headers)).toMatchObject({ type: 'member.joined' });
    } finally {
      await rotating.close();
    }
  });

  it('refuses webhooks into a private network where private targets are off, when saved and when sent (SSRF)', async () => {
    const policy = { privateTargets: false };
    for (const [url, sentence] of [
      ['https://127.0.0.1/hook', webhookTexts.urlPrivate],
      ['https://localhost/hook', webhookTexts.urlPrivate],
      ['https://[::1]/hook', webhookTexts.urlPrivate],
      ['https://10.0.0.8/hook', webhookTexts.urlPrivate],
      ['https://169.254.169.254/latest/meta-data', webhookTexts.urlPrivate],
      ['https://[::ffff:127.0.0.1]/hook', webhookTexts.urlPrivate],
      ['http://93.184.215.14/hook', webhookTexts.urlNotHttps],
    ] as const) {
      const refusal = await checkWebhookUrl(url, policy).catch((error: unknown) => error);
      expect(refusal, url).toBeInstanceOf(AppError);
      expect((refusal as AppError).fields, url).toEqual({ url: sentence });
    }
    const refused = await createWebhookEndpoint({
      db: db(),
      scope: { kind: 'company', companyId: await companyIdOf(owner) },
      actorId: owner.user.id,
      cipher: testApp.app.appContext.taxIds,
      policy,
      input: { url: 'https://localhost:8443/x', description: '', event_types: ['member.joined'] },
    }).catch((error: unknown) => error);
    expect((refused as AppError).statusCode).toBe(400);

    // Sent: an address saved while allowed, or a name that now resolves to loopback, is never dialled.
    const trap = await startReceiver();
    try {
      const port = new URL(trap.url).port;
      for (const url of [trap.url, `https://localhost:${port}/hooks`, `https://127.0.0.1:${port}/hooks`]) {
        const response = await postWebhook({ url, headers: {}, body: '{}', policy, timeoutMs: 2000 });
        expect(response.statusCode, url).toBeNull();
        expect(response.error, url).toBeTruthy();
      }
      expect(trap.received).toHaveLength(0);
    } finally {
      await trap.close();
    }
  });

  it('keeps each company to its own endpoints, Owner and Admins only, and payouts to the platform', async () => {
    const viewer = await signedInAccount(testApp, {
      role: 'company',
      company: { id: await companyIdOf(owner), role: 'hiring_manager' },
    });
    expect((await viewer.call(companyWebhooksContract.list)).statusCode).toBe(403);
    const stranger = await signedInAccount(testApp, { role: 'company', companyName: 'Elsewhere' });
    const [endpoint] = await db()
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.companyId, await companyIdOf(owner)));
    const peek = await stranger.call(companyWebhooksContract.deliveries, {
      params: { id: endpoint?.id ?? '' },
      query: { page_size: 25 },
    });
    expect(peek.statusCode).toBe(404);
    const payouts = await owner.call(companyWebhooksContract.create, {
      body: { url: receiver.url, event_types: ['payout.paid'] },
    });
    expect(payouts.statusCode).toBe(400);
    expect(payouts.error?.fields).toEqual({ event_types: webhookTexts.payoutsArePlatformOnly });

    // The platform's endpoint hears every company's events.
    const admin = await signedInAccount(testApp, { role: 'admin' });
    const platform = await startReceiver();
    try {
      const created = await admin.call(adminWebhooksContract.create, {
        body: { url: platform.url, event_types: ['member.joined', 'payout.paid'] },
      });
      expect(created.statusCode).toBe(201);
      expect((await owner.call(adminWebhooksContract.list)).statusCode).toBe(403);
      await emit(await companyIdOf(stranger), 'ed');
      const [heard] = await eventually(async () => platform.received.length > 0 && platform.received);
      expect(JSON.parse(heard?.body ?? '{}')).toMatchObject({
        type: 'member.joined',
        data: { email: 'ed@example.com' },
      });
    } finally {
      await platform.close();
    }
  });

  it('pages an endpoint’s deliveries by a cursor, newest first', async () => {
    const company = await signedInAccount(testApp, { role: 'company', companyName: 'Pager' });
    const paging = await startReceiver();
    try {
      const created = await company.call(companyWebhooksContract.create, {
        body: { url: paging.url, event_types: ['member.joined'] },
      });
      for (const name of ['p1', 'p2', 'p3']) await emit(await companyIdOf(company), name);
      const params = { id: created.body.endpoint.id };
      const first = await company.call(companyWebhooksContract.deliveries, { params, query: { page_size: 2 } });
      expect(first.body.items).toHaveLength(2);
      expect(first.body.next_cursor).toEqual(expect.any(String));
      const second = await company.call(companyWebhooksContract.deliveries, {
        params,
        query: { page_size: 2, after: first.body.next_cursor ?? '' },
      });
      expect(second.body.items).toHaveLength(1);
      expect(second.body.next_cursor).toBeNull();
      const ids = [...first.body.items, ...second.body.items].map((item) => item.id);
      expect(new Set(ids).size).toBe(3);
      const broken = await company.call(companyWebhooksContract.deliveries, {
        params,
        query: { page_size: 2, after: 'bm90LWEtY3Vyc29y' },
      });
      expect(broken.statusCode).toBe(400);
    } finally {
      await paging.close();
    }
  });
});
