import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import fc from 'fast-check';
import type { HTTPMethods, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobTimezones } from '~/shared/jobs';
import { can, type Role, roles } from '~/shared/permissions';
import { defaultPlatformSettings } from '~/shared/settings';
import {
  applications,
  assignments,
  assignmentTerms,
  clockSessions,
  companies,
  companyMembers,
  contactMessages,
  jobs,
  jobTests,
  questions,
  sessions,
  testAttempts,
  testFavorites,
  tests,
  timeEntries,
  timesheets,
  users,
} from '../db/schema';
import type { RouteAccess } from '../platform/access-control';
import { SESSION_COOKIE } from '../platform/auth-context';
import { buildAccount, buildSession } from '../seed/factories';
import { buildApplication, buildJob } from '../seed/job-factories';
import { buildTest, buildTestAttempt } from '../seed/test-factories';
import { sameOriginHeaders, signedInAccount } from './auth-helpers';
import { createTestApp, type TestApp } from './test-app';
import { buildAssignment, buildTimesheet } from './work-factories';

// Hostile bodies, query strings and path ids sent to every route as every role: nothing may answer
// 5xx, no path naming another company's row may succeed, and none of that company's rows may change.
// Random on purpose (each run tries new inputs); a failure prints its fast-check seed. The routes are
// dealt into shards, one test file each (platform/route-fuzz-*.test.ts), so that the two workers share
// the fuzz and no test runs near its timeout on a slow machine.

type CallerName = 'anonymous' | Role;
const callerNames: CallerName[] = ['anonymous', ...roles];

// Per route and caller. Requests the caller may make run more often: they reach validation and the
// database; the others stop at the access check.
const RUNS_WHEN_ALLOWED = 16;
const RUNS_WHEN_REFUSED = 3;
const SHOWN_CHARACTERS = 500;
// What the shards send together, at the least (about 13,300 to 352 routes when counted): a run that sends
// fewer has lost routes or callers.
const MIN_REQUESTS_IN_ALL = 10_000;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
}

// The route schemas are zod; their JSON Schema names the fields to aim at.
function jsonSchemaOf(schema: unknown): JsonSchema {
  if (!schema) return {};
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

// An intersection (registerSchema.and(…)) or a union spreads its fields over allOf/anyOf.
function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  const parts = [schema, ...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return Object.assign({}, ...parts.map((part) => (part === schema ? part.properties : propertiesOf(part))));
}

const HUGE = 100_000;
const hostileStrings = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udfff\ud800',
  '%00',
  '%',
  '../../../etc/passwd',
  '..%2F..%2F',
  "' OR 1=1 --",
  '1 OR 1=1',
  "'; DROP TABLE jobs; --",
  '\\',
  '100%_off\\',
  '"quoted" \\"',
  '{a,b}',
  'NULL',
  '\u001f',
  '\u0085\u2028\ufeff',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  // Template injection, for any text that reaches a template engine.
  ['{{7*7}}', '$', '{7*7}'].join(''),
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '\u202eevil\u202c',
  'ß\u0130\u0131ﬁ',
  '2027-02-30',
  '2026-13-45',
  '0000-00-00',
  '2026-02-29',
  '+275760-09-13',
  '0001-01-01',
  '10000-01-01',
  '9999-12-31',
  '',
  ' ',
  '\t\r\n',
  ',,,',
  ',',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e308',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '__proto__',
  'constructor',
  '//evil.example/path',
  'https://evil.example',
  'javascript:alert(1)',
  'a'.repeat(1000),
];
const hostileString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: HUGE, max: HUGE * 2 }), fc.constantFrom('A', 'é', '😀', '\u0000', '\ud800', ' '))
      .map(([length, unit]) => `x${unit.repeat(Math.ceil(length / unit.length))}`),
  },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, -0, 0, -1, 0.5, 1.005, 99.999, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 5e-324, 1e21),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const hostileLeaf = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);
const hostileKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', '$where', '', 'id', 'company_id'), fc.string());
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileLeaf },
  { weight: 1, arbitrary: fc.array(hostileLeaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileKey, hostileLeaf, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

interface IdPools {
  // The other company's rows: the cross-tenant attempt.
  others: string[];
  // The caller's own (company A's) rows.
  own: string[];
}

// The calendar's edges too: the first and last days a four-digit year can write.
const validDates = ['2026-12-01', '2027-01-31', '2030-06-15', '2024-02-29', '1970-01-01', '0001-01-01', '9999-12-31'];
// Values a JSON Schema cannot describe (refinements, comma lists, coerced numbers), by field name.
const knownValues: Record<string, readonly string[]> = {
  timezone: jobTimezones,
  redirect: ['/company-dashboard', '/jobs?x=1', '//evil.example', 'https://evil.example/', '/\\evil.example'],
  website: ['https://example.com', 'http://a.b', ''],
  user: ['{"name":{"firstName":"Ada","lastName":"Lovelace"}}', '{"name":null}', '{', '[]'],
  status: ['open,paused', 'draft', 'open', 'interviewing', 'offered,hired', 'all', 'handled'],
  tags: ['React,TypeScript', 'react'],
  page: ['1', '2', '3'],
  page_size: ['1', '20', '100'],
};

// A value that fits the field's JSON Schema, so that requests get past validation to the domain code.
function plausible(schema: JsonSchema, name: string, ids: IdPools, depth: number): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    options.push(plausible(part, name, ids, depth));
  }
  if (schema.enum && schema.enum.length > 0) options.push(fc.constantFrom(...schema.enum));
  if (schema.const !== undefined) options.push(fc.constant(schema.const));
  const isFixed = schema.enum !== undefined || schema.const !== undefined;
  const types = isFixed ? [] : Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  for (const type of types) {
    if (type === 'string') options.push(plausibleString(schema, name, ids));
    if (type === 'integer' || type === 'number') {
      // fc.integer stays within 32 bits; the hostile values cover the rest.
      const min = Math.max(Math.ceil(schema.minimum ?? -1000), -(2 ** 31));
      const max = Math.max(Math.min(Math.floor(schema.maximum ?? 1_000_000), 2 ** 31 - 1), min);
      options.push(fc.integer({ min, max }));
      if (type === 'number') options.push(fc.double({ min, max, noNaN: true }));
    }
    if (type === 'boolean') options.push(fc.boolean());
    if (type === 'null') options.push(fc.constant(null));
    if (type === 'array' && depth < 4) {
      options.push(
        fc.array(plausible(schema.items ?? {}, name, ids, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) }),
      );
    }
    if (type === 'object' && depth < 4) options.push(plausibleObject(schema, ids, depth + 1));
  }
  if (options.length === 0 && Object.keys(propertiesOf(schema)).length > 0 && depth < 4) {
    options.push(plausibleObject(schema, ids, depth + 1));
  }
  return options.length === 0 ? hostileValue : fc.oneof(...options);
}

function plausibleString(schema: JsonSchema, name: string, ids: IdPools): fc.Arbitrary<string> {
  const known = knownValues[name];
  if (known) return fc.constantFrom(...known);
  if (schema.format === 'uuid') {
    return fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(...ids.others) },
      { weight: 3, arbitrary: fc.constantFrom(...ids.own) },
      { weight: 1, arbitrary: fc.uuid() },
    );
  }
  if (/email/.test(name)) return fc.emailAddress();
  if (/password/.test(name)) return fc.string({ minLength: 6, maxLength: 40 });
  if (schema.pattern?.includes('\\d{4}')) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...validDates) },
      {
        weight: 2,
        arbitrary: fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10)),
      },
      { weight: 1, arbitrary: fc.stringMatching(new RegExp(schema.pattern)) },
    );
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern JavaScript cannot compile: plain text below.
    }
  }
  const maxLength = Math.min(schema.maxLength ?? 40, 60);
  return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
}

function plausibleObject(schema: JsonSchema, ids: IdPools, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = propertiesOf(schema);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) shape[name] = plausible(property, name, ids, depth);
  const required = (schema.required ?? []).filter((name) => name in shape);
  return fc.record(shape, { requiredKeys: required });
}

type Slot = [Record<string, unknown>, string];

function slotsOf(value: unknown, slots: Slot[] = []): Slot[] {
  if (value === null || typeof value !== 'object') return slots;
  for (const key of Object.keys(value)) {
    slots.push([value as Record<string, unknown>, key]);
    slotsOf((value as Record<string, unknown>)[key], slots);
  }
  return slots;
}

