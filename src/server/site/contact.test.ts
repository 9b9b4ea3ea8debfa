import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages as contactTexts } from '~/shared/contact';
import { auditLogs, contactMessages } from '../db/schema';
import { sameOriginHeaders, signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('the contact inbox', () => {
  let testApp: TestApp;
  let ipCounter = 0;
  // Each test sends from its own address: the per-IP limit is tested on its own.
  const send = (payload: unknown, ip = `203.0.113.${++ipCounter}`) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: payload as object,
      headers: sameOriginHeaders,
      remoteAddress: ip,
    });

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('stores a message from the home page form, company optional', async () => {
    const response = await send({
      source: 'home',
      name: 'Dana Whitfield',
      email: 'Dana@Acme.Example',
      message: 'We need 10 support agents.',
    });
    expect(response.statusCode).toBe(201);
    const [row] = await testApp.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'dana@acme.example'));
    expect(row).toMatchObject({
      name: 'Dana Whitfield',
      company: null,
      subject: null,
      source: 'home',
      message: 'We need 10 support agents.',
    });
  });

  it('needs a subject on the Contact page form, and says what is missing', async () => {
    const missing = await send({ source: 'contact_page', name: '', email: 'not-an-email', message: '   ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      name: contactTexts.name,
      email: contactTexts.email,
      message: contactTexts.message,
      subject: contactTexts.subject,
    });
    const complete = await send({
      source: 'contact_page',
      name: 'Lee',
      email: 'lee@example.test',
      company: 'Lee & Co',
      subject: 'Pricing',
      message: 'How much for bookkeeping?',
    });
    expect(complete.statusCode).toBe(201);
  });

  it('answers a bot that fills the hidden field as if all went well, and stores nothing', async () => {
    const response = await send({
      source: 'home',
      name: 'Bot',
      email: 'bot@spam.example',
      message: 'Buy now',
      website: 'http://spam.example',
    });
    expect(response.statusCode).toBe(201);
    expect(
      await testApp.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'bot@spam.example')),
    ).toHaveLength(0);
  });

  it('limits messages per address with a readable 429', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push(
        await send(
          { source: 'home', name: 'Eager', email: 'eager@example.test', message: `Hello ${attempt}` },
          '198.51.100.7',
        ),
      );
    }
    expect(statuses.slice(0, 5).map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses[5]?.statusCode).toBe(429);
    expect(statuses[5]?.headers['retry-after']).toBeDefined();
    expect(statuses[5]?.json().error).toMatch(
      /^You have sent several messages in a short time\. Please wait \d+ minutes and try again\.$/,
    );
  });

  it('lets administrators list, search and mark messages handled, and nobody else', async () => {
    const admin = await signedInAccount(testApp, { role: 'admin' });
    const company = await signedInAccount(testApp, { role: 'company' });
    expect((await company.request({ method: 'GET', url: '/api/admin/contact-messages' })).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/contact-messages' })).statusCode).toBe(401);
    // Messages of its own, a word only one of them holds, and enough for a second page, whatever ran before.
    const word = `bookkeeping-${randomUUID().slice(0, 8)}`;
    const pricing = { source: 'contact_page', name: 'Lee', email: 'lee@example.test', subject: 'Pricing' };
    expect((await send({ ...pricing, message: `How much for ${word}?` })).statusCode).toBe(201);
    for (const index of [1, 2, 3]) {
      expect((await send({ ...pricing, subject: 'Hiring', message: `Message ${index}` })).statusCode).toBe(201);
    }

    const list = await admin.request({ method: 'GET', url: `/api/admin/contact-messages?q=${word}` });
    expect(list.json()).toMatchObject({
      total: 1,
      page: 1,
      page_size: 20,
      items: [{ subject: 'Pricing', handled_at: null }],
    });
    const id = list.json().items[0].id;

    const handled = await admin.request({
      method: 'PATCH',
      url: `/api/admin/contact-messages/${id}`,
      payload: { handled: true },
    });
    expect(handled.json().handled_at).not.toBeNull();
    expect((await admin.request({ method: 'GET', url: `/api/admin/contact-messages?q=${word}` })).json().total).toBe(0);
    expect(
      (await admin.request({ method: 'GET', url: `/api/admin/contact-messages?q=${word}&status=handled` })).json()
        .total,
    ).toBe(1);
    const paged = await admin.request({
      method: 'GET',
      url: '/api/admin/contact-messages?status=all&page_size=2&page=2',
    });
    expect(paged.json()).toMatchObject({ page: 2, page_size: 2 });
    expect(paged.json().items).toHaveLength(2);

    const [audit] = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'contact_message.handled'), eq(auditLogs.targetId, id)));
    expect(audit).toMatchObject({ actorId: admin.user.id, targetId: id });
    const missing = await admin.request({
      method: 'PATCH',
      url: '/api/admin/contact-messages/00000000-0000-4000-8000-000000000000',
      payload: { handled: true },
    });
    expect(missing.statusCode).toBe(404);
  });
});
