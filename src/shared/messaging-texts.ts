import { MESSAGE_BODY_MAX_LENGTH } from './messaging-limits';
import type { Role } from './permissions';
import { paths } from './routes';

// Messaging's texts, kinds and attachment types, apart from messaging.ts's schemas, with no zod: the messages
// page and the buttons that open a conversation show them without loading zod (decision 037).

export const conversationKinds = ['direct', 'account_manager', 'support'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

// Where each role reads its messages (account managers work in the company portal), opened on one
// conversation when given.
export function messagesHrefOf(role: Role, conversationId?: string): string {
  const page =
    role === 'applicant' ? paths.applicantMessages : role === 'admin' ? paths.adminMessages : paths.companyMessages;
  return conversationId ? `${page.getHref()}?conversation=${encodeURIComponent(conversationId)}` : page.getHref();
}

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
  // Signed with another key than this server's: another server's upload (instances must share SESSION_SECRET)
  // or one from before the key changed.
  attachmentUnverified:
    'This attachment was signed by a server with another key, so this one cannot accept it. Please attach the file again.',
  attachmentNotFound: 'This attachment does not exist.',
  supportTitle: 'Tandem Support',
  accountManagerTitle: 'Your Account Manager',
  listLoadError: 'Failed to load conversations. Please try again.',
  threadLoadError: 'Failed to load messages. Please try again.',
  sendError: 'Failed to send message. Please try again.',
  startError: 'We could not open the conversation. Please try again.',
  uploadError: 'Failed to attach the file. Please try again.',
} as const;
