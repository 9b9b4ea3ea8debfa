import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignmentStatuses } from '~/shared/applications';
import { timesheetStatuses } from '~/shared/billing';
import type { Database } from '../db/client';
import { companyMembers, users } from '../db/schema';
import { AppError } from '../platform/errors';
import { isoDay } from '../platform/work-calendar';
import { buildAssignment, buildTimesheet } from './work-factories';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

async function userIdByEmail(db: Database, email: string, role: 'company' | 'applicant') {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.role, role)));
  if (!user) throw new AppError('not_found', `No ${role} account for ${email}.`);
  return user.id;
}

// Browser-test endpoints for work (registered by test-routes.ts, never in production): an assignment in
// any state between a company and an applicant, with weeks of hours in any state, so a journey starts
// at the screen it tests rather than walking a hire through the pipeline first.
export async function workTestRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/testing/assignments',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: z.object({
          // The accounts' emails (as POST /api/testing/accounts made them).
          company_email: z.string(),
          applicant_email: z.string(),
          role: z.string().optional(),
          // Dollars an hour (what the company pays and the talent is owed).
          rate: z.number().positive().default(50),
          weekly_hours: z.number().int().min(1).max(60).default(40),
          // Default: today.
          start_date: day.optional(),
          status: z.enum(assignmentStatuses).default('active'),
          end_date: day.nullish(),
          end_reason: z.string().nullish(),
          timesheets: z
            .array(
              z.object({
                week_start: day,
                status: z.enum(timesheetStatuses).default('open'),
                // Minutes by day: { "2026-11-16": 480 }.
                minutes: z.record(z.string(), z.number().int().min(0).max(1440)).default({}),
                return_comment: z.string().optional(),
                talent_pay_cents: z.number().int().optional(),
              }),
            )
            .default([]),
        }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const companyUserId = await userIdByEmail(db, body.company_email, 'company');
      const [member] = await db
        .select({ companyId: companyMembers.companyId })
        .from(companyMembers)
        .where(eq(companyMembers.userId, companyUserId));
      if (!member) throw new AppError('not_found', `No company for ${body.company_email}.`);
      const applicantId = await userIdByEmail(db, body.applicant_email, 'applicant');
      const assignment = await buildAssignment(db, {
        companyId: member.companyId,
        applicantId,
        role: body.role,
        rateCents: Math.round(body.rate * 100),
        weeklyHours: body.weekly_hours,
        startDate: body.start_date ?? isoDay(new Date()),
        status: body.status,
        endDate: body.end_date,
        endReason: body.end_reason,
      });
      const built = [];
      for (const week of body.timesheets) {
        const timesheet = await buildTimesheet(db, {
          assignmentId: assignment.id,
          weekStart: week.week_start,
          status: week.status,
          minutes: week.minutes,
          returnComment: week.return_comment,
          talentPayCents: week.talent_pay_cents,
          approvedBy: week.status === 'approved' ? companyUserId : null,
        });
        built.push({ id: timesheet.id, week_start: timesheet.weekStart, status: timesheet.status });
      }
      return reply.code(201).send({
        id: assignment.id,
        company_id: assignment.companyId,
        applicant_id: assignment.applicantId,
        status: assignment.status,
        timesheets: built,
      });
    },
  );
}
