import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './client';
import { planEachTime } from './named-statements';
import { preparedStatement, preparedStatements } from './prepared-statements';
import { companies } from './schema';

describe('prepared statements', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(companies).values([
      { name: 'Acme', contactEmail: 'acme@example.test' },
      { name: 'Globex', contactEmail: 'globex@example.test' },
    ]);
  });
  afterAll(async () => {
    await database.close();
  });

  it('builds a statement once per database and shape, and runs it with each call’s values', async () => {
    let builds = 0;
    const companyNamed = preparedStatements((db, shape: 'exact' | 'prefix') => {
      builds += 1;
      const name = sql.placeholder('name');
      return db
        .select({ name: companies.name })
        .from(companies)
        .where(shape === 'exact' ? eq(companies.name, name) : sql`${companies.name} like ${name} || '%'`)
        .prepare(`test_company_${shape}`);
    });
    const { db } = database;

    expect(await companyNamed(db, 'exact').execute({ name: 'Acme' })).toEqual([{ name: 'Acme' }]);
    expect(await companyNamed(db, 'exact').execute({ name: 'Globex' })).toEqual([{ name: 'Globex' }]);
    expect(await companyNamed(db, 'prefix').execute({ name: 'Glo' })).toEqual([{ name: 'Globex' }]);
    expect(companyNamed(db, 'exact')).toBe(companyNamed(db, 'exact'));
    expect(builds).toBe(2);

    const companyCount = preparedStatement((db) =>
      db
        .select({ value: sql<number>`count(*)::int` })
        .from(companies)
        .where(sql`${companies.name} <> ${sql.placeholder('except')}`)
        .prepare('test_company_count'),
    );
    expect(await companyCount(db).execute({ except: 'Acme' })).toEqual([{ value: 1 }]);
  });

  // The pg client names parameterised SELECTs after their text (named-statements.ts), so PostgreSQL
  // parses each once per connection; PGlite is one embedded session that keeps none by name.
  it('keeps a parameterised SELECT prepared on its PostgreSQL connection, and no INSERT', async () => {
    const { db } = database;
    // Both on the same connection: a transaction holds one.
    const prepared = await db.transaction(async (tx) => {
      const [acme] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Acme'));
      expect(acme?.id).toBeTruthy();
      await tx.insert(companies).values({ name: 'Initech', contactEmail: 'initech@example.test' });
      const result = await tx.execute(sql`select name, statement from pg_prepared_statements`);
      // Gone again, so the other tests find the two companies they count on, in any order.
      await tx.delete(companies).where(eq(companies.name, 'Initech'));
      // The Database type spans both drivers, whose execute() results differ; both carry rows.
      return (result as unknown as { rows: Array<{ name: string; statement: string }> }).rows;
    });
    const selects = prepared.filter((row) => row.statement.startsWith('select "id" from "companies"'));
    expect(prepared.some((row) => row.statement.startsWith('insert'))).toBe(false);
    if (database.driver === 'postgres') {
      expect(selects).toHaveLength(1);
      expect(selects[0]?.name).toMatch(/^q_/);
    } else {
      expect(selects).toEqual([]);
    }
  });

  it('leaves a query whose values decide its plan unprepared, so each run is planned with them', async () => {
    const { db } = database;
    const prepared = await db.transaction(async (tx) => {
      const found = await tx.execute(planEachTime(sql`select name from companies where name = ${'Globex'}`));
      expect((found as unknown as { rows: Array<{ name: string }> }).rows).toEqual([{ name: 'Globex' }]);
      const result = await tx.execute(sql`select statement from pg_prepared_statements`);
      return (result as unknown as { rows: Array<{ statement: string }> }).rows;
    });
    expect(prepared.filter((row) => row.statement.includes('where name ='))).toEqual([]);
  });
});
