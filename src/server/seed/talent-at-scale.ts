import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { textArrayLiteral } from '../db/text-array-literal';
import { ensurePlatformAssessments } from './platform-assessments';
import {
  applicantFirstNames,
  applicantLastNames,
  benchRatingTenths,
  variedProfile,
  variedTrackRecord,
} from './talent-factories';

// A platform's worth of applicants for Talent Search at scale (decision 009): `npm run seed:talent -- 1000000`.
// Accounts talent-<n>@scale.tandem.test with listed profiles; the n-th is always the same person, so a
// second run adds only the ones missing. PostgreSQL only: rows go in 5,000 at a time as arrays, one
// statement per batch, rather than a statement per row.

// The long tail of skills beyond a role's own, most common first: a profile's extra skills are drawn
// from it by a power law, so that "a rare skill" is a selective search as on a real platform.
const longTailSkills = [
  'Rust',
  'Elixir',
  'Scala',
  'Clojure',
  'Erlang',
  'F#',
  'Julia',
  'R',
  'MATLAB',
  'Solidity',
  'WebAssembly',
  'Svelte',
  'Angular',
  'Vue',
  'Ember.js',
  'Flutter',
  'Dart',
  'Swift',
  'Kotlin',
  'Objective-C',
  'Unity',
  'Unreal Engine',
  'Blender',
  'Three.js',
  'D3.js',
  'Redis',
  'Kafka',
  'RabbitMQ',
  'Elasticsearch',
  'MongoDB',
  'Cassandra',
  'DynamoDB',
  'Snowflake',
  'BigQuery',
  'dbt',
  'Spark',
  'Hadoop',
  'Airflow',
  'TensorFlow',
  'PyTorch',
  'scikit-learn',
  'Pandas',
  'NumPy',
  'OpenCV',
  'LangChain',
  'Salesforce',
  'HubSpot',
  'Shopify',
  'WooCommerce',
  'Magento',
  'WordPress',
  'Webflow',
  'Zapier',
  'Airtable',
  'Notion',
  'Jira',
  'Asana',
  'Trello',
  'Monday.com',
  'SAP',
  'NetSuite',
  'Oracle',
  'Power Automate',
  'SharePoint',
  'Azure',
  'Google Cloud',
  'Ansible',
  'Puppet',
  'Chef',
  'Prometheus',
  'Grafana',
  'Datadog',
  'Sentry',
  'GraphQL',
  'gRPC',
  'OAuth',
  'Penetration Testing',
  'SOC 2',
  'GDPR',
  'HIPAA',
  'Copywriting',
  'Technical Writing',
  'Translation',
  'Spanish',
  'Portuguese',
  'French',
  'German',
  'Japanese',
  'Mandarin',
  'Arabic',
  'Video Editing',
  'After Effects',
  'Premiere Pro',
  'Motion Graphics',
  'UX Writing',
  'Accessibility',
  'Payroll',
  'Tax Preparation',
  'Financial Modeling',
  'Recruiting',
  'Cold Calling',
  'Lead Generation',
  'Appointment Setting',
  'Amazon Seller Central',
  'Etsy',
  'Podcast Editing',
  'Transcription',
  'Medical Billing',
  'Legal Research',
  'Bookkeeping',
  'Community Management',
  'Haskell',
  'OCaml',
  'COBOL',
  'Fortran',
];

// A 32-bit mix (murmur3's finalizer): attributes drawn from different hashes of n do not move together,
// as `n % 4` would make level, region and availability do. Its low bits follow the input's, so callers
// take the high ones.
const hashOf = (n: number, salt: number) => {
  let x = (n * 64 + salt) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
};
const mixedOf = (n: number, salt: number) => hashOf(n, salt) >>> 12;
const uniformOf = (n: number, salt: number) => hashOf(n, salt) / 2 ** 32;

// The k-th value of a list drawn about k^-1.5 as often as the first, for a uniform u in [0, 1).
function powerLawPicker<Value>(values: readonly Value[]): (u: number) => Value {
  const weights = values.map((_, rank) => (rank + 1) ** -1.5);
  const sum = weights.reduce((a, b) => a + b, 0);
  let running = 0;
  const cumulative = weights.map((weight) => {
    running += weight / sum;
    return running;
  });
  return (u) => values[cumulative.findIndex((bound) => u < bound)] ?? (values[0] as Value);
}
// Skills on a real platform follow a power law: the k-th most common is named about k^-1.5 as often as
// the first. Over this list that gives the first skill to two profiles in five and the last to one in
// three thousand, so "a rare skill" selects a few hundred of a million.
const longTailSkillAt = powerLawPicker(longTailSkills);

