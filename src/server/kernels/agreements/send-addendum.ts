import { and, desc, eq, isNull, notInArray } from 'drizzle-orm';
import { AGREEMENT_LIFETIME_DAYS, agreementPlaceholders } from '~/shared/agreements';
import { currencyOf } from '~/shared/currencies';
import type { OfferedMilestone } from '~/shared/offered-milestones';
import { paths } from '~/shared/routes';
import type { Database } from '../../db/client';
import {
  agreements,
  agreementTemplates,
  agreementTemplateVersions,
  assignments,
  companies,
  milestones as milestoneRows,
} from '../../db/schema';
import { notify } from '../notices/notify';
import { findAgreementSettings } from './agreement-settings';
import { DEFAULT_TEMPLATES_VERSION, defaultAgreementTemplates } from './default-agreement-templates';
import { agreementValues } from './send-offer-agreements';

const DAY_MS = 24 * 60 * 60 * 1000;

// The addendum's text: the company's own addendum template at its latest version, else Tandem's.
async function addendumTemplate(tx: Database, companyId: string) {
  const [own] = await tx
    .select({
      id: agreementTemplates.id,
      version: agreementTemplates.currentVersion,
      name: agreementTemplateVersions.name,
      body: agreementTemplateVersions.body,
    })
    .from(agreementTemplates)
    .innerJoin(
      agreementTemplateVersions,
      and(
        eq(agreementTemplateVersions.templateId, agreementTemplates.id),
        eq(agreementTemplateVersions.version, agreementTemplates.currentVersion),
      ),
    )
    .where(
      and(
        eq(agreementTemplates.companyId, companyId),
        eq(agreementTemplates.kind, 'addendum'),
        isNull(agreementTemplates.archivedAt),
      ),
    )
    .orderBy(desc(agreementTemplates.createdAt))
    .limit(1);
  return own
    ? { templateId: own.id, version: own.version, title: own.name, body: own.body }
    : {
        templateId: null,
        version: DEFAULT_TEMPLATES_VERSION,
        title: 'Addendum',
        body: defaultAgreementTemplates.addendum.body,
      };
}

// Terms changed after hire (a new rate, a milestone added): when the hire signed agreements through Tandem, the
// change is an addendum both sign (decision 056), made in the change's transaction. Work goes on meanwhile: the
// addendum records the change, it does not hold the work back. A hire without agreements gets none.
export async function sendAddendum({
  tx,
  assignmentId,
  change,
  actorId,
  now,
}: {
  tx: Database;
  assignmentId: string;
  change: { startDate: string; rateCents: number; weeklyHours: number } | { startDate: string; milestones: true };
  actorId: string;
  now: Date;
}): Promise<string | null> {
  const [signed] = await tx
    .select({ id: agreements.id })
    .from(agreements)
    .where(and(eq(agreements.assignmentId, assignmentId), eq(agreements.status, 'completed')))
    .limit(1);
  if (!signed) return null;
  const [assignment] = await tx
    .select({
      id: assignments.id,
      companyId: assignments.companyId,
      applicantId: assignments.applicantId,
      applicationId: assignments.applicationId,
      role: assignments.role,
      currency: companies.billingCurrency,
    })
    .from(assignments)
    .innerJoin(companies, eq(companies.id, assignments.companyId))
    .where(eq(assignments.id, assignmentId));
  if (!assignment) return null;
  const milestones: OfferedMilestone[] =
    'milestones' in change
      ? (
          await tx
            .select()
            .from(milestoneRows)
            .where(
              and(
                eq(milestoneRows.assignmentId, assignmentId),
                // The milestones the contract still has: not cancelled, nor given back.
                notInArray(milestoneRows.status, ['cancelled', 'refunded']),
              ),
            )
            .orderBy(milestoneRows.position)
        ).map((row) => ({
          title: row.title,
          description: row.description,
          amount_cents: row.amountCents,
          due_date: row.dueDate,
        }))
      : [];
  const settings = await findAgreementSettings(tx, assignment.companyId);
  const template = await addendumTemplate(tx, assignment.companyId);
  const values = await agreementValues(
    tx,
    {
      id: assignment.applicationId ?? assignment.id,
      companyId: assignment.companyId,
      applicantId: assignment.applicantId,
      jobTitle: assignment.role,
      currency: currencyOf(assignment.currency),
    },
    'milestones' in change
      ? { startDate: change.startDate, milestones }
      : { startDate: change.startDate, rateCents: change.rateCents, weeklyHours: change.weeklyHours },
    settings,
    now,
  );
  const [created] = await tx
    .insert(agreements)
    .values({
      companyId: assignment.companyId,
      applicantId: assignment.applicantId,
      applicationId: assignment.applicationId,
      assignmentId,
      kind: 'addendum',
      templateId: template.templateId,
      templateVersion: template.version,
      title: template.title,
      body: agreementPlaceholders.fill(template.body, values),
      countersign: settings.countersign,
      blocksWork: false,
      sentById: actorId,
      sentAt: now,
      expiresAt: new Date(now.getTime() + AGREEMENT_LIFETIME_DAYS * DAY_MS),
    })
    .returning({ id: agreements.id });
  if (!created) return null;
  await notify({
    db: tx,
    items: {
      userId: assignment.applicantId,
      type: 'assignment_changed',
      title: `Please sign the addendum for ${assignment.role}`,
      body: 'The terms changed: sign the addendum that records the change.',
      link: paths.applicantAgreement.getHref({ id: created.id }),
    },
  });
  return created.id;
}
