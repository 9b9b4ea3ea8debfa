import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  accountManagerTexts,
  MANAGED_COMPANY_LIST_LIMIT,
  type ManagedCompany,
  type ManagedCompanyDetail,
  type ManagedCompanyList,
} from '~/shared/account-managers';
import type { Database } from '../db/client';
import { applications, assignments, companies, companyMembers, jobs, users } from '../db/schema';
import { lastActiveAtOf } from '../kernels/identity/member-activity';
import { monthlyRevenueOf, type RevenueMonth, revenueMonthOf } from '../kernels/money/monthly-revenue';
import { AppError } from '../platform/errors';
import { companiesManagedBy, employeesOf, openJobsOf } from './company-figures';

// The manager portal. Tenancy is in every query: a company is found only through
// companies.account_manager_id = the signed-in manager, so another manager's company is never seen.

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const assignedTo = (managerId: string) => and(eq(companies.accountManagerId, managerId), isNull(companies.deletedAt));

function selectCompanies(db: Database, month: RevenueMonth) {
  const self = sql`${companies.id}`;
  return db
    .select({
      id: companies.id,
      name: companies.name,
      contactEmail: companies.contactEmail,
      status: companies.status,
      totalEmployees: employeesOf(self),
      openJobs: openJobsOf(self),
      monthlyRevenueCents: monthlyRevenueOf(self, month),
    })
    .from(companies);
}

type Row = Awaited<ReturnType<typeof selectCompanies>>[number];

const companyView = (row: Row): ManagedCompany => ({
  id: row.id,
  name: row.name,
  contact_email: row.contactEmail,
  status: row.status,
  total_employees: row.totalEmployees,
  open_jobs: row.openJobs,
  monthly_revenue_cents: Number(row.monthlyRevenueCents),
});

// "My Companies": the manager's companies by name, searchable, a page at a time, with the totals.
export async function findManagedCompanies({
  db,
  managerId,
  q,
  page,
  pageSize,
  now = new Date(),
}: {
  db: Database;
  managerId: string;
  q?: string;
  page: number;
  pageSize: number;
  now?: Date;
}): Promise<ManagedCompanyList> {
  const month = revenueMonthOf(now);
  const search = q?.trim();
  const where: SQL | undefined = and(
    assignedTo(managerId),
    search
      ? or(ilike(companies.name, likePattern(search)), ilike(companies.contactEmail, likePattern(search)))
      : undefined,
  );
  const managed = companiesManagedBy(managerId);
  const [rows, [counted], [summary]] = await Promise.all([
    selectCompanies(db, month)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(companies).where(where),
    db
      .select({
        totalCompanies: sql<number>`(select count(*) from (${managed}) as counted)::int`,
        totalEmployees: employeesOf(managed),
        monthlyRevenueCents: monthlyRevenueOf(managed, month),
      })
      .from(sql`(select 1) as one`),
  ]);
  return {
    items: rows.map(companyView),
    total: counted?.total ?? 0,
    page,
    page_size: pageSize,
    summary: {
      total_companies: summary?.totalCompanies ?? 0,
      total_employees: summary?.totalEmployees ?? 0,
      monthly_revenue_cents: Number(summary?.monthlyRevenueCents ?? 0),
    },
  };
}

// One of the manager's companies: its members, the talent at work there, its open jobs. 404 for any
// company not assigned to the manager, whether or not it exists.
export async function getManagedCompany({
  db,
  managerId,
  companyId,
  now = new Date(),
}: {
  db: Database;
  managerId: string;
  companyId: string;
  now?: Date;
}): Promise<ManagedCompanyDetail> {
  const [row] = await selectCompanies(db, revenueMonthOf(now)).where(
    and(eq(companies.id, companyId), assignedTo(managerId)),
  );
  if (!row) throw new AppError('not_found', accountManagerTexts.companyNotFound);

  const limit = MANAGED_COMPANY_LIST_LIMIT;
  const activeAssignments = and(eq(assignments.companyId, companyId), eq(assignments.status, 'active'));
  const openJobs = and(eq(jobs.companyId, companyId), eq(jobs.status, 'open'));
  const [members, memberCount, people, peopleCount, openJobRows, openJobCount] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: companyMembers.role,
        lastActiveAt: lastActiveAtOf(companyMembers.userId),
      })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, companyId))
      .orderBy(asc(companyMembers.role), asc(users.name))
      .limit(limit),
    db.select({ total: count() }).from(companyMembers).where(eq(companyMembers.companyId, companyId)),
    db
      .select({
        id: assignments.id,
        talentName: users.name,
        talentEmail: users.email,
        role: assignments.role,
        startDate: assignments.startDate,
        rateCents: assignments.rateCents,
        weeklyHours: assignments.weeklyHours,
      })
      .from(assignments)
      .innerJoin(users, eq(users.id, assignments.applicantId))
      .where(activeAssignments)
      .orderBy(asc(users.name), asc(assignments.id))
      .limit(limit),
    db.select({ total: count() }).from(assignments).where(activeAssignments),
    db
      .select({
        id: jobs.id,
        title: jobs.title,
        publishedAt: jobs.publishedAt,
        applications: sql<number>`(select count(*) from ${applications} where ${applications.jobId} = ${jobs.id})::int`,
      })
      .from(jobs)
      .where(openJobs)
      .orderBy(desc(jobs.publishedAt), asc(jobs.id))
      .limit(limit),
    db.select({ total: count() }).from(jobs).where(openJobs),
  ]);

  return {
    company: companyView(row),
    members: members.map(({ lastActiveAt, ...member }) => ({
      ...member,
      last_active_at: lastActiveAt?.toISOString() ?? null,
    })),
    assignments: people.map((person) => ({
      id: person.id,
      talent_name: person.talentName,
      talent_email: person.talentEmail,
      role: person.role,
      start_date: person.startDate,
      rate_cents: person.rateCents,
      weekly_hours: person.weeklyHours,
    })),
    open_jobs: openJobRows.map((job) => ({
      id: job.id,
      title: job.title,
      published_at: job.publishedAt?.toISOString() ?? null,
      applications: job.applications,
    })),
    totals: {
      members: memberCount[0]?.total ?? 0,
      assignments: peopleCount[0]?.total ?? 0,
      open_jobs: openJobCount[0]?.total ?? 0,
    },
  };
}
