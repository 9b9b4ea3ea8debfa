import { sql } from 'drizzle-orm';
import type { TalentBalanceList } from '~/shared/payouts';
import type { Database } from '../db/client';
import { containingPattern } from '../db/like-pattern';
import { totalRow } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { balanceOf, balanceRow, balancesSql } from './payout-view-rows';

// Every talent the ledger owes or has paid, and anyone on hold, searched and filtered: those with money
// available first (in any currency: amounts in different currencies do not compare), then by name.
export async function findTalentBalances({
  db,
  q,
  only,
  page,
  pageSize,
}: {
  db: Database;
  q?: string;
  only?: 'owed' | 'negative' | 'on_hold';
  page: number;
  pageSize: number;
}): Promise<TalentBalanceList> {
  const conditions = [
    q ? sql`(b.name ilike ${containingPattern(q)} or b.email ilike ${containingPattern(q)})` : null,
    only === 'owed' ? sql`b.owed` : null,
    only === 'negative' ? sql`b.negative` : null,
    only === 'on_hold' ? sql`b.hold_id is not null` : null,
  ].filter((condition) => condition !== null);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const [rows, [counted]] = await Promise.all([
    selectRows(
      db,
      balanceRow,
      sql`select * from (${balancesSql}) as b ${where}
          order by b.has_available desc, b.name, b.applicant_id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    selectRows(db, totalRow, sql`select count(*)::int as total from (${balancesSql}) as b ${where}`),
  ]);
  return { items: rows.map(balanceOf), total: counted?.total ?? 0, page, page_size: pageSize };
}
