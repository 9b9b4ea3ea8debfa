import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import type {
  ConnectCalDavInput,
  ReconnectCalDavInput,
  UpdateCalendarConnectionInput,
} from '~/shared/calendar-connections';
import { calendarConnectionsContract } from '~/shared/contracts/calendar-connections';

// The person's calendar accounts (/api/calendar-connections): list, connect CalDAV, adjust, refresh, disconnect.

export const calendarConnectionsQueryOptions = () =>
  queryOptions({
    queryKey: ['calendar-connections'],
    queryFn: () => callApi(calendarConnectionsContract.list),
  });

function useInvalidateConnections() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: calendarConnectionsQueryOptions().queryKey });
}

export function useConnectCalDav() {
  const onSuccess = useInvalidateConnections();
  return useMutation({
    mutationFn: (input: ConnectCalDavInput) => callApi(calendarConnectionsContract.connectCalDav, { body: input }),
    onSuccess,
  });
}

export function useReconnectCalDav() {
  const onSuccess = useInvalidateConnections();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ReconnectCalDavInput }) =>
      callApi(calendarConnectionsContract.reconnectCalDav, { params: { id }, body: input }),
    onSuccess,
  });
}

export function useUpdateCalendarConnection() {
  const onSuccess = useInvalidateConnections();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateCalendarConnectionInput }) =>
      callApi(calendarConnectionsContract.update, { params: { id }, body: input }),
    onSuccess,
  });
}

export function useRefreshCalendarConnection() {
  const onSuccess = useInvalidateConnections();
  return useMutation({
    mutationFn: (id: string) => callApi(calendarConnectionsContract.refresh, { params: { id } }),
    onSuccess,
  });
}

export function useDisconnectCalendarConnection() {
  const onSuccess = useInvalidateConnections();
  return useMutation({
    mutationFn: (id: string) => callApi(calendarConnectionsContract.disconnect, { params: { id } }),
    onSuccess,
  });
}
