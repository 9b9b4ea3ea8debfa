import { z } from 'zod';
import { placeholderSet } from './template-placeholders';
import { singleLine, text } from './text';

// Agreements signed before work starts (issue 57, decision 056): the templates they are made from — Tandem's
// defaults and a company's own, each save of a company's a new version kept — with merge fields filled from
// the hire when an agreement is made.

export const agreementKinds = [
  'contractor_agreement',
  'nda',
  'ip_assignment',
  'statement_of_work',
  'offer_letter',
] as const;
export type AgreementKind = (typeof agreementKinds)[number];
export const agreementKindLabels: Record<AgreementKind, string> = {
  contractor_agreement: 'Contractor agreement',
  nda: 'Non-disclosure agreement',
  ip_assignment: 'IP assignment',
  statement_of_work: 'Statement of work (fixed price)',
  offer_letter: 'Offer letter',
};

// The merge fields an agreement's text may hold, filled from the hire.
export const agreementFields = [
  'company_name',
  'company_address',
  'talent_name',
  'talent_email',
  'role',
  'start_date',
  'rate',
  'currency',
  'milestones',
  'notice_period',
  'governing_law',
  'effective_date',
] as const;
export type AgreementField = (typeof agreementFields)[number];
export const agreementFieldDescriptions: Record<AgreementField, string> = {
  company_name: 'the company’s legal name',
  company_address: 'the company’s address',
  talent_name: 'the talent’s legal name',
  talent_email: 'the talent’s email',
  role: 'the role hired for',
  start_date: 'the day work starts',
  rate: 'the hourly rate, with its currency',
  currency: 'the currency the work is paid in',
  milestones: 'a fixed-price contract’s milestones, one a line',
  notice_period: 'the notice either side gives to end the work',
  governing_law: 'the law the agreement is governed by',
  effective_date: 'the day the agreement is made',
};
export type AgreementValues = Record<AgreementField, string>;
export const agreementPlaceholders = placeholderSet(agreementFields);

// What the editor's preview fills in: a hire as it could be.
export const sampleAgreementValues: AgreementValues = {
  company_name: 'Harbor Goods Ltd',
  company_address: '10 Market Street, Manchester M1 1AA, United Kingdom',
  talent_name: 'Lena Ortiz',
  talent_email: 'lena.ortiz@example.com',
  role: 'Customer Support Specialist',
  start_date: 'January 5, 2027',
  rate: '$28.00 an hour',
  currency: 'US dollars',
  milestones: '1. Wireframes — $1,200.00\n2. Final designs — $2,400.00',
  notice_period: '14 days',
  governing_law: 'the laws of England and Wales',
  effective_date: 'December 1, 2026',
};

export const AGREEMENT_NAME_MAX_LENGTH = 100;
export const AGREEMENT_BODY_MAX_LENGTH = 50_000;

export const agreementTexts = {
  nameRequired: 'Give the template a name.',
  nameTooLong: `Keep the name to ${AGREEMENT_NAME_MAX_LENGTH} characters or fewer.`,
  bodyRequired: 'Write the agreement’s text.',
  bodyTooLong: `An agreement’s text can be at most ${AGREEMENT_BODY_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  kindRequired: 'Choose what kind of agreement this is.',
  notFound: 'This agreement template does not exist.',
  saved: 'Template saved as a new version.',
  created: 'Template created.',
  archived: 'Template archived.',
  unchanged: 'Nothing changed: the template keeps its version.',
  fieldsHelp: `Merge fields filled in from each hire: ${agreementPlaceholders.list.join(', ')}.`,
  loadError: 'Failed to load the agreement templates. Please try again.',
} as const;

const agreementBody = text()
  .trim()
  .min(1, { message: agreementTexts.bodyRequired })
  .max(AGREEMENT_BODY_MAX_LENGTH, { message: agreementTexts.bodyTooLong })
  .superRefine((body, context) => {
    const unknown = agreementPlaceholders.unknown(body);
    if (unknown.length > 0)
      context.addIssue({ code: 'custom', message: agreementPlaceholders.unknownMessage(unknown) });
  });

const agreementName = singleLine()
  .trim()
  .min(1, { message: agreementTexts.nameRequired })
  .max(AGREEMENT_NAME_MAX_LENGTH, { message: agreementTexts.nameTooLong });

// POST /api/company/agreement-templates: a new template, version 1.
export const createAgreementTemplateSchema = z.object({
  kind: z.enum(agreementKinds, { message: agreementTexts.kindRequired }),
  name: agreementName,
  body: agreementBody,
});
export type CreateAgreementTemplate = z.input<typeof createAgreementTemplateSchema>;

// PUT /api/company/agreement-templates/:id: its next version (a kind is chosen once).
export const updateAgreementTemplateSchema = z.object({ name: agreementName, body: agreementBody });
export type UpdateAgreementTemplate = z.input<typeof updateAgreementTemplateSchema>;

export const agreementTemplateSchema = z.object({
  // Tandem's defaults are `tandem-<kind>`; a company's, its uuid.
  id: z.string(),
  kind: z.enum(agreementKinds),
  name: z.string(),
  source: z.enum(['tandem', 'company']),
  version: z.number().int(),
  body: z.string(),
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});
export type AgreementTemplate = z.infer<typeof agreementTemplateSchema>;

export const agreementTemplateListQuerySchema = z.object({
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
});

export const agreementTemplatesSchema = z.object({
  defaults: z.array(agreementTemplateSchema),
  items: z.array(agreementTemplateSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type AgreementTemplates = z.infer<typeof agreementTemplatesSchema>;

export const agreementTemplateVersionSchema = z.object({
  version: z.number().int(),
  name: z.string(),
  body: z.string(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type AgreementTemplateVersion = z.infer<typeof agreementTemplateVersionSchema>;
export const agreementTemplateVersionsSchema = z.object({
  items: z.array(agreementTemplateVersionSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type AgreementTemplateVersions = z.infer<typeof agreementTemplateVersionsSchema>;
