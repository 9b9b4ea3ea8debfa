import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyDashboardSchema, companyProfileResponseSchema, companyProfileSchema } from '~/shared/companies';
import type { AppContext } from '../app-context';
import { currentCompanyId } from '../platform/access-control';
import { companyActorOf, errorResponses } from '../platform/route-schemas';
import { getCompanyProfile, updateCompanyProfile } from './company-profile';
import { getCompanyDashboard } from './get-company-dashboard';

export async function companyRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, live } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/company',
    {
      config: { access: { permission: 'read:company:own' } },
      schema: {
        tags: ['companies'],
        summary: 'Your company’s profile',
        response: { 200: companyProfileResponseSchema, ...errorResponses },
      },
    },
    async (request) => getCompanyProfile({ db, companyId: currentCompanyId(request) }),
  );

  routes.put(
    '/api/company',
    {
      config: { access: { permission: 'update:company:own' } },
      schema: {
        tags: ['companies'],
        summary: 'Update your company’s profile',
        body: companyProfileSchema,
        response: { 200: companyProfileResponseSchema, ...errorResponses },
      },
    },
    async (request) => updateCompanyProfile({ db, ...companyActorOf(request), profile: request.body }),
  );

  routes.get(
    '/api/company/dashboard',
    {
      config: { access: { permission: 'read:company:own' } },
      schema: {
        tags: ['companies'],
        summary: 'Your dashboard: people at work (with who is online), jobs by pipeline column, your account manager',
        response: { 200: companyDashboardSchema, ...errorResponses },
      },
    },
    async (request) => getCompanyDashboard({ db, live, companyId: currentCompanyId(request) }),
  );
}
