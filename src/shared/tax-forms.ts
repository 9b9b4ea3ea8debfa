import { z } from 'zod';
import { countryCodes, countryName } from './billing-details-texts';

// Tax forms from talent (issue 56): before a first payout a talent certifies who they are for US tax, as
// Upwork asks — a W-9 from a US person, a W-8BEN from a non-US individual. The server fills the IRS's own PDF
// from the answers and keeps it; the tax identification numbers are encrypted at rest and shown masked.

export const taxFormKinds = ['w9', 'w8ben'] as const;
export type TaxFormKind = (typeof taxFormKinds)[number];
export const taxFormKindLabels: Record<TaxFormKind, string> = {
  w9: 'Form W-9 (US person)',
  w8ben: 'Form W-8BEN (individual outside the US)',
};

// Form W-9 line 3a, its seven boxes.
export const w9Classifications = [
  'individual',
  'c_corporation',
  's_corporation',
  'partnership',
  'trust_estate',
  'llc',
  'other',
] as const;
export type W9Classification = (typeof w9Classifications)[number];
export const w9ClassificationLabels: Record<W9Classification, string> = {
  individual: 'Individual/sole proprietor',
  c_corporation: 'C corporation',
  s_corporation: 'S corporation',
  partnership: 'Partnership',
  trust_estate: 'Trust/estate',
  llc: 'Limited liability company',
  other: 'Other',
};
// The letter an LLC enters beside its box: how it is taxed.
export const llcClassifications = ['C', 'S', 'P'] as const;
export const llcClassificationLabels: Record<(typeof llcClassifications)[number], string> = {
  C: 'C corporation',
  S: 'S corporation',
  P: 'Partnership',
};

// A W-9's number: a person's SSN or ITIN, or an employer identification number.
export const usTinTypes = ['ssn', 'itin', 'ein'] as const;
export type UsTinType = (typeof usTinTypes)[number];
export const usTinTypeLabels: Record<UsTinType, string> = {
  ssn: 'Social security number (SSN)',
  itin: 'Individual taxpayer identification number (ITIN)',
  ein: 'Employer identification number (EIN)',
};

// Where a talent's form stands: none yet, on file, on file and expiring within the reminder window, expired.
export const taxFormStandings = ['none', 'on_file', 'expiring', 'expired'] as const;
export type TaxFormStanding = (typeof taxFormStandings)[number];
// A W-8BEN expiring within this many days is "expiring": the talent is emailed once and the screens say so.
export const TAX_FORM_REMINDER_DAYS = 60;

