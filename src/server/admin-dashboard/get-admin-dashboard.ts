import { and, eq, gte, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type AdminDashboard,
  type DashboardFigure,
  growthLabel,
  marginGrowthLabel,
  type RecentAdminAction,
  type SystemHealth,
} from '~/shared/admin-dashboard';
import { auditActionLabel } from '~/shared/audit-logs';
import type { Currency } from '~/shared/currencies';
import { reportingTexts } from '~/shared/fx-rates';
import type { Database } from '../db/client';
import { integerColumn, momentColumn, uuidColumn } from '../db/row-columns';
import { abuseReports, auditLogs, companies, contactMessages, users } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { isIssuedIn, monthlyRevenueByCurrency, revenueMonthOf } from '../kernels/money/monthly-revenue';
import {
  currencyColumn,
  loadReportingRates,
  type ReportingRates,
  reportingRateOf,
  sumConverted,
  toReportingCurrency,
} from '../kernels/money/reporting-currency';
import { addDays } from '../platform/work-calendar';

// The admin dashboard's figures, each beside the same figure one period earlier. Months
// are calendar months in UTC. Built for a million users and millions of audit rows: companies count by
// the admin list's partial index, open reports by theirs, the recent actions take each admin's latest
// rows by the audit log's (actor_id, created_at) index. The people counts (workers, sign-ups) read the
// users by creation time, which no index orders: count-population.ts keeps them for a minute.

const RECENT_ACTIONS_SHOWN = 8;
const DAY_MS = 86_400_000;

const monthStartOf = (now: Date, monthsBack = 0) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
const count = sql<number>`count(*)::int`;
const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;
// A moment as a parameter both drivers pass the same way.
const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;

// Active applicant accounts, now and at the start of the month. Counted as all applicants less the few
// that are not active (an index of their own), so the big count reads the role index alone.
async function countWorkers(db: Database, monthStart: Date) {
  const applicants = eq(users.role, 'applicant');
  const [[all], [inactive]] = await Promise.all([
    db
      .select({ total: count, joined: countWhere(sql`${users.createdAt} >= ${at(monthStart)}`) })
      .from(users)
      .where(applicants),
    db
      .select({ total: count, joined: countWhere(sql`${users.createdAt} >= ${at(monthStart)}`) })
      .from(users)
      .where(and(ne(users.status, 'active'), applicants)),
  ]);
  const value = (all?.total ?? 0) - (inactive?.total ?? 0);
  const joinedThisMonth = (all?.joined ?? 0) - (inactive?.joined ?? 0);
  return { value, previous: value - joinedThisMonth };
}

// Companies not deleted, now and at the start of the month (the admin list's partial index holds both).
async function countCompanies(db: Database, monthStart: Date) {
  const [row] = await db
    .select({ total: count, joined: countWhere(sql`${companies.createdAt} >= ${at(monthStart)}`) })
    .from(companies)
    .where(isNull(companies.deletedAt));
  const value = row?.total ?? 0;
  return { value, previous: value - (row?.joined ?? 0) };
}

// Applicant and company accounts created in the last 7 days, and in the 7 days before.
async function countSignups(db: Database, now: Date) {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const [row] = await db
    .select({ recent: countWhere(sql`${users.createdAt} >= ${at(weekAgo)}`), total: count })
    .from(users)
    .where(
      and(
        inArray(users.role, ['applicant', 'company']),
        gte(users.createdAt, new Date(now.getTime() - 14 * DAY_MS)),
        lt(users.createdAt, now),
      ),
    );
  const value = row?.recent ?? 0;
  return { value, previous: (row?.total ?? 0) - value };
}

export interface PopulationFigures {
  workers: { value: number; previous: number };
  signups: { value: number; previous: number };
}

// The figures that count users: active workers (now and at the month's start) and sign-ups.
export async function countPopulation({
  db,
  now = new Date(),
}: {
  db: Database;
  now?: Date;
}): Promise<PopulationFigures> {
  const [workers, signups] = await Promise.all([countWorkers(db, monthStartOf(now)), countSignups(db, now)]);
  return { workers, signups };
}

