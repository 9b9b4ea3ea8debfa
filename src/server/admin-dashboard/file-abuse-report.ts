import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AbuseReportTarget } from '~/shared/admin';
import { type AbuseReport, abuseReportTexts, type CreateAbuseReportInput } from '~/shared/admin-dashboard';
import type { Database } from '../db/client';
import {
  abuseReports,
  applicantProfiles,
  applications,
  assignments,
  conversations,
  jobs,
  messages,
  reviews,
} from '../db/schema';
import { readableBy as jobReadableBy, publiclyListed } from '../kernels/hiring/job-visibility';
import { readableBy as conversationReadableBy, type Viewer } from '../kernels/notices/conversation-access';
import { isFindable } from '../kernels/profiles/candidate-views';
import { isShownSql } from '../kernels/work/review-records';
import { AppError, isUniqueViolation } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { loadAbuseReport } from './find-abuse-reports';

// The Report button: anyone signed in reports a profile, a job or a message they can
// see. A target they cannot see is answered as one that does not exist; one open report per person
// and target (a second is refused with a sentence, the database's unique index deciding under races).

interface Target {
  // Who owns it: nobody reports their own profile, job or message.
  ownerId: string | null;
  ownerCompanyId: string | null;
}

// A company sees an applicant's profile in Talent Search (listed, active) or once they applied to one
// of its jobs; staff see every profile; applicants see none but their own.
function profileVisibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.role === 'admin' || viewer.role === 'account_manager') return undefined;
  if (viewer.role !== 'company' || !viewer.companyId) return sql`false`;
  const appliedToCompany = sql`exists (select 1 from ${applications} join ${jobs} on ${jobs.id} = ${applications.jobId}
        where ${applications.applicantId} = ${applicantProfiles.userId} and ${jobs.companyId} = ${viewer.companyId})`;
  return sql`(${isFindable} or ${appliedToCompany})`;
}

// Applicants see the jobs the job board shows them; a company its own and the public board; staff all.
function jobVisibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.role === 'admin' || viewer.role === 'account_manager') return undefined;
  if (viewer.role === 'applicant') return jobReadableBy(viewer.userId);
  return viewer.companyId ? sql`(${eq(jobs.companyId, viewer.companyId)} or ${publiclyListed})` : publiclyListed;
}

const finders: Record<AbuseReportTarget, (db: Database, viewer: Viewer, id: string) => Promise<Target | undefined>> = {
  applicant_profile: async (db, viewer, id) => {
    const [row] = await db
      .select({ userId: applicantProfiles.userId })
      .from(applicantProfiles)
      .where(and(eq(applicantProfiles.userId, id), profileVisibleTo(viewer)));
    return row && { ownerId: row.userId, ownerCompanyId: null };
  },
  job: async (db, viewer, id) => {
    const [row] = await db
      .select({ companyId: jobs.companyId })
      .from(jobs)
      .where(and(eq(jobs.id, id), jobVisibleTo(viewer)));
    return row && { ownerId: null, ownerCompanyId: row.companyId };
  },
  // A message in a conversation the reporter may read.
  message: async (db, viewer, id) => {
    const [row] = await db
      .select({ senderId: messages.senderId })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(eq(messages.id, id), conversationReadableBy(viewer)));
    return row && { ownerId: row.senderId, ownerCompanyId: null };
  },
  // A shown review, reported by the side it is about: the talent a company reviewed, or a member of the
  // company a talent reviewed. Its author's side cannot report it.
  review: async (db, viewer, id) => {
    const aboutViewer =
      viewer.role === 'applicant'
        ? and(eq(reviews.side, 'company_of_talent'), eq(reviews.applicantId, viewer.userId))
        : viewer.role === 'company' && viewer.companyId
          ? and(eq(reviews.side, 'talent_of_company'), eq(reviews.companyId, viewer.companyId))
          : sql`false`;
    const [row] = await db
      .select({ authorId: reviews.authorId })
      .from(reviews)
      .innerJoin(assignments, eq(assignments.id, reviews.assignmentId))
      .where(and(eq(reviews.id, id), aboutViewer, isShownSql(new Date())));
    return row && { ownerId: row.authorId, ownerCompanyId: null };
  },
};

export async function fileAbuseReport({
  db,
  reporter,
  input,
  ipAddress,
}: {
  db: Database;
  reporter: Viewer;
  input: CreateAbuseReportInput;
  ipAddress: string | null;
}): Promise<AbuseReport> {
  const target = await finders[input.targetType](db, reporter, input.targetId);
  if (!target) throw new AppError('not_found', abuseReportTexts.notFound);
  const isOwn =
    target.ownerId === reporter.userId ||
    (target.ownerCompanyId !== null && target.ownerCompanyId === reporter.companyId);
  if (isOwn) throw new AppError('validation', abuseReportTexts.ownContent);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [report] = await tx
        .insert(abuseReports)
        .values({
          reporterId: reporter.userId,
          targetType: input.targetType,
          targetId: input.targetId,
          reason: input.reason,
        })
        .returning({ id: abuseReports.id });
      if (!report) throw new Error('The report was not stored.');
      await recordAuditEvent({
        db: tx,
        event: {
          actorId: reporter.userId,
          action: 'abuse_report.created',
          targetType: input.targetType,
          targetId: input.targetId,
          details: { report_id: report.id, reason: input.reason },
          ipAddress,
        },
      });
      return report.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, ['abuse_reports_one_open_per_reporter'])) {
      throw new AppError('conflict', abuseReportTexts.duplicate);
    }
    throw error;
  }
  const report = await loadAbuseReport(db, id);
  if (!report) throw new Error('The report was not stored.');
  return report;
}
