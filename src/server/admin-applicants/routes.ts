import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminApplicantDetailSchema,
  adminApplicantListQuerySchema,
  adminApplicantListSchema,
  applicantBulkResultSchema,
  applicantBulkSchema,
  applicantVerificationsSchema,
} from '~/shared/admin-applicants';
import type { AppContext } from '../app-context';
import { actorOf, errorResponses, idParams } from '../platform/route-schemas';
import { applyApplicantBulkAction } from './apply-applicant-bulk-action';
import { changeApplicantVerifications } from './change-applicant-verifications';
import { findAdminApplicants } from './find-admin-applicants';
import { getAdminApplicant } from './get-admin-applicant';

const tags = ['admin', 'applicants'];

// Applicant Management (issue 16 §2): every applicant, bulk Suspend, Activate and Remove, and the
// verification badges.
// Administrators only.
export async function adminApplicantRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, files } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/applicants',
    {
      config: { access: { permission: 'read:applicant:any' } },
      schema: {
        tags,
        summary: 'Applicants, newest first; search by name or email, filter by status',
        querystring: adminApplicantListQuerySchema,
        response: { 200: adminApplicantListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { q, status, page, page_size } = request.query;
      return findAdminApplicants({ db, filter: { q, status }, page, pageSize: page_size });
    },
  );

  routes.get(
    '/api/admin/applicants/:id',
    {
      config: { access: { permission: 'read:applicant:any' } },
      schema: {
        tags,
        summary: 'One applicant for the details drawer',
        params: idParams('applicant'),
        response: { 200: adminApplicantDetailSchema, ...errorResponses },
      },
    },
    async (request) => getAdminApplicant({ db, applicantId: request.params.id }),
  );

  routes.put(
    '/api/admin/applicants/:id/verifications',
    {
      config: { access: { permission: 'update:applicant:any' } },
      schema: {
        tags,
        summary: 'Grant or withdraw the ID Verified and Background Check badges Talent Search filters on',
        params: idParams('applicant'),
        body: applicantVerificationsSchema,
        response: { 200: adminApplicantDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      changeApplicantVerifications({
        db,
        applicantId: request.params.id,
        input: request.body,
        ...actorOf(request),
      }),
  );

  routes.post(
    '/api/admin/applicants/bulk',
    {
      config: { access: { permission: 'update:applicant:any' } },
      schema: {
        tags,
        summary: 'Suspend, activate or remove (erase by anonymisation) the selected applicants',
        body: applicantBulkSchema,
        response: { 200: applicantBulkResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      applyApplicantBulkAction({
        db,
        action: request.body.action,
        applicantIds: request.body.ids,
        files,
        ...actorOf(request),
      }),
  );
}