export const taxFormTexts = {
  sectionTitle: 'Tax form',
  pageIntro:
    'Before your first payout, certify your tax status the way US payers must ask for it: a W-9 if you are a US person, a W-8BEN if you are an individual outside the US. We fill the official IRS form from your answers and keep it for you.',
  chooseKind: 'Which form is yours?',
  kindHint: {
    w9: 'You are a US citizen or resident alien, or a US company, partnership, trust or estate.',
    w8ben: 'You are an individual who is neither a US citizen nor a US resident.',
  },
  entityNotOnline:
    'A company or other entity outside the US gives Form W-8BEN-E, which we do not collect online yet: contact support and we will send it to you.',
  legalName: 'Enter your name as shown on your income tax return (2 to 100 characters).',
  businessName: 'Write the business name in 100 characters or fewer, or leave it empty.',
  classification: 'Choose your federal tax classification.',
  llcClassification: 'Choose how the LLC is taxed: C corporation, S corporation or partnership.',
  otherClassification: 'Describe the classification (2 to 60 characters).',
  exemptPayeeCode: 'An exempt payee code is a number from 1 to 13; individuals leave it empty.',
  fatcaCode: 'A FATCA exemption code is one letter from A to M; individuals leave it empty.',
  street: 'Enter the street address (number, street, and apartment or suite) in 2 to 100 characters.',
  cityLine: 'Enter the city, state or province, and postal code in 2 to 100 characters.',
  country: 'Choose a country from the list.',
  noPostOfficeBox: 'Give the address where you live: a P.O. box or an in-care-of address is not a permanent residence.',
  residenceNotUs: 'A W-8BEN is for people who live outside the US. If you are a US resident, give a W-9 instead.',
  citizenshipNotUs: 'A US citizen gives a W-9, not a W-8BEN.',
  mailingComplete:
    'Give the whole mailing address (street, city and country), or leave it all empty if it is the same.',
  tinType: 'Choose which number you give: SSN, ITIN or EIN.',
  entityNeedsEin: 'A company, partnership, trust or estate gives its employer identification number (EIN).',
  ssn: 'A social security number is 9 digits, such as 123-45-6789, and does not start with 000, 666 or 9.',
  itin: 'An ITIN is 9 digits starting with 9, such as 912-70-1234, with 50–65, 70–88, 90–92 or 94–99 as its fourth and fifth digits.',
  ein: 'An employer identification number is 9 digits, such as 12-3456789, with a prefix the IRS assigns.',
  usTinW8: 'A US taxpayer identification number on a W-8BEN is an SSN or an ITIN (9 digits), or leave it empty.',
  foreignTin: 'Enter the tax identification number your country of residence gave you (3 to 30 letters and digits).',
  foreignTinOrReason:
    'Enter your foreign tax identification number, or tick that your country does not require one and say why.',
  foreignTinReason: 'Say in 5 to 200 characters why your country does not give you a tax identification number.',
  dateOfBirth: 'Enter your date of birth as a real day in the past (you must be 18 or older).',
  treatyCountry: 'The treaty country is your country of residence (line 9 of the form).',
  treatyArticle: 'Enter the treaty article and paragraph, such as 14(1) (1 to 30 characters).',
  treatyRate: 'Enter the withholding rate the treaty allows, as a percentage from 0 to 30 with at most one decimal.',
  treatyIncomeType:
    'Say which income the rate applies to, such as “Independent personal services” (2 to 100 characters).',
  treatyConditions: 'Write the conditions in 300 characters or fewer.',
  capacityToSign: 'Confirm that you have the capacity to sign for the person named on line 1.',
  signatureName: 'Type your name exactly as on line 1 to sign.',
  consent: 'Tick the box to agree to sign this form electronically.',
  // What the talent certifies, as each form's certification says it.
  w9Certifications: [
    'The number shown on this form is my correct taxpayer identification number (or I am waiting for a number to be issued to me).',
    'I am not subject to backup withholding: I am exempt, or the IRS has not notified me that I am subject to it, or it has notified me that I no longer am.',
    'I am a U.S. citizen or other U.S. person.',
    'The FATCA code(s) entered on this form (if any) indicating that I am exempt from FATCA reporting is correct.',
  ],
  w8benCertifications: [
    'I am the individual that is the beneficial owner of all the income to which this form relates.',
    'The person named on line 1 of this form is not a U.S. person.',
    'This form relates to income not effectively connected with the conduct of a trade or business in the United States, or to income so connected that is not subject to tax under an income tax treaty.',
    'The person named on line 1 is a resident of the treaty country on line 9 (if any) within the meaning of the income tax treaty between the United States and that country.',
    'I authorize this form to be provided to any withholding agent that pays me, and I will submit a new form within 30 days if any certification on it becomes incorrect.',
  ],
  consentLabel:
    'I agree to sign this form electronically: my typed name is my signature, and it binds me as a handwritten one would.',
  perjury:
    'Under penalties of perjury, I declare that I have examined the information on this form and to the best of my knowledge and belief it is true, correct, and complete.',
  submitted: 'Your tax form is on file.',
  submittedReplaced: 'Your new tax form is on file and replaces the one before.',
  noForm: 'You have no tax form on file. Payouts wait until you complete one.',
  noFormOptional: 'You have no tax form on file.',
  onFileUntil: (day: string) => `On file until ${day}.`,
  onFileNoExpiry: 'On file. A W-9 does not expire; replace it if anything on it changes.',
  expiring: (day: string) =>
    `Your W-8BEN expires on ${day}. Complete a new one before then so your payouts do not wait.`,
  expired: (day: string) => `Your W-8BEN expired on ${day}. Payouts wait until you complete a new one.`,
  notFound: 'This talent has no tax form on file.',
  pdfMissing: 'The PDF of this tax form is not available.',
  revealNeedsGrant:
    'Revealing a tax identification number or downloading a tax form takes the tax data reader grant. Ask another administrator to give it to you.',
  revealed: 'Shown once and recorded in the audit log.',
  grantSelf: 'Another administrator gives or takes your own tax data reader grant.',
  grantNotAdmin: 'Only an administrator can be a tax data reader.',
  grantGiven: (name: string) => `${name} can now reveal tax identification numbers and download tax forms.`,
  grantTaken: (name: string) => `${name} can no longer reveal tax identification numbers or download tax forms.`,
  latinLetters:
    'Write this in Latin letters (accents such as é, ñ and ü are fine), as on your tax return: the IRS form prints no other script.',
  submitFailed: 'Your tax form was not saved. Please check your connection and try again.',
} as const;

