import { z } from 'zod';
import { defineContract } from '../contract';
import { idParams, malformedIdMessage, noContent } from '../contract-schemas';
import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryListQuerySchema,
  webhookDeliveryPageSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookSecretAnswerSchema,
} from '../webhooks';

const deliveryParams = z.object({
  id: z.uuid({ message: malformedIdMessage('webhook endpoint') }),
  delivery_id: z.uuid({ message: malformedIdMessage('webhook delivery') }),
});

// The same endpoints under two roots: a company's (Settings → Integrations: Owner and Admins) and the platform's
// (System Settings → Webhooks: administrators), whose endpoints hear every company's events.
function webhookEndpoints(root: `/api/${string}`, whose: string) {
  const endpoint = idParams('webhook endpoint');
  return {
    list: {
      method: 'GET',
      path: root,
      summary: `${whose} webhook endpoints, oldest first, and the events they may choose`,
      responses: { 200: webhookEndpointListSchema },
    },
    create: {
      method: 'POST',
      path: root,
      summary: 'Add an endpoint; the answer is the only time its signing secret is shown',
      body: createWebhookEndpointSchema,
      responses: { 201: webhookSecretAnswerSchema },
    },
    update: {
      method: 'PATCH',
      path: `${root}/:id`,
      summary: 'Change an endpoint’s address, description or events, or turn it off or on',
      params: endpoint,
      body: updateWebhookEndpointSchema,
      responses: { 200: webhookEndpointSchema },
    },
    remove: {
      method: 'DELETE',
      path: `${root}/:id`,
      summary: 'Delete an endpoint with its delivery log',
      params: endpoint,
      responses: { 204: noContent },
    },
    rotateSecret: {
      method: 'POST',
      path: `${root}/:id/rotate-secret`,
      summary: 'Replace the signing secret; the old one keeps signing beside it for 24 hours',
      params: endpoint,
      responses: { 200: webhookSecretAnswerSchema },
    },
    deliveries: {
      method: 'GET',
      path: `${root}/:id/deliveries`,
      summary: 'The endpoint’s deliveries, newest first, a keyset page at a time',
      params: endpoint,
      query: webhookDeliveryListQuerySchema,
      responses: { 200: webhookDeliveryPageSchema },
    },
    delivery: {
      method: 'GET',
      path: `${root}/:id/deliveries/:delivery_id`,
      summary: 'One delivery: the body as posted and every attempt with the receiver’s answer',
      params: deliveryParams,
      responses: { 200: webhookDeliveryDetailSchema },
    },
    replay: {
      method: 'POST',
      path: `${root}/:id/deliveries/:delivery_id/replay`,
      summary: 'Send a delivery again now (one attempt outside the retry schedule)',
      params: deliveryParams,
      responses: { 202: noContent },
    },
  } as const;
}

export const companyWebhooksContract = defineContract(
  { name: 'companyWebhooks', tags: ['company', 'integrations'] },
  webhookEndpoints('/api/company/webhooks', 'The company’s'),
);

export const adminWebhooksContract = defineContract(
  { name: 'adminWebhooks', tags: ['admin', 'integrations'] },
  webhookEndpoints('/api/admin/webhooks', 'The platform’s'),
);
