import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AbuseReportStatus } from '~/shared/admin';
import type { AbuseReport, AbuseReportList } from '~/shared/admin-dashboard';
import type { Database } from '../db/client';
import { abuseReports, jobs, messages, reviews, users } from '../db/schema';

const reporters = alias(users, 'reporters');
const resolvers = alias(users, 'resolvers');
const reportedUsers = alias(users, 'reported_users');

// The first words of a reported message, enough to recognise it.
const MESSAGE_EXCERPT_LENGTH = 80;

// Each report with what its target is called now: the applicant's name, the job's title, the message's
// first words ('(deleted)' once the target is gone).
const selectReports = (db: Database) =>
  db
    .select({
      report: abuseReports,
      reporterName: reporters.name,
      reporterEmail: reporters.email,
      resolverName: resolvers.name,
      targetLabel: sql<
        string | null
      >`coalesce(${reportedUsers.name}, ${jobs.title}, left(${messages.body}, ${MESSAGE_EXCERPT_LENGTH}), ${reviews.rating} || '★: ' || left(${reviews.comment}, ${MESSAGE_EXCERPT_LENGTH}))`,
    })
    .from(abuseReports)
    .innerJoin(reporters, eq(reporters.id, abuseReports.reporterId))
    .leftJoin(resolvers, eq(resolvers.id, abuseReports.resolvedById))
    .leftJoin(
      reportedUsers,
      and(eq(abuseReports.targetType, 'applicant_profile'), eq(reportedUsers.id, abuseReports.targetId)),
    )
    .leftJoin(jobs, and(eq(abuseReports.targetType, 'job'), eq(jobs.id, abuseReports.targetId)))
    .leftJoin(messages, and(eq(abuseReports.targetType, 'message'), eq(messages.id, abuseReports.targetId)))
    .leftJoin(reviews, and(eq(abuseReports.targetType, 'review'), eq(reviews.id, abuseReports.targetId)));

type Row = Awaited<ReturnType<ReturnType<typeof selectReports>['where']>>[number];

function reportView({ report, reporterName, reporterEmail, resolverName, targetLabel }: Row): AbuseReport {
  return {
    id: report.id,
    target_type: report.targetType,
    target_id: report.targetId,
    target_label: targetLabel ?? '(deleted)',
    reason: report.reason,
    status: report.status,
    reporter_name: reporterName,
    reporter_email: reporterEmail,
    resolved_by_name: resolverName,
    resolved_at: report.resolvedAt?.toISOString() ?? null,
    created_at: report.createdAt.toISOString(),
  };
}

export async function loadAbuseReport(db: Database, id: string): Promise<AbuseReport | undefined> {
  const [row] = await selectReports(db).where(eq(abuseReports.id, id));
  return row && reportView(row);
}

// The reports of one status, newest first, a page at a time (the open ones by their partial index).
export async function findAbuseReports({
  db,
  status,
  page,
  pageSize,
}: {
  db: Database;
  status: AbuseReportStatus;
  page: number;
  pageSize: number;
}): Promise<AbuseReportList> {
  const where: SQL = eq(abuseReports.status, status);
  const [rows, [counted]] = await Promise.all([
    selectReports(db)
      .where(where)
      .orderBy(desc(abuseReports.createdAt), desc(abuseReports.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(abuseReports).where(where),
  ]);
  return { items: rows.map(reportView), total: counted?.total ?? 0, page, page_size: pageSize };
}
