import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { applicantProfiles, auditLogs, contactMessages, invoices, payments, sessions, users } from '../db/schema';
import { ANONYMIZED_NAME } from '../kernels/identity/anonymize-account';
import type { FileStore } from '../platform/file-store';
import { buildAccount, buildSession } from '../seed/factories';
import { companyIdOf, insertTestInvoice } from '../testing/payment-test-invoices';
import { insertPaidInvoice } from '../testing/privacy-test-fixtures';
import { createTestFileStore, storedFilesOf, storeTestFile } from '../testing/stored-file-helpers';
import { createTestDatabase } from '../testing/test-database';
import { applyRetention } from './apply-retention';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

// The daily retention run (Privacy Policy): inactive accounts after 3 years, analytics after 26 months,
// paid invoices after 7 years — on back-dated rows, and nothing else.
describe('the retention policy', () => {
  let database: DatabaseHandle;
  let files: FileStore;
  const db = () => database.db;
  const now = new Date();
  const ago = (years: number) => new Date(now.getTime() - years * YEAR_MS);

  async function backdate(userId: string, at: Date) {
    await db().update(users).set({ createdAt: at, lastSignInAt: at }).where(eq(users.id, userId));
    await db().update(sessions).set({ createdAt: at, lastSeenAt: at }).where(eq(sessions.userId, userId));
    await db().update(applicantProfiles).set({ lastActiveAt: at }).where(eq(applicantProfiles.userId, userId));
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    files = createTestFileStore(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('anonymises accounts inactive for 3 years and analytics older than 26 months, and drops paid invoices after 7 years', async () => {
    const { user: dormant } = await buildAccount(db(), { role: 'applicant', name: 'Dormant Applicant' });
    await buildSession(db(), dormant.id);
    const dormantPhoto = await storeTestFile(db(), files, { ownerId: dormant.id, asPhoto: true });
    await backdate(dormant.id, ago(3.2));
    const { user: dormantAdmin } = await buildAccount(db(), { role: 'admin' });
    await backdate(dormantAdmin.id, ago(4));
    const { user: owing } = await buildAccount(db(), { role: 'company' });
    await backdate(owing.id, ago(4));
    await insertTestInvoice(db(), { companyId: await companyIdOf(db(), owing.id), status: 'unpaid' });
    const { user: recent } = await buildAccount(db(), { role: 'applicant' });
    await backdate(recent.id, ago(2.9));
    // Created long ago, but signed in last week.
    const { user: returning } = await buildAccount(db(), { role: 'applicant' });
    await db()
      .update(users)
      .set({ createdAt: ago(5), lastSignInAt: new Date(now.getTime() - 7 * 86_400_000) })
      .where(eq(users.id, returning.id));

    const { user: active } = await buildAccount(db(), { role: 'company' });
    const activeCompany = await companyIdOf(db(), active.id);
    const oldSession = await buildSession(db(), active.id);
    await db()
      .update(sessions)
      .set({ createdAt: ago(2.25), expiresAt: new Date(now.getTime() + 86_400_000) })
      .where(eq(sessions.id, oldSession.sessionId));
    const expiredSession = await buildSession(db(), active.id);
    await db()
      .update(sessions)
      .set({ createdAt: ago(2.5), expiresAt: ago(2.4) })
      .where(eq(sessions.id, expiredSession.sessionId));
    const freshSession = await buildSession(db(), active.id);
    const [oldContact, newContact] = await db()
      .insert(contactMessages)
      .values([
        {
          name: 'A',
          email: 'a@example.test',
          message: 'Old',
          source: 'home',
          ipAddress: '203.0.113.1',
          userAgent: 'UA',
          createdAt: ago(2.3),
        },
        {
          name: 'B',
          email: 'b@example.test',
          message: 'New',
          source: 'home',
          ipAddress: '203.0.113.2',
          userAgent: 'UA',
        },
      ])
      .returning();
    const ancient = await insertPaidInvoice(db(), {
      companyId: activeCompany,
      issueDate: ago(7.5).toISOString().slice(0, 10),
    });
    const kept = await insertPaidInvoice(db(), {
      companyId: activeCompany,
      issueDate: ago(6).toISOString().slice(0, 10),
    });

    const counts = await applyRetention({ db: db(), files, now });
    expect(counts).toEqual({
      accounts_anonymized: 1,
      sessions_deleted: 1,
      sessions_anonymized: 1,
      contact_messages_anonymized: 1,
      emails_deleted: 0,
      invoices_deleted: 1,
      payments_deleted: 1,
    });

    const people = await db()
      .select()
      .from(users)
      .where(inArray(users.id, [dormant.id, dormantAdmin.id, owing.id, recent.id, returning.id]));
    const nameOf = (id: string) => people.find((person) => person.id === id)?.name;
    expect(nameOf(dormant.id)).toBe(ANONYMIZED_NAME);
    for (const id of [dormantAdmin.id, owing.id, recent.id, returning.id]) expect(nameOf(id)).not.toBe(ANONYMIZED_NAME);
    // Nothing of the dormant applicant is left in the file store.
    expect(await storedFilesOf(db(), dormant.id, [dormantPhoto])).toEqual({ files: 0, pieces: 0 });

    const activeSessions = await db().select().from(sessions).where(eq(sessions.userId, active.id));
    expect(activeSessions.map((session) => session.id).sort()).toEqual(
      [oldSession.sessionId, freshSession.sessionId].sort(),
    );
    expect(activeSessions.find((session) => session.id === oldSession.sessionId)).toMatchObject({
      ipAddress: null,
      userAgent: null,
    });
    expect(activeSessions.find((session) => session.id === freshSession.sessionId)?.ipAddress).not.toBeNull();
    const contacts = await db().select().from(contactMessages);
    expect(contacts.find((row) => row.id === oldContact?.id)).toMatchObject({ ipAddress: null, userAgent: null });
    expect(contacts.find((row) => row.id === newContact?.id)?.ipAddress).toBe('203.0.113.2');

    expect(await db().select().from(invoices).where(eq(invoices.id, ancient.id))).toEqual([]);
    expect(await db().select().from(payments).where(eq(payments.invoiceId, ancient.id))).toEqual([]);
    expect(await db().select().from(invoices).where(eq(invoices.id, kept.id))).toHaveLength(1);

    // This run's row: the latest, whatever ran before.
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'retention.applied'))
      .orderBy(desc(auditLogs.createdAt));
    expect(audit).toMatchObject({ actorId: null, targetType: 'system' });
    expect(audit?.details).toMatchObject({ accounts_anonymized: 1, invoices_deleted: 1 });
  });

  it('finds nothing left to do on a second run', async () => {
    const audits = () => db().select().from(auditLogs).where(eq(auditLogs.action, 'retention.applied'));
    // The first run of this case's own: whatever is due by then, whichever case ran before.
    await applyRetention({ db: db(), files, now });
    const auditedBefore = (await audits()).length;
    const counts = await applyRetention({ db: db(), files, now });
    expect(Object.values(counts).every((count) => count === 0)).toBe(true);
    expect(await audits()).toHaveLength(auditedBefore + 1);
  });
});
