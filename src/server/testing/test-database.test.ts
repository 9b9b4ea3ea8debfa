import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, platformSettings, users } from '../db/schema';
import { buildAccount } from '../seed/factories';
import { createTestDatabase } from './test-database';

// A worker keeps one database between its files (test-database.ts): each file must still start from the
// template, and a closed database must act closed.
const rowCount = async (database: Awaited<ReturnType<typeof createTestDatabase>>, table: typeof users) =>
  (await database.db.select({ n: count() }).from(table))[0]?.n;

describe('the test database a worker keeps between files', () => {
  it('starts each file from the template, whatever the file before it left', async () => {
    const first = await createTestDatabase();
    const settingsInTemplate = (await first.db.select().from(platformSettings)).length;
    expect(settingsInTemplate).toBeGreaterThan(0);
    const account = await buildAccount(first.db, { role: 'company' });
    // The append-only audit log and the never-deleted users must be emptied too.
    await first.db.insert(auditLogs).values({ actorId: account.user.id, action: 'test.left-behind' });
    await first.db.update(platformSettings).set({ value: 999 }).where(sql`true`);
    await first.close();

    const next = await createTestDatabase();
    expect(await rowCount(next, users)).toBe(0);
    expect((await next.db.select({ n: count() }).from(auditLogs))[0]?.n).toBe(0);
    const settings = await next.db.select().from(platformSettings);
    expect(settings).toHaveLength(settingsInTemplate);
    expect(settings.every((setting) => setting.value !== 999)).toBe(true);
    await next.close();
  });

  it('refuses queries once closed, as a closed database does', async () => {
    const database = await createTestDatabase();
    await database.close();
    await expect(database.ping()).rejects.toThrow();
  });

  it('gives a file that holds it a separate copy for a second database', async () => {
    const held = await createTestDatabase();
    const second = await createTestDatabase();
    await buildAccount(second.db, { role: 'applicant' });
    expect(await rowCount(second, users)).toBe(1);
    expect(await rowCount(held, users)).toBe(0);
    await second.close();
    expect(await rowCount(held, users)).toBe(0);
    await held.close();
  });
});
