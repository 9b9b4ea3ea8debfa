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
  // A change of terms after hire (a new rate, a new milestone): made by Tandem when the change is, never
  // attached to an offer.
  'addendum',
] as const;
export type AgreementKind = (typeof agreementKinds)[number];
export const agreementKindLabels: Record<AgreementKind, string> = {
  contractor_agreement: 'Contractor agreement',
  nda: 'Non-disclosure agreement',
  ip_assignment: 'IP assignment',
  statement_of_work: 'Statement of work (fixed price)',
  offer_letter: 'Offer letter',
  addendum: 'Addendum',
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

// ---- Agreements made from the templates and signed (decision 056) ----

export const agreementStatuses = ['awaiting_talent', 'awaiting_company', 'completed', 'declined', 'voided'] as const;
export type AgreementStatus = (typeof agreementStatuses)[number];
// What people see: an agreement nobody signed in time is expired, whatever it was waiting for.
export type AgreementState = AgreementStatus | 'expired';
export const agreementStateLabels: Record<AgreementState, string> = {
  awaiting_talent: 'Waiting for the talent',
  awaiting_company: 'Waiting for countersignature',
  completed: 'Signed',
  declined: 'Declined',
  voided: 'Voided',
  expired: 'Expired',
};
export const agreementParties = ['talent', 'company'] as const;
export type AgreementParty = (typeof agreementParties)[number];
export const signatureKinds = ['typed', 'drawn'] as const;
export type SignatureKind = (typeof signatureKinds)[number];

// Days an agreement can be signed in after it is sent; a resend starts the count again.
export const AGREEMENT_LIFETIME_DAYS = 14;
export const AGREEMENTS_PER_OFFER_MAX = 5;
export const DECLINE_REASON_MAX_LENGTH = 1_000;
export const SIGNATURE_NAME_MAX_LENGTH = 120;
// A drawn signature is a small PNG (a data URL): a few KB drawn by hand, never a photo.
export const SIGNATURE_DRAWING_MAX_LENGTH = 200_000;
export const AGREEMENT_TERM_MAX_LENGTH = 200;

// A template an offer attaches: Tandem's default of a kind (`tandem-<kind>`) or a company template's id.
export const defaultTemplateId = (kind: AgreementKind) => `tandem-${kind}`;
export const kindOfDefaultTemplateId = (id: string): AgreementKind | null => {
  const kind = id.startsWith('tandem-') ? id.slice('tandem-'.length) : '';
  return (agreementKinds as readonly string[]).includes(kind) ? (kind as AgreementKind) : null;
};

export const signingTexts = {
  notFound: 'This agreement does not exist.',
  consentRequired: 'Agree to sign electronically to sign.',
  typedNameRequired: 'Type your full name to sign.',
  typedNameTooLong: `Keep your name to ${SIGNATURE_NAME_MAX_LENGTH} characters or fewer.`,
  drawingRequired: 'Draw your signature to sign.',
  drawingInvalid: 'The drawn signature could not be read. Clear it and draw it again.',
  codeRequired: 'Enter the 6-digit code we emailed you.',
  codeWrong: 'That code is wrong or has expired. Send a new one.',
  codeSent: 'We emailed you a 6-digit code. It works for 15 minutes.',
  alreadySigned: 'You have already signed this agreement.',
  notYourTurn: 'The talent signs first; you can countersign once they have.',
  noCountersign: 'This agreement needs no countersignature.',
  notOpen: 'This agreement can no longer be signed.',
  expired: 'This agreement has expired. Ask the company to send it again.',
  declineReasonRequired: 'Say why you decline, so the company can change what it sends.',
  declineReasonTooLong: `Keep the reason to ${DECLINE_REASON_MAX_LENGTH.toLocaleString('en-US')} characters or fewer.`,
  signed: 'Agreement signed.',
  countersigned: 'Agreement countersigned.',
  declined: 'Agreement declined. The company has been told.',
  voided: 'Agreement voided.',
  resent: 'Agreement sent again.',
  reminded: 'Reminder sent.',
  remindedRecently: 'A reminder went out in the last day. Try again tomorrow.',
  notSealed: 'The signed PDF is made once everyone has signed.',
  awaitingSignatures: 'Work starts once the agreements are signed.',
  workWaits: 'This work starts once its agreements are signed: no time can be logged until then.',
  fundingWaits: 'Milestones can be funded once the contract’s agreements are signed.',
  templateUnknown: 'One of the chosen agreements no longer exists. Choose again.',
  tooManyAgreements: `Attach at most ${AGREEMENTS_PER_OFFER_MAX} agreements to an offer.`,
  termTooLong: `Keep it to ${AGREEMENT_TERM_MAX_LENGTH} characters or fewer.`,
  settingsSaved: 'Agreement settings saved.',
  loadError: 'Failed to load the agreements. Please try again.',
} as const;

// The templates an offer attaches (its agreements are made from them when it is sent).
export const offerAgreementsSchema = z
  .array(z.string().min(1).max(64), { message: signingTexts.templateUnknown })
  .max(AGREEMENTS_PER_OFFER_MAX, { message: signingTexts.tooManyAgreements })
  .default([]);

const agreementTerm = singleLine().trim().max(AGREEMENT_TERM_MAX_LENGTH, { message: signingTexts.termTooLong });

export const agreementSettingsSchema = z.object({
  default_templates: z.array(z.string()),
  countersign: z.boolean(),
  work_waits_for_signatures: z.boolean(),
  governing_law: z.string(),
  notice_period: z.string(),
});
export type AgreementSettings = z.infer<typeof agreementSettingsSchema>;
export const updateAgreementSettingsSchema = z.object({
  default_templates: offerAgreementsSchema,
  countersign: z.boolean({ message: 'Say whether the company countersigns.' }),
  work_waits_for_signatures: z.boolean({ message: 'Say whether work waits for the signatures.' }),
  governing_law: agreementTerm,
  notice_period: agreementTerm,
});
export type UpdateAgreementSettings = z.input<typeof updateAgreementSettingsSchema>;

export const signAgreementSchema = z
  .object({
    // Checked with the rest below, so a form hears of every missing part at once.
    consent: z.boolean({ message: signingTexts.consentRequired }),
    kind: z.enum(signatureKinds, { message: 'Choose to type or draw your signature.' }),
    typed_name: singleLine()
      .trim()
      .max(SIGNATURE_NAME_MAX_LENGTH, { message: signingTexts.typedNameTooLong })
      .optional(),
    drawing: z.string().max(SIGNATURE_DRAWING_MAX_LENGTH, { message: signingTexts.drawingInvalid }).optional(),
    code: z.string({ message: signingTexts.codeRequired }).trim(),
  })
  .superRefine((signature, context) => {
    if (!signature.consent)
      context.addIssue({ code: 'custom', path: ['consent'], message: signingTexts.consentRequired });
    if (!/^\d{6}$/.test(signature.code))
      context.addIssue({ code: 'custom', path: ['code'], message: signingTexts.codeRequired });
    if (signature.kind === 'typed' && !signature.typed_name)
      context.addIssue({ code: 'custom', path: ['typed_name'], message: signingTexts.typedNameRequired });
    if (signature.kind === 'drawn' && !signature.drawing)
      context.addIssue({ code: 'custom', path: ['drawing'], message: signingTexts.drawingRequired });
    if (
      signature.kind === 'drawn' &&
      signature.drawing &&
      !/^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(signature.drawing)
    )
      context.addIssue({ code: 'custom', path: ['drawing'], message: signingTexts.drawingInvalid });
  });
export type SignAgreement = z.input<typeof signAgreementSchema>;

export const declineAgreementSchema = z.object({
  reason: text()
    .trim()
    .min(1, { message: signingTexts.declineReasonRequired })
    .max(DECLINE_REASON_MAX_LENGTH, { message: signingTexts.declineReasonTooLong }),
});

export const agreementSignatureSchema = z.object({
  party: z.enum(agreementParties),
  signer_name: z.string(),
  kind: z.enum(signatureKinds),
  typed_name: z.string().nullable(),
  drawing: z.string().nullable(),
  signed_at: z.string(),
  identity_check: z.string(),
});
export type AgreementSignature = z.infer<typeof agreementSignatureSchema>;

export const agreementSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(agreementKinds),
  title: z.string(),
  state: z.enum([...agreementStatuses, 'expired']),
  company_id: z.string(),
  company_name: z.string(),
  talent_id: z.string(),
  talent_name: z.string(),
  role: z.string(),
  application_id: z.string().nullable(),
  assignment_id: z.string().nullable(),
  countersign: z.boolean(),
  blocks_work: z.boolean(),
  sent_at: z.string(),
  expires_at: z.string(),
  completed_at: z.string().nullable(),
  decline_reason: z.string().nullable(),
  sealed: z.boolean(),
});
export type AgreementSummary = z.infer<typeof agreementSummarySchema>;

