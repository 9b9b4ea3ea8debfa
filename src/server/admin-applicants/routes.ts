import type { FastifyInstance } from 'fastify';
import { adminApplicantsContract } from '~/shared/contracts/admin-applicants';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { actorOf } from '../platform/route-schemas';
import { applyApplicantBulkAction } from './apply-applicant-bulk-action';
import { changeApplicantVerifications } from './change-applicant-verifications';
import { findAdminApplicants } from './find-admin-applicants';
import { getAdminApplicant } from './get-admin-applicant';

// Applicant Management: every applicant, bulk Suspend, Activate and Remove, and the
// verification badges.
// Administrators only.
export async function adminApplicantRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, files } = context;

  registerEndpoint(
    app,
    adminApplicantsContract.list,
    { config: { access: { permission: 'read:applicant:any' } } },
    async (request) => {
      const { q, status, page, page_size } = request.query;
      return findAdminApplicants({ db, filter: { q, status }, page, pageSize: page_size });
    },
  );

  registerEndpoint(
    app,
    adminApplicantsContract.get,
    { config: { access: { permission: 'read:applicant:any' } } },
    async (request) => getAdminApplicant({ db, applicantId: request.params.id }),
  );

  registerEndpoint(
    app,
    adminApplicantsContract.changeVerifications,
    { config: { access: { permission: 'update:applicant:any' } } },
    async (request) =>
      changeApplicantVerifications({
        db,
        applicantId: request.params.id,
        input: request.body,
        ...actorOf(request),
      }),
  );

  registerEndpoint(
    app,
    adminApplicantsContract.bulk,
    { config: { access: { permission: 'update:applicant:any' } } },
    async (request) => {
      const { result, signedOutUserIds } = await applyApplicantBulkAction({
        db,
        action: request.body.action,
        applicantIds: request.body.ids,
        files,
        ...actorOf(request),
      });
      // Their open tabs ask who they are now, and land on the sign-in page saying why.
      await context.live.send(signedOutUserIds, { type: 'session.ended' });
      return result;
    },
  );
}
