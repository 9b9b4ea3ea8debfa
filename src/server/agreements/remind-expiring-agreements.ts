import { and, eq, gt, isNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { agreements } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { REMIND_INTERVAL_MS, sendToTalent } from './agreement-actions';

const DAY_MS = 24 * 60 * 60 * 1000;
// The talent hears once more when three days are left to sign.
export const EXPIRY_REMINDER_DAYS = 3;

// The daily run (schedule.ts): each agreement waiting for the talent that ends within three days, and was not
// reminded in the last day (by the company or by this run), is reminded by email and notification. Each is
// locked and checked again, so two instances remind it once.
export async function remindExpiringAgreements({
  db,
  mailer,
  publicUrl,
  now = new Date(),
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now?: Date;
}): Promise<{ reminded: string[] }> {
  const due = and(
    eq(agreements.status, 'awaiting_talent'),
    gt(agreements.expiresAt, now),
    lte(agreements.expiresAt, new Date(now.getTime() + EXPIRY_REMINDER_DAYS * DAY_MS)),
    or(isNull(agreements.remindedAt), lt(agreements.remindedAt, new Date(now.getTime() - REMIND_INTERVAL_MS))),
  );
  const candidates = await db.select({ id: agreements.id }).from(agreements).where(due);
  const reminded: string[] = [];
  for (const { id } of candidates) {
    const sent = await db.transaction(async (tx) => {
      const [agreement] = await tx
        .select()
        .from(agreements)
        .where(and(eq(agreements.id, id), due))
        .for('update');
      if (!agreement) return false;
      await tx.update(agreements).set({ remindedAt: now }).where(eq(agreements.id, id));
      await sendToTalent(tx, mailer, publicUrl, agreement, true);
      return true;
    });
    if (sent) reminded.push(id);
  }
  return { reminded };
}
