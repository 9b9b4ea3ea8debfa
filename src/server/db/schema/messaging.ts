import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { conversationKinds } from '~/shared/messaging';
import { applications } from './applications';
import { users } from './auth';
import { companies } from './companies';
import { storedFiles } from './files';

export const conversationKind = pgEnum('conversation_kind', conversationKinds);

// One thread between people. A direct conversation is one per company and applicant; an account-manager
// conversation one per company; a support conversation one per person who asked for help.
export const conversations = pgTable(
  'conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: conversationKind().notNull(),
    companyId: uuid().references(() => companies.id, { onDelete: 'cascade' }),
    // The applicant of a direct conversation; the person asking, in a support conversation.
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    // The application it was started from, if any (shown as context in the thread).
    applicationId: uuid().references(() => applications.id, { onDelete: 'set null' }),
    // The sequence number of the last message: each message takes the next one under the row lock,
    // so a conversation's messages are gapless and in one order for every reader.
    lastSeq: bigint({ mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_direct_unique').on(table.companyId, table.userId).where(sql`${table.kind} = 'direct'`),
    uniqueIndex('conversations_account_manager_unique')
      .on(table.companyId)
      .where(sql`${table.kind} = 'account_manager'`),
    uniqueIndex('conversations_support_unique').on(table.userId).where(sql`${table.kind} = 'support'`),
    index('conversations_kind_last_message_idx').on(table.kind, table.lastMessageAt.desc()),
  ],
);

// Who reads a conversation, and how far each has read (read receipts and unread counts).
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint({ mode: 'number' }).notNull().default(0),
    lastReadAt: timestamp({ withTimezone: true }),
    // The last message a digest email told this member about: a message is in at most one digest.
    digestedSeq: bigint({ mode: 'number' }).notNull().default(0),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index('conversation_members_user_idx').on(table.userId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).notNull(),
    senderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    // The sender's own id for the message: a retried send with the same one stores nothing new.
    clientId: text().notNull(),
    body: text().notNull(),
    attachmentName: text(),
    // The attached file in the file store.
    attachmentFileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
    // Before the shared store: a file name under an instance's DATA_DIR, imported at start, then cleared.
    attachmentStoredName: text(),
    attachmentContentType: text(),
    attachmentSize: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('messages_conversation_seq_unique').on(table.conversationId, table.seq),
    uniqueIndex('messages_sender_client_unique').on(table.conversationId, table.senderId, table.clientId),
    // Searching the conversations list finds the messages holding the words (ILIKE '%…%') through
    // trigrams, once, rather than reading each conversation's messages in turn.
    index('messages_body_trgm_idx').using('gin', table.body.op('gin_trgm_ops')),
    // Deleting a stored file finds the message naming it.
    index('messages_attachment_file_idx').on(table.attachmentFileId).where(sql`${table.attachmentFileId} is not null`),
  ],
);

// A company's message templates: stage emails and bulk messages to a pipeline column, with placeholders
// ({{first_name}}, {{job_title}}, {{company_name}}) filled per candidate when sent.
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    body: text().notNull(),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('message_templates_company_name_idx').on(table.companyId, table.name),
    index('message_templates_created_by_idx').on(table.createdById),
  ],
);
