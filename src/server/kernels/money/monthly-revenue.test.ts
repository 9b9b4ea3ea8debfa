import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { InvoiceStatus } from '~/shared/billing';
import { accountManagersContract } from '~/shared/contracts/account-managers';
import { adminCompaniesContract } from '~/shared/contracts/admin-companies';
import { adminDashboardContract } from '~/shared/contracts/admin-dashboard';
import { managerPortalContract } from '~/shared/contracts/manager-portal';
import { integerColumn } from '../../db/row-columns';
import { companies, invoices } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { signedInAccount } from '../../testing/auth-helpers';
import { companyIdOf, insertTestInvoice } from '../../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const isoDay = (day: Date) => day.toISOString().slice(0, 10);
const monthStart = (now: Date, monthsAhead = 0) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAhead, 1));

// Monthly Revenue (docs/decisions/023-monthly-revenue.md) is one figure wherever it is shown: the admin
// dashboard, Company Management (row and details), Account Manager Management (cards, rows, dialog) and
// the manager portal. Invoices issued this calendar month (UTC), paid or not, the work and the platform
// fee, before tax: each screen's figure is that sum over the companies it speaks of.
describe('Monthly Revenue', () => {
  let testApp: TestApp;
  let admin: Account;
  let manager: Account;
  const ids: Record<'managed' | 'alsoManaged' | 'unmanaged', string> = { managed: '', alsoManaged: '', unmanaged: '' };
  const db = () => testApp.database.db;

  async function invoice(companyId: string, workCents: number, issueDate: string, status: InvoiceStatus) {
    const stored = await insertTestInvoice(db(), { companyId, workCents, status });
    await db().update(invoices).set({ issueDate }).where(eq(invoices.id, stored.id));
    return stored;
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin', twoFactorExempt: true });
    manager = await signedInAccount(testApp, { role: 'account_manager' });
    for (const key of Object.keys(ids) as Array<keyof typeof ids>) {
      const owner = await signedInAccount(testApp, { role: 'company', companyName: `Revenue ${key}` });
      ids[key] = await companyIdOf(db(), owner.user.id);
    }
    await db()
      .update(companies)
      .set({ accountManagerId: manager.user.id })
      .where(sql`${companies.id} in (${ids.managed}, ${ids.alsoManaged})`);

    const now = new Date();
    const thisMonth = isoDay(monthStart(now));
    const lastDayOfLastMonth = isoDay(new Date(monthStart(now).getTime() - 86_400_000));
    // Work, the 10% fee and 5% tax on both (insertTestInvoice): revenue is work + fee.
    await invoice(ids.managed, 100_000, thisMonth, 'pending'); // 110,000
    await invoice(ids.managed, 20_000, isoDay(now), 'paid'); // 22,000
    await invoice(ids.managed, 30_000, thisMonth, 'overdue'); // 33,000
    await invoice(ids.alsoManaged, 40_000, isoDay(now), 'unpaid'); // 44,000 (a refunded one is unpaid again)
    await invoice(ids.unmanaged, 10_000, thisMonth, 'paid'); // 11,000
    // Last month's and next month's are not this month's.
    await invoice(ids.managed, 999_000, lastDayOfLastMonth, 'paid');
    await invoice(ids.managed, 888_000, isoDay(monthStart(now, 1)), 'pending');
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('is the same figure on every screen: invoices issued this month, work and fee, before tax', async () => {
    const expected = { managed: 165_000, alsoManaged: 44_000, unmanaged: 11_000 };
    const [direct] = await selectRows(
      db(),
      z.object({ revenue: integerColumn }),
      sql`select coalesce(sum(total_cents - tax_cents), 0)::bigint as revenue from invoices
          where date_trunc('month', issue_date) = date_trunc('month', (now() at time zone 'utc')::date)`,
    );
    const platform = expected.managed + expected.alsoManaged + expected.unmanaged;
    expect(direct?.revenue).toBe(platform);

    // The admin dashboard: every invoice of the month.
    const dashboard = await admin.call(adminDashboardContract.dashboard);
    expect(dashboard.statusCode).toBe(200);
    // Every company here bills in dollars: one currency, and the total in the reporting currency is its figure.
    expect(dashboard.body.monthly_revenue.currencies.map((row) => [row.currency, row.value])).toEqual([
      ['USD', platform],
    ]);
    expect(dashboard.body.monthly_revenue.total.value).toBe(platform);

    // Company Management: each row and its details, which add up to the dashboard's figure.
    const rows = (await admin.call(adminCompaniesContract.list, { query: { page_size: 100 } })).body.items;
    const rowOf = (id: string) => rows.find((row) => row.id === id)?.monthly_revenue_cents;
    expect(Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, rowOf(id)]))).toEqual(expected);
    expect(rows.reduce((sum, row) => sum + row.monthly_revenue_cents, 0)).toBe(platform);
    const detail = await admin.call(adminCompaniesContract.get, { params: { id: ids.managed } });
    expect(detail.body.monthly_revenue_cents).toBe(expected.managed);

    // Account Manager Management: the manager's row (its dialog shows the row) and the cards, over their
    // companies.
    const managedTotal = expected.managed + expected.alsoManaged;
    const managers = (await admin.call(accountManagersContract.list, { query: { page_size: 100 } })).body.items;
    expect(managers.find((row) => row.id === manager.user.id)?.monthly_revenue_cents).toBe(managedTotal);
    const cards = await admin.call(accountManagersContract.summary);
    expect(cards.body.monthly_revenue_cents).toBe(managedTotal);

    // The manager's own portal says the same of the same companies.
    const portal = (await manager.call(managerPortalContract.companies)).body;
    expect(portal.summary.monthly_revenue_cents).toBe(managedTotal);
    expect(portal.items.find((row) => row.id === ids.managed)?.monthly_revenue_cents).toBe(expected.managed);
    const portalDetail = await manager.call(managerPortalContract.company, { params: { id: ids.alsoManaged } });
    expect(portalDetail.body.company.monthly_revenue_cents).toBe(expected.alsoManaged);
  });
});
