import { z } from 'zod';
import { billingDetailsTexts, countryCodes } from './billing-details-texts';
import { billingCurrencies } from './currencies';
import { formatUsTin, isEin, usTinDigits } from './tax-forms';

export * from './billing-details-texts';

// Who a company is on its invoices (docs/decisions/044): its legal name, address and tax id, which the
// company writes; its tax rate and payment terms, which an administrator sets (a company does not choose
// the tax it is charged). An invoice copies the first three as they are when it is issued.

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
  // Left out, it stays as it is; it may change only until the company posts its first job.
  currency: z.enum(billingCurrencies, { message: billingDetailsTexts.currency }).optional(),
  // Left out, it stays as it is.
  email_e_invoice: z.boolean({ message: billingDetailsTexts.emailEInvoice }).optional(),
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
  currency: z.enum(billingCurrencies),
  // True once the company has posted a job: then the currency cannot change.
  currency_is_fixed: z.boolean(),
  // VIES's word on the VAT number when it was saved (decision 053): '' not asked, 'valid', or 'unavailable'.
  vat_check: z.enum(['', 'valid', 'unavailable']),
  vat_checked_at: z.string().nullable(),
  // Each invoice and credit note email carries the EN 16931 e-invoice (UBL XML) too.
  email_e_invoice: z.boolean(),
  // Basis points (825 = 8.25%); set by an administrator. The sales tax of a seller with no VAT or GST.
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
  // Where Tandem's entity is established (ISO 3166-1 alpha-2), which picks the VAT or GST rule (decision 053);
  // empty: no VAT or GST, each company's sales tax. Settings saved before it read as empty.
  country: z.string().default(''),
  // Where companies' accounting reaches the seller: the electronic address its e-invoices name (issue 56).
  email: z.string().default(''),
  // The US employer identification number and telephone every Form 1099-NEC names as the payer's (decision
  // 055); empty where Tandem pays no US person.
  us_ein: z.string().default(''),
  phone: z.string().default(''),
});
export type InvoiceSeller = z.infer<typeof invoiceSellerSchema>;
export const defaultInvoiceSeller: InvoiceSeller = {
  legal_name: 'Tandem',
  address: '',
  tax_id: '',
  country: '',
  email: '',
  us_ein: '',
  phone: '',
};

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
  // Left out, these stay as they are.
  country: companyFields.country.optional(),
  email: z
    .string({ message: billingDetailsTexts.sellerEmail })
    .trim()
    .max(254, { message: billingDetailsTexts.sellerEmail })
    .refine((email) => email === '' || z.email().safeParse(email).success, { message: billingDetailsTexts.sellerEmail })
    .optional(),
  us_ein: z
    .string({ message: billingDetailsTexts.sellerEin })
    .trim()
    .refine((ein) => ein === '' || isEin(ein), { message: billingDetailsTexts.sellerEin })
    .transform((ein) => (ein === '' ? '' : formatUsTin('ein', usTinDigits(ein))))
    .optional(),
  phone: z
    .string({ message: billingDetailsTexts.sellerPhone })
    .trim()
    .refine((phone) => phone === '' || /^\+?[\d\s().-]{7,25}$/.test(phone), {
      message: billingDetailsTexts.sellerPhone,
    })
    .optional(),
});
export type UpdateInvoiceSeller = z.input<typeof updateInvoiceSellerSchema>;