// A plausible value with one or two of its fields, at any depth, made hostile (or removed), so that
// one bad field travels in an otherwise good request; sometimes left as it is.
function withHostileFields(plausibleValues: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const replacement = fc.option(hostileValue, { freq: 6, nil: undefined });
  return fc
    .tuple(
      plausibleValues,
      fc.array(fc.tuple(fc.nat(), replacement), { maxLength: 2 }),
      fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: hostileKey }),
    )
    .map(([value, swaps, strayKey]) => {
      const copy = structuredClone(value);
      for (const [pick, hostile] of swaps) {
        const slots = slotsOf(copy);
        const slot = slots[pick % Math.max(slots.length, 1)];
        if (slot) slot[0][slot[1]] = hostile;
      }
      if (strayKey !== null && copy !== null && typeof copy === 'object' && !Array.isArray(copy)) {
        Object.defineProperty(copy, strayKey, { value: 'stray', enumerable: true });
      }
      return copy;
    });
}

// A body as the wire carries it: mostly a JSON object of the schema's fields, sometimes anything at all.
function bodyArbitrary(schema: JsonSchema, ids: IdPools): fc.Arbitrary<string> {
  const objects = withHostileFields(plausibleObject(schema, ids, 0));
  return fc.oneof(
    { weight: 10, arbitrary: objects.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.array(objects, { maxLength: 2 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '[1,2',
        'nul',
        '{"a":1}{"b":2}',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '"\\ud800"',
        '"\\u0000"',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
        `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
      ),
    },
  );
}

// Percent-encodes as UTF-8, writing a lone surrogate as its three bytes (WTF-8) rather than throwing.
// encodeURIComponent does the same for well-formed text, less !'()*, and much faster for the 100,000-
// character values (the character loop below was a twentieth of the fuzz's time, profiled).
function percentEncode(value: string): string {
  if (value.isWellFormed()) {
    return encodeURIComponent(value).replace(
      /[!'()*]/g,
      (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  }
  let encoded = '';
  for (const character of value) {
    if (/^[A-Za-z0-9\-._~]$/.test(character)) {
      encoded += character;
      continue;
    }
    const code = character.codePointAt(0) ?? 0;
    const bytes =
      code < 0x80
        ? [code]
        : code < 0x800
          ? [0xc0 | (code >> 6), 0x80 | (code & 0x3f)]
          : code < 0x10000
            ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            : [0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
    for (const byte of bytes) encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

// Escapes that are broken on purpose: decoders must refuse them, not crash.
const rawEncodings = ['%00', '%ZZ', '%', '%%', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF%FE', '%2e%2e%2f'];
const hostileQueryValue = fc.oneof(
  hostileString.map(percentEncode),
  fc.constantFrom(...rawEncodings),
  fc
    .constantFrom(
      '0',
      '-1',
      '1.5',
      '1e308',
      '9007199254740991',
      '99999999999999999999',
      '0x10',
      ' 1',
      '',
      ',,,',
      'OPEN',
    )
    .map(percentEncode),
);

// A query string of the schema's fields; one or two of them hostile or repeated (which makes an array),
// sometimes with a stray field.
function queryArbitrary(schema: JsonSchema, ids: IdPools): fc.Arbitrary<string> {
  const properties = propertiesOf(schema);
  const names = Object.keys(properties);
  const plausibleValue = (name: string) =>
    (name === 'ids'
      ? fc.subarray([...ids.others, ...ids.own], { minLength: 1 }).map((chosen) => chosen.join(','))
      : plausible(properties[name] ?? {}, name, ids, 0).map((value) =>
          typeof value === 'string' ? value : JSON.stringify(value),
        )
    ).map(percentEncode);
  const values = fc.tuple(...names.map((name) => fc.option(plausibleValue(name), { freq: 3 })));
  const swaps = fc.array(fc.tuple(fc.nat(), hostileQueryValue, fc.boolean()), { maxLength: 2 });
  const stray = fc.option(
    fc.tuple(hostileKey, hostileQueryValue).map(([key, value]) => `${percentEncode(key)}=${value}`),
    { freq: 4 },
  );
  return fc.tuple(values, swaps, stray).map(([chosen, swapList, extra]) => {
    const pairs = names.map((name, index) => {
      const value = chosen[index];
      return value === null || value === undefined ? [] : [`${percentEncode(name)}=${value}`];
    });
    for (const [pick, value, isRepeated] of names.length > 0 ? swapList : []) {
      const index = pick % names.length;
      const pair = `${percentEncode(names[index] ?? '')}=${value}`;
      pairs[index] = isRepeated ? [...(pairs[index] ?? []), pair] : [pair];
    }
    return [...pairs.flat(), ...(extra === null ? [] : [extra])].join('&');
  });
}

// Path ids: the other company's real rows, the caller's own, unknown uuids and strings meant to break things.
function paramArbitrary(schema: JsonSchema, ids: IdPools): fc.Arbitrary<string> {
  const choices: Array<{ weight: number; arbitrary: fc.Arbitrary<string> }> = [
    { weight: 3, arbitrary: fc.constantFrom(...ids.others) },
    { weight: 2, arbitrary: fc.constantFrom(...ids.own) },
    { weight: 1, arbitrary: fc.uuid() },
    {
      weight: 3,
      arbitrary: fc.oneof(
        fc.constantFrom('../', '..', '%00', '1 OR 1=1', '\u0000', '\ud800', 'a'.repeat(5000), ' ', '0', '-1', 'null'),
        hostileString.filter((value) => value.length < 2000),
      ),
    },
  ];
  if (schema.enum) choices.push({ weight: 3, arbitrary: fc.constantFrom(...(schema.enum as string[])) });
  return fc.oneof(...choices).map(percentEncode);
}

interface FuzzedRoute {
  method: HTTPMethods;
  url: string;
  access: RouteAccess | undefined;
  body: JsonSchema | null;
  query: JsonSchema | null;
  params: JsonSchema;
}

const isBodiless = (method: string) => method === 'GET' || method === 'HEAD';

function routesToFuzz(registry: RouteOptions[]): FuzzedRoute[] {
  return registry
    .filter((route) => route.url.startsWith('/api/') || route.url === '/auth/apple/callback')
    .filter((route) => !route.url.startsWith('/api/testing/') && !route.url.startsWith('/api/docs'))
    .flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          method: method as HTTPMethods,
          url: route.url,
          access: route.config?.access as RouteAccess | undefined,
          body: route.schema?.body ? jsonSchemaOf(route.schema.body) : null,
          query: route.schema?.querystring ? jsonSchemaOf(route.schema.querystring) : null,
          params: jsonSchemaOf(route.schema?.params),
        })),
    );
}

// The job board shows every company's open public jobs to applicants and visitors, and takes their
// applications: naming another company's open job there is the point, not a breach.
function isJobBoardRoute(route: FuzzedRoute): boolean {
  return (
    route.url.startsWith('/api/applicant/jobs') ||
    route.url.startsWith('/api/applicant/saved-jobs') ||
    route.url.startsWith('/api/public/jobs') ||
    (route.method === 'POST' && route.url === '/api/jobs/:id/applications')
  );
}

function isAllowed(access: RouteAccess | undefined, caller: CallerName): boolean {
  if (access === 'public') return true;
  if (caller === 'anonymous' || !access) return false;
  return access === 'signed_in' || can({ role: caller, companyRole: 'owner' }, access.permission);
}

function shorten(value: string): string {
  return value.length > SHOWN_CHARACTERS ? `${value.slice(0, SHOWN_CHARACTERS)}… (${value.length} characters)` : value;
}

// Fuzzes shard `shard` of `shards`: every shards-th route of the registry (methods counted apart), from
// the shard-th. The second case inspects what the fuzz left behind, so the two run in the order written,
// even shuffled.
export function describeRouteFuzz({ shard, shards }: { shard: number; shards: number }) {
  describe(`route fuzz, shard ${shard} of ${shards}`, { shuffle: false }, () => {
    let testApp: TestApp;
    let otherCompanyId: string;
    let otherUserId: string;
    let ownIds: { jobs: string[]; tests: string[]; messages: string[]; assignments: string[]; timesheets: string[] };
    let otherIds: { jobs: string[]; tests: string[]; assignments: string[]; timesheets: string[] };
    // Each signed-in caller's cookie; replaced when a request ends the session.
    const cookies = new Map<CallerName, string>();
    const userIds = new Map<CallerName, string>();
    let requestCount = 0;

    // Everything company B owns or is linked to, in a stable order.
    async function snapshotOtherCompany() {
      const { db } = testApp.database;
      const companyJobIds = db.select({ id: jobs.id }).from(jobs).where(eq(jobs.companyId, otherCompanyId));
      const companyTestIds = db.select({ id: tests.id }).from(tests).where(eq(tests.companyId, otherCompanyId));
      const companyAssignmentIds = db
        .select({ id: assignments.id })
        .from(assignments)
        .where(eq(assignments.companyId, otherCompanyId));
      const companyTimesheetIds = db
        .select({ id: timesheets.id })
        .from(timesheets)
        .where(inArray(timesheets.assignmentId, companyAssignmentIds));
      return {
        company: await db.select().from(companies).where(eq(companies.id, otherCompanyId)),
        members: await db
          .select()
          .from(companyMembers)
          .where(eq(companyMembers.companyId, otherCompanyId))
          .orderBy(asc(companyMembers.userId)),
        user: await db.select().from(users).where(eq(users.id, otherUserId)),
        sessions: await db.select().from(sessions).where(eq(sessions.userId, otherUserId)).orderBy(asc(sessions.id)),
        jobs: await db.select().from(jobs).where(eq(jobs.companyId, otherCompanyId)).orderBy(asc(jobs.id)),
        tests: await db.select().from(tests).where(eq(tests.companyId, otherCompanyId)).orderBy(asc(tests.id)),
        questions: await db
          .select()
          .from(questions)
          .where(inArray(questions.testId, companyTestIds))
          .orderBy(asc(questions.id)),
        // Either side of the link: another company's job must not come to require B's test either.
        jobTests: await db
          .select()
          .from(jobTests)
          .where(or(inArray(jobTests.jobId, companyJobIds), inArray(jobTests.testId, companyTestIds)))
          .orderBy(asc(jobTests.jobId), asc(jobTests.testId)),
        // Less the fuzzing applicant's own, which the job board lets them make.
        applications: await db
          .select()
          .from(applications)
          .where(
            and(
              inArray(applications.jobId, companyJobIds),
              ne(applications.applicantId, userIds.get('applicant') ?? ''),
            ),
          )
          .orderBy(asc(applications.id)),
        // Less the fuzzing applicant's own: applying to B's job assigns them its required tests.
        attempts: await db
          .select()
          .from(testAttempts)
          .where(
            and(
              inArray(testAttempts.testId, companyTestIds),
              ne(testAttempts.applicantId, userIds.get('applicant') ?? ''),
            ),
          )
          .orderBy(asc(testAttempts.id)),
        favorites: await db
          .select()
          .from(testFavorites)
          .where(inArray(testFavorites.testId, companyTestIds))
          .orderBy(asc(testFavorites.userId), asc(testFavorites.testId)),
        assignments: await db
          .select()
          .from(assignments)
          .where(eq(assignments.companyId, otherCompanyId))
          .orderBy(asc(assignments.id)),
        assignmentTerms: await db
          .select()
          .from(assignmentTerms)
          .where(inArray(assignmentTerms.assignmentId, companyAssignmentIds))
          .orderBy(asc(assignmentTerms.id)),
        timesheets: await db
          .select()
          .from(timesheets)
          .where(inArray(timesheets.assignmentId, companyAssignmentIds))
          .orderBy(asc(timesheets.id)),
        timeEntries: await db
          .select()
          .from(timeEntries)
          .where(inArray(timeEntries.timesheetId, companyTimesheetIds))
          .orderBy(asc(timeEntries.timesheetId), asc(timeEntries.workDate)),
        clockSessions: await db
          .select()
          .from(clockSessions)
          .where(inArray(clockSessions.assignmentId, companyAssignmentIds))
          .orderBy(asc(clockSessions.id)),
      };
    }
    let before: Awaited<ReturnType<typeof snapshotOtherCompany>>;

    // A company with jobs in every status, tests (one taken, so it cannot be deleted), an application, and
    // an assignment at work (the given applicant's, else a new one's) with a submitted week.
    async function buildCompanyData(companyId: string, applicantId?: string) {
      const { db } = testApp.database;
      const taken = await buildTest(db, { companyId, name: 'Taken test' });
      const draft = await buildTest(db, {
        companyId,
        name: 'Draft test',
        isActive: false,
        questions: [
          { type: 'short-answer', question: 'Name a hook', answer_key: ['useState'] },
          { type: 'checkbox-grid', question: 'Grid', settings: { rows: ['a', 'b'], columns: ['x', 'y'] } },
        ],
      });
      const archived = await buildTest(db, { companyId, name: 'Archived test', archivedAt: new Date() });
      const jobRows = [];
      for (const status of ['draft', 'open', 'paused', 'closed', 'archived'] as const) {
        jobRows.push(await buildJob(db, { companyId, status, testIds: [taken.test.id] }));
      }
      const openJob = jobRows[1];
      if (!openJob) throw new Error('The open job was not built.');
      await buildApplication(db, { jobId: openJob.id, status: 'interviewing' });
      await buildTestAttempt(db, { testId: taken.test.id, jobId: openJob.id });
      const talentId = applicantId ?? (await buildAccount(db, { role: 'applicant', password: null })).user.id;
      const assignment = await buildAssignment(db, { companyId, applicantId: talentId, startDate: '2026-01-04' });
      const week = await buildTimesheet(db, {
        assignmentId: assignment.id,
        weekStart: '2026-01-04',
        status: 'submitted',
        minutes: { '2026-01-05': 480 },
      });
      return {
        jobs: jobRows.map((job) => job.id),
        tests: [taken, draft, archived].map((built) => built.test.id),
        assignments: [assignment.id],
        timesheets: [week.id],
      };
    }

    async function signIn(caller: Role) {
      const account = await signedInAccount(testApp, { role: caller });
      cookies.set(caller, account.cookie);
      userIds.set(caller, account.user.id);
    }

    beforeAll(async () => {
      testApp = await createTestApp();
      await testApp.app.ready();
      const { db } = testApp.database;
      for (const role of roles) await signIn(role);
      const other = await signedInAccount(testApp, { role: 'company' });
      otherUserId = other.user.id;
      const [membership] = await db
        .select({ companyId: companyMembers.companyId })
        .from(companyMembers)
        .where(eq(companyMembers.userId, otherUserId));
      const [ownMembership] = await db
        .select({ companyId: companyMembers.companyId })
        .from(companyMembers)
        .where(eq(companyMembers.userId, userIds.get('company') ?? ''));
      if (!membership || !ownMembership) throw new Error('The companies were not created.');
      otherCompanyId = membership.companyId;
      otherIds = await buildCompanyData(otherCompanyId);
      const [message] = await db
        .insert(contactMessages)
        .values({ name: 'Ada', email: 'ada@example.test', message: 'Hello', source: 'home' })
        .returning({ id: contactMessages.id });
      ownIds = {
        ...(await buildCompanyData(ownMembership.companyId, userIds.get('applicant'))),
        messages: message ? [message.id] : [],
      };
      before = await snapshotOtherCompany();
    });
    afterAll(async () => {
      await testApp?.close();
    });

    function idPoolsFor(url: string): IdPools {
      if (url.startsWith('/api/jobs')) return { others: otherIds.jobs, own: ownIds.jobs };
      if (url.startsWith('/api/tests')) return { others: otherIds.tests, own: ownIds.tests };
      if (url.startsWith('/api/admin/contact-messages')) return { others: otherIds.jobs, own: ownIds.messages };
      // An administrator acts on every company's assignments: naming one is the point, not a breach.
      if (url.startsWith('/api/admin/assignments')) return { others: otherIds.jobs, own: ownIds.assignments };
      // Likewise every company's jobs and tests: the other kind's ids stand in for rows it must not reach.
      if (url.startsWith('/api/admin/jobs')) return { others: otherIds.tests, own: ownIds.jobs };
      if (url.startsWith('/api/admin/tests')) return { others: otherIds.jobs, own: ownIds.tests };
      if (url.includes('/assignments') || url.startsWith('/api/applicant/timesheets')) {
        return { others: otherIds.assignments, own: ownIds.assignments };
      }
      if (url.startsWith('/api/company/timesheets')) return { others: otherIds.timesheets, own: ownIds.timesheets };
      return { others: [...otherIds.jobs, ...otherIds.tests], own: [...ownIds.messages, ...ownIds.jobs] };
    }

    async function send(route: FuzzedRoute, caller: CallerName, path: string, body: string | undefined) {
      const isForm = route.url === '/auth/apple/callback';
      const cookie = cookies.get(caller);
      const options: InjectOptions = {
        method: route.method,
        url: path,
        headers: {
          ...sameOriginHeaders,
          ...(cookie && { cookie }),
          ...(body !== undefined && {
            'content-type': isForm ? 'application/x-www-form-urlencoded' : 'application/json',
          }),
        },
        ...(body !== undefined && { payload: body }),
      };
      requestCount += 1;
      const response = await testApp.app.inject(options);
      // System Settings the fuzz saved (maintenance mode, API access, the session timeout) would change how
      // every later request is answered: put the defaults back.
      if (route.url.startsWith('/api/admin/settings') && response.statusCode < 300) {
        await testApp.setSettings(defaultPlatformSettings);
      }
      // Signing out (or a session route revoking this one) would turn the rest of the run into 401s.
      const hasLostSession = response.statusCode === 401 && route.access !== 'public';
      if (caller !== 'anonymous' && (route.url === '/api/auth/sign-out' || hasLostSession)) {
        const { token } = await buildSession(testApp.database.db, userIds.get(caller) ?? '');
        cookies.set(caller, `${SESSION_COOKIE}=${token}`);
      }
      return response;
    }

    // The form Apple posts: the schema's fields as key=value pairs, or a raw string.
    function formBodyArbitrary(schema: JsonSchema, ids: IdPools): fc.Arbitrary<string> {
      return fc.oneof({ weight: 4, arbitrary: queryArbitrary(schema, ids) }, { weight: 1, arbitrary: hostileString });
    }

    it('answers every request, as every caller, below 500', async () => {
      const allRoutes = routesToFuzz(testApp.app.routeRegistry);
      expect(allRoutes.length).toBeGreaterThan(200);
      const routes = allRoutes.filter((_route, index) => index % shards === shard - 1);
      const failures: string[] = [];
      for (const route of routes) {
        const ids = idPoolsFor(route.url);
        const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
        const paramSchemas = propertiesOf(route.params);
        const request = fc.record({
          params: fc.tuple(...paramNames.map((name) => paramArbitrary(paramSchemas[name] ?? {}, ids))),
          query: route.query ? fc.option(queryArbitrary(route.query, ids), { freq: 6 }) : fc.constant(null),
          body: isBodiless(route.method)
            ? fc.constant(undefined)
            : route.url === '/auth/apple/callback'
              ? formBodyArbitrary(route.body ?? {}, ids)
              : fc.option(bodyArbitrary(route.body ?? {}, ids), { freq: route.body ? 8 : 2, nil: undefined }),
        });
        for (const caller of callerNames) {
          // fc.check rather than fc.assert: every failing route is reported from one run, each in a few
          // lines (fc.assert would print the whole counterexample, 100,000-character strings included).
          const result = await fc.check(
            fc.asyncProperty(request, async ({ params, query, body }) => {
              let path = route.url;
              paramNames.forEach((name, index) => {
                path = path.replace(`:${name}`, () => params[index] ?? '');
              });
              if (query !== null) path += `?${query}`;
              const sent = `${route.method} ${shorten(path)} as ${caller}\nbody: ${body === undefined ? '(none)' : shorten(body)}`;
              const response = await send(route, caller, path, body);
              if (response.statusCode >= 500) {
                throw new Error(`${sent}\nanswered ${response.statusCode}: ${shorten(response.body)}`);
              }
              // Naming the other company's row in the path must never work.
              const namesOtherRow = params.some((param) =>
                [...otherIds.jobs, ...otherIds.tests, ...otherIds.assignments, ...otherIds.timesheets].includes(param),
              );
              // A '..' segment is resolved before routing: /api/applicant/timesheets/{id}/.. is the list route,
              // which never saw the id.
              const leavesRoute = params.some((param) => param === '..' || param === '.');
              if (namesOtherRow && !leavesRoute && response.statusCode < 300 && !isJobBoardRoute(route)) {
                throw new Error(
                  `${sent}\nreached another company's row: ${response.statusCode} ${shorten(response.body)}`,
                );
              }
            }),
            { numRuns: isAllowed(route.access, caller) ? RUNS_WHEN_ALLOWED : RUNS_WHEN_REFUSED, endOnFailure: true },
          );
          if (result.failed) {
            const reason =
              result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
            failures.push(`${reason}\n(fast-check seed ${result.seed}, path "${result.counterexamplePath}")`);
          }
        }
      }
      expect(requestCount).toBeGreaterThan(MIN_REQUESTS_IN_ALL / shards);
      expect(failures, failures.join('\n\n')).toEqual([]);
    }, 240_000);

    // Runs after the fuzz (tests in a file run in order), whether or not it found a 5xx.
    it('changed none of the other company’s rows', async () => {
      expect(requestCount).toBeGreaterThan(MIN_REQUESTS_IN_ALL / shards);
      expect(await snapshotOtherCompany()).toEqual(before);
    });
  });
}