// The n-th scale profile: a varied role profile plus zero to two long-tail skills. Place, level,
// availability and track record are independent of the role, so that combined filters select what they
// would on real data.
function scaleProfile(n: number, now = Date.now()) {
  const role = variedProfile(n);
  const place = variedProfile(mixedOf(n, 1));
  const base = {
    ...role,
    region: place.region,
    location: place.location,
    timezone: place.timezone,
    experienceLevel: variedProfile(mixedOf(n, 2)).experienceLevel,
    availability: variedProfile(mixedOf(n, 3)).availability,
  };
  const extraCount = mixedOf(n, 4) % 3;
  const skills = [...(base.skills ?? [])];
  for (let k = 0; k < extraCount; k++) {
    const skill = longTailSkillAt(uniformOf(n, 5 + k));
    if (!skills.some((existing) => existing.toLowerCase() === skill.toLowerCase())) skills.push(skill);
  }
  return {
    name: `${applicantFirstNames[n % applicantFirstNames.length]} ${applicantLastNames[Math.floor(n / applicantFirstNames.length) % applicantLastNames.length]}`,
    email: `talent-${n}@scale.tandem.test`,
    profile: {
      ...base,
      skills,
      ...variedTrackRecord(mixedOf(n, 0), now),
      ratingTenths: benchRatingTenths(mixedOf(n, 0)),
    },
    cvText: scaleCvText(n, { headline: base.headline, skills }),
  };
}

// The employers and schools of scale CVs: words no profile holds, so a search for one finds candidates
// by their CV alone. Drawn by the same power law as skills: the first employer is in about one CV in
// four, the last in about one in two thousand.
export const scaleCvEmployers = [
  'Fabrikam',
  'Contoso',
  'Northwind',
  'Initech',
  'Globex',
  'Hooli',
  'Vandelay',
  'Cyberdyne',
  'Tyrell',
  'Soylent',
  'Oscorp',
  'Aperture',
  'Wonka',
  'Umbrella',
  'Gringotts',
  'Zorg',
  'Monarch',
  'Nakatomi',
  'Weyland',
  'Yoyodyne',
  'Dunder',
  'Bluth',
  'Prestige',
  'Sirius',
  'Zephyrine',
];
const scaleCvSchools = [
  'Lisbon Polytechnic',
  'Nairobi Institute',
  'Osaka College',
  'Bogota University',
  'Krakow Academy',
];
const employerAt = powerLawPicker(scaleCvEmployers);

// One scale applicant in this many has a CV whose text was read (issue 33: the bench's 10%).
const CV_ONE_IN = 10;

// The text of the n-th applicant's CV, or null for the nine in ten without one: two or three jobs at
// employers drawn from the list above, what was done there with the profile's skills, and a school;
// 1.5 to 3 KB, as a real CV's text.
export function scaleCvText(n: number, profile: { headline?: string | null; skills: string[] }): string | null {
  if (mixedOf(n, 9) % CV_ONE_IN !== 0) return null;
  const jobs = 2 + (mixedOf(n, 10) % 2);
  const lines = [`${profile.headline ?? 'Specialist'}`, 'Experience'];
  for (let k = 0; k < jobs; k++) {
    const employer = employerAt(uniformOf(n, 11 + k));
    const skill = profile.skills[k % Math.max(1, profile.skills.length)] ?? 'operations';
    const other = profile.skills[(k + 1) % Math.max(1, profile.skills.length)] ?? 'delivery';
    lines.push(
      `${employer} (${2024 - 3 * (k + 1)}–${2024 - 3 * k}): ${profile.headline ?? 'Specialist'}.`,
      `Owned the ${skill} work of a remote team of ${4 + k * 3}, from planning to release. Brought ${other} into daily use, wrote the runbooks and trained new colleagues.`,
      `Cut the time from request to delivery by a third; reported weekly to stakeholders in three time zones. Reviewed every change before release and kept the documentation current.`,
    );
  }
  lines.push(
    'Education',
    `${scaleCvSchools[mixedOf(n, 14) % scaleCvSchools.length]}, degree in a field close to the work above.`,
    `Skills: ${profile.skills.join(', ')}. Languages: English, and one more at working level.`,
  );
  return lines.join('\n');
}

const BATCH = 5_000;

// The profile triggers a bulk load switches off, and on again after it (migrations 0013 and 0014).
const bulkTriggers = [
  'applicant_profiles_talent_skills',
  'applicant_profiles_talent_time_zones',
  'applicant_profiles_proven_skills',
];
async function setBulkTriggers(client: pg.Client, state: 'enable' | 'disable') {
  for (const trigger of bulkTriggers) await client.query(`alter table applicant_profiles ${state} trigger ${trigger}`);
}

