import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idRow } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { billingReads, readableBy, type Viewer } from '../kernels/notices/conversation-access';

// Whose online dot the viewer may watch, among these people: those they share a conversation with (as it
// stands now: conversation-access.ts), and for a company, the talent Talent Search lists. Administrators
// answer support as one team, so a person asking for help watches none of them.
export async function watchableAmong({
  db,
  viewer,
  userIds,
}: {
  db: Database;
  viewer: Viewer;
  userIds: readonly string[];
}): Promise<Set<string>> {
  const candidates = [...new Set(userIds)].filter((id) => id !== viewer.userId);
  if (candidates.length === 0) return new Set();
  const listedTalent =
    viewer.role === 'company'
      ? sql`or exists (select 1 from applicant_profiles p where p.user_id = u.id and p.listed)`
      : sql``;
  const rows = await selectRows(
    db,
    idRow,
    sql`select u.id from users u
      where u.id in (${sql.join(
        candidates.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      and (
        exists (
          select 1 from conversations where ${readableBy(viewer)} and (
            conversations.user_id = u.id
            or (conversations.kind <> 'support' and exists (
              select 1 from company_members m where m.company_id = conversations.company_id and m.user_id = u.id
                and (m.role <> 'billing' or ${billingReads})))
            or (conversations.kind = 'account_manager' and exists (
              select 1 from companies c where c.id = conversations.company_id and c.account_manager_id = u.id))
          )
        )
        ${listedTalent}
      )`,
  );
  return new Set(rows.map((row) => row.id));
}
