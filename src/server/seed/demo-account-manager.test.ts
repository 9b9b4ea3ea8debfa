import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findManagedCompanies } from '../account-managers/find-managed-companies';
import type { DatabaseHandle } from '../db/client';
import { accountManagerProfiles, users } from '../db/schema';
import { createTestDatabase } from '../testing/test-database';
import { demoAccountManagerSeeder } from './demo-account-manager';
import { demoAccountsSeeder } from './demo-accounts';
import { seedDemoData } from './seed-demo-data';

describe('the demo account manager', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('signs in as manager@tandem.test with a profile, looking after the demo company; a second run adds nothing', async () => {
    const seeders = [demoAccountsSeeder, demoAccountManagerSeeder];
    const first = await seedDemoData({ db: database.db, seeders });
    expect(first.find((entry) => entry.name === 'demo account manager')?.created).toBe(1);
    const [manager] = await database.db
      .select()
      .from(users)
      .innerJoin(accountManagerProfiles, eq(accountManagerProfiles.userId, users.id))
      .where(eq(users.email, 'manager@tandem.test'));
    expect(manager?.users).toMatchObject({ role: 'account_manager', name: 'Priya Sharma' });
    expect(manager?.users.passwordHash).toBeTruthy();
    expect(manager?.account_manager_profiles.specialties).toEqual(['Retail', 'E-commerce', 'Customer Support']);
    const managed = await findManagedCompanies({
      db: database.db,
      managerId: manager?.users.id ?? '',
      page: 1,
      pageSize: 20,
    });
    expect(managed.items.map((company) => company.name)).toEqual(['Northwind Outfitters']);

    const again = await seedDemoData({ db: database.db, seeders });
    expect(again.every((entry) => entry.created === 0)).toBe(true);
  });
});
