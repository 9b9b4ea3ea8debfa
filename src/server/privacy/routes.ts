import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPrivacyRequestListQuerySchema,
  adminPrivacyRequestListSchema,
  deletionRequestSchema,
  myPrivacyRequestsSchema,
  privacyRequestSchema,
  rejectPrivacyRequestSchema,
} from '~/shared/privacy';
import type { AppContext } from '../app-context';
import { currentAuth } from '../platform/access-control';
import { sendGeneratedFile } from '../platform/file-transfer';
import { actorOf, errorResponses, fileResponse, idParams } from '../platform/route-schemas';
import { cancelErasure } from './cancel-erasure';
import { completeErasure } from './complete-erasure';
import { exportPersonalData } from './export-personal-data';
import { findAdminPrivacyRequests, findMyPrivacyRequests } from './find-privacy-requests';
import { rejectPrivacyRequest } from './reject-privacy-request';
import { requestErasure } from './request-erasure';

const requestParams = idParams('privacy request');

// Privacy (issue 16 §9): one's own data export and erasure request, and the administrators' queue
// of requests. The daily retention job is in schedule.ts.
export async function privacyRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, mailer, files } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // A POST: each export is recorded (a completed privacy request and an audit row), which a GET must
  // not do (a prefetch or a crawler would record exports nobody asked for).
  routes.post(
    '/api/account/data-export',
    {
      config: { sessionOnly: true, access: { permission: 'read:privacy_request:own' } },
      schema: {
        tags: ['account', 'privacy'],
        summary:
          'Export and download everything Tandem holds about you: a zip of data.json and one CSV per kind of record',
        response: { 200: fileResponse('application/zip'), ...errorResponses },
      },
    },
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

  routes.get(
    '/api/account/privacy-requests',
    {
      config: { access: { permission: 'read:privacy_request:own' } },
      schema: {
        tags: ['account', 'privacy'],
        summary: 'Your privacy requests, and the deletion request still pending if any',
        response: { 200: myPrivacyRequestsSchema, ...errorResponses },
      },
    },
    async (request) => findMyPrivacyRequests({ db, userId: currentAuth(request).user.id }),
  );

  routes.post(
    '/api/account/deletion-request',
    {
      config: { sessionOnly: true, access: { permission: 'create:privacy_request:own' } },
      schema: {
        tags: ['account', 'privacy'],
        summary: 'Ask for your account to be deleted (your password, or DELETE typed for identity-provider accounts)',
        body: deletionRequestSchema,
        response: { 201: privacyRequestSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actorId, ipAddress } = actorOf(request);
      const created = await requestErasure({ db, mailer, userId: actorId, ipAddress, ...request.body });
      return reply.code(201).send(created);
    },
  );

  routes.delete(
    '/api/account/deletion-request',
    {
      config: { sessionOnly: true, access: { permission: 'create:privacy_request:own' } },
      schema: {
        tags: ['account', 'privacy'],
        summary: 'Cancel your pending deletion request',
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actorId, ipAddress } = actorOf(request);
      await cancelErasure({ db, mailer, userId: actorId, ipAddress });
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/admin/privacy-requests',
    {
      config: { access: { permission: 'read:privacy_request:any' } },
      schema: {
        tags: ['admin', 'privacy'],
        summary: 'Privacy requests: pending ones oldest due first (overdue flagged), or the processed ones',
        querystring: adminPrivacyRequestListQuerySchema,
        response: { 200: adminPrivacyRequestListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { status, page, page_size } = request.query;
      return findAdminPrivacyRequests({ db, status, page, pageSize: page_size });
    },
  );

  routes.post(
    '/api/admin/privacy-requests/:id/complete',
    {
      config: { access: { permission: 'update:privacy_request:any' } },
      schema: {
        tags: ['admin', 'privacy'],
        summary: 'Complete an erasure request: the account is anonymised, its invoices and payments kept',
        params: requestParams,
        response: {
          200: z.object({ id: z.string(), status: z.enum(['completed']), processed_at: z.string().nullable() }),
          ...errorResponses,
        },
      },
    },
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

  routes.post(
    '/api/admin/privacy-requests/:id/reject',
    {
      config: { access: { permission: 'update:privacy_request:any' } },
      schema: {
        tags: ['admin', 'privacy'],
        summary: 'Reject a privacy request with a reason (unpaid invoices, say); the person is told',
        params: requestParams,
        body: rejectPrivacyRequestSchema,
        response: { 200: privacyRequestSchema, ...errorResponses },
      },
    },
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