// Monthly Revenue this month and last (docs/decisions/023-monthly-revenue.md: invoices issued in the
// month, work and platform fee, before tax, less the credit notes of the month against invoices: decision
// 048), a currency at a time, and the gross margin's cost: what the talent earned for the same invoices, read
// from the ledger (decision 036) in the invoices' currency — the earnings credited at approval for the weeks
// those invoices bill, and at release for the fixed-price milestones they release (the talent earns the
// milestone's whole amount: decision 035). Each month's currencies are added up in the reporting currency at
// the rates recorded on or before the month's last day.
async function sumRevenue(db: Database, now: Date) {
  const thisMonth = revenueMonthOf(now);
  const lastMonth = revenueMonthOf(now, 1);
  const inMonths = isIssuedIn({ start: lastMonth.start, end: thisMonth.end });
  const isThisMonth = isIssuedIn(thisMonth);
  const sumBy = (amount: SQL, condition: SQL) =>
    sql<string>`coalesce(sum(${amount}) filter (where ${condition}), 0)::bigint`;
  const [current, previous, earned, currentRates, previousRates] = await Promise.all([
    monthlyRevenueByCurrency({ db, month: thisMonth }),
    monthlyRevenueByCurrency({ db, month: lastMonth }),
    selectRows(
      db,
      z.object({ currency: currencyColumn, current: integerColumn, previous: integerColumn }),
      sql`select e.currency, ${sumBy(sql`-e.amount_cents`, isThisMonth)} as current,
                 ${sumBy(sql`-e.amount_cents`, sql`not (${isThisMonth})`)} as previous
          from ledger_transactions l
          join ledger_entries e on e.transaction_id = l.id and e.account = 'talent_pending'
          left join timesheets t on l.kind = 'work_approved' and t.id = l.timesheet_id
          join invoices on invoices.id = coalesce(t.invoice_id, l.invoice_id)
          where l.kind in ('work_approved', 'milestone_released') and ${inMonths}
          group by e.currency`,
    ),
    loadReportingRates({ db, asOf: addDays(thisMonth.end, -1) }),
    loadReportingRates({ db, asOf: addDays(lastMonth.end, -1) }),
  ]);
  const currencies = [...new Set([...current.keys(), ...previous.keys()])].sort();
  // A month's amounts a currency, added up in the reporting currency; null when one of them has no rate.
  const converted = (amounts: Map<Currency, number>, rates: ReportingRates) =>
    sumConverted([...amounts].map(([currency, cents]) => toReportingCurrency(rates, cents, currency)));
  const pay = (which: 'current' | 'previous') => new Map(earned.map((row) => [row.currency, row[which]] as const));
  const missing = (amounts: Map<Currency, number>, rates: ReportingRates) =>
    [...amounts.keys()]
      .filter((currency) => toReportingCurrency(rates, amounts.get(currency) ?? 0, currency) === null)
      .map((currency) => reportingTexts.noRate(currency, rates.currency, rates.asOf))
      .join(' ');
  return {
    reportingCurrency: currentRates.currency,
    currencies: currencies.map((currency) => ({
      currency,
      value: current.get(currency) ?? 0,
      previous: previous.get(currency) ?? 0,
      converted: toReportingCurrency(currentRates, current.get(currency) ?? 0, currency),
      rate: reportingRateOf(currentRates, currency),
    })),
    revenue: { value: converted(current, currentRates), previous: converted(previous, previousRates) },
    talentPay: { value: converted(pay('current'), currentRates), previous: converted(pay('previous'), previousRates) },
    // What a figure that could not be converted says instead.
    missingRates: { value: missing(current, currentRates), previous: missing(previous, previousRates) },
  };
}

// (invoiced − talent pay) / invoiced, in percent with one decimal; null when nothing was invoiced, or when the
// figures could not be added up in one currency.
function grossMarginPercent(invoicedCents: number | null, talentPayCents: number | null): number | null {
  if (invoicedCents === null || talentPayCents === null || invoicedCents <= 0) return null;
  return Math.round(((invoicedCents - talentPayCents) / invoicedCents) * 1000) / 10;
}

// Reports open now, and those that were open a week ago (filed before, settled since or not at all).
async function countAbuseReports(db: Database, now: Date) {
  const weekAgo = at(new Date(now.getTime() - 7 * DAY_MS));
  const [row] = await db
    .select({
      open: countWhere(sql`${abuseReports.status} = 'open'`),
      openWeekAgo: countWhere(sql`${abuseReports.createdAt} < ${weekAgo}`),
    })
    .from(abuseReports)
    .where(sql`${abuseReports.status} = 'open' or ${abuseReports.resolvedAt} >= ${weekAgo}`);
  return { value: row?.open ?? 0, previous: row?.openWeekAgo ?? 0 };
}

// Contact-form messages waiting for an answer now, and those that were waiting a week ago (sent before,
// handled since or not at all). The handled_at index finds both.
async function countContactMessages(db: Database, now: Date) {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const [row] = await db
    .select({
      open: countWhere(sql`${contactMessages.handledAt} is null`),
      openWeekAgo: countWhere(sql`${contactMessages.createdAt} < ${at(weekAgo)}`),
    })
    .from(contactMessages)
    .where(or(isNull(contactMessages.handledAt), gte(contactMessages.handledAt, weekAgo)));
  return { value: row?.open ?? 0, previous: row?.openWeekAgo ?? 0 };
}