// One scale applicant in this many has passed the platform assessment of their first assessed skill, so
// that Proven Skills sorts a realistic share to the top.
const PASS_ONE_IN = 20;

// The passes, for the scale applicants that qualify and have none yet: one statement, then each
// applicant's proven skills worked out once, rather than by the trigger once per attempt.
async function seedScalePasses(client: pg.Client, testIdBySkill: Map<string, string>): Promise<number> {
  const keys = [...testIdBySkill.keys()];
  const testIds = [...testIdBySkill.values()];
  await client.query('alter table test_attempts disable trigger test_attempts_proven_skills');
  try {
    const inserted = await client.query(
      `insert into test_attempts (test_id, applicant_id, status, score, passed, assigned_at, started_at, deadline_at,
         submitted_at, graded_at)
       select distinct on (profile.user_id) assessment.test_id, profile.user_id, 'graded',
         70 + abs(hashtext(account.email)) % 30, true, now() - interval '30 days', now() - interval '30 days',
         now() - interval '29 days', now() - interval '30 days' + interval '40 minutes',
         now() - interval '30 days' + interval '41 minutes'
       from users as account
       join applicant_profiles as profile on profile.user_id = account.id
       cross join lateral unnest(profile.skill_keys) with ordinality as claimed(key, position)
       join unnest($1::text[], $2::uuid[]) as assessment(key, test_id) on assessment.key = claimed.key
       where account.email like 'talent-%@scale.tandem.test' and abs(hashtext(account.email)) % ${PASS_ONE_IN} = 0
         and not exists (select 1 from test_attempts as taken
           where taken.applicant_id = profile.user_id and taken.test_id = any($2::uuid[]))
       order by profile.user_id, claimed.position`,
      [keys, testIds],
    );
    if (inserted.rowCount) {
      await client.query(
        `update applicant_profiles set proven_skill_keys = talent_proven_skill_keys(user_id, skills)
         where user_id in (select applicant_id from test_attempts where test_id = any($1::uuid[]))`,
        [testIds],
      );
    }
    return inserted.rowCount ?? 0;
  } finally {
    await client.query('alter table test_attempts enable trigger test_attempts_proven_skills');
  }
}

// The CV texts of scale applicants seeded before CVs existed (a database kept from an earlier run): the
// same text a new one gets, added in batches.
async function seedScaleCvTexts(client: pg.Client, count: number): Promise<void> {
  const { rows } = await client.query<{ id: string; email: string; headline: string | null; skills: string[] }>(
    `select account.id, account.email, profile.headline, profile.skills from users as account
     join applicant_profiles as profile on profile.user_id = account.id
     where account.email like 'talent-%@scale.tandem.test' and profile.cv_text is null`,
  );
  const missing = rows.flatMap((row) => {
    const n = Number(/^talent-(\d+)@/.exec(row.email)?.[1]);
    const text = n <= count ? scaleCvText(n, { headline: row.headline, skills: row.skills }) : null;
    return text ? [{ id: row.id, text }] : [];
  });
  for (let start = 0; start < missing.length; start += BATCH) {
    const batch = missing.slice(start, start + BATCH);
    await client.query(
      `update applicant_profiles set cv_text = t.text, cv_text_status = 'ready'
       from unnest($1::uuid[], $2::text[]) as t(id, text) where user_id = t.id`,
      [batch.map((entry) => entry.id), batch.map((entry) => entry.text)],
    );
  }
}

