import { sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Availability, ExperienceLevel, Region } from '~/shared/talent';
import type { Database } from '../db/client';
import { applicantProfiles, users } from '../db/schema';

type ProfileRow = typeof applicantProfiles.$inferInsert;

// Roles an applicant can present, with the skills that go with them.
const roles = [
  { headline: 'Senior React Engineer', skills: ['React', 'TypeScript', 'Next.js', 'GraphQL', 'Jest'], rate: [55, 95] },
  { headline: 'Full-Stack Developer', skills: ['React', 'Node.js', 'TypeScript', 'PostgreSQL', 'AWS'], rate: [45, 90] },
  { headline: 'Backend Engineer', skills: ['Node.js', 'Go', 'PostgreSQL', 'AWS', 'Docker'], rate: [50, 95] },
  { headline: 'Python Developer', skills: ['Python', 'Django', 'FastAPI', 'PostgreSQL', 'AWS'], rate: [40, 85] },
  { headline: 'DevOps Engineer', skills: ['AWS', 'Kubernetes', 'Terraform', 'Linux', 'Docker'], rate: [55, 100] },
  { headline: 'Data Analyst', skills: ['SQL', 'Excel', 'Tableau', 'Python', 'Power BI'], rate: [30, 65] },
  {
    headline: 'Customer Support Specialist',
    skills: ['Zendesk', 'Intercom', 'Customer Service', 'Email'],
    rate: [12, 28],
  },
  { headline: 'Virtual Assistant', skills: ['Scheduling', 'Google Workspace', 'Email', 'Data Entry'], rate: [10, 25] },
  { headline: 'Bookkeeper', skills: ['QuickBooks', 'Xero', 'Accounting', 'Excel'], rate: [20, 45] },
  { headline: 'Graphic Designer', skills: ['Figma', 'Illustrator', 'Photoshop', 'Branding'], rate: [25, 60] },
  { headline: 'Digital Marketer', skills: ['SEO', 'Google Ads', 'Content', 'Analytics'], rate: [25, 60] },
  { headline: 'QA Engineer', skills: ['Playwright', 'Cypress', 'TypeScript', 'JavaScript'], rate: [30, 60] },
] as const;

// Names for made-up applicants (demo data and the benchmarks).
export const applicantFirstNames = [
  'Ana',
  'Ben',
  'Chidi',
  'Dara',
  'Elif',
  'Felipe',
  'Grace',
  'Hiro',
  'Ines',
  'Jamal',
  'Kavya',
  'Leon',
  'Mina',
  'Nikolai',
  'Olu',
  'Paula',
  'Quang',
  'Rosa',
  'Sami',
  'Tariq',
  'Uma',
  'Viktor',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zara',
];
export const applicantLastNames = [
  'Adeyemi',
  'Borges',
  'Castillo',
  'Dimitrov',
  'Eze',
  'Fernandes',
  'Gupta',
  'Haddad',
  'Ivanova',
  'Jensen',
  'Kato',
  'Lopez',
  'Mensah',
  'Nguyen',
  'Okoro',
  'Petrov',
  'Quispe',
  'Rahman',
  'Santos',
  'Tan',
];

// Places in each region, with their IANA time zone.
const places: Record<Region, Array<{ location: string; timezone: string }>> = {
  Americas: [
    { location: 'Bogotá, Colombia', timezone: 'America/Bogota' },
    { location: 'Mexico City, Mexico', timezone: 'America/Mexico_City' },
    { location: 'São Paulo, Brazil', timezone: 'America/Sao_Paulo' },
    { location: 'Toronto, Canada', timezone: 'America/Toronto' },
    { location: 'Buenos Aires, Argentina', timezone: 'America/Argentina/Buenos_Aires' },
  ],
  Europe: [
    { location: 'Kraków, Poland', timezone: 'Europe/Warsaw' },
    { location: 'Lisbon, Portugal', timezone: 'Europe/Lisbon' },
    { location: 'Bucharest, Romania', timezone: 'Europe/Bucharest' },
    { location: 'Kyiv, Ukraine', timezone: 'Europe/Kyiv' },
  ],
  'Asia Pacific': [
    { location: 'Manila, Philippines', timezone: 'Asia/Manila' },
    { location: 'Bengaluru, India', timezone: 'Asia/Kolkata' },
    { location: 'Ho Chi Minh City, Vietnam', timezone: 'Asia/Ho_Chi_Minh' },
    { location: 'Jakarta, Indonesia', timezone: 'Asia/Jakarta' },
  ],
  Africa: [
    { location: 'Lagos, Nigeria', timezone: 'Africa/Lagos' },
    { location: 'Nairobi, Kenya', timezone: 'Africa/Nairobi' },
    { location: 'Cape Town, South Africa', timezone: 'Africa/Johannesburg' },
    { location: 'Cairo, Egypt', timezone: 'Africa/Cairo' },
  ],
};

