import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ApplicantApplication,
  type ApplicantApplicationList,
  type applicantApplicationListQuerySchema,
  applicationTexts,
} from '~/shared/applications';
import { currencyOf } from '~/shared/currencies';
import type { ProposalFile } from '~/shared/proposal-files';
import type { Database } from '../db/client';
import { type ApplicationHistoryEntry, applications, assignments, companies, jobs } from '../db/schema';
import { loadOfferMilestones, offerViewOf } from '../kernels/hiring/offer-milestones';
import { loadProposalFiles } from '../kernels/hiring/proposal-files';

type OfferMilestones = Awaited<ReturnType<typeof loadOfferMilestones>>;

const centsToDollars = (cents: number | null) => (cents == null ? null : cents / 100);

const columns = {
  id: applications.id,
  jobId: applications.jobId,
  jobTitle: jobs.title,
  companyName: companies.name,
  currency: companies.billingCurrency,
  status: applications.status,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
  proposalRateCents: applications.proposalRateCents,
  proposalPriceCents: applications.proposalPriceCents,
  proposalMilestones: applications.proposalMilestones,
  screeningAnswers: applications.screeningAnswers,
  history: applications.history,
  offerRateCents: applications.offerRateCents,
  offerWeeklyHours: applications.offerWeeklyHours,
  offerStartDate: applications.offerStartDate,
  rejectionReason: applications.rejectionReason,
  assignmentId: assignments.id,
  assignmentRole: assignments.role,
  assignmentEngagementType: assignments.engagementType,
  assignmentRateCents: assignments.rateCents,
  assignmentWeeklyHours: assignments.weeklyHours,
  assignmentStartDate: assignments.startDate,
  assignmentStatus: assignments.status,
};

// The applicant's applications with their job, company and assignment; the applicant's id is in the
// where clause, so another applicant's application is simply not there.
function selectApplicantApplications(db: Database, applicantId: string, conditions: SQL[]) {
  return db
    .select({ ...columns, total: sql<number>`(count(*) over ())::int` })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(assignments, eq(assignments.applicationId, applications.id))
    .where(and(eq(applications.applicantId, applicantId), ...conditions));
}

type Row = Awaited<ReturnType<typeof selectApplicantApplications>>[number];

// Who made a stage change, as the applicant may know it: themselves, the company, or the platform. A
// note is shown only on the applicant's own moves; notes of the company's people stay with them, and so do
// the steps of its interview plan (a move between interview stages is no change of stage to the applicant).
function historyView(entries: ApplicationHistoryEntry[], applicantId: string) {
  const stageChanges = entries.filter((entry, index) => index === 0 || entry.status !== entries[index - 1]?.status);
  return stageChanges.map((entry) => {
    const isOwn = entry.by === applicantId;
    return {
      status: entry.status,
      at: entry.at,
      by: isOwn ? ('applicant' as const) : entry.by ? ('company' as const) : null,
      note: isOwn ? (entry.note ?? null) : null,
    };
  });
}

function applicationView(
  row: Row,
  applicantId: string,
  offerMilestones: OfferMilestones,
  files: Map<string, ProposalFile[]>,
): ApplicantApplication {
  return {
    id: row.id,
    job_id: row.jobId,
    job_title: row.jobTitle,
    company_name: row.companyName,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    proposal_rate: centsToDollars(row.proposalRateCents),
    proposal_price_cents: row.proposalPriceCents,
    proposal_milestones: row.proposalMilestones,
    screening_answers: row.screeningAnswers,
    attachments: files.get(row.id) ?? [],
    history: historyView(row.history, applicantId),
    offer: offerViewOf(row, offerMilestones.get(row.id)),
    rejection_reason:
      row.status === 'rejected' ? row.rejectionReason?.trim() || applicationTexts.defaultRejectionReason : null,
    assignment:
      row.assignmentId != null &&
      row.assignmentRole != null &&
      row.assignmentEngagementType != null &&
      row.assignmentStartDate != null &&
      row.assignmentStatus != null
        ? {
            id: row.assignmentId,
            role: row.assignmentRole,
            engagement_type: row.assignmentEngagementType,
            rate: centsToDollars(row.assignmentRateCents),
            weekly_hours: row.assignmentWeeklyHours,
            start_date: row.assignmentStartDate,
            status: row.assignmentStatus,
          }
        : null,
    currency: currencyOf(row.currency),
  };
}

// The applications whose offer is a fixed price: only theirs have milestones to read.
const fixedPriceOfferIds = (rows: readonly Row[]) =>
  rows.filter((row) => row.offerStartDate != null && row.offerRateCents == null).map((row) => row.id);

// My Applications: the applicant's applications, newest first, filtered by stage, one page at a time.
export async function findApplicantApplications({
  db,
  applicantId,
  query,
}: {
  db: Database;
  applicantId: string;
  query: z.output<typeof applicantApplicationListQuerySchema>;
}): Promise<ApplicantApplicationList> {
  const conditions = query.status.length > 0 ? [inArray(applications.status, query.status)] : [];
  const { page, page_size: pageSize } = query;
  const rows = await selectApplicantApplications(db, applicantId, conditions)
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  let total = rows[0]?.total ?? 0;
  // A page past the end has no row to carry the count.
  if (rows.length === 0 && page > 1) {
    const [counted] = await db
      .select({ value: sql<number>`count(*)::int` })
      .from(applications)
      .where(and(eq(applications.applicantId, applicantId), ...conditions));
    total = counted?.value ?? 0;
  }
  const [offerMilestones, files] = await Promise.all([
    loadOfferMilestones(db, fixedPriceOfferIds(rows)),
    loadProposalFiles(
      db,
      rows.map((row) => row.id),
      'applicant',
    ),
  ]);
  return {
    items: rows.map((row) => applicationView(row, applicantId, offerMilestones, files)),
    total,
    page,
    page_size: pageSize,
  };
}

// One of the applicant's applications as the list shows it (the answer to a withdraw or an offer's
// answer), or null when it is not theirs.
export async function findApplicantApplication({
  db,
  applicantId,
  id,
}: {
  db: Database;
  applicantId: string;
  id: string;
}): Promise<ApplicantApplication | null> {
  const [row] = await selectApplicantApplications(db, applicantId, [eq(applications.id, id)]);
  if (!row) return null;
  const [offerMilestones, files] = await Promise.all([
    loadOfferMilestones(db, fixedPriceOfferIds([row])),
    loadProposalFiles(db, [row.id], 'applicant'),
  ]);
  return applicationView(row, applicantId, offerMilestones, files);
}
