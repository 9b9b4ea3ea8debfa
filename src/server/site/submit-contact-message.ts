import type { z } from 'zod';
import type { contactMessageSchema } from '~/shared/contact';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema';

type ContactMessage = z.output<typeof contactMessageSchema>;

// Keeps a message from a public form for the team. A filled-in honeypot field means a bot: it gets the
// same answer and nothing is stored, so it learns nothing.
export async function submitContactMessage({
  db,
  message,
  ipAddress,
  userAgent,
}: {
  db: Database;
  message: ContactMessage;
  ipAddress?: string;
  userAgent?: string;
}): Promise<{ stored: boolean }> {
  if (message.website) return { stored: false };
  await db.insert(contactMessages).values({
    name: message.name,
    email: message.email,
    company: message.company || null,
    subject: message.subject || null,
    message: message.message,
    source: message.source,
    ipAddress: ipAddress ?? null,
    userAgent: userAgent?.slice(0, 500) ?? null,
  });
  return { stored: true };
}
