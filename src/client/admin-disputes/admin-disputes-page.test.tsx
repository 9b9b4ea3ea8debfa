import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser } from '~/client/testing/data-generators';
import { fakeDisputeDetail, fakeDisputesApi } from '~/client/testing/fake-disputes-api';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { fixedPriceContract } from '~/shared/contracts/fixed-price';
import { type DisputeDetail, milestoneTexts } from '~/shared/milestones';
import { paths } from '~/shared/routes';

const admin = () => companyUser({ role: 'admin', name: 'Ada Admin', email: 'admin@tandem.test', company: null });

async function openPage(disputes: DisputeDetail[], path = paths.adminDisputes.getHref()) {
  const server = createFakeServer();
  const store = fakeDisputesApi(server, { disputes });
  const view = await renderRoute(path, { user: admin(), server });
  await screen.findByRole('heading', { level: 1, name: 'Disputes' });
  return { ...view, server, store };
}

const disputeRequests = (server: { requests: Array<{ path: string; query: URLSearchParams }> }) =>
  server.requests.filter((request) => request.path === '/api/admin/disputes');

// Opens the dispute over `title` from its row's Review and waits for its details.
async function review(events: Awaited<ReturnType<typeof openPage>>['events'], title = 'Wireframes') {
  await events.click(await screen.findByRole('button', { name: `Review the dispute over ${title}` }));
  const dialog = await screen.findByRole('dialog', { name: `Dispute over “${title}”` });
  await within(dialog).findByRole('heading', { name: 'Reason' });
  return dialog;
}

