import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database';
import type { DatabaseHandle } from '../client';
import { assignments, companyMembers, invoices, payments, timesheets, users } from '../schema';
import { seedDemoData } from './seed-demo-data';

describe('the demo work and billing', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('puts the demo talent to work for the demo company, with weeks of timesheets and invoices in every status', async () => {
    const report = await seedDemoData({ db: database.db });
    expect(report.find((entry) => entry.name === 'demo work and billing')?.created).toBeGreaterThan(0);
    const { db } = database;
    const [company] = await db
      .select({ companyId: companyMembers.companyId })
      .from(users)
      .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
      .where(eq(users.email, 'company@tandem.test'));
    const [talent] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'talent@tandem.test'));
    const companyId = company?.companyId ?? '';

    const [work] = await db
      .select({ id: assignments.id, status: assignments.status })
      .from(assignments)
      .where(and(eq(assignments.companyId, companyId), eq(assignments.applicantId, talent?.id ?? '')));
    expect(work?.status).toBe('active');
    const weeks = await db
      .select({ status: timesheets.status, pay: timesheets.talentPayCents, invoiceId: timesheets.invoiceId })
      .from(timesheets)
      .where(eq(timesheets.assignmentId, work?.id ?? ''));
    expect(weeks.map((week) => week.status).sort()).toEqual([
      'approved',
      'approved',
      'approved',
      'approved',
      'approved',
      'submitted',
    ]);
    for (const week of weeks.filter((each) => each.status === 'approved')) {
      expect(week.pay).toBeGreaterThan(0);
      expect(week.invoiceId).not.toBeNull();
    }

    const billed = await db
      .select({ id: invoices.id, status: invoices.status, total: invoices.totalCents })
      .from(invoices)
      .where(eq(invoices.companyId, companyId));
    expect(new Set(billed.map((invoice) => invoice.status))).toEqual(new Set(['paid', 'pending', 'unpaid', 'overdue']));
    // Every total is the sum of its items, to the cent.
    const mismatched = (await db.execute(
      sql`select i.id from invoices i join invoice_items it on it.invoice_id = i.id
          group by i.id, i.total_cents having i.total_cents <> sum(it.amount_cents)`,
    )) as unknown as { rows: unknown[] };
    expect(mismatched.rows).toEqual([]);
    // Paid invoices have their completed payment; the unpaid one its declined attempt.
    const charges = await db
      .select({ invoiceId: payments.invoiceId, status: payments.status, amount: payments.amountCents })
      .from(payments)
      .where(eq(payments.companyId, companyId));
    for (const invoice of billed) {
      const ofInvoice = charges.filter((charge) => charge.invoiceId === invoice.id);
      if (invoice.status === 'paid')
        expect(ofInvoice).toEqual([{ invoiceId: invoice.id, status: 'completed', amount: invoice.total }]);
      else if (invoice.status === 'unpaid') expect(ofInvoice.map((charge) => charge.status)).toEqual(['failed']);
      else expect(ofInvoice).toEqual([]);
    }

    const again = await seedDemoData({ db });
    expect(again.find((entry) => entry.name === 'demo work and billing')?.created).toBe(0);
    expect(await db.$count(invoices, eq(invoices.companyId, companyId))).toBe(billed.length);
  }, 180_000);
});
