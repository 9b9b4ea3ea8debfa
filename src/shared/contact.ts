import { z } from 'zod';
import { contactMessages } from './contact-texts';
import { isValidEmail } from './email';
import { singleLine, text } from './text';

export { contactMessages, contactToasts } from './contact-texts';

export const contactSources = ['home', 'contact_page'] as const;

export const contactMessageSchema = z
  .object({
    source: z.enum(contactSources),
    name: singleLine().trim().min(1, { message: contactMessages.name }).max(100),
    email: text().trim().toLowerCase().refine(isValidEmail, { message: contactMessages.email }),
    company: singleLine().trim().max(120).optional(),
    subject: singleLine().trim().max(150).optional(),
    message: text().trim().min(1, { message: contactMessages.message }).max(5000),
    // A field people never see: only bots fill it in.
    website: text().optional(),
  })
  .superRefine((value, context) => {
    if (value.source === 'contact_page' && !value.subject) {
      context.addIssue({ code: 'custom', path: ['subject'], message: contactMessages.subject });
    }
  });

const contactMessageItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  source: z.enum(contactSources),
  created_at: z.string(),
  handled_at: z.string().nullable(),
});

export const contactMessageListSchema = z.object({
  items: z.array(contactMessageItemSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});

export const contactMessageListQuerySchema = z.object({
  q: text().trim().max(200).optional(),
  status: z.enum(['all', 'open', 'handled']).default('open'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
