import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser } from '~/client/testing/data-generators';
import { conversationDetail, fakeMessagingApi } from '~/client/testing/fake-messaging-api';
import { createFakeServer } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { messagingContract } from '~/shared/contracts/messaging';
import { paths } from '~/shared/routes';

// The Messages screen: a conversation opened from it (Contact Support) joins its list at once, selected.

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
});
