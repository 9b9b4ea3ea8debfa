import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AccountManager, AccountManagerList, AccountManagerSummary } from '~/shared/account-managers';
import type { Database } from '../db/client';
import { accountManagerProfiles, users } from '../db/schema';
import { monthlyRevenueOf, type RevenueMonth, revenueMonthOf } from '../kernels/money/monthly-revenue';
import { companiesManagedBy, employeesOf } from './company-figures';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

// Every account manager with the figures of the companies assigned to them. A manager without a profile
// row (made before profiles existed, or by the admin command) shows the profile's defaults.
function selectManagers(db: Database, month: RevenueMonth) {
  const managed = companiesManagedBy(sql`${users.id}`);
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      createdAt: users.createdAt,
      status: accountManagerProfiles.status,
      specialties: accountManagerProfiles.specialties,
      bio: accountManagerProfiles.bio,
      joinDate: accountManagerProfiles.joinDate,
      totalCompanies: sql<number>`(select count(*) from (${managed}) as counted)::int`,
      totalEmployees: employeesOf(managed),
      monthlyRevenueCents: monthlyRevenueOf(managed, month),
    })
    .from(users)
    .leftJoin(accountManagerProfiles, eq(accountManagerProfiles.userId, users.id));
}

type Row = Awaited<ReturnType<typeof selectManagers>>[number];

function accountManagerView(row: Row): AccountManager {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status ?? 'active',
    total_companies: row.totalCompanies,
    total_employees: row.totalEmployees,
    monthly_revenue_cents: Number(row.monthlyRevenueCents),
    specialties: row.specialties ?? [],
    bio: row.bio ?? '',
    join_date: row.joinDate ?? row.createdAt.toISOString().slice(0, 10),
    has_password: row.hasPassword,
  };
}

const isManager = eq(users.role, 'account_manager');

function whereOf(q: string | undefined): SQL | undefined {
  const search = q?.trim();
  return and(
    isManager,
    search ? or(ilike(users.name, likePattern(search)), ilike(users.email, likePattern(search))) : undefined,
  );
}

// Account Manager Management's table: search by name or email, by name, a page at a time.
export async function findAccountManagers({
  db,
  q,
  page,
  pageSize,
  now = new Date(),
}: {
  db: Database;
  q?: string;
  page: number;
  pageSize: number;
  now?: Date;
}): Promise<AccountManagerList> {
  const where = whereOf(q);
  const [rows, [counted]] = await Promise.all([
    selectManagers(db, revenueMonthOf(now))
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { items: rows.map(accountManagerView), total: counted?.total ?? 0, page, page_size: pageSize };
}

export async function getAccountManager({
  db,
  id,
  now = new Date(),
}: {
  db: Database;
  id: string;
  now?: Date;
}): Promise<AccountManager | undefined> {
  const [row] = await selectManagers(db, revenueMonthOf(now)).where(and(isManager, eq(users.id, id)));
  return row && accountManagerView(row);
}

// The four cards: managers, the companies that have one, their active assignments and this month's invoices.
export async function getAccountManagerSummary({
  db,
  now = new Date(),
}: {
  db: Database;
  now?: Date;
}): Promise<AccountManagerSummary> {
  const managed = sql`select managed.id from companies managed join users manager on manager.id = managed.account_manager_id where manager.role = 'account_manager' and managed.deleted_at is null`;
  const [row] = await db
    .select({
      totalManagers: sql<number>`count(*)::int`,
      totalCompanies: sql<number>`(select count(*) from (${managed}) as counted)::int`,
      totalEmployees: employeesOf(managed),
      monthlyRevenueCents: monthlyRevenueOf(managed, revenueMonthOf(now)),
    })
    .from(users)
    .where(isManager);
  return {
    total_managers: row?.totalManagers ?? 0,
    total_companies: row?.totalCompanies ?? 0,
    total_employees: row?.totalEmployees ?? 0,
    monthly_revenue_cents: Number(row?.monthlyRevenueCents ?? 0),
  };
}
