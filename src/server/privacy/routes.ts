import type { FastifyInstance } from 'fastify';
import { adminPrivacyContract, privacyContract } from '~/shared/contracts/privacy';
import type { AppContext } from '../app-context';
import { currentAuth } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { sendGeneratedFile } from '../platform/file-transfer';
import { actorOf } from '../platform/route-schemas';
import { cancelErasure } from './cancel-erasure';
import { completeErasure } from './complete-erasure';
import { exportPersonalData } from './export-personal-data';
import { findAdminPrivacyRequests, findMyPrivacyRequests } from './find-privacy-requests';
import { rejectPrivacyRequest } from './reject-privacy-request';
import { requestErasure } from './request-erasure';

// Privacy: one's own data export and erasure request, and the administrators' queue
// of requests (shared/contracts/privacy.ts). The daily retention job is in schedule.ts.
export async function privacyRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, mailer, files } = context;

  registerEndpoint(
    app,
    privacyContract.exportData,
    { config: { sessionOnly: true, access: { permission: 'read:privacy_request:own' } } },
    async (request, reply) => {
      const { actorId, ipAddress } = actorOf(request);
      const bundle = await exportPersonalData({ db, files, userId: actorId, ipAddress });
      return sendGeneratedFile(reply, {
        filename: bundle.filename,
        contentType: 'application/zip',
        content: bundle.zip,
      });
    },
  );

  registerEndpoint(
    app,
    privacyContract.myRequests,
    { config: { access: { permission: 'read:privacy_request:own' } } },
    async (request) => findMyPrivacyRequests({ db, userId: currentAuth(request).user.id }),
  );

  registerEndpoint(
    app,
    privacyContract.requestDeletion,
    { config: { sessionOnly: true, access: { permission: 'create:privacy_request:own' } } },
    async (request, reply) => {
      const { actorId, ipAddress } = actorOf(request);
      const created = await requestErasure({ db, mailer, userId: actorId, ipAddress, ...request.body });
      return reply.code(201).send(created);
    },
  );

  registerEndpoint(
    app,
    privacyContract.cancelDeletion,
    { config: { sessionOnly: true, access: { permission: 'create:privacy_request:own' } } },
    async (request, reply) => {
      const { actorId, ipAddress } = actorOf(request);
      await cancelErasure({ db, mailer, userId: actorId, ipAddress });
      return reply.code(204).send(null);
    },
  );

  registerEndpoint(
    app,
    adminPrivacyContract.list,
    { config: { access: { permission: 'read:privacy_request:any' } } },
    async (request) => {
      const { status, page, page_size } = request.query;
      return findAdminPrivacyRequests({ db, status, page, pageSize: page_size });
    },
  );

  registerEndpoint(
    app,
    adminPrivacyContract.complete,
    { config: { access: { permission: 'update:privacy_request:any' } } },
    async (request) => {
      const { actorId, ipAddress } = actorOf(request);
      const completed = await completeErasure({
        db,
        mailer,
        requestId: request.params.id,
        actorId,
        ipAddress,
        files,
      });
      return { ...completed, status: 'completed' as const };
    },
  );

  registerEndpoint(
    app,
    adminPrivacyContract.reject,
    { config: { access: { permission: 'update:privacy_request:any' } } },
    async (request) => {
      const { actorId, ipAddress } = actorOf(request);
      return rejectPrivacyRequest({
        db,
        mailer,
        requestId: request.params.id,
        reason: request.body.reason,
        actorId,
        ipAddress,
      });
    },
  );
}
