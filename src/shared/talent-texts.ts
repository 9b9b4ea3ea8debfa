// Applicant profiles' levels, labels, limits, texts and time zones, apart from talent.ts's schemas, with no
// zod: Talent Search and the profile's cards show them without loading zod (decision 037). talent.ts
// re-exports them.

export const experienceLevels = ['junior', 'mid', 'senior', 'expert'] as const;
export type ExperienceLevel = (typeof experienceLevels)[number];

export const availabilities = ['full-time', 'part-time', 'project-based'] as const;
export type Availability = (typeof availabilities)[number];

export const regions = ['Americas', 'Europe', 'Asia Pacific', 'Africa'] as const;
export type Region = (typeof regions)[number];

export const experienceLevelLabels: Record<ExperienceLevel, string> = {
  junior: 'Junior',
  mid: 'Mid-level',
  senior: 'Senior',
  expert: 'Expert',
};

export const availabilityLabels: Record<Availability, string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  'project-based': 'Project-based',
};

export const regionLabels: Record<Region, string> = {
  Americas: 'Americas',
  Europe: 'Europe',
  'Asia Pacific': 'Asia Pacific',
  Africa: 'Africa',
};

// ---- The applicant profile (GET/PUT /api/applicant/profile; what companies see) ----

export const PROFILE_HEADLINE_MAX_LENGTH = 100;
export const PROFILE_SUMMARY_MAX_LENGTH = 2000;
export const PROFILE_LOCATION_MAX_LENGTH = 100;
export const PROFILE_SKILL_MAX_LENGTH = 40;
export const PROFILE_MAX_SKILLS = 30;
export const HOURLY_RATE_MIN = 1;
export const HOURLY_RATE_MAX = 1000;

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const photoContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoContentType = (typeof photoContentTypes)[number];
const photoTypeLabels: Record<PhotoContentType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};
export const isPhotoContentType = (value: string): value is PhotoContentType =>
  (photoContentTypes as readonly string[]).includes(value);

const startsWith = (content: Uint8Array, bytes: number[], offset = 0) =>
  content.length >= offset + bytes.length && bytes.every((byte, index) => content[offset + index] === byte);

const ascii = (value: string) => [...value].map((character) => character.charCodeAt(0));

// The image type a file's first bytes (its "magic number") say it is, whatever its name or the request
// claims. The server decides by it; the browser checks it first to say so at once.
export function detectImageType(content: Uint8Array): PhotoContentType | null {
  if (startsWith(content, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(content, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(content, ascii('RIFF')) && startsWith(content, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export const profileTexts = {
  headlineTooLong: `The headline can be at most ${PROFILE_HEADLINE_MAX_LENGTH} characters.`,
  summaryTooLong: `The summary can be at most ${PROFILE_SUMMARY_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  locationTooLong: `The location can be at most ${PROFILE_LOCATION_MAX_LENGTH} characters.`,
  hourlyRate: `Enter an hourly rate between $${HOURLY_RATE_MIN} and $${HOURLY_RATE_MAX.toLocaleString('en-US')}.`,
  hourlyRateCents: 'Enter the hourly rate in dollars and cents, with at most two decimals.',
  skillTooLong: `A skill can be at most ${PROFILE_SKILL_MAX_LENGTH} characters.`,
  skillBlank: 'A skill cannot be blank.',
  tooManySkills: `You can add up to ${PROFILE_MAX_SKILLS} skills.`,
  experienceLevel: 'Choose an experience level from the list.',
  availability: 'Choose an availability from the list.',
  region: 'Choose a region from the list.',
  timezone: 'Choose a time zone from the list.',
  saved: 'Your profile has been saved.',
  loadError: 'Failed to load your profile. Please try again.',
  saveErrorTitle: 'Error saving profile',
  saveError: 'Failed to save your profile. Please try again.',
  photoUploadError: 'Failed to upload your photo. Please try again.',
  photoRemoveError: 'Failed to remove your photo. Please try again.',
  notFound: 'This applicant does not exist.',
  photoMissing: 'This applicant has no photo.',
  photoUnsupportedType: 'Upload a JPEG, PNG or WebP image.',
  photoTooLarge: 'The photo is larger than 2 MB. Choose a smaller image.',
  photoEmpty: 'The upload is empty. Choose an image file.',
  photoContentMismatch: (declared: PhotoContentType) =>
    `This file is not a valid ${photoTypeLabels[declared]} image. Choose a JPEG, PNG or WebP image.`,
  photoUploaded: 'Your photo has been updated.',
  photoRemoved: 'Your photo has been removed.',
} as const;

// An IANA zone name ("Europe/Berlin", "America/Argentina/Buenos_Aires", "UTC") that this runtime knows.
// The pattern keeps out what Intl also accepts but nobody picks from a list: "est5edt", "+05:00", "GMT".
const IANA_ZONE_NAME = /^(UTC|[A-Z][A-Za-z_-]+(\/[A-Z0-9][A-Za-z0-9_+-]*)+)$/;
export function isIanaTimeZone(value: string): boolean {
  if (!IANA_ZONE_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

// Making a formatter costs far more than using one: one per zone, kept.
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

// A zone's offset from UTC at a moment, in minutes (daylight saving time included): +330 for Asia/Kolkata.
export function utcOffsetMinutes(zone: string, at: Date): number {
  let formatter = offsetFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormatters.set(zone, formatter);
  }
  const name = formatter.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  // "GMT+05:30", "GMT-03:00", or "GMT" for none.
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

// A working day, in each person's own time: 9:00 to 17:00.
export const WORKING_DAY = { startHour: 9, endHour: 17 } as const;

// How many hours two working days share, given their zones' offsets from UTC in minutes: 8 in the same
// zone, 5 between Berlin and New York in winter, none between Berlin and Sydney.
export function workingHoursOverlapOfOffsets(offsetMinutes: number, otherOffsetMinutes: number): number {
  const length = WORKING_DAY.endHour - WORKING_DAY.startHour;
  const apart = (Math.abs(offsetMinutes - otherOffsetMinutes) / 60) % 24;
  // Around the clock: 20 hours ahead is 4 hours behind.
  return Math.max(0, length - Math.min(apart, 24 - apart));
}
