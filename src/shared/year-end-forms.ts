import { z } from 'zod';
import { currencies } from './currencies';
import { formatMoney } from './money-format';
import { usTinTypes } from './tax-forms';

// Year-end information returns (issue 56, decision 055): a Form 1099-NEC for each US person — a talent whose
// tax form in force is a W-9 — Tandem paid at least the year's threshold in US dollars, read from the ledger.
// Issued once after the year ends, kept as issued; a later change to what was paid or to the W-9 is a new,
// corrected form that replaces the one before.

// What must be paid in a calendar year before a 1099-NEC is due: $600 for payments made up to 2025; $2,000
// for payments made in 2026 (One Big Beautiful Bill Act, section 70433), which the IRS indexes for inflation
// from 2027 — each new year's figure is added here when the IRS publishes it.
const thresholds: ReadonlyArray<{ fromYear: number; cents: number }> = [
  { fromYear: 2026, cents: 200_000 },
  { fromYear: 0, cents: 60_000 },
];
export function necThresholdCents(year: number): number {
  return thresholds.find((threshold) => year >= threshold.fromYear)?.cents ?? 60_000;
}

export const NEC_FORM_TITLE = 'Form 1099-NEC';

export const necFormTexts = {
  yearNotOver: (year: number) => `${year} is not over yet: its 1099-NEC forms are issued once the year has ended.`,
  yearRange: 'Choose a year from 2020 up to last year.',
  payerIncomplete:
    'Add Tandem’s EIN, address and phone under System Settings → Seller on invoices before issuing 1099-NEC forms: every form names them.',
  notFound: 'That Form 1099-NEC was not found.',
  pdfMissing: 'The PDF of that Form 1099-NEC is missing. Issue the year’s forms again to make it anew.',
  issued: (counts: { issued: number; corrected: number }) =>
    counts.issued + counts.corrected === 0
      ? 'Every form of the year is issued and up to date: nothing new to issue.'
      : `${counts.issued} issued, ${counts.corrected} corrected.`,
  fileNeedsGrant:
    'Only an administrator holding the tax data reader grant downloads the filing file: it holds whole taxpayer identification numbers.',
  nothingToFile: (year: number) => `No Form 1099-NEC has been issued for ${year} yet: issue the year’s forms first.`,
  ownEmpty: (threshold: string) =>
    `No Form 1099-NEC has been issued to you. Tandem issues one by January 31 for each year a US person (a W-9 on file) is paid ${threshold} or more.`,
};

export const necThresholdText = (year: number) => formatMoney(necThresholdCents(year), 'USD');

// What the recipient's copy and the filing file say of the form: fixed when it is issued.
export const necRowStates = ['not_issued', 'issued', 'changed'] as const;
export type NecRowState = (typeof necRowStates)[number];
export const necRowStateLabels: Record<NecRowState, string> = {
  not_issued: 'Not issued',
  issued: 'Issued',
  changed: 'Changed since issued',
};

const yearSchema = z.coerce
  .number({ message: necFormTexts.yearRange })
  .int({ message: necFormTexts.yearRange })
  .min(2020, { message: necFormTexts.yearRange })
  .max(9999, { message: necFormTexts.yearRange });

export const necYearQuerySchema = z.object({ year: yearSchema });
export const necListQuerySchema = z.object({
  year: yearSchema,
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
});
export type NecListQuery = z.infer<typeof necListQuerySchema>;
export const issueNecFormsSchema = z.object({ year: yearSchema });

const amountSchema = z.object({ currency: z.enum(currencies), cents: z.number() });

// One US person paid at least the threshold in the year: what the ledger says now beside what was issued.
export const necRecipientSchema = z.object({
  applicant_id: z.string(),
  name: z.string(),
  email: z.string(),
  legal_name: z.string(),
  tin_type: z.enum(usTinTypes),
  tin_masked: z.string(),
  // Paid out in US dollars in the year, from the ledger.
  paid_cents: z.number(),
  // Paid out in other currencies: not on the form (it reports dollars), for the administrator to see.
  paid_other: z.array(amountSchema),
  state: z.enum(necRowStates),
  form: z.object({ id: z.string(), box1_cents: z.number(), corrected: z.boolean(), issued_at: z.string() }).nullable(),
});
export type NecRecipient = z.infer<typeof necRecipientSchema>;

export const necRecipientsSchema = z.object({
  year: z.number(),
  threshold_cents: z.number(),
  // The year has ended and Tandem's payer details are complete: the forms may be issued.
  can_issue: z.boolean(),
  blocked_reason: z.string().nullable(),
  // The viewer holds the tax data reader grant: the filing file is theirs to download.
  can_download_file: z.boolean(),
  items: z.array(necRecipientSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  counts: z.object({ not_issued: z.number(), issued: z.number(), changed: z.number() }),
});
export type NecRecipients = z.infer<typeof necRecipientsSchema>;

export const issuedNecFormsSchema = z.object({
  message: z.string(),
  issued: z.number(),
  corrected: z.number(),
});

export const ownNecFormSchema = z.object({
  id: z.string(),
  year: z.number(),
  box1_cents: z.number(),
  corrected: z.boolean(),
  issued_at: z.string(),
});
export type OwnNecForm = z.infer<typeof ownNecFormSchema>;
export const ownNecFormsSchema = z.object({ items: z.array(ownNecFormSchema) });
