import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry, AuditLogListQuery } from '~/shared/audit-logs';
import { adminAuditLogsContract, companyAuditLogsContract } from '~/shared/contracts/audit';
import { auditLogs, companyMembers } from '../db/schema';
import { signedInAccount } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { companyIdOf } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// Audit Logs: filters, date ranges, search, stable keyset pages, the CSV, administrators
// only; and a company's own audit log, never another company's rows.
describe('audit logs', () => {
  let testApp: TestApp;
  let admin: Account;
  let acme: Account;
  let acmeColleague: Account;
  let globex: Account;
  let applicant: Account;
  const unique = randomUUID().slice(0, 8);
  const acmeTarget = randomUUID();
  const globexTarget = randomUUID();
  const pagingType = `paging_${unique}`;
  const ids: Record<string, string> = {};

  const db = () => testApp.database.db;
  const list = async (query: AuditLogListQuery) =>
    (await admin.call(adminAuditLogsContract.list, { query })).body.items;
  const companyList = async (account: Account, query: AuditLogListQuery) =>
    (await account.call(companyAuditLogsContract.list, { query })).body.items;
  const idsOf = (items: AuditLogEntry[]) => items.map((item) => item.id);

  async function insertRow(
    name: string,
    row: Partial<typeof auditLogs.$inferInsert> & { action: string },
    ago: number,
  ): Promise<string> {
    const [inserted] = await db()
      .insert(auditLogs)
      .values({ ...row, createdAt: new Date(Date.now() - ago) })
      .returning({ id: auditLogs.id });
    if (!inserted) throw new Error('The row was not stored.');
    ids[name] = inserted.id;
    return inserted.id;
  }

  // Seven rows written in the same microsecond: the cursor must still page through each exactly once.
  async function insertSameMomentRows(targetType: string) {
    const at = new Date(Date.now() - 6 * HOUR);
    await db()
      .insert(auditLogs)
      .values(
        Array.from({ length: 7 }, (_, index) => ({
          actorId: admin.user.id,
          action: 'settings.updated',
          targetType,
          targetId: `setting-${index}`,
          createdAt: at,
        })),
      );
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    acme = await signedInAccount(testApp, { role: 'company', email: `Owner.${unique}@acme.test` });
    globex = await signedInAccount(testApp, { role: 'company' });
    applicant = await signedInAccount(testApp, { role: 'applicant' });
    // A second person of Acme: their rows are Acme's too.
    acmeColleague = await signedInAccount(testApp, { role: 'applicant' });
    await db()
      .insert(companyMembers)
      .values({ companyId: await companyIdOf(db(), acme.user.id), userId: acmeColleague.user.id, role: 'admin' });

    await insertRow(
      'acmeProfile',
      {
        actorId: acme.user.id,
        action: 'company.profile_updated',
        targetType: 'company',
        targetId: acmeTarget,
        details: { before: { name: 'Acme' }, after: { name: 'Acme Inc' } },
        ipAddress: '203.0.113.9',
      },
      HOUR,
    );
    await insertRow(
      'acmeColleagueJob',
      { actorId: acmeColleague.user.id, action: 'job.created', targetType: 'job', targetId: acmeTarget },
      3 * DAY,
    );
    await insertRow(
      'globexJob',
      { actorId: globex.user.id, action: 'job.created', targetType: 'job', targetId: globexTarget },
      2 * HOUR,
    );
    await insertRow(
      'suspended',
      { actorId: admin.user.id, action: 'company.suspended', targetType: 'company', targetId: globexTarget },
      5 * HOUR,
    );
    await insertRow(
      'failedSignIn',
      { actorId: null, action: 'auth.sign_in_failed', details: { email: `nobody.${unique}@example.test` } },
      30 * 60_000,
    );
    await insertRow('retention', { actorId: null, action: 'retention.applied', targetId: acmeTarget }, 10 * DAY);
    await insertRow('tooOld', { actorId: admin.user.id, action: 'settings.updated', targetId: acmeTarget }, 40 * DAY);
    await insertSameMomentRows(pagingType);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('filters by action type and date range, newest first', async () => {
    const system = await admin.call(adminAuditLogsContract.list, { query: { type: 'system', range: '24h' } });
    expect(system.statusCode, JSON.stringify(system.error)).toBe(200);
    const systemItems = system.body.items;
    expect(systemItems.map((item) => item.id)).toContain(ids.failedSignIn);
    expect(systemItems.every((item) => item.actor_kind === 'system' && item.actor_email === null)).toBe(true);
    expect(systemItems.map((item) => item.id)).not.toContain(ids.retention);

    const month = idsOf(await list({ type: 'system', range: '30d' }));
    expect(month).toEqual(expect.arrayContaining([ids.failedSignIn, ids.retention]));

    const users = await list({ type: 'user', range: '7d', page_size: 100 });
    expect(users.map((item) => item.id)).toEqual(
      expect.arrayContaining([ids.acmeProfile, ids.acmeColleagueJob, ids.globexJob, ids.suspended]),
    );
    expect(users.every((item) => item.actor_kind === 'user')).toBe(true);
    expect(users.map((item) => item.id)).not.toContain(ids.retention);
    const times = users.map((item) => Date.parse(item.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Nothing older than the longest range.
    const all = await list({ range: '30d', q: acmeTarget });
    expect(all.map((item) => item.id).sort()).toEqual(
      [ids.acmeProfile, ids.acmeColleagueJob, ids.retention].map(String).sort(),
    );
  });

  it('answers an entry with its actor, target, readable action and before/after details', async () => {
    const [entry] = await list({ q: acmeTarget, range: '24h' });
    expect(entry).toEqual({
      id: String(ids.acmeProfile),
      action: 'company.profile_updated',
      action_label: 'Company profile updated',
      actor_kind: 'user',
      actor_id: acme.user.id,
      actor_name: acme.user.name,
      actor_email: acme.user.email,
      target_type: 'company',
      target_id: acmeTarget,
      details: { before: { name: 'Acme' }, after: { name: 'Acme Inc' } },
      ip_address: '203.0.113.9',
      created_at: expect.any(String),
    } satisfies AuditLogEntry);
  });

  it('searches by the words of an action, an exact email, a target id or type', async () => {
    const suspended = await list({ q: 'Suspended', range: '30d' });
    expect(suspended.map((item) => item.id)).toContain(ids.suspended);
    expect(suspended.every((item) => item.action === 'company.suspended')).toBe(true);

    const byCode = idsOf(await list({ q: 'company.suspended' }));
    expect(byCode).toContain(ids.suspended);

    const byEmail = await list({ q: `OWNER.${unique}@ACME.TEST` });
    expect(byEmail.map((item) => item.id)).toEqual([ids.acmeProfile]);

    const byTarget = idsOf(await list({ q: globexTarget, range: '30d' }));
    expect(byTarget.sort()).toEqual([ids.globexJob, ids.suspended].map(String).sort());

    const byType = await list({ q: pagingType });
    expect(byType).toHaveLength(7);

    for (const nothing of ['%', 'zz-no-such-action', `x${unique}@nowhere.test`]) {
      const response = await admin.call(adminAuditLogsContract.list, { query: { q: nothing } });
      expect(response.statusCode, JSON.stringify(response.error)).toBe(200);
      expect(response.body.items).toEqual([]);
    }
  });

  it('pages with a stable cursor forwards and back, each row exactly once', async () => {
    // Rows of its own type: the row it adds below stays out of the search case's count, in any order.
    const pagedType = `paged_${unique}`;
    await insertSameMomentRows(pagedType);
    const paged = async (cursor: Pick<AuditLogListQuery, 'after' | 'before'>) =>
      (await admin.call(adminAuditLogsContract.list, { query: { q: pagedType, page_size: 3, ...cursor } })).body;
    const first = await paged({});
    expect(first.items).toHaveLength(3);
    expect(first.previous_cursor).toBeNull();
    expect(first.next_cursor).toEqual(expect.any(String));

    const second = await paged({ after: String(first.next_cursor) });
    const third = await paged({ after: String(second.next_cursor) });
    expect(second.items).toHaveLength(3);
    expect(third.items).toHaveLength(1);
    expect(third.next_cursor).toBeNull();
    const seen = [...first.items, ...second.items, ...third.items].map((item) => item.target_id);
    expect(new Set(seen).size).toBe(7);

    // A row written meanwhile does not shift the pages already handed out.
    await insertRow('late', { actorId: admin.user.id, action: 'settings.updated', targetType: pagedType }, 0);
    const back = await paged({ before: String(third.previous_cursor) });
    expect(back.items.map((item) => item.id)).toEqual(second.items.map((item) => item.id));
    const backToFirst = await paged({ before: String(back.previous_cursor) });
    expect(backToFirst.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
    // The first page now has a newer row before it.
    expect(backToFirst.previous_cursor).toEqual(expect.any(String));
    const newest = await paged({ before: String(backToFirst.previous_cursor) });
    expect(newest.items.map((item) => item.id)).toEqual([ids.late]);
    expect(newest.previous_cursor).toBeNull();
  });

  it('exports the filtered rows as CSV', async () => {
    const response = await admin.call(adminAuditLogsContract.exportCsv, { query: { q: acmeTarget, range: '30d' } });
    const csv = response.rawPayload.toString('utf8');
    expect(response.statusCode, csv).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv.match(/\uFEFF/g)).toHaveLength(1);
    expect(lines[0]).toBe('Timestamp,Action,Action Code,User,Name,Target Type,Target ID,IP Address,Details');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Company profile updated,company.profile_updated');
    expect(lines[1]).toContain(acme.user.email);
    // The details as JSON in one quoted cell (jsonb keeps its own key order).
    expect(lines[1]).toContain('""before"":{""name"":""Acme""}');
    expect(lines[1]).toContain('""after"":{""name"":""Acme Inc""}');
    expect(lines[3]).toContain('Retention policy applied,retention.applied,System');
    // Taking the whole platform's log is itself in the log, with the filter it was taken with.
    const exports = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'audit_log.exported'), eq(auditLogs.actorId, admin.user.id)));
    expect(exports).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ filter: expect.objectContaining({ q: acmeTarget }) }),
      }),
    ]);
  });

  it('is for administrators only', async () => {
    for (const account of [acme, applicant]) {
      expect((await account.call(adminAuditLogsContract.list)).statusCode).toBe(403);
      expect((await account.call(adminAuditLogsContract.exportCsv)).statusCode).toBe(403);
    }
    expect((await applicant.call(companyAuditLogsContract.list)).statusCode).toBe(403);
    const anonymous = await callContract((options) => testApp.app.inject(options), adminAuditLogsContract.list);
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows a company its own people's rows and never another company's", async () => {
    const response = await acme.call(companyAuditLogsContract.list, { query: { range: '30d', page_size: 100 } });
    expect(response.statusCode, JSON.stringify(response.error)).toBe(200);
    const items = response.body.items;
    expect(items.map((item) => item.id).sort()).toEqual([ids.acmeProfile, ids.acmeColleagueJob].map(String).sort());
    expect(items.every((item) => item.ip_address === null)).toBe(true);

    // Globex's rows, the admin's and the system's stay out whatever the search names.
    for (const q of [globexTarget, 'suspended', 'retention', acmeTarget]) {
      const searched = await companyList(acme, { range: '30d', q });
      expect(searched.every((item) => item.id === ids.acmeProfile || item.id === ids.acmeColleagueJob)).toBe(true);
    }
    const theirs = idsOf(await companyList(globex, { range: '30d' }));
    expect(theirs).toEqual([ids.globexJob]);
  });

  // A company's log is the rows its members wrote while members (audit_logs.company_id, filled when the
  // row is written): a member who leaves, even for another company, stays named on their past rows.
  it("keeps a member's rows in the company's log, named, after they leave", async () => {
    const acmeId = await companyIdOf(db(), acme.user.id);
    const globexId = await companyIdOf(db(), globex.user.id);
    const leaver = await signedInAccount(testApp, {
      role: 'company',
      name: 'Lena Leaver',
      email: `lena.${unique}@acme.test`,
      company: { id: acmeId, role: 'hiring_manager' },
    });
    const atAcme = await insertRow(
      'leaverAtAcme',
      { actorId: leaver.user.id, action: 'job.created', targetType: 'job', targetId: acmeTarget },
      HOUR,
    );
    await db().delete(companyMembers).where(eq(companyMembers.userId, leaver.user.id));
    await db().insert(companyMembers).values({ companyId: globexId, userId: leaver.user.id, role: 'viewer' });
    const atGlobex = await insertRow(
      'leaverAtGlobex',
      { actorId: leaver.user.id, action: 'job.created', targetType: 'job', targetId: globexTarget },
      HOUR,
    );

    const acmeRows = await companyList(acme, { range: '30d', page_size: 100 });
    expect(acmeRows.find((item) => item.id === atAcme)).toMatchObject({
      actor_name: 'Lena Leaver',
      actor_email: `lena.${unique}@acme.test`,
    });
    expect(acmeRows.map((item) => item.id)).not.toContain(atGlobex);
    // Every row of the company's log names who acted.
    expect(acmeRows.every((item) => item.actor_name !== null && item.actor_email !== null)).toBe(true);
    const globexRows = idsOf(await companyList(globex, { range: '30d', page_size: 100 }));
    expect(globexRows).toContain(atGlobex);
    expect(globexRows).not.toContain(atAcme);
    // The administrators' log names them too.
    const [adminRow] = await list({ q: `lena.${unique}@acme.test`, range: '24h' });
    expect(adminRow?.actor_name).toBe('Lena Leaver');
  });

  it('refuses bad parameters with a sentence', async () => {
    const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
    const refusals = [
      { type: 'robot' },
      { range: '1y' },
      { page_size: 0 },
      { page_size: 101 },
      { page_size: 'ten' },
      { after: 'not*a*cursor' },
      { after: cursorOf('yesterday|nothing') },
      {
        after: cursorOf(`2026-01-01T00:00:00.000000Z|${randomUUID()}`),
        before: cursorOf(`2026-01-01T00:00:00.000000Z|${randomUUID()}`),
      },
      { q: 'x'.repeat(201) },
      { after: cursorOf(`2026-02-30T00:00:00.000000Z|${randomUUID()}`) },
      { before: cursorOf(`2026-01-01 00:00|${randomUUID()}`) },
    ];
    for (const query of refusals) {
      const response = await admin.callUnchecked(adminAuditLogsContract.list, { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.error?.error).toEqual(expect.stringMatching(/\.$/));
    }
    // Text no column holds (a NUL byte) finds nothing rather than failing.
    const nul = await admin.call(adminAuditLogsContract.list, { query: { q: '\u0000' } });
    expect(nul.statusCode).toBeLessThan(500);
    const exportRefused = await admin.callUnchecked(adminAuditLogsContract.exportCsv, { query: { range: 'forever' } });
    expect(exportRefused.statusCode).toBe(400);
    // A search that fails in the database is answered with a sentence before the download starts, never
    // as a CSV cut off mid-way.
    const nulExport = await admin.call(adminAuditLogsContract.exportCsv, { query: { q: '\u0000' } });
    expect(nulExport.statusCode).toBeLessThan(500);
    expect(nulExport.headers['content-type']).not.toMatch(/^text\/csv/);
    expect(nulExport.error?.error).toEqual(expect.stringMatching(/\.$/));
  });
});
