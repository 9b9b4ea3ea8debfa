import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';
import { companies, companyMembers, users } from '../db/schema';
import { AppError } from '../platform/errors';

// Browser-test endpoint (registered by test-routes.ts, never in production): assigns a company to an
// account manager, so the manager portal's journey starts with a company to look after.
export async function accountManagerTestRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/testing/account-manager-assignments',
    {
      config: { access: 'public' },
      schema: { hide: true, body: z.object({ company_email: z.string(), manager_email: z.string() }) },
    },
    async (request, reply) => {
      const [manager] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, request.body.manager_email.toLowerCase()), eq(users.role, 'account_manager')));
      if (!manager) throw new AppError('not_found', `No account manager for ${request.body.manager_email}.`);
      const [member] = await db
        .select({ companyId: companyMembers.companyId })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(eq(users.email, request.body.company_email.toLowerCase()));
      if (!member) throw new AppError('not_found', `No company for ${request.body.company_email}.`);
      await db.update(companies).set({ accountManagerId: manager.id }).where(eq(companies.id, member.companyId));
      return reply.code(201).send({ company_id: member.companyId, manager_id: manager.id });
    },
  );
}
