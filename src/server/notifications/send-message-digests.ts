import { and, asc, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { conversationMembers, conversations, messages, users } from '../db/schema';
import { type EmailRecipient, findEmailRecipient } from '../kernels/notices/find-email-recipient';
import type { Mailer } from '../mail/mailer';
import { messageDigestEmail } from '../mail/templates/message-digest';
import { conversationHrefOf, settingsHrefOf } from './portal-links';

// A message unread this long goes into the next digest.
export const DIGEST_AFTER_MS = 15 * 60_000;
// People taken per transaction batch: one run works through everyone due, this many at a time.
const PEOPLE_PER_BATCH = 200;
// Messages quoted per conversation; the email counts the rest.
const QUOTED_PER_CONVERSATION = 5;

// Where the member has read up to, or the last digest told them of, whichever is further.
const toldUpTo = sql`greatest(${conversationMembers.lastReadSeq}, ${conversationMembers.digestedSeq})`;

interface DigestLine {
  conversationId: string;
  seq: number;
  senderName: string | null;
  body: string;
  attachmentName: string | null;
}

// The message-digest job: emails each member the messages left unread for 15 minutes that no digest
// has mentioned yet, one email per person. Each person is done in a transaction that locks their
// memberships, queues the email and moves digested_seq past what it lists: a message is in one digest
// at most, even if the job runs twice at once.
export async function sendMessageDigests({
  db,
  mailer,
  publicUrl,
  now = new Date(),
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now?: Date;
}): Promise<{ emailed: number }> {
  const cutoff = new Date(now.getTime() - DIGEST_AFTER_MS);
  let emailed = 0;
  let afterUserId = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const due = await db
      .selectDistinct({ userId: conversationMembers.userId })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .where(
        and(
          gt(conversationMembers.userId, afterUserId),
          gt(conversations.lastSeq, toldUpTo),
          sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversationMembers.conversationId}
            and ${messages.seq} > ${toldUpTo} and ${messages.createdAt} <= ${cutoff}
            and ${messages.senderId} is distinct from ${conversationMembers.userId})`,
        ),
      )
      .orderBy(asc(conversationMembers.userId))
      .limit(PEOPLE_PER_BATCH);
    for (const { userId } of due) {
      if (await digestFor({ db, mailer, publicUrl, userId, cutoff })) emailed += 1;
    }
    const last = due.at(-1);
    if (!last || due.length < PEOPLE_PER_BATCH) return { emailed };
    afterUserId = last.userId;
  }
}

async function digestFor({
  db,
  mailer,
  publicUrl,
  userId,
  cutoff,
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  userId: string;
  cutoff: Date;
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locked: a second run waits here, then finds digested_seq moved and nothing left to tell.
    const memberships = await tx
      .select({
        conversationId: conversationMembers.conversationId,
        toldUpTo: sql<number>`${toldUpTo}`.mapWith(Number),
      })
      .from(conversationMembers)
      .where(eq(conversationMembers.userId, userId))
      .for('update');
    if (memberships.length === 0) return false;
    const lines: DigestLine[] = await tx
      .select({
        conversationId: messages.conversationId,
        seq: messages.seq,
        senderName: users.name,
        body: messages.body,
        attachmentName: messages.attachmentName,
      })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(
        and(
          or(
            ...memberships.map((membership) =>
              and(eq(messages.conversationId, membership.conversationId), gt(messages.seq, membership.toldUpTo)),
            ),
          ),
          lte(messages.createdAt, cutoff),
          or(isNull(messages.senderId), ne(messages.senderId, userId)),
        ),
      )
      .orderBy(asc(messages.conversationId), asc(messages.seq));
    if (lines.length === 0) return false;

    const lastSeqByConversation = new Map<string, number>();
    for (const line of lines) lastSeqByConversation.set(line.conversationId, line.seq);
    for (const [conversationId, seq] of lastSeqByConversation) {
      await tx
        .update(conversationMembers)
        .set({ digestedSeq: sql`greatest(${conversationMembers.digestedSeq}, ${seq})` })
        .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
    }

    // Those who turned digests off (or cannot sign in) are passed over for good: digested_seq moved.
    const person = await findEmailRecipient({ db: tx, userId, type: 'message_received' });
    if (!person) return false;
    await mailer.send(person.email, digestEmail({ publicUrl, person, lines }), { transaction: tx });
    return true;
  });
}

// The digest's data: the messages by conversation, the latest few of each quoted and the rest counted.
function digestEmail({ publicUrl, person, lines }: { publicUrl: string; person: EmailRecipient; lines: DigestLine[] }) {
  const byConversation = new Map<string, DigestLine[]>();
  for (const line of lines)
    byConversation.set(line.conversationId, [...(byConversation.get(line.conversationId) ?? []), line]);
  const settings = settingsHrefOf(person.role);
  return messageDigestEmail({
    name: person.name,
    conversations: [...byConversation].map(([conversationId, conversationLines]) => {
      const latest = conversationLines.slice(-QUOTED_PER_CONVERSATION);
      return {
        replyUrl: `${publicUrl}${conversationHrefOf(person.role, conversationId)}`,
        messages: latest,
        earlier: conversationLines.length - latest.length,
      };
    }),
    settingsUrl: settings ? `${publicUrl}${settings}` : undefined,
  });
}
