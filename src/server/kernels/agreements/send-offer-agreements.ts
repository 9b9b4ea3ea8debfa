import { eq } from 'drizzle-orm';
import {
  AGREEMENT_LIFETIME_DAYS,
  type AgreementKind,
  type AgreementValues,
  agreementKindLabels,
  agreementPlaceholders,
  kindOfDefaultTemplateId,
  signingTexts,
} from '~/shared/agreements';
import { formatCents } from '~/shared/billing';
import type { Currency } from '~/shared/currencies';
import type { OfferTerms } from '~/shared/offered-milestones';
import type { Database } from '../../db/client';
import { agreements, billingProfiles, companies, users } from '../../db/schema';
import { AppError, validationError } from '../../platform/errors';
import { humanDay, isoDay } from '../../platform/work-calendar';
import { findAgreementSettings } from './agreement-settings';
import { findCompanyTemplate } from './agreement-template-records';
import { DEFAULT_TEMPLATES_VERSION, defaultAgreementTemplates } from './default-agreement-templates';
import { voidOpenAgreements } from './void-open-agreements';

const DAY_MS = 24 * 60 * 60 * 1000;
const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const DEFAULT_NOTICE_PERIOD = '14 days';

export interface OfferedApplication {
  id: string;
  companyId: string;
  applicantId: string;
  jobTitle: string;
  currency: Currency;
}

export interface ChosenTemplate {
  kind: AgreementKind;
  templateId: string | null;
  version: number;
  title: string;
  body: string;
}

// Each reference an offer names, as the text it is sent with: Tandem's default of a kind, or the company's
// own template at its current version (another company's, or an archived one, is refused like an unknown one).
export async function resolveAgreementTemplates(
  tx: Database,
  companyId: string,
  references: string[],
  // The request's field that named them: an offer's agreements, the default set, a job's set.
  field = 'agreements',
): Promise<ChosenTemplate[]> {
  const chosen: ChosenTemplate[] = [];
  for (const reference of new Set(references)) {
    const kind = kindOfDefaultTemplateId(reference);
    // An addendum follows a change after hire; an offer never sends one.
    if (kind === 'addendum') throw validationError({ [field]: signingTexts.templateUnknown });
    if (kind) {
      const template = defaultAgreementTemplates[kind];
      chosen.push({
        kind,
        templateId: null,
        version: DEFAULT_TEMPLATES_VERSION,
        title: agreementKindLabels[kind],
        body: template.body,
      });
      continue;
    }
    const own = /^[0-9a-f-]{36}$/i.test(reference)
      ? await findCompanyTemplate(tx, companyId, reference).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'not_found') return null;
          throw error;
        })
      : null;
    if (!own || own.kind === 'addendum') throw validationError({ [field]: signingTexts.templateUnknown });
    chosen.push({ kind: own.kind, templateId: own.id, version: own.version, title: own.name, body: own.body });
  }
  return chosen;
}

// The merge fields of an agreement, filled from the company, the talent and the terms (an offer's, or a change's).
export async function agreementValues(
  tx: Database,
  application: OfferedApplication,
  offer: OfferTerms,
  settings: { governing_law: string; notice_period: string },
  now: Date,
): Promise<AgreementValues> {
  const [company] = await tx
    .select({ name: companies.name, location: companies.location, profile: billingProfiles })
    .from(companies)
    .leftJoin(billingProfiles, eq(billingProfiles.companyId, companies.id))
    .where(eq(companies.id, application.companyId));
  const [talent] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, application.applicantId));
  const profile = company?.profile;
  const country = profile?.country ? (regionNames.of(profile.country) ?? profile.country) : '';
  const address = profile
    ? [profile.addressLine1, profile.addressLine2, profile.city, profile.region, profile.postalCode, country]
        .filter(Boolean)
        .join(', ')
    : '';
  const legalName = profile?.legalName || company?.name || '';
  return {
    company_name: legalName,
    company_address: address || company?.location || 'the address on its Tandem account',
    talent_name: talent?.name ?? '',
    talent_email: talent?.email ?? '',
    role: application.jobTitle,
    start_date: humanDay(offer.startDate),
    rate: offer.milestones
      ? 'the fixed price set out in its milestones'
      : `${formatCents(offer.rateCents, application.currency)} an hour`,
    currency: currencyNames.of(application.currency) ?? application.currency,
    milestones: offer.milestones
      ? offer.milestones
          .map(
            (milestone, index) =>
              `${index + 1}. ${milestone.title} — ${formatCents(milestone.amount_cents, application.currency)}, due ${humanDay(milestone.due_date)}`,
          )
          .join('\n')
      : 'none: the work is paid by the hour',
    notice_period: settings.notice_period || DEFAULT_NOTICE_PERIOD,
    governing_law:
      settings.governing_law || (country ? `the laws of ${country}` : `the laws where ${legalName} is registered`),
    effective_date: humanDay(isoDay(now)),
  };
}

// An offer sends the agreements its maker chose (decision 056), in the offer's transaction: each made from its
// template's current version with the merge fields filled, so what the talent reads never changes after. A new
// offer voids what the one before sent and nobody finished signing. Returns the titles sent.
export async function sendOfferAgreements({
  tx,
  application,
  offer,
  templates,
  actorId,
  now,
}: {
  tx: Database;
  application: OfferedApplication;
  offer: OfferTerms;
  templates: string[];
  actorId: string;
  now: Date;
}): Promise<string[]> {
  await voidOpenAgreements(tx, { applicationId: application.id, actorId, now });
  if (templates.length === 0) return [];
  const chosen = await resolveAgreementTemplates(tx, application.companyId, templates);
  const settings = await findAgreementSettings(tx, application.companyId);
  const values = await agreementValues(tx, application, offer, settings, now);
  await tx.insert(agreements).values(
    chosen.map((template) => ({
      companyId: application.companyId,
      applicantId: application.applicantId,
      applicationId: application.id,
      kind: template.kind,
      templateId: template.templateId,
      templateVersion: template.version,
      title: template.title,
      body: agreementPlaceholders.fill(template.body, values),
      countersign: settings.countersign,
      blocksWork: settings.work_waits_for_signatures,
      sentById: actorId,
      sentAt: now,
      expiresAt: new Date(now.getTime() + AGREEMENT_LIFETIME_DAYS * DAY_MS),
    })),
  );
  return chosen.map((template) => template.title);
}
