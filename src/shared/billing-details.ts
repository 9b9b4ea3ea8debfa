import { z } from 'zod';

// Who a company is on its invoices (docs/decisions/044): its legal name, address and tax id, which the
// company writes; its tax rate and payment terms, which an administrator sets (a company does not choose
// the tax it is charged). An invoice copies the first three as they are when it is issued.

// ISO 3166-1 alpha-2: every officially assigned code.
export const countryCodes = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
// 'PT' → 'Portugal'; '' → ''.
export const countryName = (code: string) => (code ? (regionNames.of(code) ?? code) : '');

export const billingDetailsTexts = {
  updated: 'Billing details saved.',
  legalName: 'Write the legal name in 200 characters or fewer.',
  addressLine: 'Write each address line in 200 characters or fewer.',
  city: 'Write the city in 100 characters or fewer.',
  region: 'Write the state or region in 100 characters or fewer.',
  postalCode: 'Write the postal code in 20 characters or fewer.',
  country: 'Choose a country from the list.',
  taxId: 'A tax ID is 2 to 30 letters and digits (spaces, dots and dashes allowed).',
  addressNeedsCountry: 'Choose the country of this address.',
  taxRate: 'The tax rate is a percentage from 0 to 100, with at most two decimals.',
  paymentTerms: 'Payment terms are 0 to 120 days.',
} as const;

const text = (max: number, message: string) => z.string({ message }).trim().max(max, { message });

const companyFields = {
  legal_name: text(200, billingDetailsTexts.legalName),
  address_line1: text(200, billingDetailsTexts.addressLine),
  address_line2: text(200, billingDetailsTexts.addressLine),
  city: text(100, billingDetailsTexts.city),
  region: text(100, billingDetailsTexts.region),
  postal_code: text(20, billingDetailsTexts.postalCode),
  country: z
    .string({ message: billingDetailsTexts.country })
    .trim()
    .toUpperCase()
    .refine((code) => code === '' || countryCodes.includes(code), { message: billingDetailsTexts.country }),
  tax_id: z
    .string({ message: billingDetailsTexts.taxId })
    .trim()
    .toUpperCase()
    .refine((id) => id === '' || /^[A-Z0-9][A-Z0-9 .-]{0,28}[A-Z0-9]$/.test(id), {
      message: billingDetailsTexts.taxId,
    }),
};

// An address with lines but no country cannot be posted to or taxed.
const countryWithAddress = <Shape extends { address_line1: string; country: string }>(
  details: Shape,
  context: z.RefinementCtx,
) => {
  if (details.address_line1 !== '' && details.country === '') {
    context.addIssue({ code: 'custom', path: ['country'], message: billingDetailsTexts.addressNeedsCountry });
  }
};

export const billingDetailsSchema = z.object({
  legal_name: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  region: z.string(),
  postal_code: z.string(),
  country: z.string(),
  tax_id: z.string(),
  // Basis points (825 = 8.25%); set by an administrator.
  tax_rate_basis_points: z.number().int(),
  payment_terms_days: z.number().int(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

// PUT /api/company/billing-details: the company's own part, whole.
export const updateBillingDetailsSchema = z.object(companyFields).superRefine(countryWithAddress);
export type UpdateBillingDetails = z.input<typeof updateBillingDetailsSchema>;

// PUT /api/admin/companies/:id/billing-details: all of it, the tax rate and payment terms too.
export const adminUpdateBillingDetailsSchema = z
  .object({
    ...companyFields,
    tax_rate_basis_points: z
      .number({ message: billingDetailsTexts.taxRate })
      .int({ message: billingDetailsTexts.taxRate })
      .min(0, { message: billingDetailsTexts.taxRate })
      .max(10_000, { message: billingDetailsTexts.taxRate }),
    payment_terms_days: z
      .number({ message: billingDetailsTexts.paymentTerms })
      .int({ message: billingDetailsTexts.paymentTerms })
      .min(0, { message: billingDetailsTexts.paymentTerms })
      .max(120, { message: billingDetailsTexts.paymentTerms }),
  })
  .superRefine(countryWithAddress);
export type AdminUpdateBillingDetails = z.input<typeof adminUpdateBillingDetailsSchema>;

// The seller on every invoice: Tandem's own legal entity, kept in System Settings (platform_settings key
// invoice_seller). Its address is free text, one line per line, as the entity's registration writes it.
export const invoiceSellerSchema = z.object({
  legal_name: z.string(),
  address: z.string(),
  tax_id: z.string(),
});
export type InvoiceSeller = z.infer<typeof invoiceSellerSchema>;
export const defaultInvoiceSeller: InvoiceSeller = { legal_name: 'Tandem', address: '', tax_id: '' };

export const updateInvoiceSellerSchema = z.object({
  legal_name: z
    .string({ message: billingDetailsTexts.legalName })
    .trim()
    .min(1, { message: billingDetailsTexts.legalName })
    .max(200, { message: billingDetailsTexts.legalName }),
  address: z
    .string()
    .trim()
    .max(500, { message: 'Write the address in 500 characters or fewer.' })
    .refine((address) => address.split('\n').length <= 6, { message: 'Write the address on at most 6 lines.' }),
  tax_id: companyFields.tax_id,
});
