import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationStatuses } from '~/shared/applications';
import { idParams } from '~/shared/contract-schemas';
import { engagementTypes, jobStatuses } from '~/shared/jobs';
import type { Database } from '../db/client';
import { companyMembers, jobs, testAttempts, users } from '../db/schema';
import { AppError } from '../platform/errors';
import { buildApplication, buildJob, buildTestAttempt } from '../seed/job-factories';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const cents = (dollars: number | undefined) => (dollars === undefined ? undefined : Math.round(dollars * 100));

const applicationSpec = z.object({
  status: z.enum(applicationStatuses).default('submitted'),
  applicant_name: z.string().optional(),
  proposal_rate: z.number().optional(),
  // When it arrived, and (offered, hired) when it reached those stages; default: when it arrived.
  days_ago: z.number().default(0),
  offered_days_ago: z.number().optional(),
  hired_days_ago: z.number().optional(),
  // An existing applicant's address (POST /api/testing/accounts); a new applicant when absent.
  applicant_email: z.string().optional(),
  // The offer's terms (offered and hired applications): dollars an hour, hours a week, YYYY-MM-DD.
  offer_rate: z.number().optional(),
  offer_weekly_hours: z.number().int().optional(),
  offer_start_date: z.string().optional(),
  rejection_reason: z.string().optional(),
});

const testAttemptSpec = z.object({
  test_id: z.uuid(),
  status: z.enum(['assigned', 'started', 'submitted', 'graded']).default('assigned'),
  score: z.number().int().min(0).max(100).optional(),
});

async function buildApplications(db: Database, jobId: string, specs: Array<z.output<typeof applicationSpec>>) {
  const built = [];
  for (const spec of specs) {
    const createdAt = daysAgo(spec.days_ago);
    const reachedOffer = spec.status === 'offered' || spec.status === 'hired';
    let applicantId: string | undefined;
    if (spec.applicant_email) {
      const [owner] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, spec.applicant_email.toLowerCase()));
      if (!owner) throw new AppError('not_found', `No account for ${spec.applicant_email}.`);
      applicantId = owner.id;
    }
    const application = await buildApplication(db, {
      jobId,
      applicantId,
      offerRateCents: reachedOffer ? (cents(spec.offer_rate) ?? 5_000) : undefined,
      offerWeeklyHours: reachedOffer ? (spec.offer_weekly_hours ?? 40) : undefined,
      offerStartDate: reachedOffer ? (spec.offer_start_date ?? daysAgo(-14).toISOString().slice(0, 10)) : undefined,
      rejectionReason: spec.rejection_reason,
      status: spec.status,
      applicantName: spec.applicant_name,
      proposalRateCents: cents(spec.proposal_rate),
      createdAt,
      offeredAt: reachedOffer ? daysAgo(spec.offered_days_ago ?? spec.days_ago) : null,
      hiredAt: spec.status === 'hired' ? daysAgo(spec.hired_days_ago ?? spec.days_ago) : null,
    });
    const [applicant] = await db.select({ name: users.name }).from(users).where(eq(users.id, application.applicantId));
    built.push({
      id: application.id,
      applicant_id: application.applicantId,
      applicant_name: applicant?.name ?? '',
      status: application.status,
    });
  }
  return built;
}

// Browser-test endpoints for the jobs screens (registered by test-routes.ts, never in production):
// jobs in any state, with applications at any stage and test attempts, for a company account.
export async function jobTestRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/testing/jobs',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: z.object({
          // The company account's email (as POST /api/testing/accounts made it).
          company_email: z.string(),
          title: z.string().optional(),
          description: z.string().optional(),
          status: z.enum(jobStatuses).default('open'),
          engagement_type: z.enum(engagementTypes).default('hourly'),
          budget_min: z.number().nullable().optional(),
          budget_max: z.number().nullable().optional(),
          budget_total: z.number().nullable().optional(),
          weekly_hours: z.number().int().optional(),
          start_date: z.string().nullable().optional(),
          skill_tags: z.array(z.string()).optional(),
          // When it was created and (unless a draft) published.
          published_days_ago: z.number().default(0),
          applications: z.array(applicationSpec).default([]),
          test_attempts: z.array(testAttemptSpec).default([]),
        }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const [member] = await db
        .select({ companyId: companyMembers.companyId })
        .from(users)
        .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
        .where(eq(users.email, body.company_email.toLowerCase()));
      if (!member) throw new AppError('not_found', `No company account for ${body.company_email}.`);
      const publishedAt = daysAgo(body.published_days_ago);
      const isFixed = body.engagement_type === 'fixed';
      const job = await buildJob(db, {
        companyId: member.companyId,
        title: body.title,
        description: body.description,
        status: body.status,
        engagementType: body.engagement_type,
        budgetMinCents: isFixed ? null : body.budget_min === null ? null : cents(body.budget_min),
        budgetMaxCents: isFixed ? null : body.budget_max === null ? null : cents(body.budget_max),
        budgetTotalCents: isFixed ? (body.budget_total === null ? null : (cents(body.budget_total) ?? 500_000)) : null,
        weeklyHours: body.weekly_hours,
        startDate: body.start_date,
        skillTags: body.skill_tags,
        createdAt: publishedAt,
        publishedAt: body.status === 'draft' ? null : publishedAt,
      });
      const applications = await buildApplications(db, job.id, body.applications);
      const testAttempts = [];
      for (const attempt of body.test_attempts) {
        const built = await buildTestAttempt(db, {
          testId: attempt.test_id,
          jobId: job.id,
          status: attempt.status,
          score: attempt.score,
        });
        testAttempts.push({ id: built.id, applicant_id: built.applicantId });
      }
      return reply.code(201).send({
        id: job.id,
        title: job.title,
        status: job.status,
        applications,
        test_attempts: testAttempts,
      });
    },
  );

  routes.post(
    '/api/testing/jobs/:id/applications',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: idParams('job'),
        body: z.object({ applications: z.array(applicationSpec).min(1) }),
      },
    },
    async (request, reply) => {
      const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, request.params.id));
      if (!job) throw new AppError('not_found', 'This job does not exist.');
      return reply.code(201).send({ applications: await buildApplications(db, job.id, request.body.applications) });
    },
  );

  // The shortest real time limit is 15 minutes: a browser test moves a started attempt's deadline close.
  routes.post(
    '/api/testing/test-attempts/deadline',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: z.object({
          attempt_id: z.uuid(),
          email: z.string(),
          seconds_from_now: z.number().int().min(0).max(3600),
        }),
      },
    },
    async (request) => {
      const [owner] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, request.body.email.toLowerCase()));
      if (!owner) throw new AppError('not_found', `No account for ${request.body.email}.`);
      const updated = await db
        .update(testAttempts)
        .set({ deadlineAt: new Date(Date.now() + request.body.seconds_from_now * 1000) })
        .where(
          and(
            eq(testAttempts.id, request.body.attempt_id),
            eq(testAttempts.applicantId, owner.id),
            eq(testAttempts.status, 'started'),
          ),
        )
        .returning({ id: testAttempts.id });
      if (updated.length === 0) throw new AppError('not_found', 'No started attempt of that account.');
      return { id: request.body.attempt_id };
    },
  );
}
