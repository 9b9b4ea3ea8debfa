import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { integerColumn, momentColumn, uuidColumn } from '../../db/row-columns';
import { selectRows } from '../../db/select-rows';
import { one } from './post-transaction';

const paymentRow = z.object({
  company_id: uuidColumn,
  invoice_id: uuidColumn.nullable(),
  milestone_id: uuidColumn.nullable(),
  amount_cents: integerColumn,
  status: z.string(),
  completed_at: momentColumn.nullable(),
  refunded_at: momentColumn.nullable(),
});

export const paymentOf = async (db: Database, paymentId: string) =>
  one(
    await selectRows(
      db,
      paymentRow,
      sql`select company_id, invoice_id, milestone_id, amount_cents, status, completed_at, refunded_at
          from payments where id = ${paymentId}`,
    ),
  );
