// A conversation's limits. Apart from messaging.ts's schemas, with no zod: the header's unread count reads
// the messages' API on every portal page (decision 037).
export const MESSAGE_BODY_MAX_LENGTH = 5000;
export const MESSAGES_PAGE_DEFAULT = 30;
export const MESSAGES_PAGE_MAX = 100;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