const levels: ExperienceLevel[] = ['junior', 'mid', 'mid', 'senior', 'senior', 'expert'];
const availabilityChoices: Availability[] = ['full-time', 'full-time', 'part-time', 'project-based'];
const regionChoices = Object.keys(places) as Region[];

// A summary in one of several voices, so a page of candidates does not read as one person repeated.
function summaryOf(n: number, headline: string, years: number, skills: string[], location: string): string {
  const [first = '', second = '', third = ''] = skills;
  const city = location.split(',')[0];
  const voices = [
    `${headline} with ${years} years of remote work for teams in several time zones. Strong in ${first}, ${second} and ${third}; I write clear updates and ship in small steps.`,
    `I have spent ${years} years as a ${headline.toLowerCase()}, most recently on ${first} and ${second}. Based in ${city}, I overlap comfortably with European and US mornings.`,
    `${years} years in, I care most about work that is easy to hand over: documented ${first}, tested ${second}, and weekly written updates. Open to long engagements.`,
    `From ${city}. ${headline}; day to day I work in ${first}, ${second} and ${third}. I like small teams, clear goals and regular reviews of what shipped.`,
    `Former agency ${headline.toLowerCase()} (${years} years), now working directly with product teams. Recent work: ${first} and ${second} for a fintech and a logistics start-up.`,
  ];
  return voices[Math.floor(n / 3) % voices.length] ?? voices[0] ?? '';
}

// The n-th of a varied, repeatable set of profiles: the same n always gives the same profile.
export function variedProfile(n: number): Omit<ProfileRow, 'userId'> {
  const role = roles[n % roles.length] ?? roles[0];
  const region = regionChoices[(n * 7 + 3) % regionChoices.length] ?? 'Americas';
  // By n / 4, not n: the region takes n modulo 4, so a stride in n alone gave each region a single place
  // (every European in Kyiv).
  const place = places[region][Math.floor(n / regionChoices.length) % places[region].length] ?? places[region][0];
  // A stride coprime with the list's length, so every level comes round.
  const level = levels[(n * 5 + 1) % levels.length] ?? 'mid';
  const [low, high] = role.rate;
  const rate = low + ((n * 13) % (high - low + 1));
  // Four to five skills of the role, in a rotating order so profiles differ.
  const skillCount = 4 + (n % 2);
  const skills = Array.from(
    { length: Math.min(skillCount, role.skills.length) },
    (_, index) => role.skills[(index + n) % role.skills.length] as string,
  );
  const years = { junior: 1, mid: 4, senior: 7, expert: 11 }[level];
  return {
    headline: role.headline,
    summary: summaryOf(n, role.headline, years, skills, place?.location ?? 'home'),
    hourlyRateCents: rate * 100,
    skills,
    experienceLevel: level,
    availability: availabilityChoices[(n * 11) % availabilityChoices.length] ?? 'full-time',
    region,
    location: place?.location ?? null,
    timezone: place?.timezone ?? null,
  };
}

// The n-th of a varied, repeatable track record on the platform: hours billed (none for a fifth of
// profiles, those with no finished work yet), verified badges and when the applicant was last seen. Demo
// and benchmark data only: real figures come from finished work and administrators' checks. The rating is
// not here: the demo earns it from reviews (demo-reviews.ts), the benchmark writes it (benchRating).
export function variedTrackRecord(n: number, now = Date.now()) {
  const isRated = n % 5 !== 0;
  return {
    hoursBilled: isRated ? (n * 37) % 2400 : 0,
    idVerifiedAt: n % 3 === 0 ? null : new Date(now - ((n % 300) + 10) * 86_400_000),
    backgroundCheckedAt: n % 4 === 0 ? new Date(now - ((n % 200) + 5) * 86_400_000) : null,
    // Spread over the last 30 days; one in seven seen within the last few minutes.
    lastActiveAt: new Date(now - (n % 7 === 0 ? (n % 4) * 60_000 : ((n * 7919) % (30 * 1440)) * 60_000)),
  } satisfies Partial<Omit<ProfileRow, 'userId'>>;
}

