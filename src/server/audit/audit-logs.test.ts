import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry, AuditLogPage } from '~/shared/audit-logs';
import { auditLogs, companyMembers } from '../db/schema';
import { signedInAccount } from '../testing/auth-helpers';
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
  const get = (url: string, account = admin) => account.request({ method: 'GET', url });
  const page = (response: { json: () => unknown }) => response.json() as AuditLogPage;
  const idsOf = (response: { json: () => unknown }) => page(response).items.map((item) => item.id);

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
    const system = await get('/api/admin/audit-logs?type=system&range=24h');
    expect(system.statusCode, system.body).toBe(200);
    const systemItems = page(system).items;
    expect(systemItems.map((item) => item.id)).toContain(ids.failedSignIn);
    expect(systemItems.every((item) => item.actor_kind === 'system' && item.actor_email === null)).toBe(true);
    expect(systemItems.map((item) => item.id)).not.toContain(ids.retention);

    const month = idsOf(await get('/api/admin/audit-logs?type=system&range=30d'));
    expect(month).toEqual(expect.arrayContaining([ids.failedSignIn, ids.retention]));

    const users = page(await get('/api/admin/audit-logs?type=user&range=7d&page_size=100')).items;
    expect(users.map((item) => item.id)).toEqual(
      expect.arrayContaining([ids.acmeProfile, ids.acmeColleagueJob, ids.globexJob, ids.suspended]),
    );
    expect(users.every((item) => item.actor_kind === 'user')).toBe(true);
    expect(users.map((item) => item.id)).not.toContain(ids.retention);
    const times = users.map((item) => Date.parse(item.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Nothing older than the longest range.
    const all = page(await get(`/api/admin/audit-logs?range=30d&q=${acmeTarget}`)).items;
    expect(all.map((item) => item.id).sort()).toEqual(
      [ids.acmeProfile, ids.acmeColleagueJob, ids.retention].map(String).sort(),
    );
  });

  it('answers an entry with its actor, target, readable action and before/after details', async () => {
    const [entry] = page(await get(`/api/admin/audit-logs?q=${acmeTarget}&range=24h`)).items;
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
    const suspended = page(await get('/api/admin/audit-logs?q=Suspended&range=30d')).items;
    expect(suspended.map((item) => item.id)).toContain(ids.suspended);
    expect(suspended.every((item) => item.action === 'company.suspended')).toBe(true);

    const byCode = idsOf(await get('/api/admin/audit-logs?q=company.suspended'));
    expect(byCode).toContain(ids.suspended);

    const byEmail = page(await get(`/api/admin/audit-logs?q=${encodeURIComponent(`OWNER.${unique}@ACME.TEST`)}`));
    expect(byEmail.items.map((item) => item.id)).toEqual([ids.acmeProfile]);

    const byTarget = idsOf(await get(`/api/admin/audit-logs?q=${globexTarget}&range=30d`));
    expect(byTarget.sort()).toEqual([ids.globexJob, ids.suspended].map(String).sort());

    const byType = page(await get(`/api/admin/audit-logs?q=${pagingType}`)).items;
    expect(byType).toHaveLength(7);

    for (const nothing of ['%', 'zz-no-such-action', `x${unique}@nowhere.test`]) {
      const response = await get(`/api/admin/audit-logs?q=${encodeURIComponent(nothing)}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(page(response).items).toEqual([]);
    }
  });

  it('pages with a stable cursor forwards and back, each row exactly once', async () => {
    // Rows of its own type: the row it adds below stays out of the search case's count, in any order.
    const pagedType = `paged_${unique}`;
    await insertSameMomentRows(pagedType);
    const url = (extra: string) => `/api/admin/audit-logs?q=${pagedType}&page_size=3${extra}`;
    const first = page(await get(url('')));
    expect(first.items).toHaveLength(3);
    expect(first.previous_cursor).toBeNull();
    expect(first.next_cursor).toEqual(expect.any(String));

    const second = page(await get(url(`&after=${first.next_cursor}`)));
    const third = page(await get(url(`&after=${second.next_cursor}`)));
    expect(second.items).toHaveLength(3);
    expect(third.items).toHaveLength(1);
    expect(third.next_cursor).toBeNull();
    const seen = [...first.items, ...second.items, ...third.items].map((item) => item.target_id);
    expect(new Set(seen).size).toBe(7);

    // A row written meanwhile does not shift the pages already handed out.
    await insertRow('late', { actorId: admin.user.id, action: 'settings.updated', targetType: pagedType }, 0);
    const back = page(await get(url(`&before=${third.previous_cursor}`)));
    expect(back.items.map((item) => item.id)).toEqual(second.items.map((item) => item.id));
    const backToFirst = page(await get(url(`&before=${back.previous_cursor}`)));
    expect(backToFirst.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
    // The first page now has a newer row before it.
    expect(backToFirst.previous_cursor).toEqual(expect.any(String));
    const newest = page(await get(url(`&before=${backToFirst.previous_cursor}`)));
    expect(newest.items.map((item) => item.id)).toEqual([ids.late]);
    expect(newest.previous_cursor).toBeNull();
  });

  it('exports the filtered rows as CSV', async () => {
    const response = await get(`/api/admin/audit-logs/export.csv?q=${acmeTarget}&range=30d`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(response.body.match(/\uFEFF/g)).toHaveLength(1);
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
      expect((await get('/api/admin/audit-logs', account)).statusCode).toBe(403);
      expect((await get('/api/admin/audit-logs/export.csv', account)).statusCode).toBe(403);
    }
    expect((await get('/api/company/audit-logs', applicant)).statusCode).toBe(403);
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/admin/audit-logs' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows a company its own people's rows and never another company's", async () => {
    const response = await get('/api/company/audit-logs?range=30d&page_size=100', acme);
    expect(response.statusCode, response.body).toBe(200);
    const items = page(response).items;
    expect(items.map((item) => item.id).sort()).toEqual([ids.acmeProfile, ids.acmeColleagueJob].map(String).sort());
    expect(items.every((item) => item.ip_address === null)).toBe(true);

    // Globex's rows, the admin's and the system's stay out whatever the search names.
    for (const q of [globexTarget, 'suspended', 'retention', acmeTarget]) {
      const searched = page(await get(`/api/company/audit-logs?range=30d&q=${q}`, acme)).items;
      expect(searched.every((item) => item.id === ids.acmeProfile || item.id === ids.acmeColleagueJob)).toBe(true);
    }
    const theirs = idsOf(await get('/api/company/audit-logs?range=30d', globex));
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

    const acmeRows = page(await get('/api/company/audit-logs?range=30d&page_size=100', acme)).items;
    expect(acmeRows.find((item) => item.id === atAcme)).toMatchObject({
      actor_name: 'Lena Leaver',
      actor_email: `lena.${unique}@acme.test`,
    });
    expect(acmeRows.map((item) => item.id)).not.toContain(atGlobex);
    // Every row of the company's log names who acted.
    expect(acmeRows.every((item) => item.actor_name !== null && item.actor_email !== null)).toBe(true);
    const globexRows = idsOf(await get('/api/company/audit-logs?range=30d&page_size=100', globex));
    expect(globexRows).toContain(atGlobex);
    expect(globexRows).not.toContain(atAcme);
    // The administrators' log names them too.
    const [adminRow] = page(await get(`/api/admin/audit-logs?q=lena.${unique}@acme.test&range=24h`)).items;
    expect(adminRow?.actor_name).toBe('Lena Leaver');
  });

  it('refuses bad parameters with a sentence', async () => {
    const refusals = [
      'type=robot',
      'range=1y',
      'page_size=0',
      'page_size=101',
      'page_size=ten',
      'after=not*a*cursor',
      `after=${Buffer.from('yesterday|nothing').toString('base64url')}`,
      `after=${Buffer.from(`2026-01-01T00:00:00.000000Z|${randomUUID()}`).toString('base64url')}&before=${Buffer.from(`2026-01-01T00:00:00.000000Z|${randomUUID()}`).toString('base64url')}`,
      `q=${'x'.repeat(201)}`,
      `after=${Buffer.from(`2026-02-30T00:00:00.000000Z|${randomUUID()}`).toString('base64url')}`,
      `before=${Buffer.from(`2026-01-01 00:00|${randomUUID()}`).toString('base64url')}`,
    ];
    for (const query of refusals) {
      const response = await get(`/api/admin/audit-logs?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toEqual(expect.stringMatching(/\.$/));
    }
    // Text no column holds (a NUL byte) finds nothing rather than failing.
    const nul = await get('/api/admin/audit-logs?q=%00');
    expect(nul.statusCode).toBeLessThan(500);
    const exportRefused = await get('/api/admin/audit-logs/export.csv?range=forever');
    expect(exportRefused.statusCode).toBe(400);
    // A search that fails in the database is answered with a sentence before the download starts, never
    // as a CSV cut off mid-way.
    const nulExport = await get('/api/admin/audit-logs/export.csv?q=%00');
    expect(nulExport.statusCode).toBeLessThan(500);
    expect(nulExport.headers['content-type']).not.toMatch(/^text\/csv/);
    expect(nulExport.json().error).toEqual(expect.stringMatching(/\.$/));
  });
});
