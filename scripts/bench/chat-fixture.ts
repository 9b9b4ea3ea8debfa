import { openDatabase } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import {
  applicantProfiles,
  companyMembers,
  conversationMembers,
  conversations,
  sessions,
  users,
} from '../../src/server/db/schema';
import { SESSION_MAX_AGE_SECONDS } from '../../src/server/kernels/identity/sessions';
import { SESSION_COOKIE } from '../../src/server/platform/auth-context';
import { generateToken, hashToken } from '../../src/server/platform/secure-tokens';
import { buildAccount } from '../../src/server/seed/factories';
import { insertInBatches } from './measure-api';

interface ChatFixture {
  conversationId: string;
  // One cookie per member, the sender's first.
  memberCookies: string[];
  // People signed in who are not in the conversation.
  bystanderCookies: string[];
}

// bench:chat's data: a company of `memberCount - 1` people in a direct conversation with one applicant,
// so the conversation has memberCount members, and `bystanderCount` applicants outside it, everyone
// with a session. The owner and the applicant go through the factories; the rest are written in bulk
// (thousands of accounts one by one take seconds).
export async function createChatFixture(
  databaseUrl: string,
  { memberCount, bystanderCount }: { memberCount: number; bystanderCount: number },
): Promise<ChatFixture> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    await migrateDatabase(database);
    const { db } = database;
    const { user: owner } = await buildAccount(db, {
      role: 'company',
      email: 'owner@chat-bench.test',
      password: null,
      companyName: 'Chat Bench Company',
    });
    const { user: applicant } = await buildAccount(db, {
      role: 'applicant',
      email: 'applicant@chat-bench.test',
      password: null,
    });
    const ownership = await db.query.companyMembers.findFirst({ where: (table, { eq }) => eq(table.userId, owner.id) });
    if (!ownership) throw new Error('The bench company was not created.');
    const companyId = ownership.companyId;

    const colleagues = await db
      .insert(users)
      .values(
        Array.from({ length: memberCount - 2 }, (_unused, index) => ({
          email: `member-${index + 1}@chat-bench.test`,
          name: `Member ${index + 1}`,
          role: 'company' as const,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    await insertInBatches(colleagues, 500, (batch) =>
      db
        .insert(companyMembers)
        .values(batch.map(({ id }) => ({ companyId, userId: id, role: 'hiring_manager' as const }))),
    );

    const memberIds = [owner.id, ...colleagues.map(({ id }) => id), applicant.id];
    const [conversation] = await db
      .insert(conversations)
      .values({ kind: 'direct', companyId, userId: applicant.id })
      .returning({ id: conversations.id });
    if (!conversation) throw new Error('The bench conversation was not created.');
    await insertInBatches(memberIds, 500, (batch) =>
      db.insert(conversationMembers).values(batch.map((userId) => ({ conversationId: conversation.id, userId }))),
    );

    const bystanderIds: string[] = [];
    await insertInBatches(
      Array.from({ length: bystanderCount }, (_unused, index) => index + 1),
      1_000,
      async (numbers) => {
        const inserted = await db
          .insert(users)
          .values(
            numbers.map((number) => ({
              email: `bystander-${number}@chat-bench.test`,
              name: `Bystander ${number}`,
              role: 'applicant' as const,
              emailVerifiedAt: new Date(),
            })),
          )
          .returning({ id: users.id });
        await db.insert(applicantProfiles).values(inserted.map(({ id }) => ({ userId: id })));
        bystanderIds.push(...inserted.map(({ id }) => id));
      },
    );

    // What createSession writes, in bulk; the cookie carries the token.
    const everyone = [...memberIds, ...bystanderIds];
    const tokens = everyone.map(() => generateToken());
    const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
    await insertInBatches(
      everyone.map((userId, index) => ({ userId, tokenHash: hashToken(tokens[index] ?? ''), expiresAt })),
      1_000,
      (batch) => db.insert(sessions).values(batch),
    );
    const cookies = tokens.map((token) => `${SESSION_COOKIE}=${token}`);
    return {
      conversationId: conversation.id,
      memberCookies: cookies.slice(0, memberIds.length),
      bystanderCookies: cookies.slice(memberIds.length),
    };
  } finally {
    await database.close();
  }
}
