import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/select-rows';

// The person is the only owner of a company that has other members: the company would be left without
// anyone who may hand it over or close it, so they transfer ownership before their account can go. The
// sole member of a company is not held back (their company goes quiet with them, as before teams).
export function lastOwnerOfATeamSql(userId: unknown) {
  return sql`exists (
    select 1 from company_members mine
    where mine.user_id = ${userId} and mine.role = 'owner'
      and not exists (select 1 from company_members other_owner
        where other_owner.company_id = mine.company_id and other_owner.role = 'owner'
          and other_owner.user_id <> mine.user_id)
      and exists (select 1 from company_members colleague
        where colleague.company_id = mine.company_id and colleague.user_id <> mine.user_id))`;
}

export async function isLastOwnerOfATeam(db: Database, userId: string): Promise<boolean> {
  const [row] = await selectRows(
    db,
    z.object({ held: z.boolean().nullable() }),
    sql`select ${lastOwnerOfATeamSql(userId)} as held`,
  );
  return row?.held === true;
}