// Fills (or replaces) an applicant's profile; the row itself is made at registration.
export async function buildApplicantProfile(
  db: Database,
  userId: string,
  profile: Partial<Omit<ProfileRow, 'userId'>> = {},
) {
  const values = { ...variedProfile(0), ...profile, updatedAt: new Date() };
  const [updated] = await db
    .insert(applicantProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: applicantProfiles.userId, set: values })
    .returning();
  if (!updated) throw new Error('The applicant profile was not built.');
  return updated;
}

// Many applicants with their profiles in two statements, as createAccount makes one (a verified account,
// no password: they sign in through a session in tests, and not at all in the demo) and
// buildApplicantProfile fills it: the demo's 200 cost a second a row at a time on PGlite. Returns the users
// in the order given.
export async function buildApplicants(
  db: Database,
  people: Array<{ email: string; name: string; profile: Partial<Omit<ProfileRow, 'userId'>> }>,
) {
  if (people.length === 0) return [];
  const now = new Date();
  const made = await db
    .insert(users)
    .values(
      people.map(({ email, name }) => ({
        email: email.toLowerCase(),
        name,
        role: 'applicant' as const,
        passwordHash: null,
        emailVerifiedAt: now,
      })),
    )
    .returning();
  const byEmail = new Map(made.map((user) => [user.email, user]));
  const ordered = people.map(({ email }) => {
    const user = byEmail.get(email.toLowerCase());
    if (!user) throw new Error(`The applicant ${email} was not built.`);
    return user;
  });
  await db.insert(applicantProfiles).values(
    ordered.map((user, index) => ({
      ...variedProfile(0),
      ...people[index]?.profile,
      userId: user.id,
      updatedAt: now,
    })),
  );
  return ordered;
}

// Fills (or replaces) many applicants' profiles in one statement, as buildApplicantProfile does one.
export async function fillApplicantProfiles(db: Database, rows: Array<ProfileRow>) {
  const [first] = rows;
  if (!first) return;
  const now = new Date();
  const keys = [...Object.keys(first), 'updatedAt'].filter((key) => key !== 'userId');
  await db
    .insert(applicantProfiles)
    .values(rows.map((row) => ({ ...row, updatedAt: now })))
    .onConflictDoUpdate({
      target: applicantProfiles.userId,
      // The schema's columns are snake_case in SQL (db/client.ts).
      set: Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${toSnakeCase(key)}"`)])),
    });
}

// The stars the n-th demo applicant's past companies gave, one ended assignment each: none for a fifth
// of them (as hours billed), else one to three reviews, mostly good.
export function variedReviewStars(n: number): number[] {
  if (n % 5 === 0) return [];
  const count = 1 + (n % 3);
  return Array.from({ length: count }, (_, k) => [5, 4, 5, 3, 5, 4, 2, 5][(n * 3 + k * 5) % 8] ?? 5);
}

// The benchmark's rating, written straight into a million profiles (talent-at-scale.ts) where building the
// reviews it would average would only slow the load: the same spread as before reviews existed.
export function benchRatingTenths(n: number): number | null {
  return n % 5 !== 0 ? 30 + ((n * 7) % 21) : null;
}

// A demo cover letter that answers the job it was sent to: its title, and what the applicant brings to
// it, in one of a few voices. Every demo application once said it had shipped React products, a Product
// Designer's and a Bookkeeper's alike.
export function demoCoverLetter(jobTitle: string, n: number, skills: readonly string[] = []): string {
  const [first, second] = skills;
  const strengths = first ? (second ? `${first} and ${second}` : first) : 'this kind of work';
  const letters = [
    `I would love to join you as your ${jobTitle}. I have done this work remotely for several years, mostly with ${strengths}, and I can start within two weeks.`,
    `Your ${jobTitle} post describes what I do every day. My recent work leans on ${strengths}; I am happy to walk you through examples on a call.`,
    `Hello! I am applying for the ${jobTitle} role. I bring steady experience with ${strengths}, write a short update at the end of each day, and overlap well with your hours.`,
    `The ${jobTitle} role fits where I want to grow. I have shipped similar work with ${strengths} for two remote teams and can share references.`,
  ];
  return letters[n % letters.length] ?? letters[0] ?? '';
}
