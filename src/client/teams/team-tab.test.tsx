import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, reply, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import type { CurrentUser } from '~/shared/auth';
import { teamContract } from '~/shared/contracts/teams';
import type { CompanyRole } from '~/shared/permissions';
import { companyRoleDescriptions, type TeamInvitation, type TeamMember, teamTexts } from '~/shared/teams';

const teamPath = '/company/settings?tab=team';

function member(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    user_id: fakeId(),
    name: 'Sam Member',
    email: 'sam@acme.test',
    role: 'hiring_manager',
    last_active_at: new Date().toISOString(),
    status: 'active',
    joined_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

function invitation(overrides: Partial<TeamInvitation> = {}): TeamInvitation {
  return {
    id: fakeId(),
    email: 'new.person@acme.test',
    role: 'billing',
    invited_by: 'Ada Hiring',
    sent_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    is_expired: false,
    ...overrides,
  };
}

// The signed-in member with a role, the team around them, and the requests the tab makes.
function teamOf(role: CompanyRole, { invitations = [invitation()] }: { invitations?: TeamInvitation[] } = {}) {
  const me: CurrentUser = companyUser({ company: { id: fakeId(), name: 'Acme', role, currency: 'USD' } });
  const owner = role === 'owner' ? null : member({ name: 'Olive Owner', email: 'olive@acme.test', role: 'owner' });
  const self = member({ user_id: me.id, name: me.name, email: me.email, role });
  const colleague = member({ name: 'Sam Member', email: 'sam@acme.test', role: 'viewer', last_active_at: null });
  const members = [...(owner ? [owner] : []), self, colleague];
  const server = createFakeServer();
  server.on(teamContract.members, () => ({ items: members, total: members.length, page: 1, page_size: 20 }));
  server.on(teamContract.invitations, () => ({
    items: invitations,
    total: invitations.length,
    page: 1,
    page_size: 20,
  }));
  return { me, server, colleague, owner };
}

describe('Settings → Team', () => {
  it('lists the members with role, last activity and status, and the pending invitations', async () => {
    const { me, server } = teamOf('owner');
    await renderRoute(teamPath, { user: me, server });
    const table = await screen.findByRole('table', { name: 'Team members' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('NameRoleLast activeStatus'),
      expect.stringMatching(/Ada Hiring \(you\).*hiring@acme\.test.*Owner.*Today.*Active/),
      expect.stringMatching(/Sam Member.*sam@acme\.test.*Never.*Active/),
    ]);
    expect(within(rows[2] as HTMLElement).getByRole('combobox', { name: 'Role of Sam Member' })).toHaveValue('viewer');
    const pending = screen.getByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText('new.person@acme.test')).toBeInTheDocument();
    expect(within(pending).getByText('Billing')).toBeInTheDocument();
    expect(within(pending).getByText(/by Ada Hiring/)).toBeInTheDocument();
  });

  it('asks before changing a role, says what the role may do, changes it, and Undo puts it back', async () => {
    const { me, server, colleague } = teamOf('admin');
    const sent: unknown[] = [];
    server.on(teamContract.changeRole, ({ params, body }) => {
      sent.push({ id: params.id, ...body });
      return { ...colleague, role: body.role };
    });
    const { events } = await renderRoute(teamPath, { user: me, server });
    const select = await screen.findByRole('combobox', { name: 'Role of Sam Member' });

    // Cancel changes nothing.
    await events.selectOptions(select, 'billing');
    const asked = await screen.findByRole('alertdialog', { name: 'Make Sam Member Billing?' });
    expect(asked).toHaveAccessibleDescription(`Billing: ${companyRoleDescriptions.billing} They are Viewer now.`);
    await events.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    expect(select).toHaveValue('viewer');

    await events.selectOptions(select, 'billing');
    const confirm = await screen.findByRole('alertdialog', { name: 'Make Sam Member Billing?' });
    await events.click(within(confirm).getByRole('button', { name: 'Change Role' }));
    await waitFor(() => expect(sent).toEqual([{ id: colleague.user_id, role: 'billing' }]));
    expect(await screen.findByText('Sam Member is Billing now.')).toBeInTheDocument();
    // The page takes clicks again once the dialog has gone (it blocks the pointer while open): on a busy
    // machine the toast can show first.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(document.body.style.pointerEvents).not.toBe('none'));
    await events.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { id: colleague.user_id, role: 'billing' },
        { id: colleague.user_id, role: 'viewer' },
      ]),
    );
    expect(await screen.findByText('Sam Member is Viewer now.')).toBeInTheDocument();
  });

  it('confirms a removal naming what ends, and shows the server’s sentence when it refuses', async () => {
    const { me, server, colleague } = teamOf('owner');
    server.on(teamContract.remove, () => replyError(409, 'conflict', teamTexts.removeYourself));
    const { events } = await renderRoute(teamPath, { user: me, server });
    await events.click(await screen.findByRole('button', { name: 'Remove Sam Member' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Sam Member from Acme?' });
    expect(dialog).toHaveAccessibleDescription(teamTexts.whatEnds);
    await events.click(within(dialog).getByRole('button', { name: 'Remove Member' }));
    expect(await screen.findByText(teamTexts.removeYourself)).toBeInTheDocument();
    expect(
      server.requests.some((request) => request.method === 'DELETE' && request.path.includes(colleague.user_id)),
    ).toBe(true);
  });

  it('lets the owner hand ownership over, after saying what it means', async () => {
    const asOwner = teamOf('owner');
    let transferredTo: string | null = null;
    asOwner.server.on(teamContract.transferOwnership, ({ params }) => {
      transferredTo = params.id;
      return { ...asOwner.colleague, role: 'owner' as const };
    });
    const { events } = await renderRoute(teamPath, { user: asOwner.me, server: asOwner.server });
    await events.click(await screen.findByRole('button', { name: 'Make owner: Sam Member' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Sam Member the owner?' });
    expect(dialog).toHaveAccessibleDescription(/you become an Admin/);
    await events.click(within(dialog).getByRole('button', { name: 'Transfer Ownership' }));
    expect(await screen.findByText('Sam Member owns Acme now; you are an Admin.')).toBeInTheDocument();
    expect(transferredTo).toBe(asOwner.colleague.user_id);
  });

  it('gives an admin no way to transfer ownership or touch the owner', async () => {
    const asAdmin = teamOf('admin');
    await renderRoute(teamPath, { user: asAdmin.me, server: asAdmin.server });
    const table = await screen.findByRole('table', { name: 'Team members' });
    const ownerRow = within(table).getByRole('row', { name: /Olive Owner/ });
    expect(within(ownerRow).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(ownerRow).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Make owner/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Sam Member' })).toBeInTheDocument();
  });

  it('shows a viewer the team without any control but Leave', async () => {
    const { me, server } = teamOf('viewer', { invitations: [] });
    await renderRoute(teamPath, { user: me, server });
    await screen.findByRole('table', { name: 'Team members' });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove|Invite colleague|Resend|Revoke/ })).not.toBeInTheDocument();
    expect(screen.getByText(teamTexts.noInvitations)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave Acme' })).toBeInTheDocument();
  });

  it('invites a colleague with a role chosen from described roles, and shows a refusal on the field', async () => {
    const { me, server } = teamOf('owner', { invitations: [] });
    const refusal = teamTexts.alreadyHasAccount('taken@else.test');
    let sent: unknown = null;
    server.on(teamContract.invite, ({ body }) => {
      sent = body;
      if (body.email === 'taken@else.test') return replyError(409, 'conflict', refusal, { email: refusal });
      return invitation({ email: body.email, role: 'billing' });
    });
    const { events } = await renderRoute(teamPath, { user: me, server });
    await events.click(await screen.findByRole('button', { name: 'Invite colleague' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite colleague' });
    const billing = within(dialog).getByRole('radio', { name: 'Billing' });
    expect(billing).toHaveAccessibleDescription('Invoices, payment methods and timesheet approval; no pipeline.');
    expect(within(dialog).queryByRole('radio', { name: 'Owner' })).not.toBeInTheDocument();

    await events.type(within(dialog).getByLabelText('Email'), 'taken@else.test');
    await events.click(billing);
    await events.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(refusal));
    expect(sent).toEqual({ email: 'taken@else.test', role: 'billing' });

    await events.clear(within(dialog).getByLabelText('Email'));
    await events.type(within(dialog).getByLabelText('Email'), 'new@acme.test');
    await events.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('new@acme.test can join as Billing within 7 days.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resends and revokes a pending invitation', async () => {
    const pending = invitation({ is_expired: true });
    const { me, server } = teamOf('admin', { invitations: [pending] });
    server.on(teamContract.resendInvitation, () => ({ ...pending, is_expired: false }));
    server.on(teamContract.revokeInvitation, () => reply(204));
    const { events } = await renderRoute(teamPath, { user: me, server });
    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(list).getByText('Expired')).toBeInTheDocument();
    await events.click(within(list).getByRole('button', { name: `Resend the invitation to ${pending.email}` }));
    expect(await screen.findByText(/A new link went to new\.person@acme\.test/)).toBeInTheDocument();
    await events.click(within(list).getByRole('button', { name: `Revoke the invitation to ${pending.email}` }));
    await events.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke Invitation' }),
    );
    expect(await screen.findByText('The link sent to new.person@acme.test no longer works.')).toBeInTheDocument();
  });

  it('says why the team did not load, and tries again', async () => {
    const { me } = teamOf('owner');
    const server = createFakeServer();
    let calls = 0;
    server.on(teamContract.members, () => {
      calls += 1;
      return calls === 1
        ? replyError(403, 'forbidden', 'You do not have permission to do that.')
        : { items: [], total: 0, page: 1, page_size: 20 };
    });
    server.on(teamContract.invitations, () => ({ items: [], total: 0, page: 1, page_size: 20 }));
    const { events } = await renderRoute(teamPath, { user: me, server });
    expect(await screen.findByText('You do not have permission to do that.')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Team members' })).toBeInTheDocument();
  });
});
