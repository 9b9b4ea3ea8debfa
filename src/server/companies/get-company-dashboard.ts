import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { OUTSTANDING_INVOICE_STATUSES } from '~/shared/billing';
import {
  COMPANY_DASHBOARD_EMPLOYEES,
  COMPANY_DASHBOARD_JOBS_PER_COLUMN,
  type CompanyDashboard,
  dashboardPipelineColumns,
} from '~/shared/companies';
import { currencyOf, DEFAULT_CURRENCY } from '~/shared/currencies';
import { can, type Principal } from '~/shared/permissions';
import type { Database } from '../db/client';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { applications, assignments, companies, invoices, jobs, timesheets, users } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { openJobStageRanks, pipelineStageRankOf } from '../kernels/hiring/load-job-views';
import { shiftStatusSql } from '../kernels/work/assignment-views';
import type { LiveHub } from '../platform/live-hub';

const pipelineRow = z.object({
  id: uuidColumn,
  title: z.string(),
  stage: z.enum(dashboardPipelineColumns),
  applicant_count: integerColumn,
  total: integerColumn,
});

// Featured Candidates search by this many of the open jobs' skills.
const FEATURED_SKILLS = 5;

// The Job Pipeline card's columns, as the Jobs list shows the same jobs: Draft is the drafts, Open every
// open job (the Open Jobs figure), Interviewing the open jobs whose badge says Interviewing or Offer (the
// pipeline rank of load-job-views.ts, shown beside Open as visiblePipelineStage says). A paused job is in
// none: its badge says only Paused, so the card counts it apart. Each column's newest few and its size,
// in one statement however many jobs; the applications counted as the Jobs list counts them.
async function findPipeline(db: Database, companyId: string): Promise<CompanyDashboard['pipeline']> {
  const rows = await selectRows(
    db,
    pipelineRow,
    sql`with live as (
          select j.id, j.title, j.updated_at, j.status,
            case when j.status = 'open' then
              (select ${pipelineStageRankOf(sql`j.openings`)} from ${applications} where ${applications.jobId} = j.id)
            end as stage_rank,
            (select count(*) from ${applications} where ${applications.jobId} = j.id)::int as applicant_count
          from ${jobs} j
          where j.company_id = ${companyId} and j.status in ('draft', 'open')
        ), staged as (
          select id, title, updated_at, applicant_count, status::text as stage from live
          union all
          select id, title, updated_at, applicant_count, 'interviewing' from live
          where status = 'open' and stage_rank = any(${`{${openJobStageRanks.join(',')}}`}::int[])
        ), ranked as (
          select staged.*,
            (count(*) over (partition by stage))::int as total,
            row_number() over (partition by stage order by updated_at desc, id) as position
          from staged
        )
        select id, title, stage, applicant_count, total from ranked
        where position <= ${COMPANY_DASHBOARD_JOBS_PER_COLUMN}
        order by stage, position`,
  );
  const pipeline: CompanyDashboard['pipeline'] = {
    draft: { items: [], total: 0 },
    open: { items: [], total: 0 },
    interviewing: { items: [], total: 0 },
  };
  for (const row of rows) {
    const column = pipeline[row.stage];
    column.total = row.total;
    column.items.push({ id: row.id, title: row.title, stage: row.stage, applicant_count: row.applicant_count });
  }
  return pipeline;
}

// The skills most asked for by the company's open jobs, most jobs first (one spelling per skill).
async function findOpenJobSkills(db: Database, companyId: string): Promise<string[]> {
  const rows = await selectRows(
    db,
    z.object({ skill: z.string() }),
    sql`select min(tag) as skill
        from ${jobs}, unnest(${jobs.skillTags}) as tag
        where ${jobs.companyId} = ${companyId} and ${jobs.status} = 'open'
        group by lower(tag)
        order by count(*) desc, lower(tag)
        limit ${FEATURED_SKILLS}`,
  );
  return rows.map((row) => row.skill);
}

