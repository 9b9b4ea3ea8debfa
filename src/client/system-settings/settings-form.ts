import { z } from 'zod';
import {
  basisPointsOfPercent,
  PLATFORM_FEE_BASIS_POINTS_MAX,
  type PlatformSettings,
  type PlatformSettingsUpdate,
  percentOfBasisPoints,
  platformSettingsSchema,
} from '~/shared/settings';

// The screen shows the platform fee as a percentage; the API keeps basis points (1000 = 10%).
const feeMessage = `The platform fee must be from 0% to ${PLATFORM_FEE_BASIS_POINTS_MAX / 100}%, in steps of 0.01%.`;
const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

// Number inputs are registered with valueAsNumber: an empty one is NaN, refused with the field's sentence.
export const settingsFormSchema = platformSettingsSchema.omit({ platform_fee_basis_points: true }).extend({
  platform_fee_percent: z
    .number({ message: feeMessage })
    .min(0, { message: feeMessage })
    .max(PLATFORM_FEE_BASIS_POINTS_MAX / 100, { message: feeMessage })
    .refine(hasAtMostTwoDecimals, { message: feeMessage }),
});
export type SettingsFormValues = z.infer<typeof settingsFormSchema>;

export function toFormValues({ platform_fee_basis_points, ...rest }: PlatformSettings): SettingsFormValues {
  return { ...rest, platform_fee_percent: percentOfBasisPoints(platform_fee_basis_points) };
}

// Only what differs from what is stored goes to the server, so the audit log names what really changed.
export function changesOf(values: SettingsFormValues, stored: PlatformSettings): PlatformSettingsUpdate {
  const { platform_fee_percent, ...rest } = values;
  const next: PlatformSettings = { ...rest, platform_fee_basis_points: basisPointsOfPercent(platform_fee_percent) };
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => stored[key as keyof PlatformSettings] !== value),
  ) as PlatformSettingsUpdate;
}

// The server names the stored field; the form shows the percentage.
export const formFieldOfServerField = (field: string): keyof SettingsFormValues | undefined => {
  if (field === 'platform_fee_basis_points') return 'platform_fee_percent';
  return field in settingsFormSchema.shape ? (field as keyof SettingsFormValues) : undefined;
};
