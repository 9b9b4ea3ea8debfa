import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refetchLive } from './live-refetch';

// A count on the server, and a query of it whose answers the test releases: what a request read is
// what the server held when it arrived, however late the answer comes back.
function countOnServer() {
  let count = 0;
  const pending: (() => void)[] = [];
  const queryFn = () =>
    new Promise<number>((resolve) => {
      const read = count;
      pending.push(() => resolve(read));
    });
  return {
    queryFn,
    change: () => {
      count += 1;
    },
    answerAll: () => {
      for (const answer of pending.splice(0)) answer();
    },
    requests: () => pending.length,
  };
}

describe('refetchLive', () => {
  const clients: QueryClient[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.clear();
  });

  function watch(server: ReturnType<typeof countOnServer>) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    clients.push(client);
    const observer = new QueryObserver(client, { queryKey: ['unread'], queryFn: server.queryFn });
    const stop = observer.subscribe(() => undefined);
    return { client, observer, stop };
  }

  // Answers every request as it comes until the refetch is done.
  async function answerUntil(server: ReturnType<typeof countOnServer>, refetched: Promise<void>) {
    let done = false;
    void refetched.then(() => {
      done = true;
    });
    await vi.waitFor(() => {
      server.answerAll();
      expect(done).toBe(true);
    });
  }

  it('asks again when the first fetch may have read the server before the change it hears of', async () => {
    const server = countOnServer();
    const { client, observer, stop } = watch(server);
    expect(server.requests()).toBe(1);

    server.change();
    await answerUntil(server, refetchLive(client, ['unread']));

    expect(observer.getCurrentResult().data).toBe(1);
    stop();
  });

  it('fetches a query that has data again', async () => {
    const server = countOnServer();
    const { client, observer, stop } = watch(server);
    await vi.waitFor(() => {
      server.answerAll();
      expect(observer.getCurrentResult().data).toBe(0);
    });

    server.change();
    await answerUntil(server, refetchLive(client, ['unread']));

    expect(observer.getCurrentResult().data).toBe(1);
    stop();
  });
});
