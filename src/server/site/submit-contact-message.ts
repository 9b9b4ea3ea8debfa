import type { z } from 'zod';
import type { contactMessageSchema } from '~/shared/contact';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema';
import { notifyNewContactMessage } from '../kernels/notices/notify-administrators';
import type { Mailer } from '../mail/mailer';

type ContactMessage = z.output<typeof contactMessageSchema>;

// Keeps a message from a public form for the team. A filled-in honeypot field means a bot: it gets the
// same answer and nothing is stored or emailed, so it learns nothing. The administrators' email is
// written with the row (decision 012): no message without its announcement, and no announcement of none.
export async function submitContactMessage({
  db,
  mailer,
  settings,
  publicUrl,
  message,
  ipAddress,
  userAgent,
}: {
  db: Database;
  mailer: Mailer;
  settings: PlatformSettings;
  publicUrl: string;
  message: ContactMessage;
  ipAddress?: string;
  userAgent?: string;
}): Promise<{ stored: boolean }> {
  if (message.website) return { stored: false };
  await db.transaction(async (transaction) => {
    const [stored] = await transaction
      .insert(contactMessages)
      .values({
        name: message.name,
        email: message.email,
        company: message.company || null,
        subject: message.subject || null,
        message: message.message,
        source: message.source,
        ipAddress: ipAddress ?? null,
        userAgent: userAgent?.slice(0, 500) ?? null,
      })
      .returning();
    if (stored) await notifyNewContactMessage({ transaction, mailer, settings, publicUrl }, stored);
  });
  return { stored: true };
}
