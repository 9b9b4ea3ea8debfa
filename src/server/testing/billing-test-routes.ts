import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { markOverdueInvoices } from '../billing/mark-overdue-invoices';
import type { Database } from '../db/client';
import { companyMembers, users } from '../db/schema';
import { issueInvoices } from '../kernels/money/issue-invoices';
import { loadInvoiceViews } from '../kernels/payments/invoice-views';
import { AppError } from '../platform/errors';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// Browser-test endpoints for billing (registered by test-routes.ts, never in production): the invoice
// run and the overdue sweep on demand, as the scheduled jobs would do them, answered with what changed.
export async function billingTestRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/testing/billing/issue-invoices',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        // The week (a Sunday; default the last full week) and the issue date (default today); with
        // company_email, that member's company only, so journeys running at once never bill each other.
        body: z
          .object({ period_start: day.optional(), today: day.optional(), company_email: z.string().optional() })
          .default({}),
      },
    },
    async (request) => {
      const { company_email: companyEmail } = request.body;
      const run = await issueInvoices({
        db,
        periodStart: request.body.period_start,
        today: request.body.today,
        companyIds: companyEmail ? [await companyIdByEmail(db, companyEmail)] : undefined,
      });
      return {
        period_start: run.periodStart,
        period_end: run.periodEnd,
        items: await loadInvoiceViews({ db, ids: run.issued.map((invoice) => invoice.id) }),
      };
    },
  );

  routes.post(
    '/api/testing/billing/mark-overdue',
    {
      config: { access: 'public' },
      schema: { hide: true, body: z.object({ today: day.optional() }).default({}) },
    },
    async (request) => {
      const { marked } = await markOverdueInvoices({ db, today: request.body.today });
      return { marked_ids: marked };
    },
  );
}

async function companyIdByEmail(db: Database, email: string): Promise<string> {
  const [member] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(users.email, email.toLowerCase()), eq(users.role, 'company')));
  if (!member) throw new AppError('not_found', `No company for ${email}.`);
  return member.companyId;
}
