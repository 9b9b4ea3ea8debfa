import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fixedPriceContract } from '~/shared/contracts/fixed-price';
import { ATTACHMENT_MAX_BYTES, messagingTexts } from '~/shared/messaging';
import type { AppContext } from '../app-context';
import { milestones } from '../db/schema';
import { createPaymentProvider } from '../kernels/payments/create-payment-provider';
import { createInvoicePayments } from '../kernels/payments/pay-invoice';
import { idempotencyKeyOf, methodChoiceOf, payBodySchema, throwUnlessSettled } from '../kernels/payments/pay-request';
import { currentAuth, forbiddenMessage } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { AppError } from '../platform/errors';
import { fileNameOf, mediaTypeOf, sendDownload, uploadBodyOf } from '../platform/file-transfer';
import { actorOf, companyActorOf } from '../platform/route-schemas';
import { answerProposal } from './answer-proposal';
import { loadContract } from './contract-views';
import { findDisputes, getDispute } from './dispute-views';
import { openDispute } from './milestone-disputes';
import { readMilestoneFile, removeMilestoneFile, uploadMilestoneFile } from './milestone-files';
import type { ContractReader } from './milestone-lock';
import { proposeMilestones } from './milestone-proposals';
import { approveMilestone, submitMilestone } from './move-milestone';
import { refundMilestone } from './refund-milestone';
import { requestMilestoneChanges } from './request-milestone-changes';
import { settleDispute } from './settle-dispute';

// The applicant side's permissions (read:assignment:own, update:milestone:own) are also company ones:
// these routes answer the talent only.
function applicantIdOf(request: FastifyRequest): string {
  const { user } = currentAuth(request);
  if (user.role !== 'applicant') throw new AppError('forbidden', forbiddenMessage);
  return user.id;
}

const applicantReaderOf = (request: FastifyRequest): ContractReader => ({
  kind: 'applicant',
  applicantId: applicantIdOf(request),
});
const companyReaderOf = (request: FastifyRequest): ContractReader => ({
  kind: 'company',
  companyId: companyActorOf(request).companyId,
});

// A side of the contract: the company's reader or the talent's, never an administrator's.
function sideOf(reader: ContractReader): Extract<ContractReader, { kind: 'company' | 'applicant' }> {
  if (reader.kind === 'admin') throw new AppError('forbidden', forbiddenMessage);
  return reader;
}

const adminReaderOf = (_request: FastifyRequest): ContractReader => ({ kind: 'admin' });

