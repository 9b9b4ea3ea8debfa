import type { FastifyInstance } from 'fastify';
import { pipelineContract } from '~/shared/contracts/pipeline';
import type { AppContext } from '../app-context';
import { findJobApplications } from '../kernels/hiring/find-job-applications';
import { moveApplication } from '../kernels/hiring/move-application';
import { currentAuth, currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { companyActorOf } from '../platform/route-schemas';
import { addApplicationNote } from './add-application-note';
import { bulkMoveApplications } from './bulk-move-applications';
import { getApplication } from './get-application';
import { makeFixedPriceOffer, makeOffer } from './make-offer';
import { rateApplication } from './rate-application';

// The company's side of the hiring pipeline: its applications, each one's detail, the
// moves of docs/design.md §5, offers, private notes and ratings. Every query carries the caller's company;
// another company's application is a 404. Administrators may read any application. The endpoints of
// shared/contracts/pipeline.ts.
export async function pipelineRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, mailer } = context;

  registerEndpoint(
    app,
    pipelineContract.list,
    { config: { access: { permission: 'read:job_application:own' } } },
    async (request) =>
      findJobApplications({
        db,
        companyId: currentCompanyId(request),
        jobId: request.query.job_id,
        query: request.query,
      }),
  );

  registerEndpoint(
    app,
    pipelineContract.bulkMove,
    { config: { access: { permission: 'update:job_application:own' } } },
    async (request) => bulkMoveApplications({ db, mailer, ...companyActorOf(request), input: request.body }),
  );

  registerEndpoint(
    app,
    pipelineContract.get,
    { config: { access: { permission: 'read:job_application:own' } } },
    async (request) =>
      getApplication({
        db,
        reader: { companyId: currentCompanyId(request) },
        viewerId: currentAuth(request).user.id,
        id: request.params.id,
      }),
  );

  registerEndpoint(
    app,
    pipelineContract.move,
    { config: { access: { permission: 'update:job_application:own' } } },
    async (request) => {
      const actor = companyActorOf(request);
      await moveApplication({
        db,
        mailer,
        applicationId: request.params.id,
        to: request.body.to,
        interviewStageId: request.body.stage_id,
        actor: { mover: 'company', actorId: actor.actorId, companyId: actor.companyId },
        rejectionReason: request.body.reason,
        ipAddress: actor.ipAddress,
      });
      return getApplication({
        db,
        reader: { companyId: actor.companyId },
        viewerId: actor.actorId,
        id: request.params.id,
      });
    },
  );

  // The application as the company reads it after an offer of theirs.
  const applicationAfter = (actor: { companyId: string; actorId: string }, id: string) =>
    getApplication({ db, reader: { companyId: actor.companyId }, viewerId: actor.actorId, id });

  registerEndpoint(
    app,
    pipelineContract.offer,
    { config: { access: { permission: 'update:job_application:own' } } },
    async (request) => {
      const actor = companyActorOf(request);
      await makeOffer({ db, mailer, ...actor, id: request.params.id, offer: request.body });
      return applicationAfter(actor, request.params.id);
    },
  );

  registerEndpoint(
    app,
    pipelineContract.fixedPriceOffer,
    { config: { access: { permission: 'update:job_application:own' } } },
    async (request) => {
      const actor = companyActorOf(request);
      await makeFixedPriceOffer({ db, mailer, ...actor, id: request.params.id, offer: request.body });
      return applicationAfter(actor, request.params.id);
    },
  );

  registerEndpoint(
    app,
    pipelineContract.addNote,
    { config: { access: { permission: 'update:job_application:own' } } },
    async (request, reply) => {
      const note = await addApplicationNote({
        db,
        ...companyActorOf(request),
        id: request.params.id,
        body: request.body.body,
        mentions: request.body.mentions,
      });
      return reply.code(201).send(note);
    },
  );

  registerEndpoint(
    app,
    pipelineContract.rate,
    { config: { access: { permission: 'update:job_application:own' } } },
    async (request) =>
      rateApplication({ db, ...companyActorOf(request), id: request.params.id, rating: request.body.rating }),
  );

  registerEndpoint(
    app,
    pipelineContract.adminGet,
    { config: { access: { permission: 'read:job_application:any' } } },
    async (request) =>
      getApplication({
        db,
        reader: { anyCompany: true },
        viewerId: currentAuth(request).user.id,
        id: request.params.id,
      }),
  );
}
