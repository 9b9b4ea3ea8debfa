import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyUser } from '~/client/testing/data-generators';
import { fakeBillingApi } from '~/client/testing/fake-billing-api';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { applicationStatuses } from '~/shared/applications';
import { jobsContract } from '~/shared/contracts/jobs';
import { messagingContract } from '~/shared/contracts/messaging';
import { notificationsContract } from '~/shared/contracts/notifications';
import { pipelineContract } from '~/shared/contracts/pipeline';
import type { JobApplicationList } from '~/shared/jobs';
import type { LiveEvent } from '~/shared/live-events';
import { type NotificationView, notificationTexts } from '~/shared/notifications';
import { paths } from '~/shared/routes';

// The header's bell: the unread count from the API and live, the list with its links, marking
// read one or all, Load more, and the loading, empty and error states.

// The tab's live socket, driven by the test.
class FakeWebSocket {
  static latest: FakeWebSocket | undefined;
  static readonly OPEN = 1;
  readonly OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    FakeWebSocket.latest = this;
  }
  send() {}
  // As a browser's, with the close event's code.
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  deliver(event: LiveEvent) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

let sequence = 0;
function notification(overrides: Partial<NotificationView> = {}): NotificationView {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    type: 'application_received',
    title: `Notification ${sequence}`,
    body: 'Someone applied to Support Engineer.',
    link: '/company/applications',
    read_at: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

function fakeNotificationsApi(server: FakeServer, stored: NotificationView[]) {
  server.on(notificationsContract.list, ({ query }) => {
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('page_size') ?? 10);
    return {
      items: stored.slice((page - 1) * pageSize, page * pageSize),
      total: stored.length,
      page,
      page_size: pageSize,
      unread_count: stored.filter((item) => item.read_at === null).length,
    };
  });
  server.on(notificationsContract.markRead, ({ params }) => {
    const found = stored.find((item) => item.id === params.id);
    if (found) found.read_at = new Date().toISOString();
    return { unread_count: stored.filter((item) => item.read_at === null).length };
  });
  server.on(notificationsContract.markAllRead, () => {
    for (const item of stored) item.read_at ??= new Date().toISOString();
    return { unread_count: 0 };
  });
}

async function openPortal(server: FakeServer) {
  // The header's Message button shows its own count (messaging).
  server.fallback(messagingContract.unreadCount, () => ({ unread_count: 0 }));
  // The page under the header: Billing, with no invoices yet.
  fakeBillingApi(server);
  const view = await renderRoute(paths.companyBilling.getHref(), { user: companyUser(), server });
  return view;
}

describe('Notifications popover', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    FakeWebSocket.latest = undefined;
  });

  it('shows the unread count, lists the notifications and marks all read', async () => {
    const server = createFakeServer();
    const stored = [
      notification({ title: 'Ada applied' }),
      notification({ title: 'Job filled', read_at: new Date().toISOString() }),
    ];
    fakeNotificationsApi(server, stored);
    const { events } = await openPortal(server);

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await events.click(bell);
    // The popover is a dialog with a name, as a screen reader announces it.
    const dialog = await screen.findByRole('dialog', { name: notificationTexts.popoverTitle });
    expect(within(dialog).getByRole('heading', { name: notificationTexts.popoverTitle })).toBeInTheDocument();
    const unread = within(dialog).getByRole('link', { name: /Unread:\s*Ada applied/ });
    expect(unread).toHaveAttribute('href', '/company/applications');
    expect(unread).toHaveTextContent('5 minutes ago');
    expect(within(dialog).getByRole('link', { name: /^Job filled/ })).toBeInTheDocument();

    await events.click(within(dialog).getByRole('button', { name: notificationTexts.markAllRead }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(dialog).queryByText(/Unread:/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: notificationTexts.markAllRead })).toBeDisabled();
  });

  it('opens a notification: goes to its page and marks it read', async () => {
    const server = createFakeServer();
    const stored = [notification({ title: 'Ada applied', link: '/company/applications' })];
    fakeNotificationsApi(server, stored);
    // The page the notification opens: its applications, and the jobs of its filter.
    const counts = Object.fromEntries(applicationStatuses.map((status) => [status, 0])) as JobApplicationList['counts'];
    server.on(pipelineContract.list, () => ({
      items: [],
      total: 0,
      page: 1,
      page_size: 20,
      counts,
      interview_stage_counts: {},
      new_count: 0,
    }));
    server.on(jobsContract.list, () => ({ items: [], total: 0, page: 1, page_size: 100 }));
    const { events, router } = await openPortal(server);

    await events.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await events.click(await screen.findByRole('link', { name: /Ada applied/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/applications'));
    await waitFor(() =>
      expect(server.requests.some((request) => request.path === `/api/notifications/${stored[0]?.id}/read`)).toBe(true),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('counts a notification that arrives live, and shows it at the top', async () => {
    const server = createFakeServer();
    fakeNotificationsApi(server, []);
    const { events } = await openPortal(server);
    await events.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(notificationTexts.empty)).toBeInTheDocument();

    const socket = FakeWebSocket.latest;
    if (!socket) throw new Error('the portal opened no live socket');
    act(() => socket.open());
    const arrived = notification({ title: 'Grace applied', created_at: new Date().toISOString() });
    act(() => socket.deliver({ type: 'notification.created', notification: arrived, unread_count: 1 }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Unread:\s*Grace applied/ })).toHaveTextContent('Just now');

    act(() => socket.deliver({ type: 'notifications.unread', unread_count: 0 }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('loads more a page at a time', async () => {
    const server = createFakeServer();
    fakeNotificationsApi(
      server,
      Array.from({ length: 12 }, (_, index) => notification({ title: `Item ${index + 1}` })),
    );
    const { events } = await openPortal(server);
    await events.click(await screen.findByRole('button', { name: 'Notifications, 12 unread' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(10);
    await events.click(within(dialog).getByRole('button', { name: notificationTexts.loadMore }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(12));
    expect(within(dialog).queryByRole('button', { name: notificationTexts.loadMore })).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    const server = createFakeServer();
    let isDown = true;
    const stored = [notification({ title: 'Back again' })];
    fakeNotificationsApi(server, stored);
    server.on(notificationsContract.list, () =>
      isDown
        ? replyError(503, 'unavailable', 'Tandem is busy right now. Please try again in a moment.')
        : { items: stored, total: 1, page: 1, page_size: 10, unread_count: 1 },
    );
    const { events } = await openPortal(server);
    await events.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Tandem is busy right now. Please try again in a moment.')).toBeInTheDocument();
    isDown = false;
    await events.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: /Back again/ })).toBeInTheDocument();
  });
});
