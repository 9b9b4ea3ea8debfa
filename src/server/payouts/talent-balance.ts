import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type PayoutBalance, payoutExceptions } from '~/shared/payouts';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../db/client';
import { selectRows } from '../db/select-rows';
import { talentBalanceOf } from '../kernels/money/talent-balance-of';
import { defaultMethodJoin, exceptionSql } from './payout-run-records';

// The talent's own balance on their Earnings page, by stage, with when the next run pays it.
export async function talentBalance({
  db,
  applicantId,
  settings,
  nextRunAt,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  settings: Pick<PlatformSettings, 'payout_minimum_cents'>;
  nextRunAt: Date;
  now?: Date;
}): Promise<PayoutBalance> {
  const [balance, [standing]] = await Promise.all([
    talentBalanceOf(db, applicantId),
    selectRows(
      db,
      z.object({ exception: z.enum(payoutExceptions).nullable(), on_hold: z.boolean() }),
      sql`select ${exceptionSql(now.toISOString())} as exception, h.id is not null as on_hold
          from users u ${defaultMethodJoin} where u.id = ${applicantId}`,
    ),
  ]);
  const reachesMinimum = balance.availableCents >= settings.payout_minimum_cents;
  return {
    pending_cents: balance.pendingCents,
    available_cents: balance.availableCents,
    in_transit_cents: balance.inTransitCents,
    paid_out_cents: balance.paidOutCents,
    minimum_cents: settings.payout_minimum_cents,
    next_payout: {
      runs_at: nextRunAt.toISOString(),
      amount_cents: reachesMinimum && !standing?.exception ? balance.availableCents : 0,
      blocked_by: standing?.exception ?? null,
    },
    on_hold: standing?.on_hold ?? false,
  };
}
