import { z } from 'zod';
import { MESSAGE_BODY_MAX_LENGTH, MESSAGES_PAGE_DEFAULT, MESSAGES_PAGE_MAX } from './messaging-limits';
import { conversationKinds, messagingTexts } from './messaging-texts';
import { roles } from './permissions';
import { text } from './text';

// Messaging: conversations between a company and an applicant, a company and its account
// manager, and a person and the platform's staff (the support chat).

export * from './messaging-limits';
export * from './messaging-texts';

// A client names each message it sends; a retry with the same name stores nothing new.
const CLIENT_ID_MAX_LENGTH = 100;

const pageQuery = {
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(50).default(20),
};
const seqQuery = (what: string) =>
  z.coerce
    .number({ message: `${what} must be a whole number.` })
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .optional();

// POST /api/conversations: a company user opens (or gets back) the conversation with an applicant.
export const startConversationSchema = z.object({
  applicant_id: z.uuid({ message: 'Choose the applicant to message.' }),
  application_id: z.uuid({ message: 'This link is broken: it does not name an application.' }).optional(),
});
export type StartConversationInput = z.infer<typeof startConversationSchema>;

// GET /api/conversations?q=&page=&page_size=
export const conversationListQuerySchema = z.object({
  q: text().trim().max(100, { message: 'Search for at most 100 characters.' }).optional(),
  ...pageQuery,
});

const participantSchema = z.object({ id: z.string(), name: z.string(), role: z.enum(roles) });
export type Participant = z.infer<typeof participantSchema>;

const conversationSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(conversationKinds),
  title: z.string(),
  // Who is on the other side, as the viewer sees it (a person, for the presence dot); null for the
  // support chat as its asker sees it (the staff answer as one).
  counterpart: participantSchema.nullable(),
  last_message: z
    .object({
      body: z.string(),
      sender_name: z.string().nullable(),
      created_at: z.string(),
      has_attachment: z.boolean(),
    })
    .nullable(),
  unread_count: z.number(),
  last_seq: z.number(),
  application_id: z.string().nullable(),
  updated_at: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({
  items: z.array(conversationSummarySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const unreadCountSchema = z.object({ unread_count: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

const conversationMemberSchema = participantSchema.extend({ last_read_seq: z.number() });

export const conversationDetailSchema = conversationSummarySchema.extend({
  members: z.array(conversationMemberSchema),
  // What the conversation is about, when it was started from an application.
  context: z.object({ application_id: z.string(), job_title: z.string() }).nullable(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

const messageAttachmentSchema = z.object({
  id: z.string().optional(),
  name: z.string(),
  content_type: z.string(),
  size: z.number(),
  url: z.string(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const messageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  seq: z.number(),
  // Null once the sender's account is gone.
  sender: z.object({ id: z.string(), name: z.string() }).nullable(),
  client_id: z.string(),
  body: z.string(),
  attachment: messageAttachmentSchema.nullable(),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

// GET /api/conversations/:id/messages?before_seq=&after_seq=&limit=
export const messageListQuerySchema = z.object({
  before_seq: seqQuery('before_seq'),
  after_seq: seqQuery('after_seq'),
  limit: z.coerce
    .number({ message: 'The limit must be a whole number.' })
    .int()
    .min(1)
    .max(MESSAGES_PAGE_MAX)
    .default(MESSAGES_PAGE_DEFAULT),
});

export const messageListSchema = z.object({
  // Ascending seq.
  items: z.array(messageSchema),
  // More exist beyond this page: older ones (latest, before_seq) or newer ones (after_seq).
  has_more: z.boolean(),
});
export type MessageList = z.infer<typeof messageListSchema>;

// POST /api/conversations/:id/messages
export const sendMessageSchema = z.object({
  client_id: text()
    .trim()
    .min(1, { message: messagingTexts.clientIdRequired })
    .max(CLIENT_ID_MAX_LENGTH, { message: `A client id can be at most ${CLIENT_ID_MAX_LENGTH} characters.` }),
  body: text().trim().max(MESSAGE_BODY_MAX_LENGTH, { message: messagingTexts.bodyTooLong }).default(''),
  attachment_id: z.string().max(2000).optional(),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

// POST /api/conversations/:id/read
export const markReadSchema = z.object({
  seq: z.number({ message: 'Say up to which message you have read.' }).int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export const readStateSchema = z.object({ conversation_id: z.string(), last_read_seq: z.number() });
export type ReadState = z.infer<typeof readStateSchema>;

// POST /api/conversations/:id/attachments: a file waiting to be sent with the next message.
export const uploadedAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number(),
});
export type UploadedAttachment = z.infer<typeof uploadedAttachmentSchema>;
