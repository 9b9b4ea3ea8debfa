import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { messagingTexts } from '~/shared/messaging';
import { type CompanyRole, type Role, roles } from '~/shared/permissions';
import type { Database } from '../../db/client';
import { uuidColumn } from '../../db/row-columns';
import { assignments, companies, conversations } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import type { AuthContext } from '../../platform/auth-context';
import { AppError } from '../../platform/errors';

// Who reads a conversation: the people it is open to by its kind and the relationship behind it, as it
// stands now — the company's users (direct and account-manager conversations), the company's current
// account manager, the applicant or the person who asked for support, and every administrator for
// support. A person becomes a member (a read cursor of their own) the first time they read or write, but
// membership grants nothing: an account manager unassigned from the company, say, loses the conversation
// with the next request, and its live events with the next message. The company's role counts as well as
// the relationship: Billing has no pipeline (decision 032), so of the company's conversations with people it
// reads only those with the talent the company hired (an assignment, whatever its state).

export interface Viewer {
  userId: string;
  name: string;
  role: Role;
  companyId: string | null;
  companyRole: CompanyRole | null;
}

export const viewerOf = (auth: AuthContext): Viewer => ({
  userId: auth.user.id,
  name: auth.user.name,
  role: auth.user.role,
  companyId: auth.company?.id ?? null,
  companyRole: auth.company?.role ?? null,
});

// Whether Billing members of the company read a conversation: one with the account manager, or with talent
// the company hired. Given the conversation's columns (a condition on `conversations`) or its values.
function billingReadsWhere(kind: SQL, companyId: unknown, userId: unknown): SQL {
  return sql`(${kind} = 'account_manager' or exists (
    select 1 from ${assignments}
    where ${assignments.companyId} = ${companyId} and ${assignments.applicantId} = ${userId}))`;
}

export const billingReads = billingReadsWhere(
  sql`${conversations.kind}`,
  conversations.companyId,
  conversations.userId,
);

export type ConversationRow = typeof conversations.$inferSelect;

// The conversations a viewer may read, as a condition on `conversations`. Tenancy lives in the query:
// a forgotten check finds nothing rather than someone else's conversation.
export function readableBy(viewer: Viewer): SQL {
  const conditions: SQL[] = [
    and(eq(conversations.userId, viewer.userId), inArray(conversations.kind, ['direct', 'support'])) as SQL,
  ];
  if (viewer.companyId) {
    conditions.push(
      and(
        eq(conversations.companyId, viewer.companyId),
        inArray(conversations.kind, ['direct', 'account_manager']),
        viewer.companyRole === 'billing' ? billingReads : undefined,
      ) as SQL,
    );
  }
  if (viewer.role === 'account_manager') {
    conditions.push(
      and(
        eq(conversations.kind, 'account_manager'),
        sql`${conversations.companyId} in (select ${companies.id} from ${companies} where ${companies.accountManagerId} = ${viewer.userId})`,
      ) as SQL,
    );
  }
  if (viewer.role === 'admin') conditions.push(eq(conversations.kind, 'support'));
  return or(...conditions) as SQL;
}

// The conversation, if the viewer may read it; otherwise 404, whether or not it exists.
export async function findReadableConversation({
  db,
  viewer,
  conversationId,
}: {
  db: Database;
  viewer: Viewer;
  conversationId: string;
}): Promise<ConversationRow> {
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), readableBy(viewer)));
  if (!conversation) throw new AppError('not_found', messagingTexts.conversationNotFound);
  return conversation;
}

// Everyone a conversation's events go to, with their roles: those it is open to now (see above). Read
// once per message, so a changed relationship changes the next message's audience at no cost per frame.
export async function audienceOf(db: Database, conversation: ConversationRow): Promise<{ id: string; role: Role }[]> {
  const parts: SQL[] = [];
  if (conversation.userId) parts.push(sql`select ${conversation.userId}::uuid as id`);
  if (conversation.companyId && conversation.kind !== 'support') {
    const billingIncluded = billingReadsWhere(
      sql`${conversation.kind}::text`,
      conversation.companyId,
      conversation.userId,
    );
    parts.push(
      sql`select user_id as id from company_members where company_id = ${conversation.companyId} and (role <> 'billing' or ${billingIncluded})`,
    );
  }
  if (conversation.companyId && conversation.kind === 'account_manager') {
    parts.push(
      sql`select account_manager_id as id from companies where id = ${conversation.companyId} and account_manager_id is not null`,
    );
  }
  if (conversation.kind === 'support') {
    parts.push(sql`select id from users where role = 'admin' and status = 'active'`);
  }
  if (parts.length === 0) return [];
  const rows = await selectRows(
    db,
    z.object({ id: uuidColumn, role: z.enum(roles) }),
    sql`select audience.id, users.role from (${sql.join(parts, sql` union `)}) audience join users on users.id = audience.id`,
  );
  return rows;
}
