import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountManagerListQuerySchema,
  accountManagerListSchema,
  accountManagerSchema,
  accountManagerSummarySchema,
  createAccountManagerSchema,
  updateAccountManagerSchema,
} from '~/shared/account-managers';
import type { AppContext } from '../app-context';
import { actorOf, errorResponses, idParams } from '../platform/route-schemas';
import { createAccountManager } from './create-account-manager';
import { findAccountManagers, getAccountManagerSummary } from './find-account-managers';
import { updateAccountManager } from './update-account-manager';

const tags = ['admin'];
const managerParams = idParams('account manager');

// Account Manager Management (issue 16 §4): the cards, the table, Add Manager and the dialog's Save.
export async function accountManagerRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, mailer, config } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/account-managers/summary',
    {
      config: { access: { permission: 'read:account_manager:any' } },
      schema: {
        tags,
        summary: 'Total managers, the companies they look after, those companies’ employees and revenue this month',
        response: { 200: accountManagerSummarySchema, ...errorResponses },
      },
    },
    async () => getAccountManagerSummary({ db }),
  );

  routes.get(
    '/api/admin/account-managers',
    {
      config: { access: { permission: 'read:account_manager:any' } },
      schema: {
        tags,
        summary: 'Every account manager by name with their figures; search by name or email',
        querystring: accountManagerListQuerySchema,
        response: { 200: accountManagerListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { q, page, page_size } = request.query;
      return findAccountManagers({ db, q, page, pageSize: page_size });
    },
  );

  routes.post(
    '/api/admin/account-managers',
    {
      config: { access: { permission: 'create:account_manager:any' } },
      schema: {
        tags,
        summary: 'Add an account manager: an account without a password, emailed a link to choose one',
        body: createAccountManagerSchema,
        response: { 201: accountManagerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actorId, ipAddress } = actorOf(request);
      const manager = await createAccountManager({
        db,
        mailer,
        publicUrl: config.publicUrl,
        input: request.body,
        actorId,
        ipAddress,
      });
      return reply.code(201).send(manager);
    },
  );

  routes.patch(
    '/api/admin/account-managers/:id',
    {
      config: { access: { permission: 'update:account_manager:any' } },
      schema: {
        tags,
        summary: 'Change an account manager’s name, status, specialties and bio',
        params: managerParams,
        body: updateAccountManagerSchema,
        response: { 200: accountManagerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actorId, ipAddress } = actorOf(request);
      return updateAccountManager({ db, id: request.params.id, input: request.body, actorId, ipAddress });
    },
  );
}
