import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminWebhooksContract, companyWebhooksContract } from '~/shared/contracts/webhooks';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { actorOf, companyActorOf } from '../platform/route-schemas';
import { createWebhookEndpoint } from './create-webhook-endpoint';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint';
import { replayWebhookDelivery } from './replay-webhook-delivery';
import { rotateWebhookSecret } from './rotate-webhook-secret';
import { updateWebhookEndpoint } from './update-webhook-endpoint';
import { findWebhookDeliveries, findWebhookDelivery, findWebhookEndpoints, type WebhookScope } from './webhook-views';

// Webhook endpoints (issue 58): a company's in Settings → Integrations (Owner and Admins), the platform's in
// System Settings (administrators). One set of handlers; the scope says whose endpoints a request reaches.
export async function webhookRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, jobs, taxIds: cipher, config } = context;
  const policy = { privateTargets: config.webhookPrivateTargets };

  const roots = [
    {
      contract: companyWebhooksContract,
      read: 'read:webhook:own',
      update: 'update:webhook:own',
      actor: (request: FastifyRequest) => {
        const { companyId, ...actor } = companyActorOf(request);
        return { ...actor, scope: { kind: 'company', companyId } satisfies WebhookScope };
      },
    },
    {
      contract: adminWebhooksContract,
      read: 'read:webhook:any',
      update: 'update:webhook:any',
      actor: (request: FastifyRequest) => ({ ...actorOf(request), scope: { kind: 'platform' } satisfies WebhookScope }),
    },
  ] as const;

  for (const { contract, read, update, actor } of roots) {
    const reads = { config: { access: { permission: read } } };
    const updates = { config: { access: { permission: update } } };

    registerEndpoint(app, contract.list, reads, async (request) =>
      findWebhookEndpoints({ db, scope: actor(request).scope }),
    );

    registerEndpoint(app, contract.create, updates, async (request, reply) => {
      const created = await createWebhookEndpoint({ db, ...actor(request), cipher, policy, input: request.body });
      return reply.code(201).send(created);
    });

    registerEndpoint(app, contract.update, updates, async (request) =>
      updateWebhookEndpoint({ db, ...actor(request), policy, id: request.params.id, input: request.body }),
    );

    registerEndpoint(app, contract.remove, updates, async (request, reply) => {
      await deleteWebhookEndpoint({ db, ...actor(request), id: request.params.id });
      return reply.code(204).send(null);
    });

    registerEndpoint(app, contract.rotateSecret, updates, async (request) =>
      rotateWebhookSecret({ db, ...actor(request), cipher, id: request.params.id }),
    );

    registerEndpoint(app, contract.deliveries, reads, async (request) =>
      findWebhookDeliveries({
        db,
        scope: actor(request).scope,
        endpointId: request.params.id,
        status: request.query.status,
        after: request.query.after,
        pageSize: request.query.page_size,
      }),
    );

    registerEndpoint(app, contract.delivery, reads, async (request) =>
      findWebhookDelivery({
        db,
        scope: actor(request).scope,
        endpointId: request.params.id,
        deliveryId: request.params.delivery_id,
      }),
    );

    registerEndpoint(app, contract.replay, updates, async (request, reply) => {
      await replayWebhookDelivery({
        db,
        ...actor(request),
        jobs,
        endpointId: request.params.id,
        deliveryId: request.params.delivery_id,
      });
      return reply.code(202).send(null);
    });
  }
}
