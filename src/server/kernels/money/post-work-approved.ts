import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { integerColumn, momentColumn, uuidColumn } from '../../db/row-columns';
import { selectRows } from '../../db/select-rows';
import { one, postTransaction } from './post-transaction';

// An approved week: the company owes the talent's pay (billed or not yet), and the talent is owed it,
// pending.
export async function postWorkApproved(db: Database, timesheetId: string): Promise<void> {
  const week = one(
    await selectRows(
      db,
      z.object({
        pay: integerColumn.nullable(),
        applicant_id: uuidColumn,
        company_id: uuidColumn,
        approved_at: momentColumn.nullable(),
      }),
      sql`select t.talent_pay_cents as pay, a.applicant_id, a.company_id, t.approved_at
          from timesheets t join assignments a on a.id = t.assignment_id
          where t.id = ${timesheetId} and t.status = 'approved'`,
    ),
  );
  if (!week) return;
  const pay = Number(week.pay ?? 0);
  await postTransaction({
    db,
    key: `work:${timesheetId}`,
    kind: 'work_approved',
    refs: { companyId: week.company_id, applicantId: week.applicant_id, timesheetId },
    occurredAt: week.approved_at ? new Date(week.approved_at) : undefined,
    lines: [
      { account: 'company_receivable', amountCents: pay, companyId: week.company_id },
      { account: 'talent_pending', amountCents: -pay, applicantId: week.applicant_id, timesheetId },
    ],
  });
}
