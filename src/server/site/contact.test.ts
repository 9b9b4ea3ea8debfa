import { randomUUID } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactInboxTexts, contactMessages as contactTexts } from '~/shared/contact';
import type { BodyOf, QueryOf } from '~/shared/contract';
import { adminDashboardContract } from '~/shared/contracts/admin-dashboard';
import { siteContract } from '~/shared/contracts/site';
import { defaultPlatformSettings } from '~/shared/settings';
import { auditLogs, contactMessageReplies, contactMessages, emailOutbox } from '../db/schema';
import { anonymizeAccountRecords } from '../kernels/identity/anonymize-account';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;
type Caller = ReturnType<typeof callerFrom>;
type ContactInput = BodyOf<typeof siteContract.sendContactMessage>;

describe('the contact inbox', () => {
  let testApp: TestApp;
  let ipCounter = 0;
  // Each test sends from its own address: the per-IP limit is tested on its own.
  const send = (body: ContactInput, ip = `203.0.113.${++ipCounter}`) =>
    callerFrom(testApp, { remoteAddress: ip }).call(siteContract.sendContactMessage, { body });

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
    expect(missing.error?.fields).toEqual({
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
    expect(statuses[5]?.error?.error).toMatch(
      /^You have sent several messages in a short time\. Please wait \d+ minutes and try again\.$/,
    );
  });

  it('lets administrators list, search and mark messages handled, and nobody else', async () => {
    const admin = await signedInAccount(testApp, { role: 'admin' });
    const company = await signedInAccount(testApp, { role: 'company' });
    expect((await company.call(siteContract.contactMessages)).statusCode).toBe(403);
    expect((await callerFrom(testApp).call(siteContract.contactMessages)).statusCode).toBe(401);
    // Messages of its own, a word only one of them holds, and enough for a second page, whatever ran before.
    const word = `bookkeeping-${randomUUID().slice(0, 8)}`;
    const pricing = { source: 'contact_page', name: 'Lee', email: 'lee@example.test', subject: 'Pricing' } as const;
    expect((await send({ ...pricing, message: `How much for ${word}?` })).statusCode).toBe(201);
    for (const index of [1, 2, 3]) {
      expect((await send({ ...pricing, subject: 'Hiring', message: `Message ${index}` })).statusCode).toBe(201);
    }

    const list = await admin.call(siteContract.contactMessages, { query: { q: word } });
    expect(list.body).toMatchObject({
      total: 1,
      page: 1,
      page_size: 20,
      items: [{ subject: 'Pricing', handled_at: null }],
    });
    const id = list.body.items[0]?.id ?? '';

    const handled = await admin.call(siteContract.markContactMessage, { params: { id }, body: { handled: true } });
    expect(handled.body.handled_at).not.toBeNull();
    expect((await admin.call(siteContract.contactMessages, { query: { q: word } })).body.total).toBe(0);
    expect((await admin.call(siteContract.contactMessages, { query: { q: word, status: 'handled' } })).body.total).toBe(
      1,
    );
    const paged = await admin.call(siteContract.contactMessages, { query: { status: 'all', page_size: 2, page: 2 } });
    expect(paged.body).toMatchObject({ page: 2, page_size: 2 });
    expect(paged.body.items).toHaveLength(2);

    const [audit] = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'contact_message.handled'), eq(auditLogs.targetId, id)));
    expect(audit).toMatchObject({ actorId: admin.user.id, targetId: id });
    const missing = await admin.call(siteContract.markContactMessage, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      body: { handled: true },
    });
    expect(missing.statusCode).toBe(404);
  });

  describe('the inbox', () => {
    let admin: Account;
    let otherAdmin: Account;
    const db = () => testApp.database.db;
    const inbox = (account: Account, query: QueryOf<typeof siteContract.contactMessages> = {}) =>
      account.call(siteContract.contactMessages, { query });
    const detail = (account: Account, id: string) => account.call(siteContract.contactMessage, { params: { id } });
    const assign = (account: Account, id: string, assigneeId: string | null) =>
      account.call(siteContract.assignContactMessage, { params: { id }, body: { assignee_id: assigneeId } });
    const reply = (account: Account, id: string, body: string) =>
      account.call(siteContract.replyToContactMessage, { params: { id }, body: { body } });
    const dashboard = async () => (await admin.call(adminDashboardContract.dashboard)).body;
    const mailTo = (address: string, subject: string) =>
      db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, address), like(emailOutbox.subject, `${subject}%`)))
        .orderBy(asc(emailOutbox.createdAt));
    const auditOf = (id: string, action: string) =>
      db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetId, id), eq(auditLogs.action, action)));
    // A message of its own, found by the word only it holds.
    const newMessage = async (overrides: Partial<ContactInput> = {}) => {
      const word = `lead-${randomUUID().slice(0, 8)}`;
      const sent = await send({
        source: 'contact_page',
        name: 'Dana Whitfield',
        email: `${word}@acme.example`,
        company: 'Acme Freight',
        subject: `Support team ${word}`,
        message: `We need six agents for nights.\nCan you start in March? ${word}`,
        ...overrides,
      });
      expect(sent.statusCode).toBe(201);
      const [row] = await db()
        .select()
        .from(contactMessages)
        .where(like(contactMessages.message, `%${word}%`));
      if (!row) throw new Error('the message was not stored');
      return { ...row, word };
    };

    beforeAll(async () => {
      admin = await signedInAccount(testApp, { role: 'admin', name: 'Ada Inbox' });
      otherAdmin = await signedInAccount(testApp, { role: 'admin', name: 'Bo Second' });
    });
    beforeEach(async () => {
      await testApp.setSettings(defaultPlatformSettings);
    });

    it('emails every active administrator about a new message while the setting is on', async () => {
      const message = await newMessage();
      for (const administrator of [admin, otherAdmin]) {
        const [mail] = await mailTo(administrator.user.email, `New contact message: Support team ${message.word}`);
        expect(mail?.text).toContain(
          `Dana Whitfield (${message.email}, Acme Freight) wrote through the contact form of the Contact page:`,
        );
        expect(mail?.text).toContain(`  We need six agents for nights.\n  Can you start in March? ${message.word}`);
        expect(mail?.text).toContain(`http://localhost:3000/admin/contact-messages?message=${message.id}`);
        expect(mail?.text).toContain('Contact Message Notifications are on in System Settings');
      }
      // The home page's form has no subject: the subject names the sender.
      const home = await newMessage({ source: 'home', subject: '', company: '', name: 'Lee Home' });
      const [homeMail] = await mailTo(admin.user.email, 'New contact message from Lee Home');
      expect(homeMail?.text).toContain(`Lee Home (${home.email}) wrote through the contact form of the home page:`);

      await testApp.setSettings({ notify_contact_message: false });
      const quiet = await newMessage();
      expect(await mailTo(admin.user.email, `New contact message: Support team ${quiet.word}`)).toEqual([]);
    });

    // The message and its announcement are one transaction (decision 012): here the outbox refuses the
    // administrators' email, as a crash at that moment would, and no message is left unannounced.
    it('keeps no message when the administrators cannot be told of it', async () => {
      const word = `refused-${randomUUID().slice(0, 8)}`;
      await testApp.database.runSql(`
        create function refuse_contact_news() returns trigger language plpgsql as $$
        begin
          if new.subject like 'New contact message:%' then raise exception 'the outbox refuses %', new.subject; end if;
          return new;
        end $$;
        create trigger refuse_contact_news before insert on email_outbox
          for each row execute function refuse_contact_news();`);
      try {
        const sent = await send({
          source: 'contact_page',
          name: 'Ro',
          email: `${word}@x.example`,
          subject: word,
          message: 'Hi',
        });
        expect(sent.statusCode).toBe(500);
      } finally {
        await testApp.database.runSql(`
          drop trigger refuse_contact_news on email_outbox;
          drop function refuse_contact_news();`);
      }
      expect(await db().select().from(contactMessages).where(eq(contactMessages.subject, word))).toEqual([]);
    });

    it('emails nobody about a bot caught by the hidden field, or a message over the rate limit', async () => {
      const word = `bot-${randomUUID().slice(0, 8)}`;
      const bot = {
        source: 'contact_page',
        name: 'Bot',
        email: `${word}@spam.example`,
        subject: word,
        message: 'Buy',
      } as const;
      expect((await send({ ...bot, website: 'http://spam.example' })).statusCode).toBe(201);
      const ip = `198.51.100.${100 + Math.floor(Math.random() * 100)}`;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        statuses.push((await send({ ...bot, subject: `${word} ${attempt}`, message: 'Hello' }, ip)).statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      const mails = await mailTo(admin.user.email, `New contact message: ${word}`);
      expect(mails.map((mail) => mail.subject).sort()).toEqual(
        [0, 1, 2, 3, 4].map((attempt) => `New contact message: ${word} ${attempt}`),
      );
    });

    it('shows a message whole with its form, assignee and replies, and refuses an unknown or malformed id', async () => {
      const message = await newMessage();
      const response = await detail(admin, message.id);
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatchObject({
        id: message.id,
        name: 'Dana Whitfield',
        company: 'Acme Freight',
        source: 'contact_page',
        message: `We need six agents for nights.\nCan you start in March? ${message.word}`,
        handled_at: null,
        handled_by: null,
        assignee: null,
        reply_count: 0,
        replies: [],
        can_reply: true,
      });
      const missing = await detail(admin, randomUUID());
      expect(missing.statusCode).toBe(404);
      expect(missing.error?.error).toBe(contactInboxTexts.notFound);
      const malformed = await detail(admin, 'not-an-id');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.error?.error).toBe('This link is broken: it does not name a message.');
    });

    it('assigns a message to an administrator, filters by assignee, and refuses anyone else', async () => {
      const mine = await newMessage();
      const theirs = await newMessage();

      const assigned = await assign(admin, mine.id, admin.user.id);
      expect(assigned.statusCode, assigned.error?.error).toBe(200);
      expect(assigned.body.assignee).toEqual({ id: admin.user.id, name: 'Ada Inbox' });
      expect((await assign(admin, theirs.id, otherAdmin.user.id)).body.assignee?.name).toBe('Bo Second');

      expect((await inbox(admin, { q: mine.word, assignee: 'me' })).body.total).toBe(1);
      expect((await inbox(admin, { q: theirs.word, assignee: 'me' })).body.total).toBe(0);
      expect((await inbox(otherAdmin, { q: theirs.word, assignee: 'me' })).body.items[0]).toMatchObject({
        id: theirs.id,
        assignee: { id: otherAdmin.user.id, name: 'Bo Second' },
      });
      const [audit] = await auditOf(mine.id, 'contact_message.assigned');
      expect(audit).toMatchObject({
        actorId: admin.user.id,
        details: { before: { assignee_id: null }, after: { assignee_id: admin.user.id } },
      });

      // Nobody: the message is unassigned again.
      expect((await assign(admin, mine.id, null)).body.assignee).toBeNull();
      expect((await inbox(admin, { q: mine.word, assignee: 'unassigned' })).body.total).toBe(1);
      expect(await auditOf(mine.id, 'contact_message.assigned')).toHaveLength(2);
      // The same assignee again changes nothing and records nothing.
      await assign(admin, mine.id, null);
      expect(await auditOf(mine.id, 'contact_message.assigned')).toHaveLength(2);

      // Only an active administrator can be assigned.
      const company = await signedInAccount(testApp, { role: 'company' });
      for (const assigneeId of [company.user.id, randomUUID()]) {
        const refused = await assign(admin, mine.id, assigneeId);
        expect(refused.statusCode).toBe(400);
        expect(refused.error).toMatchObject({
          error: contactInboxTexts.notAdministrator,
          fields: { assignee_id: contactInboxTexts.notAdministrator },
        });
      }
      const malformed = await assign(admin, mine.id, 'ada');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.error?.fields).toEqual({ assignee_id: contactInboxTexts.notAdministrator });
      expect((await assign(admin, randomUUID(), admin.user.id)).statusCode).toBe(404);

      // The assignee list offers the active administrators.
      const assignees = await admin.call(siteContract.contactAssignees);
      expect(assignees.body.items).toEqual(
        expect.arrayContaining([
          { id: admin.user.id, name: 'Ada Inbox', email: admin.user.email },
          { id: otherAdmin.user.id, name: 'Bo Second', email: otherAdmin.user.email },
        ]),
      );
      expect(assignees.body.items.map((item) => item.id)).not.toContain(company.user.id);
    });

    it('emails a reply to the sender, quoting the message, records it and marks the message handled', async () => {
      const message = await newMessage();
      const dashboardBefore = await dashboard();

      for (const [body, sentence] of [
        ['   ', contactInboxTexts.replyRequired],
        [undefined, contactInboxTexts.replyRequired],
        ['x'.repeat(5001), contactInboxTexts.replyTooLong],
      ] as const) {
        // A missing body among them: sent past the contract's types on purpose.
        const refused = await admin.callUnchecked(siteContract.replyToContactMessage, {
          params: { id: message.id },
          body: { body },
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.error?.fields).toEqual({ body: sentence });
      }
      expect(await mailTo(message.email, 'Re:')).toEqual([]);

      const text = 'Hello Dana,\n\nYes: a team of six can start on March 2. I will send a quote today.';
      const sent = await reply(admin, message.id, `  ${text}  `);
      expect(sent.statusCode, sent.error?.error).toBe(201);
      const answered = sent.body;
      expect(answered).toMatchObject({
        handled_by: { id: admin.user.id, name: 'Ada Inbox' },
        reply_count: 1,
        replies: [{ body: text, sent_by: { id: admin.user.id, name: 'Ada Inbox' } }],
      });
      expect(answered.handled_at).not.toBeNull();

      const [mail] = await mailTo(message.email, `Re: Support team ${message.word}`);
      expect(mail?.replyTo).toBe(admin.user.email);
      expect(mail?.text).toMatch(
        new RegExp(
          `^Hello Dana,\n\nYes: a team of six can start on March 2\\. I will send a quote today\\.\n\nAda Inbox\nTandem\n\nOn \\w+ \\d+, \\d{4} at \\d+:\\d{2} [AP]M UTC, Dana Whitfield wrote:\n\n  We need six agents for nights\\.\n  Can you start in March\\? ${message.word}$`,
        ),
      );
      const [audit] = await auditOf(message.id, 'contact_message.replied');
      expect(audit).toMatchObject({
        actorId: admin.user.id,
        details: { reply_id: answered.replies[0]?.id, marked_handled: true },
      });
      // The audit log says who did what; the words stay with the message.
      expect(JSON.stringify(audit?.details)).not.toContain('quote today');

      // Answered, it left the new messages; the dashboard counts one fewer.
      expect((await inbox(admin, { q: message.word })).body.total).toBe(0);
      expect((await inbox(admin, { q: message.word, status: 'handled' })).body.items[0]).toMatchObject({
        id: message.id,
        reply_count: 1,
      });
      const dashboardAfter = await dashboard();
      expect(dashboardAfter.new_contact_messages.value).toBe(dashboardBefore.new_contact_messages.value - 1);

      // A second reply, by another administrator, keeps who handled it.
      const again = await reply(otherAdmin, message.id, 'Adding our onboarding guide.');
      expect(again.body).toMatchObject({
        handled_by: { id: admin.user.id },
        reply_count: 2,
        replies: [{ sent_by: { name: 'Ada Inbox' } }, { sent_by: { name: 'Bo Second' } }],
      });
      expect((await auditOf(message.id, 'contact_message.replied'))[0]?.details).toBeDefined();
      expect(await auditOf(message.id, 'contact_message.handled')).toEqual([]);
      expect((await reply(admin, randomUUID(), 'Hello')).statusCode).toBe(404);
    });

    it('marks a message handled and open again once each, and the dashboard counts the new ones', async () => {
      const count = async () => (await dashboard()).new_contact_messages.value;
      const before = await count();
      const message = await newMessage();
      expect(await count()).toBe(before + 1);
      const mark = (handled: boolean) =>
        admin.call(siteContract.markContactMessage, { params: { id: message.id }, body: { handled } });
      expect((await mark(true)).body).toMatchObject({ handled_by: { id: admin.user.id, name: 'Ada Inbox' } });
      await mark(true);
      expect(await auditOf(message.id, 'contact_message.handled')).toHaveLength(1);
      expect(await count()).toBe(before);
      expect((await mark(false)).body).toMatchObject({ handled_at: null, handled_by: null });
      expect(await auditOf(message.id, 'contact_message.reopened')).toHaveLength(1);
      expect(await count()).toBe(before + 1);
      // Not a boolean: sent past the contract's types on purpose.
      const refused = await admin.callUnchecked(siteContract.markContactMessage, {
        params: { id: message.id },
        body: { handled: 'yes' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.error?.fields).toEqual({ handled: 'Say whether the message is handled: true or false.' });
    });

    it('counts on the dashboard the messages waiting now, and those that were waiting a week ago', async () => {
      const figure = async () => (await dashboard()).new_contact_messages;
      const before = await figure();
      const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
      const row = { name: 'Old', email: 'old@example.test', message: 'Hello', source: 'home' as const };
      await db()
        .insert(contactMessages)
        .values([
          // Waiting for ten days: now and a week ago.
          { ...row, createdAt: daysAgo(10) },
          // Answered three days ago: a week ago only.
          { ...row, createdAt: daysAgo(10), handledAt: daysAgo(3) },
          // Answered nine days ago, and sent yesterday: neither, and now only.
          { ...row, createdAt: daysAgo(12), handledAt: daysAgo(9) },
          { ...row, createdAt: daysAgo(1) },
        ]);
      const after = await figure();
      expect([after.value - before.value, after.previous - before.previous]).toEqual([2, 2]);
    });

    it('refuses a reply once the sender was erased, whose replies the erasure emptied', async () => {
      const sender = await signedInAccount(testApp, { role: 'applicant', name: 'Noor Erased' });
      const message = await newMessage({ email: sender.user.email, name: 'Noor Erased' });
      expect((await reply(admin, message.id, 'Thank you Noor Erased, we will call you.')).statusCode).toBe(201);
      await db().transaction((tx) => anonymizeAccountRecords({ tx, userId: sender.user.id, actorId: admin.user.id }));

      const after = (await detail(admin, message.id)).body;
      expect(after.can_reply).toBe(false);
      expect(after.replies.map((item) => item.body)).toEqual([
        'This reply was removed when the person it answered deleted their account.',
      ]);
      const refused = await reply(admin, message.id, 'Hello again');
      expect(refused.statusCode).toBe(409);
      expect(refused.error?.error).toBe(contactInboxTexts.senderRemoved);
      expect(
        await db().select().from(contactMessageReplies).where(eq(contactMessageReplies.contactMessageId, message.id)),
      ).toHaveLength(1);
    });

    it('keeps every inbox route from people who are not administrators', async () => {
      const message = await newMessage();
      const params = { id: message.id };
      const calls: Array<[string, (caller: Caller) => Promise<{ statusCode: number }>]> = [
        ['contactMessages', (caller) => caller.call(siteContract.contactMessages)],
        ['contactAssignees', (caller) => caller.call(siteContract.contactAssignees)],
        ['contactMessage', (caller) => caller.call(siteContract.contactMessage, { params })],
        [
          'markContactMessage',
          (caller) => caller.call(siteContract.markContactMessage, { params, body: { handled: true } }),
        ],
        [
          'assignContactMessage',
          (caller) => caller.call(siteContract.assignContactMessage, { params, body: { assignee_id: null } }),
        ],
        [
          'replyToContactMessage',
          (caller) => caller.call(siteContract.replyToContactMessage, { params, body: { body: 'Hi' } }),
        ],
      ];
      for (const role of ['company', 'applicant', 'account_manager'] as const) {
        const account = await signedInAccount(testApp, { role });
        for (const [name, call] of calls) expect((await call(account)).statusCode, `${name} as ${role}`).toBe(403);
      }
      // Nobody signed in, from this site.
      for (const [, call] of calls) expect((await call(callerFrom(testApp))).statusCode).toBe(401);
      const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, message.id));
      expect(row).toMatchObject({ handledAt: null, assignedToId: null });
    });
  });
});
