import { and, eq, isNull } from 'drizzle-orm';
import { type AgreementKind, type AgreementTemplate, agreementKinds, agreementTexts } from '~/shared/agreements';
import type { Database } from '../../db/client';
import { agreementTemplates, agreementTemplateVersions, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { DEFAULT_TEMPLATES_VERSION, defaultAgreementTemplates } from './default-agreement-templates';

// What the template operations share: Tandem's defaults as views, and a company's template at its current
// version. Every query carries the caller's company: another company's template is a 404 like one that is not.

export interface CompanyActor {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
}

export const defaultTemplateViews = (): AgreementTemplate[] =>
  agreementKinds.map((kind: AgreementKind) => ({
    id: `tandem-${kind}`,
    kind,
    name: defaultAgreementTemplates[kind].name,
    source: 'tandem',
    version: DEFAULT_TEMPLATES_VERSION,
    body: defaultAgreementTemplates[kind].body,
    updated_at: null,
    updated_by_name: null,
  }));

export const currentVersionColumns = {
  id: agreementTemplates.id,
  kind: agreementTemplates.kind,
  version: agreementTemplates.currentVersion,
  name: agreementTemplateVersions.name,
  body: agreementTemplateVersions.body,
  updatedAt: agreementTemplateVersions.createdAt,
  updatedByName: users.name,
};

export function companyTemplateView(row: {
  id: string;
  kind: AgreementKind;
  version: number;
  name: string;
  body: string;
  updatedAt: Date;
  updatedByName: string | null;
}): AgreementTemplate {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    source: 'company',
    version: row.version,
    body: row.body,
    updated_at: row.updatedAt.toISOString(),
    updated_by_name: row.updatedByName,
  };
}

// A company's template, not archived, at its current version.
export async function findCompanyTemplate(db: Database, companyId: string, id: string): Promise<AgreementTemplate> {
  const [row] = await db
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
    .where(
      and(
        eq(agreementTemplates.id, id),
        eq(agreementTemplates.companyId, companyId),
        isNull(agreementTemplates.archivedAt),
      ),
    );
  if (!row) throw new AppError('not_found', agreementTexts.notFound);
  return companyTemplateView(row);
}
