import type { Database } from '../db/client';
import { audienceOf, findReadableConversation, viewerOf } from '../kernels/notices/conversation-access';
import type { AuthContext } from '../platform/auth-context';
import { AppError } from '../platform/errors';
import type { LiveHub } from '../platform/live-hub';

// "Typing…": a tab says so over the live socket; the others who may read the conversation hear it.
// A command for a conversation the person may not read is dropped without a word.
export async function relayTyping({
  db,
  live,
  auth,
  conversationId,
}: {
  db: Database;
  live: LiveHub;
  auth: AuthContext;
  conversationId: string;
}): Promise<void> {
  const viewer = viewerOf(auth);
  let conversation: Awaited<ReturnType<typeof findReadableConversation>>;
  try {
    conversation = await findReadableConversation({ db, viewer, conversationId });
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return;
    throw error;
  }
  const others = (await audienceOf(db, conversation)).filter((person) => person.id !== viewer.userId);
  await live.send(
    others.map((person) => person.id),
    { type: 'typing', conversation_id: conversationId, user_id: viewer.userId, name: viewer.name },
  );
}
