import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { companies, companyMembers, users } from '../db/schema';
import { verifyPassword } from '../kernels/identity/passwords';
import { createTestDatabase } from '../testing/test-database';
import { DEMO_PASSWORD, demoAccountsSeeder } from './demo-accounts';
import { seedDemoData } from './seed-demo-data';

describe('the demo accounts', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  // Issue 32: the demo company is a team, one member per role worth trying (Owner, Hiring Manager, Billing).
  it('make the demo company a team of three in three roles; a second run adds nothing', async () => {
    await seedDemoData({ db: database.db, seeders: [demoAccountsSeeder] });
    const members = await database.db
      .select({ email: users.email, role: companyMembers.role, company: companies.name, hash: users.passwordHash })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .orderBy(asc(companyMembers.role));
    expect(members.map(({ email, role, company }) => ({ email, role, company }))).toEqual([
      { email: 'company@tandem.test', role: 'owner', company: 'Northwind Outfitters' },
      { email: 'hiring@tandem.test', role: 'hiring_manager', company: 'Northwind Outfitters' },
      { email: 'billing@tandem.test', role: 'billing', company: 'Northwind Outfitters' },
    ]);
    for (const member of members) expect(await verifyPassword(member.hash ?? '', DEMO_PASSWORD)).toBe(true);

    const again = await seedDemoData({ db: database.db, seeders: [demoAccountsSeeder] });
    expect(again).toEqual([{ name: 'demo accounts', created: 0 }]);
  });
});