describe('Disputes', () => {
  it('lists the open disputes with their contract, parties, amount held and who opened them', async () => {
    const { server } = await openPage([
      fakeDisputeDetail(),
      fakeDisputeDetail({ title: 'Logo', status: 'settled', releasedCents: 90_000 }),
    ]);
    const table = await screen.findByRole('table', { name: 'Open disputes' });
    const row = within(table).getByRole('row', { name: /Wireframes/ });
    expect(within(row).getByText('Mobile App Designer')).toBeInTheDocument();
    expect(within(row).getByText('Acme')).toBeInTheDocument();
    expect(within(row).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(row).getByText('$1,500.00')).toBeInTheDocument();
    expect(within(row).getByText('Company · Carla Company')).toBeInTheDocument();
    expect(within(row).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(within(table).queryByText('Logo')).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Released' })).not.toBeInTheDocument();
    expect(disputeRequests(server).at(-1)?.query.get('status')).toBe('open');
  });

  it('switches to the settled disputes, in the URL and the request, with what was released and refunded', async () => {
    const { events, router, server } = await openPage([
      fakeDisputeDetail(),
      fakeDisputeDetail({ title: 'Logo', status: 'settled', releasedCents: 90_000 }),
    ]);
    await screen.findByRole('table', { name: 'Open disputes' });
    await events.click(screen.getByRole('tab', { name: 'Settled' }));
    await waitFor(() => expect(router.state.location.search).toContain('status=settled'));
    const table = await screen.findByRole('table', { name: 'Settled disputes' });
    const row = within(table).getByRole('row', { name: /Logo/ });
    expect(within(row).getByText('$900.00')).toBeInTheDocument();
    expect(within(row).getByText('$600.00')).toBeInTheDocument();
    expect(within(table).queryByText('Wireframes')).not.toBeInTheDocument();
    expect(disputeRequests(server).some((request) => request.query.get('status') === 'settled')).toBe(true);

    await events.click(screen.getByRole('tab', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('status='));
    expect(await screen.findByRole('table', { name: 'Open disputes' })).toBeInTheDocument();
  });

  it('says when there is no open dispute, and no settled one', async () => {
    const { events } = await openPage([]);
    expect(await screen.findByText('No open disputes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).not.toBeInTheDocument();
    await events.click(screen.getByRole('tab', { name: 'Settled' }));
    expect(await screen.findByText('No settled disputes')).toBeInTheDocument();
  });

  it('says when the list fails, and loads it again with Try Again', async () => {
    const server = createFakeServer();
    let isDown = true;
    const detail = fakeDisputeDetail();
    // A refusal rather than a 5xx, which the client retries twice before it gives up.
    server.on(fixedPriceContract.disputes, () =>
      isDown
        ? replyError(403, 'forbidden', 'You cannot see disputes.')
        : { items: [detail.dispute], total: 1, page: 1, page_size: 20 },
    );
    const { events } = await renderRoute(paths.adminDisputes.getHref(), { user: admin(), server });
    expect(await screen.findByText('Failed to load disputes')).toBeInTheDocument();
    expect(screen.getByText('You cannot see disputes.')).toBeInTheDocument();
    isDown = false;
    await events.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Open disputes' })).toBeInTheDocument();
  });

  it('opens a dispute with its reason, the contract’s milestones, the work, the history and the messages', async () => {
    const { events } = await openPage([fakeDisputeDetail()]);
    const dialog = await review(events);

    expect(within(dialog).getByText('Two of the five screens are missing.')).toBeInTheDocument();
    expect(within(dialog).getByText('Company · Carla Company')).toBeInTheDocument();

    const milestones = within(dialog).getByRole('list', { name: 'Milestones of the contract' });
    const items = within(milestones).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Research'),
      expect.stringContaining('Wireframes'),
      expect.stringContaining('Visual design'),
    ]);
    expect(items[1]).toHaveAttribute('aria-current', 'true');
    expect(within(items[1] as HTMLElement).getByText('This dispute')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('$1,500.00')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('In dispute')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('Approved')).toBeInTheDocument();

    // The files handed in, by name and size, each to download.
    expect(within(dialog).getByText('Here are the wireframes, as agreed.')).toBeInTheDocument();
    const files = within(dialog).getByRole('list', { name: 'Submitted files' });
    expect(within(files).getByRole('link', { name: 'wireframes.pdf' })).toHaveAttribute(
      'href',
      '/api/admin/milestones/m/files/f',
    );
    expect(within(files).getByText('1.4 MB')).toBeInTheDocument();

    const history = within(dialog).getByRole('list', { name: 'History of the milestone' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Milestone funded', 'Milestone submitted', 'Milestone disputed']);

    const messages = within(dialog).getByRole('region', { name: 'Messages' });
    const bodies = within(messages)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(bodies).toEqual([
      expect.stringMatching(/^Grace Hopper.*The last two screens were never in the brief\.$/),
      expect.stringMatching(/^Carla Company.*They were in the kickoff call notes\.$/),
    ]);
  });

  it('shows the split of a 60/40 settlement to the cent as the amount is typed', async () => {
    const { events } = await openPage([fakeDisputeDetail()]);
    const dialog = await review(events);
    expect(within(dialog).getByText('Type an amount to see how the charge is split.')).toBeInTheDocument();

    // $1,500.00 held; funding charged it with a 10% fee and 8.25% tax: $1,786.13. $900.00 (60%) released
    // carries a $90.00 fee and $81.68 tax ($990.00 × 8.25% = $81.675, half up), so the company pays
    // $1,071.68 for it and gets $714.45 back.
    await events.type(within(dialog).getByRole('textbox', { name: 'Release to the talent (USD)' }), '900');
    const line = (label: string) =>
      within(within(dialog).getByLabelText('Settlement breakdown')).getByText(label).nextElementSibling?.textContent;
    expect(line('Charged to Acme at funding')).toBe('$1,786.13');
    expect(line('Released to Grace Hopper')).toBe('$900.00');
    expect(line('Platform fee on the release (10%)')).toBe('$90.00');
    expect(line('Tax on the release (8.25%)')).toBe('$81.68');
    expect(line('Acme pays for the release')).toBe('$1,071.68');
    expect(line('Refunded to Acme, with its fee and tax')).toBe('$714.45');

    await events.click(within(dialog).getByRole('button', { name: 'Release all' }));
    expect(within(dialog).getByRole('textbox', { name: 'Release to the talent (USD)' })).toHaveValue('1500.00');
    expect(line('Refunded to Acme, with its fee and tax')).toBe('$0.00');
    await events.click(within(dialog).getByRole('button', { name: 'Refund all' }));
    expect(line('Refunded to Acme, with its fee and tax')).toBe('$1,786.13');
    await events.click(within(dialog).getByRole('button', { name: 'Split 50/50' }));
    expect(within(dialog).getByRole('textbox', { name: 'Release to the talent (USD)' })).toHaveValue('750.00');
  });

  it('asks for an amount in range and a note before anything is sent', async () => {
    const { events, store } = await openPage([fakeDisputeDetail()]);
    const dialog = await review(events);
    await events.click(within(dialog).getByRole('button', { name: 'Settle Dispute' }));
    expect(await within(dialog).findByText(milestoneTexts.releaseRange(150_000))).toBeInTheDocument();
    expect(within(dialog).getByText(milestoneTexts.noteRequired)).toBeInTheDocument();
    await events.type(within(dialog).getByRole('textbox', { name: 'Release to the talent (USD)' }), '1500.01');
    await events.type(within(dialog).getByRole('textbox', { name: 'Note to both sides' }), 'Split.');
    await events.click(within(dialog).getByRole('button', { name: 'Settle Dispute' }));
    expect(await within(dialog).findByText(milestoneTexts.releaseRange(150_000))).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(store.settlements).toEqual([]);
  });

  it('settles after a confirm: the request carries the cents and the note, and the settled dispute replaces the form', async () => {
    const detail = fakeDisputeDetail();
    const { events, store } = await openPage([detail]);
    const dialog = await review(events);
    await events.type(within(dialog).getByRole('textbox', { name: 'Release to the talent (USD)' }), '$900.00');
    await events.type(within(dialog).getByRole('textbox', { name: 'Note to both sides' }), 'Three of five screens.');
    await events.click(within(dialog).getByRole('button', { name: 'Settle Dispute' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Settle this dispute?' });
    expect(confirm).toHaveTextContent(
      '$900.00 is released to Grace Hopper (Acme pays $1,071.68 for it with its fee and tax) and $714.45 is refunded to Acme.',
    );
    expect(store.settlements).toEqual([]);
    await events.click(within(confirm).getByRole('button', { name: 'Settle' }));

    await waitFor(() =>
      expect(store.settlements).toEqual([
        { id: detail.dispute.id, body: { release_cents: 90_000, note: 'Three of five screens.' } },
      ]),
    );
    expect((await screen.findAllByText('Dispute settled')).length).toBeGreaterThan(0);
    expect(
      screen.getAllByText('$900.00 released to Grace Hopper, $714.45 refunded to Acme. Both sides are told.').length,
    ).toBeGreaterThan(0);
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Settle Dispute' })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByText('Settled', { selector: 'dd > span' })).toBeInTheDocument();
    expect(within(dialog).getByText('Three of five screens.')).toBeInTheDocument();
    const split = within(dialog).getByLabelText('How the charge was split');
    expect(within(split).getByText('Refunded to Acme, with its fee and tax').nextElementSibling).toHaveTextContent(
      '$714.45',
    );
  });

  it('shows the server’s refusal in the form: a conflict, a provider failure, a field', async () => {
    const { events, server } = await openPage([fakeDisputeDetail()]);
    const answers = [
      replyError(409, 'conflict', milestoneTexts.cannotSettle),
      replyError(502, 'internal', milestoneTexts.refundUnavailable),
      replyError(400, 'validation', 'The release is too large.', { release_cents: 'The release is too large.' }),
    ];
    server.on(fixedPriceContract.settleDispute, () => answers.shift() ?? replyError(500, 'internal', 'Unexpected.'));
    const dialog = await review(events);
    await events.type(within(dialog).getByRole('textbox', { name: 'Release to the talent (USD)' }), '900');
    await events.type(within(dialog).getByRole('textbox', { name: 'Note to both sides' }), 'Split.');

    const settle = async () => {
      await events.click(within(dialog).getByRole('button', { name: 'Settle Dispute' }));
      await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Settle' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    };
    await settle();
    expect(await within(dialog).findByText(milestoneTexts.cannotSettle)).toBeInTheDocument();
    await settle();
    expect(await within(dialog).findByText(milestoneTexts.refundUnavailable)).toBeInTheDocument();
    await settle();
    const release = within(dialog).getByRole('textbox', { name: 'Release to the talent (USD)' });
    await waitFor(() => expect(release).toHaveAccessibleDescription(/The release is too large\./));
    expect(release).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Settle Dispute' })).toBeInTheDocument();
  });

  it('says when the dispute is gone, and offers Try Again when it failed to load', async () => {
    const { events, server } = await openPage([fakeDisputeDetail()]);
    let answer = replyError(404, 'not_found', milestoneTexts.disputeNotFound);
    server.on(fixedPriceContract.dispute, () => answer);
    await events.click(await screen.findByRole('button', { name: 'Review the dispute over Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute over “Wireframes”' });
    expect(await within(dialog).findByText(milestoneTexts.disputeNotFound)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    await events.keyboard('{Escape}');

    answer = replyError(403, 'forbidden', 'You cannot see disputes.');
    await events.click(await screen.findByRole('button', { name: 'Review the dispute over Wireframes' }));
    const again = await screen.findByRole('dialog', { name: 'Dispute over “Wireframes”' });
    expect(await within(again).findByText('You cannot see disputes.')).toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('shows a settled dispute without the Settle form', async () => {
    const { events } = await openPage(
      [fakeDisputeDetail({ status: 'settled', releasedCents: 90_000 })],
      `${paths.adminDisputes.getHref()}?status=settled`,
    );
    const dialog = await review(events);
    expect(within(dialog).getByText('Split as agreed on the call.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Release to the talent (USD)' })).not.toBeInTheDocument();
  });
});
