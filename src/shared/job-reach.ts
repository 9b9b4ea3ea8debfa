// Where an application came from (docs/decisions/058): the board, a feed's reader, a search engine, a link
// someone passed on, or a member's referral link.
export const applicationSources = ['tandem', 'indeed', 'google', 'feed', 'shared_link', 'referral'] as const;
export type ApplicationSource = (typeof applicationSources)[number];

export const applicationSourceLabels: Record<ApplicationSource, string> = {
  tandem: 'Tandem board',
  indeed: 'Indeed',
  google: 'Google',
  feed: 'Job feed',
  shared_link: 'Shared link',
  referral: 'Referral',
};

// The feeds of open public jobs (decision 058): Indeed's XML format, and RSS 2.0 for any other reader. Here
// rather than only in the contract, so the public board links them without loading zod.
export const jobFeedPaths = {
  indeed: '/api/public/jobs/feeds/indeed.xml',
  rss: '/api/public/jobs/feeds/rss.xml',
} as const;

// What a link's ?source= may say: a referral is named by its ?ref= code instead, and 'tandem' is what no
// source at all means.
export const linkSources = ['indeed', 'google', 'feed', 'shared_link'] as const;
export type LinkSource = (typeof linkSources)[number];

export const isLinkSource = (value: unknown): value is LinkSource =>
  typeof value === 'string' && (linkSources as readonly string[]).includes(value);

// A referral link's ?ref=: 10 characters of the URL-safe alphabet, made by the server.
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{6,32}$/;
export const isReferralCode = (value: unknown): value is string =>
  typeof value === 'string' && REFERRAL_CODE_PATTERN.test(value);

// "Referral · Ana Silva", "Indeed": the pipeline's words for where an application came from.
export function describeApplicationSource(source: ApplicationSource, referrerName?: string | null): string {
  const label = applicationSourceLabels[source];
  return source === 'referral' && referrerName ? `${label} · ${referrerName}` : label;
}

// The job's address with where the visitor came from: ?source=indeed, or ?ref=<code> for a referral.
export function jobLinkWithSource(jobUrl: string, via: { source: LinkSource } | { ref: string }): string {
  const url = new URL(jobUrl);
  if ('source' in via) url.searchParams.set('source', via.source);
  else url.searchParams.set('ref', via.ref);
  return url.toString();
}

// ISO 3166-1 alpha-2: every country and territory with a code in force (the withdrawn ones, AN, CS, YU …,
// left out). Names come from Intl.DisplayNames where they are shown.
export const countryCodes = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM ' +
  'FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT ' +
  'JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN ' +
  'MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT ' +
  'PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL ' +
  'TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

