import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '~/client/lib/query-client';
import { companyUser } from '~/client/testing/data-generators';
import { fakeBillingApi } from '~/client/testing/fake-billing-api';
import { createFakeServer, type FakeServer, reply, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { authContract } from '~/shared/contracts/auth';
import { paths } from '~/shared/routes';

// Log Out from the header's account menu: the session ends after the page's reads, the portal reads
// nothing more (a read after the session ended would be answered 401), and a refusal keeps the person in.

async function openBilling(server: FakeServer) {
  fakeBillingApi(server);
  const view = await renderRoute(paths.companyBilling.getHref(), { user: companyUser(), server });
  await screen.findByRole('heading', { name: 'Billing & Invoices', level: 1 });
  return view;
}

async function logOut(events: Awaited<ReturnType<typeof openBilling>>['events']) {
  await events.click(screen.getByRole('button', { name: 'Account menu' }));
  await events.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
}

describe('Log Out', () => {
  it('ends the session, goes to sign in, and the portal reads nothing after', async () => {
    const server = createFakeServer();
    let signedOut = false;
    server.on(authContract.signOut, async () => {
      // While the session ends, something asks the portal to read again (a live event does).
      void queryClient.invalidateQueries();
      await new Promise((resolve) => setTimeout(resolve, 50));
      signedOut = true;
      return reply(204);
    });
    server.on(authContract.me, () => ({ user: signedOut ? null : companyUser() }));
    const { events, router } = await openBilling(server);

    await logOut(events);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login.getHref()));
    const signOutAt = server.requests.findIndex((request) => request.path === '/api/auth/sign-out');
    expect(signOutAt).toBeGreaterThanOrEqual(0);
    // What the sign-in page asks is its own; nothing of the portal's pages is read again.
    const portalReadsAfter = server.requests
      .slice(signOutAt + 1)
      .map((request) => request.path)
      .filter((path) => path.startsWith('/api/company') || path.startsWith('/api/notifications'));
    expect(portalReadsAfter).toEqual([]);
  });

  it('keeps the person in the portal and says why when the session could not end', async () => {
    const server = createFakeServer();
    server.on(authContract.signOut, () => replyError(503, 'unavailable', 'Tandem is busy. Try again in a minute.'));
    const { events, router } = await openBilling(server);

    await logOut(events);

    expect(await screen.findByText('Tandem is busy. Try again in a minute.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Billing & Invoices', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.companyBilling.getHref());
  });
});
