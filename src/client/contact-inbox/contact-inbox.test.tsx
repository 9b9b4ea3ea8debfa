import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { type ContactMessageDetail, contactInboxTexts } from '~/shared/contact';
import { siteContract } from '~/shared/contracts/site';
import { paths } from '~/shared/routes';

const admin = companyUser({ role: 'admin', name: 'Ada Admin', email: 'ada@tandem.test', company: null });
const other = { id: fakeId(), name: 'Bo Second', email: 'bo@tandem.test' };

function contactMessage(overrides: Partial<ContactMessageDetail> = {}): ContactMessageDetail {
  return {
    id: fakeId(),
    name: 'Dana Whitfield',
    email: 'dana@acme.example',
    company: 'Acme Freight',
    subject: 'Night support team',
    message: 'We need six agents for nights.\nCan you start in March?',
    source: 'contact_page',
    // Long past: over the 24 hours the forms promise.
    created_at: '2026-11-20T14:05:00.000Z',
    handled_at: null,
    handled_by: null,
    assignee: null,
    reply_count: 0,
    replies: [],
    can_reply: true,
    ...overrides,
  };
}

// The inbox over a list of messages the fake keeps, changing them as the API would.
async function openInbox(messages: ContactMessageDetail[], path = paths.adminContactMessages.getHref()) {
  const server = createFakeServer();
  const byId = new Map(messages.map((message) => [message.id, message]));
  const save = (message: ContactMessageDetail) => {
    byId.set(message.id, message);
    return message;
  };
  server.on(siteContract.contactMessages, ({ query }) => {
    const status = query.get('status') ?? 'open';
    const q = (query.get('q') ?? '').toLowerCase();
    const items = [...byId.values()].filter(
      (message) =>
        (status === 'all' || (status === 'handled') === (message.handled_at !== null)) &&
        (query.get('assignee') !== 'me' || message.assignee?.id === admin.id) &&
        (!q || `${message.name} ${message.message}`.toLowerCase().includes(q)),
    );
    return { items, total: items.length, page: 1, page_size: 20 };
  });
  server.on(siteContract.contactMessage, ({ params }) => {
    const message = byId.get(params.id);
    return message ?? replyError(404, 'not_found', contactInboxTexts.notFound);
  });
  server.on(siteContract.contactAssignees, () => ({
    items: [{ id: admin.id, name: admin.name, email: admin.email }, other],
  }));
  server.on(siteContract.markContactMessage, ({ params, body }) => {
    const message = byId.get(params.id) as ContactMessageDetail;
    return save({
      ...message,
      handled_at: body.handled ? '2026-11-25T09:00:00.000Z' : null,
      handled_by: body.handled ? { id: admin.id, name: admin.name } : null,
    });
  });
  server.on(siteContract.assignContactMessage, ({ params, body }) => {
    const message = byId.get(params.id) as ContactMessageDetail;
    const person = [{ id: admin.id, name: admin.name }, other].find((candidate) => candidate.id === body.assignee_id);
    return save({ ...message, assignee: person ? { id: person.id, name: person.name } : null });
  });
  const view = await renderRoute(path, { user: admin, server });
  // Hidden from assistive technology while a message's drawer is open.
  await screen.findByRole('heading', { level: 1, name: 'Contact Messages', hidden: true });
  return { ...view, server, byId, save };
}