// ISO 3166-2 subdivisions offered on the job form: the United States' states and district, Canada's
// provinces and territories (Intl.DisplayNames has no names for these, so they are written here).
export const regionNames: Record<string, string> = {
  'US-AL': 'Alabama',
  'US-AK': 'Alaska',
  'US-AZ': 'Arizona',
  'US-AR': 'Arkansas',
  'US-CA': 'California',
  'US-CO': 'Colorado',
  'US-CT': 'Connecticut',
  'US-DE': 'Delaware',
  'US-DC': 'District of Columbia',
  'US-FL': 'Florida',
  'US-GA': 'Georgia',
  'US-HI': 'Hawaii',
  'US-ID': 'Idaho',
  'US-IL': 'Illinois',
  'US-IN': 'Indiana',
  'US-IA': 'Iowa',
  'US-KS': 'Kansas',
  'US-KY': 'Kentucky',
  'US-LA': 'Louisiana',
  'US-ME': 'Maine',
  'US-MD': 'Maryland',
  'US-MA': 'Massachusetts',
  'US-MI': 'Michigan',
  'US-MN': 'Minnesota',
  'US-MS': 'Mississippi',
  'US-MO': 'Missouri',
  'US-MT': 'Montana',
  'US-NE': 'Nebraska',
  'US-NV': 'Nevada',
  'US-NH': 'New Hampshire',
  'US-NJ': 'New Jersey',
  'US-NM': 'New Mexico',
  'US-NY': 'New York',
  'US-NC': 'North Carolina',
  'US-ND': 'North Dakota',
  'US-OH': 'Ohio',
  'US-OK': 'Oklahoma',
  'US-OR': 'Oregon',
  'US-PA': 'Pennsylvania',
  'US-RI': 'Rhode Island',
  'US-SC': 'South Carolina',
  'US-SD': 'South Dakota',
  'US-TN': 'Tennessee',
  'US-TX': 'Texas',
  'US-UT': 'Utah',
  'US-VT': 'Vermont',
  'US-VA': 'Virginia',
  'US-WA': 'Washington',
  'US-WV': 'West Virginia',
  'US-WI': 'Wisconsin',
  'US-WY': 'Wyoming',
  'CA-AB': 'Alberta',
  'CA-BC': 'British Columbia',
  'CA-MB': 'Manitoba',
  'CA-NB': 'New Brunswick',
  'CA-NL': 'Newfoundland and Labrador',
  'CA-NS': 'Nova Scotia',
  'CA-NT': 'Northwest Territories',
  'CA-NU': 'Nunavut',
  'CA-ON': 'Ontario',
  'CA-PE': 'Prince Edward Island',
  'CA-QC': 'Quebec',
  'CA-SK': 'Saskatchewan',
  'CA-YT': 'Yukon',
};

const countrySet = new Set(countryCodes);
export const isCountryCode = (code: string) => countrySet.has(code);
export const isRegionCode = (code: string) => Object.hasOwn(regionNames, code);
export const isApplicantLocation = (code: string) => isCountryCode(code) || isRegionCode(code);
export const APPLICANT_LOCATIONS_MAX = 50;

let countryNames: Intl.DisplayNames | undefined;
// "Germany", "California, United States": a location as people read it.
export function applicantLocationName(code: string): string {
  countryNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const region = regionNames[code];
  if (region) return `${region}, ${countryNames.of(code.slice(0, 2)) ?? code.slice(0, 2)}`;
  return countryNames.of(code) ?? code;
}

// The locations as schema.org places for a JobPosting's applicantLocationRequirements (Google: "the
// geographic location(s) in which employees may be located"): a Country by its name, as Google's examples
// name one, or an AdministrativeArea (a state or province) by its name and country's.
export function applicantLocationPlaces(codes: readonly string[]) {
  return codes.map((code) =>
    isRegionCode(code)
      ? { '@type': 'AdministrativeArea', name: applicantLocationName(code) }
      : { '@type': 'Country', name: applicantLocationName(code) },
  );
}

// Where the job leaves the board: the last day (YYYY-MM-DD) it takes applications, read in UTC.
export const todayInUtc = (now = new Date()) => now.toISOString().slice(0, 10);
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
// Its JobPosting validThrough: the end of that day, UTC.
export const validThroughOf = (closesOn: string) => `${closesOn}T23:59:59Z`;
export const hasClosingDatePassed = (closesOn: string | null, now = new Date()) =>
  closesOn != null && closesOn < todayInUtc(now);

export const DEFAULT_JOB_VALIDITY_DAYS = 60;
export const JOB_VALIDITY_DAYS_MIN = 1;
export const JOB_VALIDITY_DAYS_MAX = 365;

export const jobReachTexts = {
  closingDatePast: 'The closing date cannot be in the past.',
  closingBeforeStart: 'The closing date cannot be before the start date.',
  locationUnknown: 'Choose countries or regions from the list.',
  tooManyLocations: `Choose at most ${APPLICANT_LOCATIONS_MAX} countries or regions.`,
  referralLinkCopied: 'Link copied',
  referralDraft: 'Publish this job before sharing it.',
  referralArchived: 'An archived job cannot be shared.',
  shareLinkCopied: 'Link copied',
  copyFailed: 'Copy the link from the box instead.',
} as const;
