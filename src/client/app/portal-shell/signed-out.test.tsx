import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '~/client/lib/query-client';
import { companyUser } from '~/client/testing/data-generators';
import { fakeBillingApi } from '~/client/testing/fake-billing-api';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { signedOutTexts } from '~/shared/auth';
import { authContract } from '~/shared/contracts/auth';
import { invoicesContract } from '~/shared/contracts/billing';
import { type LiveEvent, SESSION_ENDED_CLOSE_CODE } from '~/shared/live-events';
import { paths } from '~/shared/routes';

// A tab still open when an administrator suspends the account's company: whichever tells it first (the
// next request's 401 'account_suspended', the live event, the server closing its socket), it asks who it
// is, and lands on the sign-in page with the sentence saying why, not a bare sign-in page.

// The tab's live socket, driven by the test.
class FakeWebSocket {
  static latest: FakeWebSocket | undefined;
  static readonly OPEN = 1;
  readonly OPEN = 1;
  readyState = 0;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    FakeWebSocket.latest = this;
  }
  send() {}
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  deliver(event: LiveEvent) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

const billing = paths.companyBilling.getHref();

// The billing page of a signed-in company member; `suspend()` makes the server answer as after the
// suspension: who am I says nobody, and why.
async function openSuspendableTab() {
  const server = createFakeServer();
  fakeBillingApi(server);
  let isSuspended = false;
  server.on(authContract.me, () =>
    isSuspended ? { user: null, signed_out_reason: 'company_suspended' as const } : { user: companyUser() },
  );
  const view = await renderRoute(billing, { user: companyUser(), server });
  await screen.findByRole('heading', { name: 'Billing & Invoices', level: 1 });
  return {
    ...view,
    suspend: () => {
      isSuspended = true;
    },
  };
}

async function expectSignInSayingWhy(router: Awaited<ReturnType<typeof openSuspendableTab>>['router']) {
  // The page that was refused may show the sentence too, for a moment: the sign-in page first.
  await waitFor(() => expect(router.state.location.pathname).toBe(paths.login.getHref()));
  expect(await screen.findByText(signedOutTexts.company_suspended)).toBeInTheDocument();
  expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(billing);
  expect(screen.getByRole('heading', { level: 1, name: paths.login.title })).toBeInTheDocument();
}

describe('a tab whose company was suspended', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    FakeWebSocket.latest = undefined;
  });

  it('is told by its next request, and lands on sign-in saying why', async () => {
    const { router, server, suspend } = await openSuspendableTab();
    server.on(invoicesContract.list, () => {
      suspend();
      return replyError(401, 'account_suspended', signedOutTexts.company_suspended);
    });
    // The page reads again (a refetch on focus, say).
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    await expectSignInSayingWhy(router);
    const refused = server.requests.findIndex((request) => request.path === '/api/company/invoices');
    expect(refused).toBeGreaterThanOrEqual(0);
    expect(server.requests.slice(refused).some((request) => request.path === '/api/auth/me')).toBe(true);
  });

  it('is told at once by the live event, before any request of its own', async () => {
    const { router, suspend } = await openSuspendableTab();
    await waitFor(() => expect(FakeWebSocket.latest).toBeDefined());
    suspend();
    FakeWebSocket.latest?.deliver({ type: 'session.ended' });
    await expectSignInSayingWhy(router);
  });

  it('asks who it is when the server closes its socket for an ended session', async () => {
    const { router, suspend } = await openSuspendableTab();
    await waitFor(() => expect(FakeWebSocket.latest).toBeDefined());
    suspend();
    FakeWebSocket.latest?.close(SESSION_ENDED_CLOSE_CODE);
    await expectSignInSayingWhy(router);
  });
});
