import { eq, type SQL } from 'drizzle-orm';
import type { ConversationKind } from '~/shared/messaging';
import type { Database } from '../db/client';
import { conversationMembers, conversations } from '../db/schema';

// Creates the one conversation of its kind between these parties, or finds it: each kind has a unique
// index on its parties, so two people opening it at once get the same one. Its members are (re)joined:
// someone who joined the company since gets a read cursor too.
export async function openConversation({
  db,
  kind,
  companyId = null,
  userId = null,
  applicationId,
  memberIds,
  sameParties,
}: {
  db: Database;
  kind: ConversationKind;
  companyId?: string | null;
  userId?: string | null;
  // The application it is about: set when given, kept when not.
  applicationId?: string;
  memberIds: string[];
  // Finds the existing conversation of these parties.
  sameParties: SQL;
}): Promise<{ id: string; isNew: boolean }> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({ kind, companyId, userId, applicationId: applicationId ?? null })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    let id = created?.id;
    if (!id) {
      const [existing] = await tx.select({ id: conversations.id }).from(conversations).where(sameParties);
      if (!existing) throw new Error(`The ${kind} conversation was neither created nor found.`);
      id = existing.id;
      if (applicationId) await tx.update(conversations).set({ applicationId }).where(eq(conversations.id, id));
    }
    if (memberIds.length > 0) {
      await tx
        .insert(conversationMembers)
        .values([...new Set(memberIds)].map((memberId) => ({ conversationId: id, userId: memberId })))
        .onConflictDoNothing();
    }
    return { id, isNew: Boolean(created) };
  });
}