describe('Contact Messages', () => {
  it('lists the new messages with who they are from, the overdue ones flagged, and filters in the URL', async () => {
    const { events, router, server } = await openInbox([
      contactMessage(),
      contactMessage({
        name: 'Lee Home',
        email: 'lee@example.test',
        subject: null,
        source: 'home',
        company: null,
        message: 'How much is bookkeeping?',
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Contact messages' });
    const dana = within(table).getByRole('row', { name: /Dana Whitfield/ });
    expect(within(dana).getByText('Night support team')).toBeInTheDocument();
    expect(within(dana).getByText('Acme Freight')).toBeInTheDocument();
    expect(within(dana).getByText('Over 24 hours')).toBeInTheDocument();
    expect(within(dana).getByText('Unassigned')).toBeInTheDocument();
    // The home page's form has no subject.
    expect(within(table).getByText('Message from Lee Home')).toBeInTheDocument();

    await events.type(screen.getByRole('searchbox', { name: 'Search contact messages' }), 'march');
    await waitFor(() => expect(router.state.location.search).toContain('q=march'));
    await waitFor(() => expect(within(table).queryByText('Lee Home')).not.toBeInTheDocument());

    await events.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'handled');
    await waitFor(() => expect(router.state.location.search).toContain('status=handled'));
    await events.selectOptions(screen.getByRole('combobox', { name: 'Assigned to' }), 'me');
    await waitFor(() => expect(router.state.location.search).toContain('assignee=me'));
    const last = server.requests.filter((request) => request.path === '/api/admin/contact-messages').at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toMatchObject({ q: 'march', status: 'handled', assignee: 'me' });
    expect(await screen.findByText('No messages found')).toBeInTheDocument();
    await events.click(screen.getAllByRole('button', { name: 'Clear Filters' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens a message whole, assigns it, replies by email and marks it handled', async () => {
    const message = contactMessage();
    const { events, server, byId, save, router } = await openInbox([message]);
    let sent: unknown = null;
    server.on(siteContract.replyToContactMessage, ({ params, body }) => {
      sent = body;
      const current = byId.get(params.id) as ContactMessageDetail;
      return save({
        ...current,
        handled_at: '2026-11-25T10:00:00.000Z',
        handled_by: { id: admin.id, name: admin.name },
        reply_count: 1,
        replies: [
          {
            id: fakeId(),
            body: body.body,
            sent_by: { id: admin.id, name: admin.name },
            created_at: '2026-11-25T10:00:00.000Z',
          },
        ],
      });
    });

    await events.click(await screen.findByRole('button', { name: 'Open the message from Dana Whitfield' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?message=${message.id}`));
    const drawer = await screen.findByRole('dialog', { name: 'Night support team' });
    expect(
      await within(drawer).findByText(/We need six agents for nights\.\s+Can you start in March\?/),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('Contact page form')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'dana@acme.example' })).toHaveAttribute(
      'href',
      'mailto:dana@acme.example',
    );
    // The moment, in the viewer's zone, says which zone.
    expect(within(drawer).getByText(/Nov 20, 2026, \d+:\d{2} [AP]M \S+/)).toBeInTheDocument();
    expect(within(drawer).getByText('No reply yet.')).toBeInTheDocument();

    await events.click(within(drawer).getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(within(drawer).getByRole('combobox', { name: 'Assigned to' })).toHaveValue(admin.id));
    expect((await screen.findAllByText(contactInboxTexts.assigned)).length).toBeGreaterThan(0);
    expect(within(drawer).queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
    await events.selectOptions(within(drawer).getByRole('combobox', { name: 'Assigned to' }), other.id);
    await waitFor(() => expect(byId.get(message.id)?.assignee?.name).toBe('Bo Second'));

    // An empty reply is refused before it leaves; the server's sentence shows beside the field.
    const reply = within(drawer).getByRole('textbox', { name: 'Reply to Dana Whitfield' });
    await events.click(within(drawer).getByRole('button', { name: 'Send Reply' }));
    expect(await within(drawer).findByText(contactInboxTexts.replyRequired)).toBeInTheDocument();
    expect(reply).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBeNull();

    await events.type(reply, 'Hello Dana,{enter}{enter}Yes, a team of six can start on March 2.');
    await events.click(within(drawer).getByRole('button', { name: 'Send Reply' }));
    await waitFor(() => expect(sent).toEqual({ body: 'Hello Dana,\n\nYes, a team of six can start on March 2.' }));
    expect((await screen.findAllByText(contactInboxTexts.replied)).length).toBeGreaterThan(0);
    const replies = await within(drawer).findByRole('list', { name: 'Replies' });
    expect(within(replies).getByText(/Yes, a team of six can start on March 2\./)).toBeInTheDocument();
    expect(within(replies).getByText(/Ada Admin/)).toBeInTheDocument();
    expect(reply).toHaveValue('');
    // Answered, it is handled: Reopen brings it back.
    expect(within(drawer).getByText('Handled')).toBeInTheDocument();
    await events.click(within(drawer).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(byId.get(message.id)?.handled_at).toBeNull());
    expect(await within(drawer).findByRole('button', { name: 'Mark as Handled' })).toBeInTheDocument();

    await events.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the server’s sentence when a reply is refused, and no form for a sender who was erased', async () => {
    const message = contactMessage();
    const erased = contactMessage({ name: 'Removed user', subject: 'Old question', can_reply: false });
    const { events, server } = await openInbox(
      [message, erased],
      `${paths.adminContactMessages.getHref()}?message=${message.id}`,
    );
    server.on(siteContract.replyToContactMessage, () =>
      replyError(400, 'validation', contactInboxTexts.replyTooLong, { body: contactInboxTexts.replyTooLong }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Night support team' });
    await events.type(await within(drawer).findByRole('textbox', { name: 'Reply to Dana Whitfield' }), 'Hello');
    await events.click(within(drawer).getByRole('button', { name: 'Send Reply' }));
    expect(await within(drawer).findByText(contactInboxTexts.replyTooLong)).toBeInTheDocument();

    await events.click(within(drawer).getByRole('button', { name: 'Close' }));
    await events.click(await screen.findByRole('button', { name: 'Open the message from Removed user' }));
    const gone = await screen.findByRole('dialog', { name: 'Old question' });
    expect(await within(gone).findByText(contactInboxTexts.senderRemoved)).toBeInTheDocument();
    expect(within(gone).queryByRole('button', { name: 'Send Reply' })).not.toBeInTheDocument();
  });

  it('says when a message is gone, and when the list cannot load', async () => {
    const server = createFakeServer();
    server.on(siteContract.contactMessages, () => replyError(503, 'unavailable', 'The database is not answering.'));
    server.on(siteContract.contactMessage, () => replyError(404, 'not_found', contactInboxTexts.notFound));
    server.on(siteContract.contactAssignees, () => ({ items: [] }));
    await renderRoute(`${paths.adminContactMessages.getHref()}?message=${fakeId()}`, { user: admin, server });
    expect(await screen.findByText('The database is not answering.')).toBeInTheDocument();
    // Behind the open drawer.
    expect(screen.getByRole('button', { name: 'Try Again', hidden: true })).toBeInTheDocument();
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText(contactInboxTexts.notFound)).toBeInTheDocument();
  });

  it('says there is nothing new when every message was handled', async () => {
    await openInbox([contactMessage({ handled_at: '2026-11-21T09:00:00.000Z' })]);
    expect(await screen.findByText('No new messages')).toBeInTheDocument();
  });
});
