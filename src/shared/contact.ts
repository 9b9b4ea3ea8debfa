import { z } from 'zod';
import { contactMessages } from './contact-texts';
import { isValidEmail } from './email';
import { isStorableText, singleLine, text, textTexts } from './text';

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

// ---- The contact inbox: administrators read, assign, answer and close the forms' messages ----

export const CONTACT_REPLY_MAX = 5000;

export const contactInboxTexts = {
  notFound: 'This message does not exist.',
  notAdministrator: 'Choose an administrator from the list.',
  replyRequired: 'Please write your reply.',
  replyTooLong: `Please keep the reply under ${CONTACT_REPLY_MAX.toLocaleString('en-US')} characters.`,
  // An erasure (decision 014) replaced the sender's address: nobody is left to answer.
  senderRemoved: 'The sender of this message has been removed at their request, so there is no address to reply to.',
  loadFailedTitle: 'Failed to load contact messages',
  loadFailed: 'Please check your connection and try again.',
  handled: 'Marked as handled',
  reopened: 'Message reopened',
  markFailed: 'The message could not be changed. Please try again.',
  assigned: 'Message assigned',
  assignFailed: 'The message could not be assigned. Please try again.',
  replied: 'Reply sent',
  replyFailed: 'The reply could not be sent. Please try again.',
} as const;

// The list's filters: new (not handled yet, the default), handled, or every message; and whose they are.
export const contactMessageStatuses = ['open', 'handled', 'all'] as const;
export type ContactMessageStatus = (typeof contactMessageStatuses)[number];
export const contactMessageStatusLabels: Record<ContactMessageStatus, string> = {
  open: 'New',
  handled: 'Handled',
  all: 'All messages',
};
export const contactAssigneeFilters = ['me', 'unassigned'] as const;
export type ContactAssigneeFilter = (typeof contactAssigneeFilters)[number];
export const contactAssigneeFilterLabels: Record<ContactAssigneeFilter, string> = {
  me: 'Assigned to me',
  unassigned: 'Unassigned',
};
export const contactSourceLabels: Record<(typeof contactSources)[number], string> = {
  home: 'Home page form',
  contact_page: 'Contact page form',
};

// An administrator, as the inbox names them; the name stays after an erasure ("Removed user").
const contactStaffSchema = z.object({ id: z.string(), name: z.string() });

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
  handled_by: contactStaffSchema.nullable(),
  assignee: contactStaffSchema.nullable(),
  reply_count: z.number().int(),
});
export type ContactMessageItem = z.infer<typeof contactMessageItemSchema>;

export const contactMessageListSchema = z.object({
  items: z.array(contactMessageItemSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});

// GET /api/admin/contact-messages?q=&status=&assignee=&page=&page_size= (q: name, email, company, subject or
// message, any case). Newest first.
export const contactMessageListQuerySchema = z.object({
  q: text().trim().max(200, { message: 'Search for at most 200 characters.' }).optional(),
  status: z.enum(contactMessageStatuses, { message: 'Choose a status from the list.' }).default('open'),
  assignee: z.enum(contactAssigneeFilters, { message: 'Choose whose messages to show from the list.' }).optional(),
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
});
export type ContactMessageListQuery = z.infer<typeof contactMessageListQuerySchema>;

const contactReplySchema = z.object({
  id: z.string(),
  body: z.string(),
  // Null once the administrator's account is gone.
  sent_by: contactStaffSchema.nullable(),
  created_at: z.string(),
});
export type ContactReply = z.infer<typeof contactReplySchema>;

// GET /api/admin/contact-messages/{id}, and the answer of every change to one: the message and its replies,
// oldest first.
export const contactMessageDetailSchema = contactMessageItemSchema.extend({
  replies: z.array(contactReplySchema),
  // False once the sender's address was erased at their request: nobody is left to answer.
  can_reply: z.boolean(),
});
export type ContactMessageDetail = z.infer<typeof contactMessageDetailSchema>;

// PATCH /api/admin/contact-messages/{id}
export const markContactMessageSchema = z.object({
  handled: z.boolean({ message: 'Say whether the message is handled: true or false.' }),
});

// PUT /api/admin/contact-messages/{id}/assignee: an administrator, or null for nobody.
export const assignContactMessageSchema = z.object({
  assignee_id: z.uuid({ message: contactInboxTexts.notAdministrator }).nullable(),
});

// POST /api/admin/contact-messages/{id}/replies: emailed to the sender; the message becomes handled.
export const replyToContactMessageSchema = z.object({
  body: z
    .string({ message: contactInboxTexts.replyRequired })
    .refine(isStorableText, { message: textTexts.unstorable })
    .trim()
    .min(1, { message: contactInboxTexts.replyRequired })
    .max(CONTACT_REPLY_MAX, { message: contactInboxTexts.replyTooLong }),
});
export type ReplyToContactMessageInput = z.infer<typeof replyToContactMessageSchema>;

// GET /api/admin/contact-messages/assignees: the administrators a message can be assigned to.
export const contactAssigneeListSchema = z.object({
  items: z.array(contactStaffSchema.extend({ email: z.string() })),
});
export type ContactAssignee = z.infer<typeof contactAssigneeListSchema>['items'][number];
