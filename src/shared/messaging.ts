import { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  MESSAGE_BODY_MAX_LENGTH,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
} from './messaging-limits';
import { type Role, roles } from './permissions';
import { paths } from './routes';
import { text } from './text';

// Messaging: conversations between a company and an applicant, a company and its account
// manager, and a person and the platform's staff (the support chat).

export const conversationKinds = ['direct', 'account_manager', 'support'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

// Where each role reads its messages (account managers work in the company portal), opened on one
// conversation when given.
export function messagesHrefOf(role: Role, conversationId?: string): string {
  const page =
    role === 'applicant' ? paths.applicantMessages : role === 'admin' ? paths.adminMessages : paths.companyMessages;
  return conversationId ? `${page.getHref()}?conversation=${encodeURIComponent(conversationId)}` : page.getHref();
}

export { ATTACHMENT_MAX_BYTES, MESSAGE_BODY_MAX_LENGTH, MESSAGES_PAGE_DEFAULT, MESSAGES_PAGE_MAX };

// A client names each message it sends; a retry with the same name stores nothing new.
const CLIENT_ID_MAX_LENGTH = 100;
// A typing tab says so at most this often; the others show "typing…" a little longer than that.
export const TYPING_SEND_INTERVAL_MS = 3000;
export const TYPING_SHOW_MS = 5000;

// What a message may carry: images, PDF, plain text, Office documents and ZIP archives.
export const attachmentTypes = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/zip': 'zip',
} as const;
export type AttachmentType = keyof typeof attachmentTypes;
export const attachmentTypeList = Object.keys(attachmentTypes) as AttachmentType[];
// For the file input's accept attribute: types and extensions, since browsers guess types differently.
export const attachmentAccept = [
  ...attachmentTypeList,
  ...Object.values(attachmentTypes).map((extension) => `.${extension}`),
].join(',');
export const isImageAttachment = (contentType: string) => contentType.startsWith('image/');

export const messagingTexts = {
  readOnlyRole: 'Your role in your company reads conversations; it does not write in them.',
  conversationNotFound: 'This conversation does not exist, or you are not part of it.',
  applicantNotFound: 'We could not find that applicant, or they cannot be messaged.',
  applicationNotFound: 'That application is not one of your company’s.',
  applicationOfAnotherApplicant: 'That application is from another applicant.',
  noAccountManager:
    'Your company does not have an account manager yet. We will assign one soon; until then, write to Tandem Support.',
  bodyRequired: 'Write a message or attach a file.',
  bodyTooLong: `A message can be at most ${MESSAGE_BODY_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  clientIdRequired: 'Every message needs a client id.',
  cursorConflict: 'Ask for messages before a point or after it, not both.',
  attachmentType:
    'This type of file cannot be attached. Attach an image, a PDF, a text file, an Office document or a ZIP archive.',
  attachmentTooLarge: 'The file is larger than 10 MB. Please attach a smaller one.',
  attachmentEmpty: 'The file is empty.',
  attachmentNameRequired: 'Name the file you attach.',
  attachmentExpired: 'This attachment is no longer waiting to be sent. Please attach the file again.',
  attachmentNotFound: 'This attachment does not exist.',
  supportTitle: 'Tandem Support',
  accountManagerTitle: 'Your Account Manager',
  listLoadError: 'Failed to load conversations. Please try again.',
  threadLoadError: 'Failed to load messages. Please try again.',
  sendError: 'Failed to send message. Please try again.',
  startError: 'We could not open the conversation. Please try again.',
  uploadError: 'Failed to attach the file. Please try again.',
} as const;

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
