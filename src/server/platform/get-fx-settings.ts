import { eq } from 'drizzle-orm';
import { defaultFxSettings, type FxSettings, fxSettingsSchema } from '~/shared/fx-rates';
import type { Database } from '../db/client';
import { platformSettings } from '../db/schema';

// The FX margin, the maximum age of a rate (docs/decisions/050) and the reporting currency, kept in platform_settings under one key
// beside the System Settings and outside their Reset, as the accounting codes are (get-account-codes.ts): a
// reset of the form must not silently change what conversions charge. Here, in the platform, because the
// payout runs read the age, the conversions the margin and the reports the reporting currency.
export const FX_SETTINGS_KEY = 'fx_settings';

// The settings in force: each stored value where valid, its default where missing or malformed.
export async function getFxSettings({ db }: { db: Database }): Promise<FxSettings> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, FX_SETTINGS_KEY));
  const stored = (row?.value ?? {}) as Record<string, unknown>;
  const margin = fxSettingsSchema.shape.margin_basis_points.safeParse(stored.margin_basis_points);
  const age = fxSettingsSchema.shape.max_rate_age_days.safeParse(stored.max_rate_age_days);
  const reporting = fxSettingsSchema.shape.reporting_currency.safeParse(stored.reporting_currency);
  return {
    margin_basis_points: margin.success ? margin.data : defaultFxSettings.margin_basis_points,
    max_rate_age_days: age.success ? age.data : defaultFxSettings.max_rate_age_days,
    reporting_currency: reporting.success ? reporting.data : defaultFxSettings.reporting_currency,
  };
}
