import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { paths } from '~/shared/routes';
import { TAX_FORM_REMINDER_DAYS } from '~/shared/tax-forms';
import type { Database } from '../db/client';
import { taxForms, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { taxFormExpiringEmail } from '../mail/templates/tax-form-expiring';

const longDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

// Daily: each W-8BEN in force that stops being valid within TAX_FORM_REMINDER_DAYS, not yet reminded, gets one
// email. The row is marked in the same transaction as the outbox row, so a retry or a second instance
// writes to nobody twice.
export async function remindExpiringTaxForms({
  db,
  mailer,
  publicUrl,
  isRequiredForPayouts,
  now = new Date(),
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  isRequiredForPayouts: boolean;
  now?: Date;
}): Promise<{ reminded: number }> {
  const horizon = new Date(now.getTime() + TAX_FORM_REMINDER_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    const due = await tx
      .update(taxForms)
      .set({ remindedAt: now })
      .where(
        and(
          eq(taxForms.status, 'active'),
          isNull(taxForms.remindedAt),
          lte(taxForms.expiresAt, horizon),
          sql`${taxForms.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ applicantId: taxForms.applicantId, expiresAt: taxForms.expiresAt });
    for (const form of due) {
      const [talent] = await tx
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.id, form.applicantId), eq(users.status, 'active')));
      if (!talent || !form.expiresAt) continue;
      await mailer.send(
        talent.email,
        taxFormExpiringEmail({
          name: talent.name,
          validUntil: longDay.format(new Date(form.expiresAt.getTime() - 86_400_000)),
          taxFormUrl: `${publicUrl}${paths.applicantTaxForm.getHref()}`,
          isRequiredForPayouts,
        }),
        { transaction: tx },
      );
    }
    return { reminded: due.length };
  });
}
