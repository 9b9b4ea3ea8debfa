import { and, desc, eq } from 'drizzle-orm';
import { type AgreementTemplateVersions, agreementTexts } from '~/shared/agreements';
import type { Database } from '../db/client';
import { agreementTemplates, agreementTemplateVersions, users } from '../db/schema';
import { AppError } from '../platform/errors';

// Every version of a company's template, the latest first: what each agreement made from it said.
export async function findAgreementTemplateVersions({
  db,
  companyId,
  id,
  query,
}: {
  db: Database;
  companyId: string;
  id: string;
  query: { page: number; page_size: number };
}): Promise<AgreementTemplateVersions> {
  const [template] = await db
    .select({ id: agreementTemplates.id, versions: agreementTemplates.currentVersion })
    .from(agreementTemplates)
    .where(and(eq(agreementTemplates.id, id), eq(agreementTemplates.companyId, companyId)));
  if (!template) throw new AppError('not_found', agreementTexts.notFound);
  const rows = await db
    .select({
      version: agreementTemplateVersions.version,
      name: agreementTemplateVersions.name,
      body: agreementTemplateVersions.body,
      createdAt: agreementTemplateVersions.createdAt,
      createdByName: users.name,
    })
    .from(agreementTemplateVersions)
    .leftJoin(users, eq(users.id, agreementTemplateVersions.createdById))
    .where(eq(agreementTemplateVersions.templateId, id))
    .orderBy(desc(agreementTemplateVersions.version))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return {
    // Versions run 1 to the current one, none ever removed.
    total: template.versions,
    page: query.page,
    page_size: query.page_size,
    items: rows.map((row) => ({
      version: row.version,
      name: row.name,
      body: row.body,
      created_at: row.createdAt.toISOString(),
      created_by_name: row.createdByName,
    })),
  };
}
