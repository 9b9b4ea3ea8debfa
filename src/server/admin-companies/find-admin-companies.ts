import { and, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  type AdminCompany,
  type AdminCompanyList,
  type CompanyStatus,
  companyStatuses,
} from '~/shared/admin-companies';
import { currencyOf } from '~/shared/currencies';
import type { Database } from '../db/client';
import { containingPattern } from '../db/like-pattern';
import { idRow, integerColumn, uuidColumn } from '../db/row-columns';
import { companies, companyStatusCounts, users } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { textArrayLiteral } from '../db/text-array-literal';
import { monthlyRevenueOf, revenueMonthOf } from '../kernels/money/monthly-revenue';

interface AdminCompanyFilter {
  q?: string;
  status?: CompanyStatus;
}

const accountManagers = alias(users, 'account_manager');

// Companies not deleted; name or contact email anywhere, any case; one status.
function whereOf({ q, status }: AdminCompanyFilter): SQL | undefined {
  const search = q?.trim();
  return and(
    isNull(companies.deletedAt),
    status ? eq(companies.status, status) : undefined,
    search
      ? or(ilike(companies.name, containingPattern(search)), ilike(companies.contactEmail, containingPattern(search)))
      : undefined,
  );
}

const columns = {
  id: companies.id,
  name: companies.name,
  contactEmail: companies.contactEmail,
  status: companies.status,
  accountManagerId: companies.accountManagerId,
  accountManagerName: accountManagers.name,
  billingCurrency: companies.billingCurrency,
  createdAt: companies.createdAt,
};
type CompanyRow = {
  id: string;
  name: string;
  contactEmail: string;
  status: CompanyStatus;
  accountManagerId: string | null;
  accountManagerName: string | null;
  billingCurrency: string;
  createdAt: Date;
};

export interface CompanyFigures {
  workers: number;
  activeJobs: number;
  monthlyRevenueCents: number;
}

// The row's figures, computed for the given companies only (a page of 20 reads the assignments, jobs
// and invoices of those 20): people placed now, jobs taking applications, Monthly Revenue (decision 023).
async function findCompanyFigures(
  db: Database,
  companyIds: string[],
  now = new Date(),
): Promise<Map<string, CompanyFigures>> {
  if (companyIds.length === 0) return new Map();
  const rows = await selectRows(
    db,
    z.object({
      id: uuidColumn,
      workers: integerColumn,
      active_jobs: integerColumn,
      monthly_revenue_cents: integerColumn,
    }),
    sql`
    select c.id,
      (select count(*)::int from assignments a where a.company_id = c.id and a.status = 'active') as workers,
      (select count(*)::int from jobs j where j.company_id = c.id and j.status = 'open') as active_jobs,
      ${monthlyRevenueOf(sql`c.id`, revenueMonthOf(now))} as monthly_revenue_cents
    from unnest(${textArrayLiteral(companyIds)}::uuid[]) as c(id)
  `,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        workers: row.workers,
        activeJobs: row.active_jobs,
        monthlyRevenueCents: row.monthly_revenue_cents,
      },
    ]),
  );
}

function adminCompanyView(row: CompanyRow, figures: CompanyFigures | undefined): AdminCompany {
  return {
    id: row.id,
    name: row.name,
    contact_email: row.contactEmail,
    status: row.status,
    account_manager_id: row.accountManagerId,
    account_manager_name: row.accountManagerName,
    workers: figures?.workers ?? 0,
    active_jobs: figures?.activeJobs ?? 0,
    monthly_revenue_cents: figures?.monthlyRevenueCents ?? 0,
    currency: currencyOf(row.billingCurrency),
    created_at: row.createdAt.toISOString(),
  };
}

const selectCompanies = (db: Database) =>
  db
    .select(columns)
    .from(companies)
    .leftJoin(accountManagers, eq(accountManagers.id, companies.accountManagerId))
    .$dynamic();

// One company as the list shows it; a deleted one is no longer there.
export async function loadAdminCompany(db: Database, id: string): Promise<AdminCompany | undefined> {
  const [row] = await selectCompanies(db).where(and(eq(companies.id, id), isNull(companies.deletedAt)));
  if (!row) return undefined;
  const figures = await findCompanyFigures(db, [row.id]);
  return adminCompanyView(row, figures.get(row.id));
}

// The ids of a page, newest first. Without a search each status is read from companies_admin_list_idx
// (status, created_at) in order and only as far as the page needs; without a status filter the two runs
// are merged, rather than every company sorted. With a search the matches come first, from the trigram
// indexes (migration 0025), then are sorted: walking the date index for a rare name would pass over
// every company.
async function findPageIds(db: Database, filter: AdminCompanyFilter, limit: number, offset: number) {
  if (filter.q?.trim()) {
    const rows = await selectRows(
      db,
      idRow,
      sql`
      with matches as materialized (
        select ${companies.id} as id, ${companies.createdAt} as created_at from ${companies} where ${whereOf(filter)}
      )
      select id from matches order by created_at desc, id desc limit ${limit} offset ${offset}
    `,
    );
    return rows.map((row) => row.id);
  }
  const statuses = filter.status ? [filter.status] : companyStatuses;
  const runs = statuses.map(
    (status) => sql`(select ${companies.id} as id, ${companies.createdAt} as created_at from ${companies}
      where ${whereOf({ ...filter, status })}
      order by ${companies.createdAt} desc, ${companies.id} desc limit ${limit + offset})`,
  );
  const rows = await selectRows(
    db,
    idRow,
    sql`
    select id from (${sql.join(runs, sql` union all `)}) as page
    order by created_at desc, id desc limit ${limit} offset ${offset}
  `,
  );
  return rows.map((row) => row.id);
}

// How many companies the filter finds: without a search, the counts the companies trigger keeps
// (migration 0027) rather than a count over every company on each page.
async function countCompanies(db: Database, filter: AdminCompanyFilter): Promise<number> {
  if (filter.q?.trim()) {
    const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(companies).where(whereOf(filter));
    return counted?.total ?? 0;
  }
  const [counted] = await db
    .select({ total: sql<number>`coalesce(sum(${companyStatusCounts.total}), 0)::int` })
    .from(companyStatusCounts)
    .where(filter.status ? eq(companyStatusCounts.status, filter.status) : undefined);
  return counted?.total ?? 0;
}

// Company Management's page: companies not deleted, newest first, with the figures computed for its
// rows only.
export async function findAdminCompanies({
  db,
  filter,
  page,
  pageSize,
}: {
  db: Database;
  filter: AdminCompanyFilter;
  page: number;
  pageSize: number;
}): Promise<AdminCompanyList> {
  const [ids, total] = await Promise.all([
    findPageIds(db, filter, pageSize, (page - 1) * pageSize),
    countCompanies(db, filter),
  ]);
  const [rows, figures] = await Promise.all([
    ids.length > 0 ? selectCompanies(db).where(inArray(companies.id, ids)) : [],
    findCompanyFigures(db, ids),
  ]);
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  return {
    items: ids.flatMap((id) => {
      const row = rowOf.get(id);
      return row ? [adminCompanyView(row, figures.get(id))] : [];
    }),
    total,
    page,
    page_size: pageSize,
  };
}
