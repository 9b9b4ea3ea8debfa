import { z } from 'zod';
import {
  basisPointsOfPercent,
  PAYOUT_MINIMUM_CENTS_MAX,
  PLATFORM_FEE_BASIS_POINTS_MAX,
  type PlatformSettings,
  type PlatformSettingsUpdate,
  percentOfBasisPoints,
  platformSettingsSchema,
} from '~/shared/settings';

// The screen shows the platform fee as a percentage and the payout minimum in dollars; the API keeps basis
// points (1000 = 10%) and cents (2000 = $20).
const feeMessage = `The platform fee must be from 0% to ${PLATFORM_FEE_BASIS_POINTS_MAX / 100}%, in steps of 0.01%.`;
const payoutMinimumMessage = `The payout minimum must be from $1 to $${PAYOUT_MINIMUM_CENTS_MAX / 100}, in whole cents.`;
const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

// Cents as the screen shows them: 2000 → 20 ($), and back, to whole cents.
const dollarsOfCents = (cents: number) => cents / 100;
const centsOfDollars = (dollars: number) => Math.round(dollars * 100);

// Number inputs are registered with valueAsNumber: an empty one is NaN, refused with the field's sentence.
export const settingsFormSchema = platformSettingsSchema
  .omit({ platform_fee_basis_points: true, payout_minimum_cents: true })
  .extend({
    platform_fee_percent: z
      .number({ message: feeMessage })
      .min(0, { message: feeMessage })
      .max(PLATFORM_FEE_BASIS_POINTS_MAX / 100, { message: feeMessage })
      .refine(hasAtMostTwoDecimals, { message: feeMessage }),
    payout_minimum_dollars: z
      .number({ message: payoutMinimumMessage })
      .min(1, { message: payoutMinimumMessage })
      .max(PAYOUT_MINIMUM_CENTS_MAX / 100, { message: payoutMinimumMessage })
      .refine(hasAtMostTwoDecimals, { message: payoutMinimumMessage }),
  });
export type SettingsFormValues = z.infer<typeof settingsFormSchema>;

export function toFormValues({
  platform_fee_basis_points,
  payout_minimum_cents,
  ...rest
}: PlatformSettings): SettingsFormValues {
  return {
    ...rest,
    platform_fee_percent: percentOfBasisPoints(platform_fee_basis_points),
    payout_minimum_dollars: dollarsOfCents(payout_minimum_cents),
  };
}

// Only what differs from what is stored goes to the server, so the audit log names what really changed.
export function changesOf(values: SettingsFormValues, stored: PlatformSettings): PlatformSettingsUpdate {
  const { platform_fee_percent, payout_minimum_dollars, ...rest } = values;
  const next: PlatformSettings = {
    ...rest,
    platform_fee_basis_points: basisPointsOfPercent(platform_fee_percent),
    payout_minimum_cents: centsOfDollars(payout_minimum_dollars),
  };
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => stored[key as keyof PlatformSettings] !== value),
  ) as PlatformSettingsUpdate;
}

// The server names the stored field; the form shows the percentage and the dollars.
export const formFieldOfServerField = (field: string): keyof SettingsFormValues | undefined => {
  if (field === 'platform_fee_basis_points') return 'platform_fee_percent';
  if (field === 'payout_minimum_cents') return 'payout_minimum_dollars';
  return field in settingsFormSchema.shape ? (field as keyof SettingsFormValues) : undefined;
};