// Loads applicants 1..count that are not there yet; reports progress per batch. Returns how many it added.
export async function seedTalentAtScale({
  databaseUrl,
  count,
  onProgress,
}: {
  databaseUrl: string;
  count: number;
  onProgress?: (done: number) => void;
}): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let added = 0;
  try {
    // The rows this run would make and the ones already there share their emails: skip whole batches
    // that are complete, and let ON CONFLICT skip single rows in a partial one.
    const existing = await client.query<{ n: string }>(
      "select count(*) as n from users where email like 'talent-%@scale.tandem.test'",
    );
    const present = Number(existing.rows[0]?.n ?? 0);
    // The skill and time-zone counts are worked out once at the end (the triggers would update a popular
    // skill's row once per profile), and a new profile has no passes to prove a skill with.
    await setBulkTriggers(client, 'disable');
    const now = Date.now();
    for (let start = present >= count ? count + 1 : Math.max(1, present - BATCH + 1); start <= count; start += BATCH) {
      const end = Math.min(count, start + BATCH - 1);
      const ids: string[] = [];
      const emails: string[] = [];
      const names: string[] = [];
      const columns = {
        headline: [] as string[],
        summary: [] as string[],
        rate: [] as number[],
        skills: [] as string[],
        level: [] as string[],
        availability: [] as string[],
        region: [] as string[],
        location: [] as Array<string | null>,
        timezone: [] as Array<string | null>,
        rating: [] as Array<number | null>,
        hours: [] as number[],
        verified: [] as Array<Date | null>,
        checked: [] as Array<Date | null>,
        active: [] as Date[],
        cvText: [] as Array<string | null>,
      };
      for (let n = start; n <= end; n++) {
        const { name, email, profile, cvText } = scaleProfile(n, now);
        ids.push(randomUUID());
        emails.push(email);
        names.push(name);
        columns.headline.push(profile.headline ?? '');
        columns.summary.push(profile.summary ?? '');
        columns.rate.push(profile.hourlyRateCents ?? 2000);
        columns.skills.push(textArrayLiteral(profile.skills));
        columns.level.push(profile.experienceLevel ?? 'mid');
        columns.availability.push(profile.availability ?? 'full-time');
        columns.region.push(profile.region ?? 'Americas');
        columns.location.push(profile.location ?? null);
        columns.timezone.push(profile.timezone ?? null);
        columns.rating.push(profile.ratingTenths);
        columns.hours.push(profile.hoursBilled);
        columns.verified.push(profile.idVerifiedAt);
        columns.checked.push(profile.backgroundCheckedAt);
        columns.active.push(profile.lastActiveAt);
        columns.cvText.push(cvText);
      }
      await client.query('begin');
      const inserted = await client.query<{ id: string; email: string }>(
        `insert into users (id, email, name, role, email_verified_at)
         select id, email, name, 'applicant', now() from unnest($1::uuid[], $2::text[], $3::text[]) as t(id, email, name)
         on conflict do nothing returning id, email`,
        [ids, emails, names],
      );
      const insertedIds = new Set(inserted.rows.map((row) => row.id));
      const keep = (values: unknown[]) => values.filter((_, index) => insertedIds.has(ids[index] ?? ''));
      await client.query(
        `insert into applicant_profiles (user_id, headline, summary, hourly_rate_cents, skills, experience_level,
           availability, region, location, timezone, rating_tenths, hours_billed, id_verified_at,
           background_checked_at, last_active_at, cv_text, cv_text_status)
         select user_id, headline, summary, rate, skills::text[], level::experience_level, availability::availability,
           region::region, location, timezone, rating, hours, verified, checked, active, cv_text,
           case when cv_text is not null then 'ready'::cv_text_status end
         from unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[],
           $9::text[], $10::text[], $11::smallint[], $12::int[], $13::timestamptz[], $14::timestamptz[],
           $15::timestamptz[], $16::text[])
           as t(user_id, headline, summary, rate, skills, level, availability, region, location, timezone, rating,
             hours, verified, checked, active, cv_text)
         on conflict (user_id) do nothing`,
        [
          keep(ids),
          keep(columns.headline),
          keep(columns.summary),
          keep(columns.rate),
          keep(columns.skills),
          keep(columns.level),
          keep(columns.availability),
          keep(columns.region),
          keep(columns.location),
          keep(columns.timezone),
          keep(columns.rating),
          keep(columns.hours),
          keep(columns.verified),
          keep(columns.checked),
          keep(columns.active),
          keep(columns.cvText),
        ],
      );
      await client.query('commit');
      added += inserted.rowCount ?? 0;
      onProgress?.(end);
    }
    await setBulkTriggers(client, 'enable');
    if (added > 0) {
      await client.query(
        `insert into talent_skills (key, name, profile_count, min_rate_cents, max_rate_cents)
           select lower(skill), min(skill), count(*), min(hourly_rate_cents), max(hourly_rate_cents)
           from applicant_profiles, unnest(skills) as skill
           where listed group by lower(skill)
         on conflict (key) do update set name = excluded.name, profile_count = excluded.profile_count,
           min_rate_cents = excluded.min_rate_cents, max_rate_cents = excluded.max_rate_cents`,
      );
      await client.query(
        `insert into talent_time_zones (name, profile_count)
           select timezone, count(*) from applicant_profiles where listed and timezone is not null group by timezone
         on conflict (name) do update set profile_count = excluded.profile_count`,
      );
    }
    await seedScaleCvTexts(client, count);
    const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
    const { testIdBySkill } = await ensurePlatformAssessments(database.db).finally(() => database.close());
    await seedScalePasses(client, testIdBySkill);
    // Fresh statistics, so searches are planned on the data that is there (columns a migration has just
    // added included), and a visibility map, as autovacuum would leave it, so index-only scans need not
    // visit the heap. Quick when nothing changed: vacuum skips pages it has seen.
    await client.query('vacuum analyze users, applicant_profiles, talent_skills, test_attempts');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    await setBulkTriggers(client, 'enable').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return added;
}
