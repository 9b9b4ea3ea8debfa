import { z } from 'zod';
import { billingCurrencies, type Currency, currencies, isCurrency } from './currencies';

// Exchange rates with a source (issue 55, item 2; docs/decisions/050). A rate says how many units of the
// quote currency one unit of the base buys (EUR→USD 1.0163). Rates travel and are stored as decimal strings,
// never floats: the conversion kernel reads them exactly.

export const fxRateSources = ['ecb', 'file', 'manual'] as const;
export type FxRateSource = (typeof fxRateSources)[number];
export const fxRateSourceLabels: Record<FxRateSource, string> = {
  ecb: 'ECB (scheduled)',
  file: 'Imported file',
  manual: 'Entered by hand',
};

// numeric(20,10): ten digits before the point, ten after.
export const FX_RATE_SCALE = 10;
export const FX_RATE_INTEGER_DIGITS = 10;
// An uploaded ECB file: the 90-day history is about 40 KB; the full history since 1999 several MB.
export const FX_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const FX_MARGIN_BASIS_POINTS_MAX = 1000;
export const FX_MAX_RATE_AGE_DAYS_MAX = 90;

// A currency as the API answers it (ISO 4217; issue 55): a plain enum, so answers serialise without a transform.
export const currencySchema = z.enum(currencies as [Currency, ...Currency[]]);

const currencyMessage = 'Choose a currency Tandem knows (a three-letter ISO 4217 code).';
export const currencyCodeSchema = z
  .string({ message: currencyMessage })
  .trim()
  .toUpperCase()
  .refine(isCurrency, { message: currencyMessage })
  .transform((code) => code as Currency);

const rateMessage = `Enter the rate as a positive decimal number with at most ${FX_RATE_INTEGER_DIGITS} digits before the point and ${FX_RATE_SCALE} after it (1.0163).`;
const ratePattern = new RegExp(`^\\d{1,${FX_RATE_INTEGER_DIGITS}}(\\.\\d{1,${FX_RATE_SCALE}})?$`);
// A rate as the user or the file wrote it; zero is no rate.
export const fxRateValueSchema = z
  .string({ message: rateMessage })
  .trim()
  .regex(ratePattern, { message: rateMessage })
  .refine((rate) => /[1-9]/.test(rate), { message: rateMessage });

const dateMessage = 'Enter the date of the rate as a real day (YYYY-MM-DD).';
export const isRealDay = (day: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
};
export const rateDateSchema = z.string({ message: dateMessage }).trim().refine(isRealDay, { message: dateMessage });

// POST /api/admin/fx-rates: a rate entered by hand.
export const enterFxRateSchema = z
  .object({
    base: currencyCodeSchema,
    quote: currencyCodeSchema,
    rate: fxRateValueSchema,
    rate_date: rateDateSchema,
  })
  .refine((input) => input.base !== input.quote, {
    message: 'Choose two different currencies.',
    path: ['quote'],
  });
export type EnterFxRateInput = z.infer<typeof enterFxRateSchema>;