export const taxFormStandingLabels: Record<TaxFormStanding, string> = {
  none: 'None on file',
  on_file: 'On file',
  expiring: 'Expiring',
  expired: 'Expired',
};

// ---------------------------------------------------------------------------------------------------------
// Taxpayer identification numbers: the format rules the IRS publishes, so a typo is caught before it is signed.

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

// SSN: no 000, 666 or 9xx area, no 00 group, no 0000 serial.
export function isSsn(value: string): boolean {
  const digits = digitsOf(value);
  if (!/^\d{9}$/.test(digits)) return false;
  const area = digits.slice(0, 3);
  return (
    area !== '000' && area !== '666' && area[0] !== '9' && digits.slice(3, 5) !== '00' && digits.slice(5) !== '0000'
  );
}

// ITIN: 9xx, with the fourth and fifth digits in the ranges the IRS issues.
export function isItin(value: string): boolean {
  const digits = digitsOf(value);
  if (!/^9\d{8}$/.test(digits)) return false;
  const group = Number(digits.slice(3, 5));
  return (group >= 50 && group <= 65) || (group >= 70 && group <= 88) || (group >= 90 && group <= 92) || group >= 94;
}

// The EIN prefixes the IRS assigns (its campuses and the internet); the others are not issued.
const einPrefixes = new Set(
  [
    [1, 6],
    [10, 16],
    [20, 27],
    [30, 48],
    [50, 68],
    [71, 77],
    [80, 88],
    [90, 95],
    [98, 99],
  ].flatMap(([first, last]) =>
    Array.from({ length: (last ?? 0) - (first ?? 0) + 1 }, (_, index) => String((first ?? 0) + index).padStart(2, '0')),
  ),
);
export function isEin(value: string): boolean {
  const digits = digitsOf(value);
  return /^\d{9}$/.test(digits) && einPrefixes.has(digits.slice(0, 2));
}

// A US number as it is stored and printed: its nine digits.
export const usTinDigits = digitsOf;

