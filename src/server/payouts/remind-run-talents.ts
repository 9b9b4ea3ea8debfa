import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatAmountList, payoutTexts } from '~/shared/payouts';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { payoutRuns } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { notify } from '../kernels/notices/notify';
import type { Mailer } from '../mail/mailer';
import { payoutMethodReminderEmail } from '../mail/templates/payout-method-reminder';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { currencyColumn } from './find-payout-parts';
import { lockRun } from './payout-run-records';

// Writes once (a run's reminded_at) to each talent of the run not paid for want of a payout method of
// their own — none yet, or a Stripe account not finished — by email and in Tandem, with what they are owed
// and where to add it. Holds, suspensions and a method's 72-hour wait are the platform's to resolve, not
// theirs, so they are not written to.
export async function remindRunTalents({
  db,
  mailer,
  publicUrl,
  runId,
  actorId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  runId: string;
  actorId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<number> {
  return db.transaction(async (tx) => {
    const run = await lockRun({ tx, runId });
    if (run.remindedAt) throw new AppError('conflict', payoutTexts.alreadyReminded);
    const lines = await selectRows(
      tx,
      z.object({
        applicant_id: uuidColumn,
        exception: z.enum(['no_method', 'not_onboarded']),
        name: z.string(),
        email: z.string(),
        available: z.array(z.object({ currency: currencyColumn, cents: integerColumn })).nullable(),
      }),
      // What each has available now, a currency at a time: without a method there is no payout currency.
      sql`select p.applicant_id, p.exception, u.name, u.email,
                 (select json_agg(json_build_object('currency', a.currency, 'cents', a.cents) order by a.currency)
                  from (select e.currency, -sum(e.amount_cents) as cents from ledger_entries e
                        where e.applicant_id = p.applicant_id and e.account = 'talent_available'
                        group by e.currency having sum(e.amount_cents) < 0) as a) as available
          from payouts p join users u on u.id = p.applicant_id
          where p.run_id = ${runId} and p.status = 'exception' and p.exception in ('no_method', 'not_onboarded')
          order by u.id`,
    );
    // One whose money a refund took back since the run was prepared has nothing waiting: not written to.
    const waiting = lines.flatMap(({ available, ...talent }) =>
      available && available.length > 0 ? [{ ...talent, available }] : [],
    );
    if (waiting.length === 0) throw new AppError('conflict', payoutTexts.nobodyToRemind);
    await tx.update(payoutRuns).set({ remindedAt: now }).where(eq(payoutRuns.id, runId));
    const earningsPath = paths.applicantEarnings.getHref();
    for (const talent of waiting) {
      await mailer.send(
        talent.email,
        payoutMethodReminderEmail({
          name: talent.name,
          amounts: talent.available,
          todo: talent.exception === 'no_method' ? 'add' : 'finish',
          earningsUrl: `${publicUrl}${earningsPath}`,
        }),
        { transaction: tx },
      );
    }
    await notify({
      db: tx,
      items: waiting.map((talent) => ({
        userId: talent.applicant_id,
        type: 'earnings_changed' as const,
        title: `${formatAmountList(talent.available)} ${talent.available.length > 1 ? 'are' : 'is'} waiting for you`,
        body:
          talent.exception === 'no_method'
            ? 'Add a payout method in Earnings and the next payout run pays you.'
            : 'Finish setting up your Stripe account in Earnings and the next payout run pays you.',
        link: earningsPath,
      })),
    });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'payout_run.reminded',
        targetType: 'payout_run',
        targetId: runId,
        details: { scheduled_for: run.scheduledFor, reminded: waiting.length },
        ipAddress,
      },
    });
    return waiting.length;
  });
}
