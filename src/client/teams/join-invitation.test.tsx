import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '~/client/lib/query-client';
import { companyUser } from '~/client/testing/data-generators';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { authContract } from '~/shared/contracts/auth';
import { companiesContract } from '~/shared/contracts/companies';
import { messagingContract } from '~/shared/contracts/messaging';
import { invitationsContract } from '~/shared/contracts/teams';
import { paths } from '~/shared/routes';
import { type InvitationPreview, teamTexts } from '~/shared/teams';

const token = 'tok_abcdefghijklmnopqrstuvwxyz0123456789';
const joinPath = paths.joinTeam.getHref({ token });

function preview(overrides: Partial<InvitationPreview> = {}): InvitationPreview {
  return {
    company_name: 'Acme Robotics',
    inviter_name: 'Olive Owner',
    role: 'hiring_manager',
    email: 'ines@acme.test',
    expires_at: new Date(Date.now() + 6 * 86_400_000).toISOString(),
    state: 'open',
    message: null,
    has_account: false,
    ...overrides,
  };
}

function serverWith(invitation: InvitationPreview) {
  const server = createFakeServer();
  // Where joining lands: the company dashboard, whose sections are for the roles that read them (none here).
  server.on(companiesContract.dashboard, () => ({
    employees: null,
    pipeline: null,
    paused_jobs: null,
    account_manager: null,
    open_job_skills: null,
    billing: null,
  }));
  // The dashboard's Messages card, for a member who reads conversations: none yet.
  server.on(messagingContract.list, ({ query }) => ({
    items: [],
    total: 0,
    page: Number(query.get('page') ?? 1),
    page_size: Number(query.get('page_size') ?? 20),
  }));
  server.on(invitationsContract.preview, () => invitation);
  server.on(authContract.providers, () => ({
    providers: [{ id: 'google' as const, name: 'Google', enabled: true, setting: 'GOOGLE_CLIENT_ID' }],
  }));
  return server;
}

// /join/:token: the invitation, then the step that fits whoever opened it.
describe('the invitation page', () => {
  it('shows a signed-out visitor the invitation and a form for the invited address, which signs them in', async () => {
    const server = serverWith(preview());
    let sent: unknown = null;
    server.on(invitationsContract.register, ({ body }) => {
      sent = body;
      return {
        status: 'signed_in' as const,
        redirect_to: '/company-dashboard',
        user: companyUser({
          email: 'ines@acme.test',
          company: { id: 'c1', name: 'Acme Robotics', role: 'hiring_manager', currency: 'USD' },
        }),
      };
    });
    const { events, router } = await renderRoute(joinPath, { server });
    expect(await screen.findByRole('heading', { name: 'Acme Robotics invites you' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'The invitation' });
    expect(summary).toHaveTextContent('Olive Owner invited you to join Acme Robotics as Hiring Manager.');
    expect(summary).toHaveTextContent('ines@acme.test');

    const form = screen.getByRole('form', { name: 'Create your account' });
    const email = within(form).getByLabelText('Email');
    expect(email).toHaveValue('ines@acme.test');
    expect(email).toHaveAttribute('readonly');
    await events.type(within(form).getByLabelText('Full name'), 'Ines Invitee');
    await events.type(within(form).getByLabelText('Password'), 'amber-kettle-55');
    await events.click(within(form).getByRole('button', { name: 'Create Account and Join' }));
    const terms = within(form).getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' });
    await waitFor(() => expect(terms).toHaveAttribute('aria-invalid', 'true'));
    expect(sent).toBeNull();
    await events.click(terms);
    await events.click(within(form).getByRole('button', { name: 'Create Account and Join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company-dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: paths.companyDashboard.title })).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Ines Invitee', password: 'amber-kettle-55', accept_terms: true });
  });

  it('carries the invitation through the identity-provider buttons, and offers signing in', async () => {
    await renderRoute(joinPath, { server: serverWith(preview()) });
    const google = await screen.findByRole('link', { name: 'Sign in with Google' });
    const start = new URL(google.getAttribute('href') ?? '', 'http://localhost');
    expect(start.searchParams.get('invitation')).toBe(token);
    expect(start.searchParams.get('accept_terms')).toBe('true');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `${paths.login.getHref()}?redirect=${encodeURIComponent(joinPath)}`,
    );
  });

  it('asks an address that has an account to sign in instead of creating one', async () => {
    await renderRoute(joinPath, { server: serverWith(preview({ has_account: true })) });
    expect(await screen.findByRole('link', { name: 'Sign In to Accept' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Create your account' })).not.toBeInTheDocument();
  });

  it('lets the invited account, signed in, accept and go to the company portal', async () => {
    const user = companyUser({ email: 'ines@acme.test', company: null });
    const server = serverWith(preview({ has_account: true }));
    // Who is signed in, asked again after accepting, now belongs to the company — as the server answers.
    let member = user;
    server.on(authContract.me, () => ({ user: member }));
    server.on(invitationsContract.accept, () => {
      member = { ...user, company: { id: 'c1', name: 'Acme Robotics', role: 'hiring_manager', currency: 'USD' } };
      return { company: { id: 'c1', name: 'Acme Robotics' } };
    });
    const { events, router } = await renderRoute(joinPath, { user, server });
    await events.click(await screen.findByRole('button', { name: 'Accept and Join Acme Robotics' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company-dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: paths.companyDashboard.title })).toBeInTheDocument();
  });

  it('tells another signed-in account which address the invitation is for', async () => {
    const user = companyUser({ email: 'someone.else@acme.test', company: null });
    await renderRoute(joinPath, { user, server: serverWith(preview()) });
    expect(await screen.findByText(/You are signed in as someone\.else@acme\.test\./)).toHaveTextContent(
      teamTexts.wrongAccount('ines@acme.test'),
    );
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('says when the invitation was used, expired or withdrawn, or the address cannot join', async () => {
    for (const [state, message] of [
      ['accepted', teamTexts.accepted],
      ['expired', teamTexts.expired],
      ['revoked', teamTexts.revoked],
      ['open', teamTexts.cannotJoin('ines@acme.test')],
    ] as const) {
      const view = await renderRoute(joinPath, { server: serverWith(preview({ state, message })) });
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Create your account' })).not.toBeInTheDocument();
      view.unmount();
      queryClient.clear();
    }
  });

  it('says a link nobody sent is not valid', async () => {
    const server = createFakeServer();
    server.on(invitationsContract.preview, () => replyError(404, 'not_found', teamTexts.linkUnknown));
    await renderRoute(joinPath, { server });
    expect(await screen.findByRole('heading', { name: 'Invitation not found' })).toBeInTheDocument();
    expect(screen.getByText(teamTexts.linkUnknown)).toBeInTheDocument();
  });

  it('says a link of the wrong shape is not valid without asking the server', async () => {
    const server = createFakeServer();
    await renderRoute('/join/no-such-room', { server });
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Your Team' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invitation not found' })).toBeInTheDocument();
    expect(screen.getByText(teamTexts.linkUnknown)).toBeInTheDocument();
    expect(server.requests.filter((request) => request.path.startsWith('/api/invitations'))).toEqual([]);
  });
});
