import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser, fakeId, scheduledMeeting } from '~/client/testing/data-generators';
import { conversationDetail, fakeMessagingApi } from '~/client/testing/fake-messaging-api';
import { createFakeServer } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { meetingsContract } from '~/shared/contracts/meetings';
import { messagingContract } from '~/shared/contracts/messaging';
import { paths } from '~/shared/routes';

// The Messages screen: a conversation opened from it (Contact Support, New message) joins its list at once,
// selected.

describe('Messages', () => {
  it('lists a conversation opened with Contact Support at once, as the open one', async () => {
    const server = createFakeServer();
    fakeMessagingApi(server, [conversationDetail({ title: 'Grace Hopper' })]);
    const { events } = await renderRoute(paths.companyMessages.getHref(), { user: companyUser(), server });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('Grace Hopper')]);

    // The list is not read again before the conversation shows: it joins what the page holds.
    server.on(messagingContract.list, () => new Promise<never>(() => {}));
    await events.click(screen.getByRole('button', { name: 'Contact Support' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Tandem Support' })).toBeInTheDocument();
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Tandem Support'),
      expect.stringContaining('Grace Hopper'),
    ]);
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
  });

  it('starts a conversation with New message: an applicant found by name, about their application', async () => {
    const server = createFakeServer();
    fakeMessagingApi(server, [conversationDetail({ title: 'Grace Hopper' })]);
    const adaApplication = {
      application_id: fakeId(),
      applicant_id: fakeId(),
      applicant_name: 'Ada Lovelace',
      job_title: 'Data Engineer',
      status: 'interviewing',
      time_zone: null,
    };
    server.on(meetingsContract.invitees, ({ query }) => {
      const items =
        (query.get('q') ?? '') === '' || 'ada lovelace'.includes((query.get('q') ?? '').toLowerCase())
          ? [adaApplication]
          : [];
      return { items, total: items.length === 0 ? 0 : 41, page: 1, page_size: 20 };
    });
    const { events } = await renderRoute(paths.companyMessages.getHref(), { user: companyUser(), server });
    await screen.findByRole('list', { name: 'Conversations' });
    await events.click(screen.getByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    expect(await within(dialog).findByRole('list', { name: 'Applicants' })).toHaveTextContent(
      'Data Engineer · Interviewing',
    );
    expect(within(dialog).getByText('Showing 1 of 41: search to find the others.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Find them in Talent Search' })).toHaveAttribute(
      'href',
      paths.companyTalent.getHref(),
    );
    await events.type(within(dialog).getByLabelText('Search applicants'), 'zed');
    expect(await within(dialog).findByText('No applicant matches “zed”.')).toBeInTheDocument();
    await events.clear(within(dialog).getByLabelText('Search applicants'));
    await events.type(within(dialog).getByLabelText('Search applicants'), 'ada');
    await events.click(
      await within(await within(dialog).findByRole('list', { name: 'Applicants' })).findByRole('button', {
        name: /Ada Lovelace/,
      }),
    );

    expect(await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'New message' })).not.toBeInTheDocument();
    const start = server.requests.find((request) => request.method === 'POST' && request.path === '/api/conversations');
    expect(start?.body).toEqual({
      applicant_id: adaApplication.applicant_id,
      application_id: adaApplication.application_id,
    });
  });

  it('offers Meet Now in a conversation about an application, and takes the organizer into the room', async () => {
    const server = createFakeServer();
    const applicationId = fakeId();
    const about = conversationDetail({
      title: 'Grace Hopper',
      application_id: applicationId,
      context: { application_id: applicationId, job_title: 'Support Lead' },
    });
    fakeMessagingApi(server, [about, conversationDetail({ title: 'Alan Turing' })]);
    server.on(meetingsContract.schedule, ({ body }) => scheduledMeeting(body));
    server.on(meetingsContract.room, () => new Promise<never>(() => {}));
    const { events, router } = await renderRoute(`${paths.companyMessages.getHref()}?conversation=${about.id}`, {
      user: companyUser(),
      server,
    });
    const header = (await screen.findByRole('heading', { level: 2, name: 'Grace Hopper' })).closest('header');
    if (!header) throw new Error('The thread has no header.');
    await events.click(within(header).getByRole('button', { name: 'Meet Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/meet/abcdefghijklmnopqrstuvwx'));
    const schedule = server.requests.find((request) => request.method === 'POST' && request.path === '/api/meetings');
    expect(schedule?.body).toMatchObject({
      application_id: applicationId,
      type: 'intro',
      title: 'Call with Grace Hopper',
    });
  });

  it('offers no Meet Now in a conversation about no application', async () => {
    const server = createFakeServer();
    const plain = conversationDetail({ title: 'Alan Turing' });
    fakeMessagingApi(server, [plain]);
    await renderRoute(`${paths.companyMessages.getHref()}?conversation=${plain.id}`, { user: companyUser(), server });
    expect(await screen.findByRole('heading', { level: 2, name: 'Alan Turing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Meet Now' })).not.toBeInTheDocument();
  });
});
