import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyProfileResponseSchema, companyProfileSchema } from '~/shared/companies';
import { apiErrorSchema } from '~/shared/errors';
import type { AppContext } from '../app-context';
import { currentAuth, currentCompanyId } from '../platform/access-control';
import { getCompanyProfile, updateCompanyProfile } from './company-profile';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

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
    async (request) =>
      updateCompanyProfile({
        db,
        companyId: currentCompanyId(request),
        actorId: currentAuth(request).user.id,
        profile: request.body,
      }),
  );
}
