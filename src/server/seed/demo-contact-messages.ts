import { inArray } from 'drizzle-orm';
import { contactMessages } from '../db/schema';
import type { DemoSeeder } from './demo-seeder';

const hour = 60 * 60 * 1000;

// Leads as the public forms store them, so the demo administrator's Contact Messages inbox and the
// dashboard's New Contact Messages card show work waiting: one over a day old, one fresh, one handled.
const demoMessages = [
  {
    name: 'Olivia Bennett',
    email: 'olivia.bennett@brightleaf.example',
    company: 'Brightleaf Dental Group',
    subject: 'Front-desk team for three clinics',
    message:
      'We run three dental clinics and need two people to answer calls and book appointments from 8 AM to 6 PM Eastern. What would a team like that cost, and how soon could they start?',
    source: 'contact_page' as const,
    hoursAgo: 30,
    isHandled: false,
  },
  {
    name: 'Daniel Okafor',
    email: 'daniel@okafor-logistics.example',
    company: 'Okafor Logistics',
    subject: null,
    message:
      'Looking for help with order data entry, around 400 orders a week, some in French. Can someone call me this week?',
    source: 'home' as const,
    hoursAgo: 3,
    isHandled: false,
  },
  {
    name: 'Sofia Marques',
    email: 'sofia.marques@lumen-retail.example',
    company: 'Lumen Retail',
    subject: 'Question about your bookkeeping service',
    message: 'Do your finance assistants work in QuickBooks Online and Xero? We use both.',
    source: 'contact_page' as const,
    hoursAgo: 52,
    isHandled: true,
  },
];

export const demoContactMessagesSeeder: DemoSeeder = {
  name: 'demo contact messages',
  async seed({ db }) {
    const emails = demoMessages.map((message) => message.email);
    const existing = await db
      .select({ email: contactMessages.email })
      .from(contactMessages)
      .where(inArray(contactMessages.email, emails));
    const seen = new Set(existing.map((row) => row.email));
    const missing = demoMessages.filter((message) => !seen.has(message.email));
    if (missing.length === 0) return { created: 0 };
    const now = Date.now();
    await db.insert(contactMessages).values(
      missing.map(({ hoursAgo, isHandled, ...message }) => ({
        ...message,
        createdAt: new Date(now - hoursAgo * hour),
        handledAt: isHandled ? new Date(now - (hoursAgo - 4) * hour) : null,
      })),
    );
    return { created: missing.length };
  },
};
