import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSums, talentBalanceOf } from '../../platform/ledger';
import { createTestDatabase } from '../../testing/test-database';
import type { DatabaseHandle } from '../client';
import { payoutRuns, payouts, users } from '../schema';
import { seedDemoData } from './seed-demo-data';

describe('the demo payouts', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('pays the demo talent what the paid invoices made available, leaves the rest pending, once', async () => {
    await seedDemoData({ db: database.db });
    const { db } = database;
    const [talent] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'talent@tandem.test'));
    const balance = await talentBalanceOf(db, talent?.id ?? '');
    // The paid invoice's week was paid out; the overdue and unpaid invoices' weeks wait for the company.
    expect(balance.paidOutCents).toBeGreaterThan(0);
    expect(balance.pendingCents).toBeGreaterThan(0);
    expect(balance.inTransitCents).toBe(0);
    const runs = await db.select().from(payoutRuns);
    expect(runs.map((run) => run.status)).toEqual(['completed']);
    const [paid] = await db
      .select()
      .from(payouts)
      .where(eq(payouts.applicantId, talent?.id ?? ''));
    expect(paid).toMatchObject({ status: 'paid', reference: 'DEMO-BDO-0001', amountCents: balance.paidOutCents });
    expect((await accountSums(db)).total).toBe(0);

    await seedDemoData({ db });
    expect(await db.select().from(payoutRuns)).toHaveLength(1);
    expect(await talentBalanceOf(db, talent?.id ?? '')).toEqual(balance);
  });
});