// As the IRS writes each: 123-45-6789, 12-3456789.
export function formatUsTin(type: UsTinType, digits: string): string {
  return type === 'ein'
    ? `${digits.slice(0, 2)}-${digits.slice(2)}`
    : `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

// What screens, answers and audit rows show of a number: its last four characters.
export function maskTin(type: UsTinType | 'foreign', value: string): string {
  const compact = value.replace(/[\s./-]/g, '');
  const last4 = compact.slice(-4);
  if (type === 'ein') return `••-•••${last4}`;
  if (type === 'foreign') return `•••• ${last4}`;
  return `•••-••-${last4}`;
}

// ---------------------------------------------------------------------------------------------------------
// Expiry: a W-8BEN stays valid until the last day of the third calendar year after the year it was signed
// (Treas. Reg. §1.1441-1(e)(4)(ii)); a W-9 has no expiry. Years are counted in UTC, as the server signs.

export function w8benValidUntil(signedAt: Date): string {
  return `${signedAt.getUTCFullYear() + 3}-12-31`;
}
// The moment it stops being valid: the start of the day after.
export function w8benExpiresAt(signedAt: Date): Date {
  return new Date(Date.UTC(signedAt.getUTCFullYear() + 4, 0, 1));
}

export function taxFormStandingOf(form: { valid_until: string | null } | null, now: Date): TaxFormStanding {
  if (!form) return 'none';
  if (form.valid_until === null) return 'on_file';
  const end = Date.parse(`${form.valid_until}T00:00:00Z`) + 86_400_000;
  if (end <= now.getTime()) return 'expired';
  return end - now.getTime() <= TAX_FORM_REMINDER_DAYS * 86_400_000 ? 'expiring' : 'on_file';
}

// ---------------------------------------------------------------------------------------------------------
// The forms as the talent fills them in: flat, field by field, so each error sits beside its own field.

// The IRS's PDF prints the Windows Latin alphabet only (its fields' Helvetica): ASCII, accented Latin letters
// and a few signs. A name in another script is written in Latin letters, as on the person's tax return.
const printable =
  /^[\x20-\x7E\u00A0-\u00FF\u0152\u0153\u0160\u0161\u0178\u017D\u017E\u0192\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u20AC\u2122]*$/;
const isPrintable = (value: string) => printable.test(value);
const text = (min: number, max: number, message: string) =>
  z
    .string({ message })
    .trim()
    .min(min, { message })
    .max(max, { message })
    .refine(isPrintable, { message: taxFormTexts.latinLetters });
const optionalText = (max: number, message: string) =>
  z
    .string({ message })
    .trim()
    .max(max, { message })
    .refine(isPrintable, { message: taxFormTexts.latinLetters })
    .default('');
const country = z
  .string({ message: taxFormTexts.country })
  .trim()
  .toUpperCase()
  .refine((code) => countryCodes.includes(code), { message: taxFormTexts.country });
const optionalCountry = z
  .string({ message: taxFormTexts.country })
  .trim()
  .toUpperCase()
  .refine((code) => code === '' || countryCodes.includes(code), { message: taxFormTexts.country })
  .default('');
const consent = z.boolean({ message: taxFormTexts.consent });

const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
const isPostOfficeBox = (street: string) =>
  /\bp\.?\s*o\.?\s*box\b|\bpost\s+office\s+box\b|\bc\s*\/\s*o\b|\bin[-\s]care[-\s]of\b/i.test(street);

function signatureChecks(
  form: { legal_name: string; signature_name: string; consent_to_sign_electronically: boolean },
  context: z.RefinementCtx,
) {
  if (normalName(form.signature_name) !== normalName(form.legal_name)) {
    context.addIssue({ code: 'custom', path: ['signature_name'], message: taxFormTexts.signatureName });
  }
  if (!form.consent_to_sign_electronically) {
    context.addIssue({ code: 'custom', path: ['consent_to_sign_electronically'], message: taxFormTexts.consent });
  }
}

export const w9FormSchema = z
  .object({
    kind: z.literal('w9'),
    legal_name: text(2, 100, taxFormTexts.legalName),
    business_name: optionalText(100, taxFormTexts.businessName),
    tax_classification: z.enum(w9Classifications, { message: taxFormTexts.classification }),
    llc_classification: z.enum(['', ...llcClassifications], { message: taxFormTexts.llcClassification }).default(''),
    other_classification: optionalText(60, taxFormTexts.otherClassification),
    // Line 3b: a flow-through entity with foreign partners, owners or beneficiaries.
    has_foreign_partners: z.boolean().default(false),
    exempt_payee_code: z
      .string({ message: taxFormTexts.exemptPayeeCode })
      .trim()
      .refine((code) => code === '' || /^(?:[1-9]|1[0-3])$/.test(code), { message: taxFormTexts.exemptPayeeCode })
      .default(''),
    fatca_code: z
      .string({ message: taxFormTexts.fatcaCode })
      .trim()
      .toUpperCase()
      .refine((code) => code === '' || /^[A-M]$/.test(code), { message: taxFormTexts.fatcaCode })
      .default(''),
    address_street: text(2, 100, taxFormTexts.street),
    address_city: text(2, 100, taxFormTexts.cityLine),
    tin_type: z.enum(usTinTypes, { message: taxFormTexts.tinType }),
    tin: z.string({ message: taxFormTexts.ssn }).trim(),
    signature_name: z.string({ message: taxFormTexts.signatureName }).trim(),
    consent_to_sign_electronically: consent,
  })
  .superRefine((form, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (form.tax_classification === 'llc' && form.llc_classification === '') {
      issue('llc_classification', taxFormTexts.llcClassification);
    }
    if (form.tax_classification === 'other' && form.other_classification.length < 2) {
      issue('other_classification', taxFormTexts.otherClassification);
    }
    if (form.tax_classification !== 'individual' && form.tin_type !== 'ein')
      issue('tin_type', taxFormTexts.entityNeedsEin);
    else if (form.tin_type === 'ssn' && !isSsn(form.tin)) issue('tin', taxFormTexts.ssn);
    else if (form.tin_type === 'itin' && !isItin(form.tin)) issue('tin', taxFormTexts.itin);
    else if (form.tin_type === 'ein' && !isEin(form.tin)) issue('tin', taxFormTexts.ein);
    signatureChecks(form, context);
  });
export type W9FormInput = z.input<typeof w9FormSchema>;
export type W9Form = z.output<typeof w9FormSchema>;

const isoDayPattern = /^\d{4}-\d{2}-\d{2}$/;
function isAdultBirthDay(day: string, now = new Date()): boolean {
  if (!isoDayPattern.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return false;
  const eighteen = new Date(Date.UTC(date.getUTCFullYear() + 18, date.getUTCMonth(), date.getUTCDate()));
  return date.getUTCFullYear() >= 1900 && eighteen.getTime() <= now.getTime();
}

export const w8benFormSchema = z
  .object({
    kind: z.literal('w8ben'),
    legal_name: text(2, 100, taxFormTexts.legalName),
    citizenship_country: country,
    residence_street: text(2, 100, taxFormTexts.street),
    residence_city: text(2, 100, taxFormTexts.cityLine),
    residence_country: country,
    // All three empty when the mailing address is the residence.
    mailing_street: optionalText(100, taxFormTexts.street),
    mailing_city: optionalText(100, taxFormTexts.cityLine),
    mailing_country: optionalCountry,
    us_tin: z.string({ message: taxFormTexts.usTinW8 }).trim().default(''),
    foreign_tin: z.string({ message: taxFormTexts.foreignTin }).trim().default(''),
    foreign_tin_not_required: z.boolean().default(false),
    foreign_tin_not_required_reason: optionalText(200, taxFormTexts.foreignTinReason),
    date_of_birth: z.string({ message: taxFormTexts.dateOfBirth }).trim(),
    // Part II, optional: the treaty between the US and the country of residence.
    treaty_claim: z.boolean().default(false),
    treaty_country: optionalCountry,
    treaty_article: optionalText(30, taxFormTexts.treatyArticle),
    treaty_rate: z.string({ message: taxFormTexts.treatyRate }).trim().default(''),
    treaty_income_type: optionalText(100, taxFormTexts.treatyIncomeType),
    treaty_conditions: optionalText(300, taxFormTexts.treatyConditions),
    capacity_to_sign: z.boolean({ message: taxFormTexts.capacityToSign }),
    signature_name: z.string({ message: taxFormTexts.signatureName }).trim(),
    consent_to_sign_electronically: consent,
  })
  .superRefine((form, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (form.citizenship_country === 'US') issue('citizenship_country', taxFormTexts.citizenshipNotUs);
    if (form.residence_country === 'US') issue('residence_country', taxFormTexts.residenceNotUs);
    if (isPostOfficeBox(form.residence_street)) issue('residence_street', taxFormTexts.noPostOfficeBox);
    const mailing = [form.mailing_street, form.mailing_city, form.mailing_country];
    if (mailing.some(Boolean)) {
      if (form.mailing_street.length < 2) issue('mailing_street', taxFormTexts.mailingComplete);
      if (form.mailing_city.length < 2) issue('mailing_city', taxFormTexts.mailingComplete);
      if (form.mailing_country === '') issue('mailing_country', taxFormTexts.mailingComplete);
    }
    if (form.us_tin !== '' && !isSsn(form.us_tin) && !isItin(form.us_tin)) issue('us_tin', taxFormTexts.usTinW8);
    if (form.foreign_tin !== '') {
      if (!/^[A-Za-z0-9][A-Za-z0-9 ./-]{1,28}[A-Za-z0-9]$/.test(form.foreign_tin))
        issue('foreign_tin', taxFormTexts.foreignTin);
    } else if (!form.foreign_tin_not_required) {
      issue('foreign_tin', taxFormTexts.foreignTinOrReason);
    } else if (form.foreign_tin_not_required_reason.length < 5) {
      issue('foreign_tin_not_required_reason', taxFormTexts.foreignTinReason);
    }
    if (!isAdultBirthDay(form.date_of_birth)) issue('date_of_birth', taxFormTexts.dateOfBirth);
    if (form.treaty_claim) {
      if (form.treaty_country !== form.residence_country) issue('treaty_country', taxFormTexts.treatyCountry);
      if (form.treaty_article.length < 1) issue('treaty_article', taxFormTexts.treatyArticle);
      if (!/^(?:[0-9]|[12][0-9]|30)(?:\.\d)?$/.test(form.treaty_rate) || Number(form.treaty_rate) > 30) {
        issue('treaty_rate', taxFormTexts.treatyRate);
      }
      if (form.treaty_income_type.length < 2) issue('treaty_income_type', taxFormTexts.treatyIncomeType);
    }
    if (!form.capacity_to_sign) issue('capacity_to_sign', taxFormTexts.capacityToSign);
    signatureChecks(form, context);
  });
export type W8benFormInput = z.input<typeof w8benFormSchema>;
export type W8benForm = z.output<typeof w8benFormSchema>;

// POST /api/applicant/tax-form: one or the other, by `kind`.
export const submitTaxFormSchema = z.discriminatedUnion('kind', [w9FormSchema, w8benFormSchema], {
  error: 'Choose the form you give: a W-9 or a W-8BEN.',
});
export type SubmitTaxFormInput = z.input<typeof submitTaxFormSchema>;
export type SubmitTaxForm = z.output<typeof submitTaxFormSchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers: every number masked.

const addressSchema = z.object({ street: z.string(), city: z.string(), country: z.string().nullable() });

export const taxFormViewSchema = z.object({
  id: z.string(),
  kind: z.enum(taxFormKinds),
  signed_at: z.string(),
  // The last day it is valid (a W-8BEN); null for a W-9, which does not expire.
  valid_until: z.string().nullable(),
  standing: z.enum(taxFormStandings),
  legal_name: z.string(),
  business_name: z.string().nullable(),
  tax_classification: z.enum(w9Classifications).nullable(),
  citizenship_country: z.string().nullable(),
  address: addressSchema,
  mailing_address: addressSchema.nullable(),
  us_tin_type: z.enum(usTinTypes).nullable(),
  us_tin_masked: z.string().nullable(),
  foreign_tin_masked: z.string().nullable(),
  foreign_tin_not_required_reason: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  treaty: z
    .object({
      country: z.string(),
      article: z.string(),
      rate: z.string(),
      income_type: z.string(),
      conditions: z.string(),
    })
    .nullable(),
  signature_name: z.string(),
});
export type TaxFormView = z.infer<typeof taxFormViewSchema>;

// GET /api/applicant/tax-form: the talent's own form in force (or none), and whether payouts wait for one.
export const ownTaxFormSchema = z.object({
  form: taxFormViewSchema.nullable(),
  standing: z.enum(taxFormStandings),
  required_for_payouts: z.boolean(),
});
export type OwnTaxForm = z.infer<typeof ownTaxFormSchema>;

// GET /api/admin/applicants/:id/tax-form: the same for an administrator, and whether they hold the grant
// that reveals the numbers and the PDF.
export const adminTaxFormSchema = ownTaxFormSchema.extend({ can_reveal: z.boolean() });
export type AdminTaxForm = z.infer<typeof adminTaxFormSchema>;

// POST /api/admin/applicants/:id/tax-form/reveal: the whole numbers, once, audited.
export const revealedTaxIdsSchema = z.object({
  us_tin: z.string().nullable(),
  foreign_tin: z.string().nullable(),
});
export type RevealedTaxIds = z.infer<typeof revealedTaxIdsSchema>;

// Administrators and whether each holds the tax data reader grant (System Settings).
export const taxDataReaderSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  granted_at: z.string().nullable(),
  granted_by: z.string().nullable(),
  // The administrator asking: their own grant is another's to change.
  is_you: z.boolean(),
});
export const taxDataReadersSchema = z.object({ items: z.array(taxDataReaderSchema) });
export type TaxDataReaders = z.infer<typeof taxDataReadersSchema>;
export const changeTaxDataReaderSchema = z.object({
  granted: z.boolean({ message: 'Say whether to give or take the grant.' }),
});

// "Philippines" for 'PH', for the views.
export const taxCountryName = countryName;

// The sentence a screen shows for a talent's standing: none, on file (until a day), expiring, expired.
export function taxFormStatusText(
  own: Pick<OwnTaxForm, 'form' | 'standing' | 'required_for_payouts'>,
  formatDay: (day: string) => string,
): string {
  const until = own.form?.valid_until;
  switch (own.standing) {
    case 'none':
      return own.required_for_payouts ? taxFormTexts.noForm : taxFormTexts.noFormOptional;
    case 'expired':
      return taxFormTexts.expired(formatDay(until ?? ''));
    case 'expiring':
      return taxFormTexts.expiring(formatDay(until ?? ''));
    default:
      return until ? taxFormTexts.onFileUntil(formatDay(until)) : taxFormTexts.onFileNoExpiry;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The administrators' queue (issue 56): talents who have worked and have no tax form on file, W-8BENs about to
// end, and those that have ended — each a reason their payouts wait or soon will.

export const taxFormQueueStates = ['missing', 'expiring', 'expired'] as const;
export type TaxFormQueueState = (typeof taxFormQueueStates)[number];
export const taxFormQueueStateLabels: Record<TaxFormQueueState, string> = {
  missing: 'No form on file',
  expiring: `Ending within ${TAX_FORM_REMINDER_DAYS} days`,
  expired: 'Ended',
};

export const taxFormQueueQuerySchema = z.object({
  state: z.enum(taxFormQueueStates, { message: 'Choose missing, expiring or expired.' }).default('missing'),
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
});
export type TaxFormQueueQuery = z.infer<typeof taxFormQueueQuerySchema>;

export const taxFormQueueRowSchema = z.object({
  applicant_id: z.string(),
  name: z.string(),
  email: z.string(),
  kind: z.enum(taxFormKinds).nullable(),
  signed_at: z.string().nullable(),
  // The last day the form is valid (a W-8BEN's); null for none or a W-9.
  valid_until: z.string().nullable(),
  // When the talent was reminded that it ends.
  reminded_at: z.string().nullable(),
});
export type TaxFormQueueRow = z.infer<typeof taxFormQueueRowSchema>;

export const taxFormQueueSchema = z.object({
  items: z.array(taxFormQueueRowSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  // How many talents each state holds, for the filter's counts.
  counts: z.object({ missing: z.number(), expiring: z.number(), expired: z.number() }),
});
export type TaxFormQueue = z.infer<typeof taxFormQueueSchema>;
