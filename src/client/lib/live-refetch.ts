import type { QueryClient, QueryKey } from '@tanstack/react-query';

// Fetches again what the server says has changed (a live event) or may have changed unheard (the socket
// opened). Invalidating alone is not enough: a query still on its first fetch would only wait for that
// fetch (TanStack reuses an in-flight fetch of a query that has no data yet), which may have read the
// server before the change and then show it missing until the next event. That fetch is cancelled and the
// query asked again.
export async function refetchLive(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({
    queryKey,
    predicate: (query) => query.state.data === undefined && query.state.fetchStatus === 'fetching',
  });
  await queryClient.invalidateQueries({ queryKey });
}
