import { z } from 'zod';
import { countryCodes } from './billing-details-texts';
import { taxTexts } from './tax';

// The VAT and GST rates administrators maintain (issue 56, decision 053): a country's rate from a day on.

const isRealDay = (text: string) => {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
};

export const taxRateNames = ['VAT', 'GST'] as const;

export const taxRateSchema = z.object({
  id: z.string(),
  country: z.string(),
  name: z.enum(taxRateNames),
  rate_basis_points: z.number().int(),
  effective_from: z.string(),
  // In effect now: the latest that has taken effect for its country. A later one waits for its day.
  is_current: z.boolean(),
  // Not yet in effect: it may still be removed.
  is_scheduled: z.boolean(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

// GET /api/admin/tax-rates: by country, newest day first, a page at a time.
export const taxRatesQuerySchema = z.object({
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(50),
});
export const taxRateListSchema = z.object({
  items: z.array(taxRateSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type TaxRateList = z.infer<typeof taxRateListSchema>;

// POST /api/admin/tax-rates: a rate from a day on (today or later: invoices already issued keep theirs).
export const addTaxRateSchema = z.object({
  country: z
    .string({ message: taxTexts.rateCountry })
    .trim()
    .toUpperCase()
    .refine((code) => countryCodes.includes(code), { message: taxTexts.rateCountry }),
  name: z.enum(taxRateNames, { message: taxTexts.rateName }),
  rate_basis_points: z
    .number({ message: taxTexts.rateValue })
    .int({ message: taxTexts.rateValue })
    .min(0, { message: taxTexts.rateValue })
    .max(10_000, { message: taxTexts.rateValue }),
  effective_from: z
    .string({ message: taxTexts.rateDate })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: taxTexts.rateDate })
    .refine(isRealDay, { message: taxTexts.rateDate }),
});
export type AddTaxRate = z.infer<typeof addTaxRateSchema>;