// The latest audit rows written by administrators: each admin's latest few by the (actor_id, created_at)
// index, then the newest of those — a few rows read whatever the size of the log.
async function findRecentAdminActions(db: Database): Promise<RecentAdminAction[]> {
  const resultRows = await selectRows(
    db,
    z.object({
      id: uuidColumn,
      action: z.string(),
      target_type: z.string().nullable(),
      target_id: z.string().nullable(),
      created_at: momentColumn,
      actor_name: z.string(),
    }),
    sql`select latest.id, latest.action, latest.target_type, latest.target_id, latest.created_at, admins.name as actor_name
        from ${users} admins
        cross join lateral (
          select l.id, l.action, l.target_type, l.target_id, l.created_at
          from ${auditLogs} l
          where l.actor_id = admins.id
          order by l.created_at desc
          limit ${RECENT_ACTIONS_SHOWN}
        ) latest
        where admins.role = 'admin'
        order by latest.created_at desc
        limit ${RECENT_ACTIONS_SHOWN}`,
  );
  const rows = resultRows.map((row) => ({
    id: row.id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    createdAt: row.created_at,
    actorName: row.actor_name,
  }));
  const companyIds = [
    ...new Set(rows.filter((row) => row.targetType === 'company' && row.targetId).map((row) => row.targetId ?? '')),
  ].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const names = new Map(
    companyIds.length === 0
      ? []
      : (
          await db
            .select({ id: companies.id, name: companies.name })
            .from(companies)
            .where(inArray(companies.id, companyIds))
        ).map((company) => [company.id, company.name]),
  );
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    action_label: auditActionLabel(row.action),
    actor_name: row.actorName,
    target_type: row.targetType,
    target_id: row.targetId,
    company_name: (row.targetType === 'company' && row.targetId && names.get(row.targetId)) || null,
    created_at: row.createdAt.toISOString(),
  }));
}

const figure = (value: number, previous: number, period: 'last month' | 'last week'): DashboardFigure => ({
  value,
  previous,
  growth_label: growthLabel(value, previous, period),
});

export async function getAdminDashboard({
  db,
  systemHealth,
  population = () => countPopulation({ db, now }),
  now = new Date(),
}: {
  db: Database;
  // Checked beside the figures (check-system-health.ts).
  systemHealth: () => Promise<SystemHealth>;
  // The people counts; counted now unless given (the route keeps them a minute, count-population.ts).
  population?: () => Promise<PopulationFigures>;
  now?: Date;
}): Promise<AdminDashboard> {
  const monthStart = monthStartOf(now);
  const [people, companyCount, money, reports, recentActions, health, contact] = await Promise.all([
    population(),
    countCompanies(db, monthStart),
    sumRevenue(db, now),
    countAbuseReports(db, now),
    findRecentAdminActions(db),
    systemHealth(),
    countContactMessages(db, now),
  ]);
  const { workers, signups } = people;
  const margin = grossMarginPercent(money.revenue.value, money.talentPay.value);
  const previousMargin = grossMarginPercent(money.revenue.previous, money.talentPay.previous);
  // A month that could not be added up in the reporting currency says which rate it lacks, not a comparison.
  const unconverted = money.missingRates.value || money.missingRates.previous;
  const { value: revenue, previous: previousRevenue } = money.revenue;
  return {
    total_workers: figure(workers.value, workers.previous, 'last month'),
    total_companies: figure(companyCount.value, companyCount.previous, 'last month'),
    monthly_revenue: {
      reporting_currency: money.reportingCurrency,
      total: {
        value: revenue,
        previous: previousRevenue,
        growth_label:
          revenue === null || previousRevenue === null
            ? unconverted
            : growthLabel(revenue, previousRevenue, 'last month'),
      },
      currencies: money.currencies.map((row) => ({
        ...row,
        growth_label: growthLabel(row.value, row.previous, 'last month'),
      })),
    },
    gross_margin_percent: {
      value: margin,
      previous: previousMargin,
      growth_label: unconverted || marginGrowthLabel(margin, previousMargin),
    },
    new_signups_7d: figure(signups.value, signups.previous, 'last week'),
    open_abuse_reports: figure(reports.value, reports.previous, 'last week'),
    new_contact_messages: figure(contact.value, contact.previous, 'last week'),
    system_health: health,
    recent_actions: recentActions,
    generated_at: now.toISOString(),
  };
}
