import { and, eq, isNull } from 'drizzle-orm';
import { emailPreferenceTypesByRole, typesNotEmailedOneByOne } from '~/shared/notifications';
import type { Database } from '../db/client';
import { type EmailAttachment, notifications } from '../db/schema';
import { findEmailRecipient } from '../kernels/notices/find-email-recipient';
import type { Mailer } from '../mail/mailer';
import { notificationEmail } from '../mail/templates/notification';
import { settingsHrefOf } from './portal-links';

// The notification-email job: emails one notification when the person's preferences want it (no row:
// on). The notification is claimed, and its email queued, in one transaction: a job that runs twice,
// or on two instances, finds it claimed and sends nothing more.
export async function emailNotification({
  db,
  mailer,
  publicUrl,
  notificationId,
  attachmentsOf = async () => [],
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  notificationId: string;
  // The files a notification's email carries (an invoice's e-invoice when its company asks): wired in
  // schedule.ts, so this job needs no feature's documents.
  attachmentsOf?: (db: Database, notification: typeof notifications.$inferSelect) => Promise<EmailAttachment[]>;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(notifications)
      .set({ emailHandledAt: new Date() })
      .where(and(eq(notifications.id, notificationId), isNull(notifications.emailHandledAt)))
      .returning();
    if (!claimed || typesNotEmailedOneByOne.includes(claimed.type)) return;
    const person = await findEmailRecipient({ db: tx, userId: claimed.userId, type: claimed.type });
    if (!person || !emailPreferenceTypesByRole[person.role].includes(claimed.type)) return;
    const settings = settingsHrefOf(person.role);
    await mailer.send(
      person.email,
      notificationEmail({
        name: person.name,
        title: claimed.title,
        body: claimed.body,
        url: claimed.link ? `${publicUrl}${claimed.link}` : undefined,
        settingsUrl: settings ? `${publicUrl}${settings}` : undefined,
      }),
      { transaction: tx, attachments: await attachmentsOf(tx, claimed) },
    );
  });
}
