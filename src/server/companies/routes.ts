import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyProfileResponseSchema, companyProfileSchema } from '~/shared/companies';
import type { AppContext } from '../app-context';
import { currentCompanyId } from '../platform/access-control';
import { companyActorOf, errorResponses } from '../platform/route-schemas';
import { getCompanyProfile, updateCompanyProfile } from './company-profile';

export async function companyRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
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
}
