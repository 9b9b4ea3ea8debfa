import {
  type ApplicantProfile,
  type Availability,
  type ExperienceLevel,
  type Region,
  type UpdateApplicantProfileInput,
  updateApplicantProfileSchema,
} from '~/shared/talent';

// What the Profile form holds: the rate as typed (a string, so an empty box stays empty rather than
// becoming 0), unchosen lists as '', and the conversions to and from the API's payload.

export interface ProfileFormValues {
  headline: string;
  summary: string;
  hourly_rate: string;
  skills: string[];
  experience_level: ExperienceLevel | '';
  availability: Availability | '';
  region: Region | '';
  location: string;
  timezone: string;
}

type ProfileFormField = keyof ProfileFormValues;

// In the form's order, so the first field with a problem is the one focused.
export const profileFormFields: readonly ProfileFormField[] = [
  'headline',
  'hourly_rate',
  'summary',
  'experience_level',
  'availability',
  'region',
  'location',
  'timezone',
  'skills',
];

export function profileToFormValues(profile: ApplicantProfile): ProfileFormValues {
  return {
    headline: profile.headline ?? '',
    summary: profile.summary ?? '',
    hourly_rate: profile.hourly_rate == null ? '' : String(profile.hourly_rate),
    skills: profile.skills,
    experience_level: profile.experience_level ?? '',
    availability: profile.availability ?? '',
    region: profile.region ?? '',
    location: profile.location ?? '',
    timezone: profile.timezone ?? '',
  };
}

export function formValuesToProfileInput(values: ProfileFormValues): UpdateApplicantProfileInput {
  const rate = values.hourly_rate.trim();
  return {
    ...values,
    // "abc" becomes NaN, which the shared schema refuses with its sentence.
    hourly_rate: rate === '' ? null : Number(rate),
  };
}

// The shared schema's rules, as field → message (the first message of each field); empty when all is well.
export function validateProfileForm(values: ProfileFormValues): Partial<Record<ProfileFormField, string>> {
  const result = updateApplicantProfileSchema.safeParse(formValuesToProfileInput(values));
  if (result.success) return {};
  const problems: Partial<Record<ProfileFormField, string>> = {};
  for (const issue of result.error.issues) {
    // A message about one skill ('skills.3') belongs to the skills field.
    const field = issue.path[0] as ProfileFormField;
    problems[field] ??= issue.message;
  }
  return problems;
}
