import { fakeId } from '~/client/testing/data-generators';
import { type FakeServer, reply, replyError } from '~/client/testing/fake-server';
import { messagingContract } from '~/shared/contracts/messaging';
import type { ConversationDetail } from '~/shared/messaging';

// Messaging for component tests, answered from memory: the conversation list (newest first, searched by
// title), a conversation and its (empty) thread, and opening one — with an applicant, the account manager
// or Tandem Support — which adds it to the store as the server would (201 made, 200 already there).

export function conversationDetail(overrides: Partial<ConversationDetail> = {}): ConversationDetail {
  const now = new Date().toISOString();
  return {
    id: fakeId(),
    kind: 'direct',
    title: 'Grace Hopper',
    counterpart: { id: fakeId(), name: 'Grace Hopper', role: 'applicant' },
    last_message: null,
    unread_count: 0,
    last_seq: 0,
    application_id: null,
    updated_at: now,
    members: [],
    context: null,
    ...overrides,
  };
}

export function fakeMessagingApi(server: FakeServer, stored: ConversationDetail[] = []) {
  const open = (existing: ConversationDetail | undefined, made: () => ConversationDetail) => {
    if (existing) return reply(200, existing);
    const conversation = made();
    stored.unshift(conversation);
    return reply(201, conversation);
  };
  server.on(messagingContract.list, ({ query }) => {
    const q = query.get('q')?.toLowerCase() ?? '';
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('page_size') ?? 20);
    const items = stored
      .filter((conversation) => conversation.title.toLowerCase().includes(q))
      .map(({ members: _members, context: _context, ...summary }) => summary);
    return {
      items: items.slice((page - 1) * pageSize, page * pageSize),
      total: items.length,
      page,
      page_size: pageSize,
    };
  });
  server.on(messagingContract.get, ({ params }) => {
    const conversation = stored.find((item) => item.id === params.id);
    return conversation ?? replyError(404, 'not_found', 'Conversation not found');
  });
  // After `get`, whose :id would take the path otherwise.
  server.on(messagingContract.unreadCount, () => ({ unread_count: 0 }));
  server.on(messagingContract.messages, () => ({ items: [], has_more: false }));
  server.on(messagingContract.start, ({ body }) =>
    open(
      stored.find((item) => item.counterpart?.id === body.applicant_id),
      () =>
        conversationDetail({
          title: 'Ada Lovelace',
          counterpart: { id: body.applicant_id, name: 'Ada Lovelace', role: 'applicant' },
        }),
    ),
  );
  server.on(messagingContract.openSupport, () =>
    open(
      stored.find((item) => item.kind === 'support'),
      () => conversationDetail({ kind: 'support', title: 'Tandem Support', counterpart: null }),
    ),
  );
  return stored;
}