export const agreementDetailSchema = agreementSummarySchema.extend({
  body: z.string(),
  template_version: z.number(),
  from_template: z.enum(['tandem', 'company']),
  sealed_sha256: z.string().nullable(),
  signatures: z.array(agreementSignatureSchema),
  // What the person reading may do now.
  can_sign: z.boolean(),
});
export type AgreementDetail = z.infer<typeof agreementDetailSchema>;

export const agreementListQuerySchema = z.object({
  state: z.enum(['to_sign', 'waiting', 'signed', 'closed', 'all']).default('all'),
  search: singleLine().trim().max(100).optional(),
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
});
export type AgreementListQuery = z.input<typeof agreementListQuerySchema>;
export const agreementListSchema = z.object({
  items: z.array(agreementSummarySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type AgreementList = z.infer<typeof agreementListSchema>;

// GET /api/jobs/:id/agreements: the job's own set (null: the company's default), and what its offers start with.
export const jobAgreementsSchema = z.object({
  templates: z.array(z.string()).nullable(),
  effective: z.array(z.string()),
});
export type JobAgreements = z.infer<typeof jobAgreementsSchema>;
export const updateJobAgreementsSchema = z.object({ templates: offerAgreementsSchema.nullable() });
export type UpdateJobAgreements = z.input<typeof updateJobAgreementsSchema>;