// What is owed and what waits for approval, as the Billing page counts them.
async function findBillingFigures(db: Database, companyId: string): Promise<NonNullable<CompanyDashboard['billing']>> {
  const [[owed], [toReview], [company]] = await Promise.all([
    db
      .select({
        unpaid: count(),
        outstanding: sql<string>`coalesce(sum(${invoices.totalCents}), 0)::bigint`,
        overdue: sql<number>`(count(*) filter (where ${invoices.status} = 'overdue'))::int`,
        overdueCents: sql<string>`coalesce(sum(${invoices.totalCents}) filter (where ${invoices.status} = 'overdue'), 0)::bigint`,
      })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), inArray(invoices.status, [...OUTSTANDING_INVOICE_STATUSES]))),
    db
      .select({ total: count() })
      .from(timesheets)
      .innerJoin(assignments, eq(assignments.id, timesheets.assignmentId))
      .where(and(eq(assignments.companyId, companyId), eq(timesheets.status, 'submitted'))),
    db.select({ currency: companies.billingCurrency }).from(companies).where(eq(companies.id, companyId)),
  ]);
  return {
    unpaid_invoices: owed?.unpaid ?? 0,
    outstanding_cents: Number(owed?.outstanding ?? 0),
    overdue_invoices: Number(owed?.overdue ?? 0),
    overdue_cents: Number(owed?.overdueCents ?? 0),
    currency: company ? currencyOf(company.currency) : DEFAULT_CURRENCY,
    timesheets_to_review: toReview?.total ?? 0,
  };
}

async function findEmployees(
  db: Database,
  live: Pick<LiveHub, 'onlineAmong'>,
  companyId: string,
): Promise<NonNullable<CompanyDashboard['employees']>> {
  const working = and(eq(assignments.companyId, companyId), inArray(assignments.status, ['pending', 'active']));
  const [employeeRows, [employeeCount]] = await Promise.all([
    db
      .select({
        id: assignments.id,
        applicantId: assignments.applicantId,
        name: users.name,
        role: assignments.role,
        engagementType: assignments.engagementType,
        status: assignments.status,
        shiftStatus: shiftStatusSql,
      })
      .from(assignments)
      .innerJoin(users, eq(users.id, assignments.applicantId))
      .where(working)
      // Those at work first, then those starting soonest.
      .orderBy(sql`${assignments.status} = 'active' desc`, asc(assignments.startDate), desc(assignments.createdAt))
      .limit(COMPANY_DASHBOARD_EMPLOYEES),
    db.select({ total: count() }).from(assignments).where(working),
  ]);
  const online = await live.onlineAmong(employeeRows.map((row) => row.applicantId));
  return {
    items: employeeRows.map((row) => ({
      id: row.id,
      applicant_id: row.applicantId,
      name: row.name,
      role: row.role,
      engagement_type: row.engagementType,
      status: row.status === 'active' ? 'active' : 'pending',
      online: online.has(row.applicantId),
      shift_status: row.shiftStatus,
    })),
    total: employeeCount?.total ?? 0,
  };
}

async function countPausedJobs(db: Database, companyId: string): Promise<number> {
  const [paused] = await db
    .select({ total: count() })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), eq(jobs.status, 'paused')));
  return paused?.total ?? 0;
}

// Runs a section's query only for a member whose role may read it; null otherwise.
const ifAllowed = <T>(allowed: boolean, find: () => Promise<T>): Promise<T | null> =>
  allowed ? find() : Promise.resolve(null);

// The company dashboard (docs/spec/portal-and-public-site.md §2): Current Employees with a live status dot, the Job
// Pipeline, the billing figures and the Account Manager, each for the members whose role may read it
// (a Hiring Manager sees no billing figures, a Billing member no pipeline).
export async function getCompanyDashboard({
  db,
  live,
  companyId,
  principal,
}: {
  db: Database;
  live: Pick<LiveHub, 'onlineAmong'>;
  companyId: string;
  principal: Principal;
}): Promise<CompanyDashboard> {
  const readsJobs = can(principal, 'read:job:own');
  const [employees, pipeline, pausedJobs, [manager], openJobSkills, billing] = await Promise.all([
    ifAllowed(can(principal, 'read:assignment:own'), () => findEmployees(db, live, companyId)),
    ifAllowed(readsJobs, () => findPipeline(db, companyId)),
    ifAllowed(readsJobs, () => countPausedJobs(db, companyId)),
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.accountManagerId))
      .where(and(eq(companies.id, companyId), eq(users.status, 'active'))),
    ifAllowed(readsJobs && can(principal, 'read:talent:any'), () => findOpenJobSkills(db, companyId)),
    ifAllowed(can(principal, 'read:invoice:own'), () => findBillingFigures(db, companyId)),
  ]);
  return {
    employees,
    pipeline,
    paused_jobs: pausedJobs,
    account_manager: manager ?? null,
    open_job_skills: openJobSkills,
    billing,
  };
}
