import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { AgreementTemplates } from '~/shared/agreements';
import type { Database } from '../db/client';
import { agreementTemplates, agreementTemplateVersions, users } from '../db/schema';
import {
  companyTemplateView,
  currentVersionColumns,
  defaultTemplateViews,
} from '../kernels/agreements/agreement-template-records';

// Tandem's defaults, and the company's own templates in use, the latest made first, a page at a time.
export async function findAgreementTemplates({
  db,
  companyId,
  query,
}: {
  db: Database;
  companyId: string;
  query: { page: number; page_size: number };
}): Promise<AgreementTemplates> {
  const where = and(eq(agreementTemplates.companyId, companyId), isNull(agreementTemplates.archivedAt));
  const [rows, [counted]] = await Promise.all([
    db
      .select(currentVersionColumns)
      .from(agreementTemplates)
      .innerJoin(
        agreementTemplateVersions,
        and(
          eq(agreementTemplateVersions.templateId, agreementTemplates.id),
          eq(agreementTemplateVersions.version, agreementTemplates.currentVersion),
        ),
      )
      .leftJoin(users, eq(users.id, agreementTemplateVersions.createdById))
      .where(where)
      .orderBy(desc(agreementTemplates.createdAt), desc(agreementTemplates.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(agreementTemplates).where(where),
  ]);
  return {
    defaults: defaultTemplateViews(),
    items: rows.map(companyTemplateView),
    total: counted?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
