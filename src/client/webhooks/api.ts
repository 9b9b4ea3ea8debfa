import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { adminWebhooksContract, companyWebhooksContract } from '~/shared/contracts/webhooks';
import type { CreateWebhookEndpointInput, UpdateWebhookEndpointInput, WebhookDeliveryStatus } from '~/shared/webhooks';

// Webhook endpoints of a company (/api/company/webhooks) or of the platform (/api/admin/webhooks): one set of
// queries over either contract.
export type WebhookOwner = 'company' | 'platform';

const contractOf = (owner: WebhookOwner) => (owner === 'company' ? companyWebhooksContract : adminWebhooksContract);

export const webhookEndpointsQueryOptions = (owner: WebhookOwner) =>
  queryOptions({
    queryKey: ['webhooks', owner, 'endpoints'],
    queryFn: () => callApi(contractOf(owner).list),
  });

export const webhookDeliveriesQueryOptions = (
  owner: WebhookOwner,
  endpointId: string,
  filter: { status?: WebhookDeliveryStatus; after?: string },
) =>
  queryOptions({
    queryKey: ['webhooks', owner, 'deliveries', endpointId, filter],
    queryFn: () =>
      callApi(contractOf(owner).deliveries, {
        params: { id: endpointId },
        query: { ...filter, page_size: 10 },
      }),
    placeholderData: keepPreviousData,
  });

export const webhookDeliveryQueryOptions = (owner: WebhookOwner, endpointId: string, deliveryId: string) =>
  queryOptions({
    queryKey: ['webhooks', owner, 'delivery', endpointId, deliveryId],
    queryFn: () => callApi(contractOf(owner).delivery, { params: { id: endpointId, delivery_id: deliveryId } }),
  });

function useInvalidateWebhooks(owner: WebhookOwner) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['webhooks', owner] });
}

export function useCreateWebhookEndpoint(owner: WebhookOwner) {
  const invalidate = useInvalidateWebhooks(owner);
  return useMutation({
    mutationFn: (input: CreateWebhookEndpointInput) => callApi(contractOf(owner).create, { body: input }),
    onSuccess: invalidate,
  });
}

export function useUpdateWebhookEndpoint(owner: WebhookOwner) {
  const invalidate = useInvalidateWebhooks(owner);
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateWebhookEndpointInput }) =>
      callApi(contractOf(owner).update, { params: { id }, body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhookEndpoint(owner: WebhookOwner) {
  const invalidate = useInvalidateWebhooks(owner);
  return useMutation({
    mutationFn: (id: string) => callApi(contractOf(owner).remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useRotateWebhookSecret(owner: WebhookOwner) {
  const invalidate = useInvalidateWebhooks(owner);
  return useMutation({
    mutationFn: (id: string) => callApi(contractOf(owner).rotateSecret, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useReplayWebhookDelivery(owner: WebhookOwner) {
  const invalidate = useInvalidateWebhooks(owner);
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      callApi(contractOf(owner).replay, { params: { id: endpointId, delivery_id: deliveryId } }),
    onSuccess: invalidate,
  });
}
