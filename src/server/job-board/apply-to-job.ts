import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { formatCents } from '~/shared/billing-texts';
import { type Currency, currencyOf } from '~/shared/currencies';
import { type applyToJobSchema, jobBoardTexts, type SubmittedApplication } from '~/shared/job-board';
import { hasClosingDatePassed } from '~/shared/job-reach';
import type { EngagementType } from '~/shared/job-texts';
import { paths } from '~/shared/routes';
import { answerScreeningQuestions } from '~/shared/screening-questions';
import type { Database } from '../db/client';
import { type ApplicationHistoryEntry, applications, companies, jobs, users } from '../db/schema';
import { assignJobTests } from '../kernels/hiring/assign-tests';
import { readableBy } from '../kernels/hiring/job-visibility';
import { attachProposalFiles, loadProposalFiles } from '../kernels/hiring/proposal-files';
import { emitWebhookEvent } from '../kernels/integrations/emit-webhook-event';
import { companyRecipients } from '../kernels/notices/company-recipients';
import { notify } from '../kernels/notices/notify';
import { AppError, isUniqueViolation, validationError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { applicationSourceOf } from './application-source';
import { loadWaitingTests } from './job-listing-views';

// What an unconfirmed address holds back: "Confirm your email address to apply to jobs."
export const applyWaitsFor = 'apply to jobs';

const ONE_APPLICATION_PER_JOB = ['applications_job_applicant_unique'];

type Proposal = Pick<
  typeof applications.$inferInsert,
  'proposalRateCents' | 'proposalPriceCents' | 'proposalMilestones'
>;

// What the applicant proposes, in the job's terms: a rate for an hourly job, a total (perhaps as
// milestones) for a fixed-price one. The other kind is refused at its field, not dropped unseen.
function proposalOf(input: z.output<typeof applyToJobSchema>, engagementType: EngagementType): Proposal {
  const hasPrice = input.proposal_price_cents != null || input.proposal_milestones != null;
  if (engagementType === 'fixed' && input.proposal_rate != null) {
    throw new AppError('validation', jobBoardTexts.rateForFixedPrice, {
      proposal_rate: jobBoardTexts.rateForFixedPrice,
    });
  }
  if (engagementType === 'hourly' && hasPrice) {
    throw new AppError('validation', jobBoardTexts.priceForHourly, {
      proposal_price_cents: jobBoardTexts.priceForHourly,
    });
  }
  return {
    proposalRateCents: input.proposal_rate == null ? null : Math.round(input.proposal_rate * 100),
    proposalPriceCents: input.proposal_price_cents ?? null,
    proposalMilestones: input.proposal_milestones ?? null,
  };
}

// " at $45.00 an hour", " for €2,400.00 in 3 milestones", or nothing: in the company's billing currency.
function proposalPhrase(
  { proposalRateCents, proposalPriceCents, proposalMilestones }: Proposal,
  currency: Currency,
): string {
  if (proposalRateCents) return ` at ${formatCents(proposalRateCents, currency)} an hour`;
  if (!proposalPriceCents) return '';
  const count = proposalMilestones?.length ?? 0;
  return ` for ${formatCents(proposalPriceCents, currency)}${count > 1 ? ` in ${count} milestones` : ''}`;
}

// Applies to a job: a cover letter and perhaps a rate. Refused with a sentence when the applicant
// applied already or the job takes no applications; a job they may not see does not exist. In one
// transaction: the application ('submitted', its first history entry), a notification to each of the
// company's members, the job's required tests assigned, and the audit row. Two applies at once leave one application: the unique index
// refuses the second, which is answered as the duplicate it is.
export async function applyToJob({
  db,
  applicantId,
  jobId,
  input,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  jobId: string;
  input: z.output<typeof applyToJobSchema>;
  ipAddress?: string;
  now?: Date;
}): Promise<SubmittedApplication> {
  try {
    return await db.transaction(async (tx) => {
      // Shared lock: the company cannot pause or close the job until this application is in.
      const [job] = await tx
        .select({
          id: jobs.id,
          title: jobs.title,
          status: jobs.status,
          closesOn: jobs.closesOn,
          companyId: jobs.companyId,
          currency: companies.billingCurrency,
          engagementType: jobs.engagementType,
          screeningQuestions: jobs.screeningQuestions,
        })
        .from(jobs)
        .innerJoin(companies, eq(companies.id, jobs.companyId))
        .where(and(eq(jobs.id, jobId), readableBy(applicantId)))
        .for('share', { of: jobs });
      if (!job) throw new AppError('not_found', jobBoardTexts.jobNotFound);
      const [existing] = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(and(eq(applications.jobId, jobId), eq(applications.applicantId, applicantId)));
      if (existing) throw new AppError('conflict', jobBoardTexts.alreadyApplied);
      // Past its closing date a job takes no applications, though the nightly sweep has not closed it yet.
      if (job.status !== 'open' || hasClosingDatePassed(job.closesOn, now)) {
        throw new AppError('conflict', jobBoardTexts.jobNotOpen);
      }

      const proposal = proposalOf(input, job.engagementType);
      const screening = answerScreeningQuestions(job.screeningQuestions, input.screening_answers);
      if (Object.keys(screening.problems).length > 0) throw validationError(screening.problems);

      const origin = await applicationSourceOf({ db: tx, jobId, applicantId, source: input.source, ref: input.ref });
      const first: ApplicationHistoryEntry = { status: 'submitted', at: now.toISOString(), by: applicantId };
      const [created] = await tx
        .insert(applications)
        .values({
          jobId,
          applicantId,
          coverLetter: input.cover_letter,
          ...proposal,
          screeningAnswers: screening.answers,
          status: 'submitted',
          source: origin.source,
          referrerId: origin.referrerId,
          history: [first],
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('The application was not stored.');

      await attachProposalFiles({ tx, applicationId: created.id, applicantId, fileIds: input.attachment_ids, now });

      // The job's required tests wait for the applicant in My Applications.
      await assignJobTests({ db: tx, jobId, applicationId: created.id, applicantId, now });

      const [applicant] = await tx.select({ name: users.name }).from(users).where(eq(users.id, applicantId));
      // The job's hiring team, or (no team) every member who may read applications.
      const recipients = await companyRecipients({
        db: tx,
        companyId: job.companyId,
        permission: 'read:job_application:own',
        jobId,
      });
      await notify({
        db: tx,
        items: recipients.map((userId) => ({
          userId,
          type: 'application_received' as const,
          title: `New application for ${job.title}`,
          body: `${applicant?.name ?? 'An applicant'} applied${proposalPhrase(proposal, currencyOf(job.currency))}.`,
          link: paths.companyJob.getHref({ id: jobId }),
        })),
      });
      await recordAuditEvent({
        db: tx,
        event: {
          actorId: applicantId,
          action: 'application.submitted',
          targetType: 'application',
          targetId: created.id,
          details: {
            job_id: jobId,
            job_title: job.title,
            proposal_rate_cents: proposal.proposalRateCents,
            proposal_price_cents: proposal.proposalPriceCents,
            source: origin.source,
          },
          ipAddress,
        },
      });
      await emitWebhookEvent({
        db: tx,
        companyId: job.companyId,
        type: 'application.created',
        data: {
          application_id: created.id,
          job_id: jobId,
          job_title: job.title,
          applicant_id: applicantId,
          status: created.status,
          created_at: created.createdAt.toISOString(),
        },
      });
      return {
        id: created.id,
        job_id: jobId,
        status: created.status,
        cover_letter: created.coverLetter,
        proposal_rate: created.proposalRateCents == null ? null : created.proposalRateCents / 100,
        proposal_price_cents: created.proposalPriceCents,
        proposal_milestones: created.proposalMilestones,
        screening_answers: created.screeningAnswers,
        attachments: (await loadProposalFiles(tx, [created.id], 'applicant')).get(created.id) ?? [],
        created_at: created.createdAt.toISOString(),
        // What the applicant is told to do next: take the tests the job requires.
        waiting_tests: await loadWaitingTests(tx, applicantId, jobId),
      };
    });
  } catch (error) {
    // The other of two simultaneous applies committed first.
    if (isUniqueViolation(error, ONE_APPLICATION_PER_JOB)) throw new AppError('conflict', jobBoardTexts.alreadyApplied);
    throw error;
  }
}