// Fixed-price contracts (decision 035): each side reads its own contract; the company funds milestones
// (with an Idempotency-Key, through the payments of kernels/payments/pay-invoice.ts), approves or sends back the
// work; the talent submits it.
export async function milestoneRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, config, mailer, files } = context;
  const provider = createPaymentProvider({ db, config });
  const payments = createInvoicePayments({ db, provider, mailer, publicUrl: config.publicUrl, logger: app.log });

  registerEndpoint(
    app,
    fixedPriceContract.companyContract,
    { config: { access: { permission: 'read:assignment:own' } } },
    async (request) =>
      loadContract({
        db,
        id: request.params.id,
        reader: { kind: 'company', companyId: companyActorOf(request).companyId },
      }),
  );

  registerEndpoint(
    app,
    fixedPriceContract.applicantContract,
    { config: { access: { permission: 'read:assignment:own' } } },
    async (request) => loadContract({ db, id: request.params.id, reader: applicantReaderOf(request) }),
  );

  registerEndpoint(
    app,
    fixedPriceContract.fund,
    { config: { access: { permission: 'create:milestone_funding:own' } }, narrowedBody: payBodySchema(provider) },
    async (request, reply) => {
      const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
      const { companyId, actorId, ipAddress } = companyActorOf(request);
      const answer = throwUnlessSettled(
        await payments.fund(
          {
            companyId,
            milestoneId: request.params.id,
            idempotencyKey,
            method: methodChoiceOf(request.body),
            requestedBy: actorId,
            ipAddress,
          },
          async (payment) => {
            const contract = await loadContract({
              db,
              id: await contractIdOf(request.params.id),
              reader: { kind: 'company', companyId },
            });
            return { payment, contract };
          },
        ),
      );
      return reply.code(answer.status === 'completed' ? 200 : 202).send(answer.result);
    },
  );

  async function contractIdOf(milestoneId: string): Promise<string> {
    const [row] = await db
      .select({ assignmentId: milestones.assignmentId })
      .from(milestones)
      .where(eq(milestones.id, milestoneId));
    if (!row) throw new Error(`Milestone ${milestoneId} vanished.`);
    return row.assignmentId;
  }

  registerEndpoint(
    app,
    fixedPriceContract.submit,
    { config: { access: { permission: 'update:milestone:own' } } },
    async (request) =>
      submitMilestone({
        db,
        applicantId: applicantIdOf(request),
        milestoneId: request.params.id,
        message: request.body.message,
        ipAddress: actorOf(request).ipAddress,
      }),
  );

  registerEndpoint(
    app,
    fixedPriceContract.uploadFile,
    {
      upload: {
        maxBytes: ATTACHMENT_MAX_BYTES,
        tooLarge: messagingTexts.attachmentTooLarge,
        unsupportedType: messagingTexts.attachmentType,
      },
      config: { access: { permission: 'update:milestone:own' } },
    },
    async (request, reply) => {
      const file = await uploadMilestoneFile({
        db,
        files,
        applicantId: applicantIdOf(request),
        milestoneId: request.params.id,
        declaredType: mediaTypeOf(request.headers['content-type']),
        fileName: fileNameOf(request.headers['x-file-name']),
        content: uploadBodyOf(request.body),
      });
      return reply.code(201).send(file);
    },
  );

  registerEndpoint(
    app,
    fixedPriceContract.removeFile,
    { config: { access: { permission: 'update:milestone:own' } } },
    async (request, reply) => {
      await removeMilestoneFile({
        db,
        files,
        applicantId: applicantIdOf(request),
        milestoneId: request.params.id,
        fileId: request.params.file_id,
      });
      return reply.code(204).send(null);
    },
  );

  // A file of a milestone's work: the talent's own, or handed in (to the company, and to the
  // administrators who settle a dispute).
  const fileSides = [
    { endpoint: fixedPriceContract.applicantFile, readerOf: applicantReaderOf, permission: 'read:assignment:own' },
    { endpoint: fixedPriceContract.companyFile, readerOf: companyReaderOf, permission: 'read:assignment:own' },
    { endpoint: fixedPriceContract.adminFile, readerOf: adminReaderOf, permission: 'read:milestone:any' },
  ] as const;
  for (const { endpoint, readerOf, permission } of fileSides) {
    registerEndpoint(app, endpoint, { config: { access: { permission } } }, async (request, reply) =>
      sendDownload(
        reply,
        await readMilestoneFile({
          db,
          files,
          reader: readerOf(request),
          milestoneId: request.params.id,
          fileId: request.params.file_id,
        }),
      ),
    );
  }

  const disputeSides = [
    { endpoint: fixedPriceContract.companyDispute, readerOf: companyReaderOf },
    { endpoint: fixedPriceContract.applicantDispute, readerOf: applicantReaderOf },
  ] as const;
  for (const { endpoint, readerOf } of disputeSides) {
    registerEndpoint(app, endpoint, { config: { access: { permission: 'update:milestone:own' } } }, async (request) => {
      return openDispute({
        db,
        reader: sideOf(readerOf(request)),
        ...actorOf(request),
        milestoneId: request.params.id,
        reason: request.body.reason,
      });
    });
  }

  const proposalSides = [
    {
      propose: fixedPriceContract.companyPropose,
      answer: fixedPriceContract.companyAnswerProposal,
      readerOf: companyReaderOf,
    },
    {
      propose: fixedPriceContract.applicantPropose,
      answer: fixedPriceContract.applicantAnswerProposal,
      readerOf: applicantReaderOf,
    },
  ] as const;
  for (const { propose, answer, readerOf } of proposalSides) {
    registerEndpoint(
      app,
      propose,
      { config: { access: { permission: 'update:milestone:own' } } },
      async (request, reply) => {
        const contract = await proposeMilestones({
          db,
          reader: sideOf(readerOf(request)),
          ...actorOf(request),
          contractId: request.params.id,
          proposal: request.body,
        });
        return reply.code(201).send(contract);
      },
    );
    registerEndpoint(app, answer, { config: { access: { permission: 'update:milestone:own' } } }, async (request) =>
      answerProposal({
        db,
        reader: sideOf(readerOf(request)),
        ...actorOf(request),
        proposalId: request.params.id,
        answer: request.body.answer,
      }),
    );
  }

  registerEndpoint(
    app,
    fixedPriceContract.refund,
    { config: { access: { permission: 'update:milestone:own' } } },
    async (request) =>
      refundMilestone({
        db,
        provider,
        applicantId: applicantIdOf(request),
        milestoneId: request.params.id,
        ipAddress: actorOf(request).ipAddress,
      }),
  );

  registerEndpoint(
    app,
    fixedPriceContract.disputes,
    { config: { access: { permission: 'read:milestone:any' } } },
    async (request) =>
      findDisputes({
        db,
        status: request.query.status,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  registerEndpoint(
    app,
    fixedPriceContract.dispute,
    { config: { access: { permission: 'read:milestone:any' } } },
    async (request) => getDispute({ db, milestoneId: request.params.id }),
  );

  registerEndpoint(
    app,
    fixedPriceContract.settleDispute,
    { config: { access: { permission: 'update:milestone:any' } } },
    async (request) =>
      settleDispute({
        db,
        provider,
        ...actorOf(request),
        milestoneId: request.params.id,
        releaseCents: request.body.release_cents,
        note: request.body.note,
      }),
  );

  registerEndpoint(
    app,
    fixedPriceContract.approve,
    { config: { access: { permission: 'update:milestone:own' } } },
    async (request) => approveMilestone({ db, ...companyActorOf(request), milestoneId: request.params.id }),
  );

  registerEndpoint(
    app,
    fixedPriceContract.requestChanges,
    { config: { access: { permission: 'update:milestone:own' } } },
    async (request) =>
      requestMilestoneChanges({
        db,
        ...companyActorOf(request),
        milestoneId: request.params.id,
        comment: request.body.comment,
      }),
  );
}
