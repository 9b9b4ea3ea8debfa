import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type MessageTemplate,
  type MessageTemplateList,
  type messageTemplateInputSchema,
  type messageTemplateListQuerySchema,
  messageTemplateTexts,
} from '~/shared/message-templates';
import type { Database } from '../db/client';
import { containingPattern } from '../db/like-pattern';
import { messageTemplates, users } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

// A company's message templates: list, write, change, delete. Every query carries the caller's company,
// so another company's template is a 404 like one that does not exist.

export interface CompanyActor {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
}

export type TemplateInput = z.output<typeof messageTemplateInputSchema>;

const templateColumns = {
  id: messageTemplates.id,
  name: messageTemplates.name,
  body: messageTemplates.body,
  createdByName: users.name,
  createdAt: messageTemplates.createdAt,
  updatedAt: messageTemplates.updatedAt,
};

function describeTemplate(row: {
  id: string;
  name: string;
  body: string;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
}): MessageTemplate {
  return {
    id: row.id,
    name: row.name,
    body: row.body,
    created_by_name: row.createdByName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findTemplate(db: Database, companyId: string, id: string): Promise<MessageTemplate> {
  const [row] = await db
    .select(templateColumns)
    .from(messageTemplates)
    .leftJoin(users, eq(users.id, messageTemplates.createdById))
    .where(and(eq(messageTemplates.id, id), eq(messageTemplates.companyId, companyId)));
  if (!row) throw new AppError('not_found', messageTemplateTexts.notFound);
  return describeTemplate(row);
}

// The company's templates by name (then oldest first), searched by name, one page.
export async function findMessageTemplates({
  db,
  companyId,
  query,
}: {
  db: Database;
  companyId: string;
  query: z.output<typeof messageTemplateListQuerySchema>;
}): Promise<MessageTemplateList> {
  const conditions: SQL[] = [eq(messageTemplates.companyId, companyId)];
  if (query.q) conditions.push(ilike(messageTemplates.name, containingPattern(query.q)));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select(templateColumns)
      .from(messageTemplates)
      .leftJoin(users, eq(users.id, messageTemplates.createdById))
      .where(where)
      .orderBy(asc(messageTemplates.name), asc(messageTemplates.createdAt), asc(messageTemplates.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(messageTemplates).where(where),
  ]);
  return {
    items: rows.map(describeTemplate),
    total: counted?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

export async function createMessageTemplate({
  db,
  companyId,
  actorId,
  ipAddress,
  input,
}: CompanyActor & { input: TemplateInput }): Promise<MessageTemplate> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messageTemplates)
      .values({ companyId, name: input.name, body: input.body, createdById: actorId })
      .returning({ id: messageTemplates.id });
    if (!row) throw new Error('The message template was not stored.');
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'message_template.created',
        targetType: 'message_template',
        targetId: row.id,
        details: { name: input.name, company_id: companyId },
        ipAddress,
      },
    });
    return row.id;
  });
  return findTemplate(db, companyId, id);
}