export const fxRateSchema = z.object({
  base: z.string(),
  quote: z.string(),
  rate: z.string(),
  rate_date: z.string(),
  source: z.enum(fxRateSources),
  imported_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type FxRate = z.infer<typeof fxRateSchema>;

// A row of the list: the latest rate of a pair, with the quote currency against the euro and the dollar
// where the stored rates say (EUR→X and EUR→USD, or USD→X), and its age in whole days.
export const fxRateRowSchema = fxRateSchema.extend({
  per_eur: z.string().nullable(),
  per_usd: z.string().nullable(),
  age_days: z.number().int(),
  is_stale: z.boolean(),
});
export type FxRateRow = z.infer<typeof fxRateRowSchema>;

export const FX_RATES_PAGE_SIZE = 50;
export const fxRatesQuerySchema = z.object({
  page: z.coerce.number({ message: 'Page must be a whole number from 1.' }).int().min(1).default(1),
  page_size: z.coerce
    .number({ message: 'Page size must be a whole number from 1 to 200.' })
    .int({ message: 'Page size must be a whole number from 1 to 200.' })
    .min(1, { message: 'Page size must be a whole number from 1 to 200.' })
    .max(200, { message: 'Page size must be a whole number from 1 to 200.' })
    .default(FX_RATES_PAGE_SIZE),
});
export type FxRatesQuery = z.infer<typeof fxRatesQuerySchema>;

export const fxRatesResponseSchema = z.object({
  items: z.array(fxRateRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  max_rate_age_days: z.number().int(),
  latest_date: z.string().nullable(),
});
export type FxRatesResponse = z.infer<typeof fxRatesResponseSchema>;

export const fxImportResponseSchema = z.object({
  // Rates in the file, and those not stored before (importing the same file again stores none).
  rates: z.number().int(),
  stored: z.number().int(),
  dates: z.array(z.string()),
});
export type FxImportResponse = z.infer<typeof fxImportResponseSchema>;

// The FX settings, kept beside the System Settings (like the accounting codes) and outside their Reset.
const marginMessage = `The FX margin must be from 0% to ${FX_MARGIN_BASIS_POINTS_MAX / 100}%, in steps of 0.01%.`;
const ageMessage = `The maximum rate age must be a whole number of days from 1 to ${FX_MAX_RATE_AGE_DAYS_MAX}.`;
const reportingMessage = `Choose the reporting currency from ${billingCurrencies.join(', ')}.`;
export const fxSettingsSchema = z.object({
  // Added to every conversion, shown wherever one is (issue 55: "shown, never hidden").
  margin_basis_points: z
    .number({ message: marginMessage })
    .int({ message: marginMessage })
    .min(0, { message: marginMessage })
    .max(FX_MARGIN_BASIS_POINTS_MAX, { message: marginMessage }),
  // A payout run needing a rate older than this is blocked.
  max_rate_age_days: z
    .number({ message: ageMessage })
    .int({ message: ageMessage })
    .min(1, { message: ageMessage })
    .max(FX_MAX_RATE_AGE_DAYS_MAX, { message: ageMessage }),
  // What the reports add every currency up in, each converted at its recorded rate: one of the currencies
  // Tandem bills in, the books' home currency.
  reporting_currency: z.enum(billingCurrencies, { message: reportingMessage }),
});
export type FxSettings = z.infer<typeof fxSettingsSchema>;
export const defaultFxSettings: FxSettings = {
  margin_basis_points: 0,
  max_rate_age_days: 3,
  reporting_currency: 'USD',
};

// The rate a report converted a currency's figures with, shown beside them: one `base` is `rate` `quote`, the
// latest recorded on or before the report's day (a derived inverse or cross rate names its date and source).
export const reportingRateSchema = z.object({
  base: currencySchema,
  quote: currencySchema,
  rate: z.string(),
  date: z.string(),
  source: z.enum(fxRateSources),
});
export type ReportingRate = z.infer<typeof reportingRateSchema>;

export const reportingTexts = {
  // Said instead of a converted figure.
  noRate: (from: Currency, to: Currency, day: string) => `No ${from} → ${to} rate recorded on or before ${day}.`,
  rate: (rate: ReportingRate) =>
    `1 ${rate.base} = ${rate.rate} ${rate.quote} (${fxRateSourceLabels[rate.source]}, ${rate.date})`,
} as const;
export const fxSettingsResponseSchema = z.object({ settings: fxSettingsSchema });

export const fxRateTexts = {
  badFile:
    'This is not an ECB reference rates file: upload the XML the European Central Bank publishes (eurofxref-daily.xml or eurofxref-hist-90d.xml).',
  emptyFile: 'The file holds no rates.',
  fileTooLarge: `The file is larger than ${FX_FILE_MAX_BYTES / 1024 / 1024} MB.`,
} as const;
