import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboardPathByRole } from '~/shared/auth';
import { companyRoles, roles } from '~/shared/permissions';
import { platformSettingsSchema } from '~/shared/settings';
import type { AppContext } from '../app-context';
import { companyMembers, emailOutbox, platformSettings, tests, users } from '../db/schema';
import { sendJobAlerts } from '../job-board/send-job-alerts';
import { AppError } from '../platform/errors';
import { buildAccount, buildSession } from '../seed/factories';
import { ensurePlatformAssessments } from '../seed/platform-assessments';
import { buildTestAttempt } from '../seed/test-factories';
import { accountManagerTestRoutes } from './account-manager-test-routes';
import { allowAdministrator } from './auth-helpers';
import { billingTestRoutes } from './billing-test-routes';
import { jobTestRoutes } from './job-test-routes';
import { payoutTestRoutes } from './payout-test-routes';
import { workTestRoutes } from './work-test-routes';

async function companyOfAccount(db: AppContext['db'], email: string): Promise<string> {
  const [member] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(users.email, email.toLowerCase()));
  if (!member) throw new AppError('not_found', `No company account for ${email}.`);
  return member.companyId;
}

// Endpoints for the browser tests only (ENABLE_TEST_ROUTES, refused in production by config.ts): they
// create accounts and sessions the way the tests' factories do, so journeys need not sign in by form.
export async function testRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, settings } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  await jobTestRoutes(app, { db });
  await workTestRoutes(app, { db });
  await billingTestRoutes(app, { db });
  await accountManagerTestRoutes(app, { db });
  await payoutTestRoutes(app, { db, settings });

  routes.post(
    '/api/testing/accounts',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: z.object({
          role: z.enum(roles).default('applicant'),
          email: z.string().optional(),
          name: z.string().optional(),
          password: z.string().optional(),
          company_name: z.string().optional(),
          email_verified: z.boolean().default(true),
          totp_secret: z.string().optional(),
          time_zone: z.string().optional(),
          // A company account: joins the company of this existing company account in company_role
          // (owner when absent), instead of founding one.
          colleague_of: z.string().optional(),
          company_role: z.enum(companyRoles).optional(),
          // A company account that belongs to no company (removed from its team).
          without_company: z.boolean().default(false),
        }),
      },
    },
    async (request, reply) => {
      const { colleague_of: colleagueOf, company_role: companyRole } = request.body;
      const joins = colleagueOf ? await companyOfAccount(db, colleagueOf) : undefined;
      const { user, password } = await buildAccount(db, {
        role: request.body.role,
        email: request.body.email,
        name: request.body.name,
        password: request.body.password,
        companyName: request.body.company_name,
        emailVerified: request.body.email_verified,
        totpSecret: request.body.totp_secret,
        timeZone: request.body.time_zone,
        company: joins ? { id: joins, role: companyRole ?? 'owner' } : undefined,
        companyRole: joins ? undefined : companyRole,
      });
      if (request.body.without_company) await db.delete(companyMembers).where(eq(companyMembers.userId, user.id));
      if (user.role === 'admin') allowAdministrator(context.config, user.email);
      return reply.code(201).send({ id: user.id, email: user.email, name: user.name, role: user.role, password });
    },
  );

  routes.post(
    '/api/testing/sessions',
    { config: { access: 'public' }, schema: { hide: true, body: z.object({ email: z.string() }) } },
    async (request) => {
      const [user] = await db.select().from(users).where(eq(users.email, request.body.email.toLowerCase()));
      if (!user) throw new AppError('not_found', `No account for ${request.body.email}.`);
      const { token } = await buildSession(db, user.id);
      return { token, redirect_to: dashboardPathByRole[user.role] };
    },
  );

  routes.put(
    '/api/testing/settings',
    { config: { access: 'public' }, schema: { hide: true, body: platformSettingsSchema.partial() } },
    async (request) => {
      for (const [key, value] of Object.entries(request.body)) {
        await db.update(platformSettings).set({ value, updatedAt: new Date() }).where(eq(platformSettings.key, key));
      }
      await settings.invalidate();
      return settings.get();
    },
  );

  routes.get(
    '/api/testing/outbox',
    { config: { access: 'public' }, schema: { hide: true, querystring: z.object({ to: z.string() }) } },
    async (request) => {
      const items = await db
        .select({
          subject: emailOutbox.subject,
          text: emailOutbox.text,
          calendar: emailOutbox.calendar,
          created_at: emailOutbox.createdAt,
        })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, request.query.to.toLowerCase()))
        .orderBy(desc(emailOutbox.createdAt));
      return { items };
    },
  );

  // The job-alerts run as the hourly cron would make it, this many days from now: a journey sees the alert its
  // saved search gets without waiting a week.
  routes.post(
    '/api/testing/job-alerts',
    { config: { access: 'public' }, schema: { hide: true, body: z.object({ days_ahead: z.number().default(0) }) } },
    async (request) =>
      sendJobAlerts({
        db,
        mailer: context.mailer,
        publicUrl: context.config.publicUrl,
        now: new Date(Date.now() + request.body.days_ahead * 24 * 60 * 60 * 1000),
      }),
  );

  // The platform's public assessments ("Python Assessment"...), so a journey can pass one and see the
  // skill proven.
  routes.post(
    '/api/testing/platform-assessments',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const { testIdBySkill } = await ensurePlatformAssessments(db);
      return reply.code(201).send({ test_ids: Object.fromEntries(testIdBySkill) });
    },
  );

  // An applicant's attempt at a test, so a journey can see Attempts and the average score, and see
  // Delete refused once a test has been taken.
  routes.post(
    '/api/testing/test-attempts',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: z.object({
          test_id: z.uuid(),
          score: z.number().int().min(0).max(100).nullish(),
          status: z.enum(['assigned', 'started', 'submitted', 'graded']).default('graded'),
          // An existing applicant's address; a new applicant when absent.
          applicant_email: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const [test] = await db.select({ id: tests.id }).from(tests).where(eq(tests.id, request.body.test_id));
      if (!test) throw new AppError('not_found', `No test ${request.body.test_id}.`);
      let applicantId: string | undefined;
      if (request.body.applicant_email) {
        const [applicant] = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, request.body.applicant_email.toLowerCase()));
        if (!applicant) throw new AppError('not_found', `No account for ${request.body.applicant_email}.`);
        applicantId = applicant.id;
      }
      const attempt = await buildTestAttempt(db, {
        testId: test.id,
        applicantId,
        status: request.body.status,
        score: request.body.score,
      });
      return reply.code(201).send({
        id: attempt.id,
        test_id: attempt.testId,
        applicant_id: attempt.applicantId,
        status: attempt.status,
        score: attempt.score,
      });
    },
  );
}
