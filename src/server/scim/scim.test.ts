import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import SCIMMY from 'scimmy';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiTokensContract } from '~/shared/contracts/api-tokens';
import { teamContract } from '~/shared/contracts/teams';
import { SCIM_BASE_PATH, SCIM_MEDIA_TYPE, SCIM_TOKEN_PREFIX, scimSchemas } from '~/shared/scim';
import {
  auditLogs,
  companyIdentitySettings,
  companyMembers,
  scimUsers,
  sessions,
  users,
  webhookEndpoints,
  webhookMessages,
} from '../db/schema';
import { companyIdOf } from '../testing/assessment-helpers';
import { signedInAccount } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { createTestApp, type TestApp } from '../testing/test-app';
import { findScimToken } from './find-scim-token';
import { generateScimToken } from './generate-scim-token';

type Account = Awaited<ReturnType<typeof signedInAccount>>;
type Json = Record<string, unknown>;

const PUBLIC_URL = 'https://tandem.example';
// Nothing listens on the discard port: the member.joined/left deliveries are refused and logged, never thrown.
const NOWHERE = 'http://127.0.0.1:9/';

// What a SCIM client sees is checked against SCIMMY (RFC 7643/7644 written by others): each resource must survive
// coercion through the core schema unchanged — no attribute of the wrong type, none the schema lacks, none missing
// that it requires — and each list must be a ListResponse it accepts.
const conformsTo = (schema: typeof SCIMMY.Schemas.User | typeof SCIMMY.Schemas.Group, resource: unknown) =>
  expect(JSON.parse(JSON.stringify(schema.definition.coerce(resource, 'out')))).toEqual(resource);
type ListMessage = ConstructorParameters<typeof SCIMMY.Messages.ListResponse>[0];
function conformingList<T>(body: T, schema: typeof SCIMMY.Schemas.User | typeof SCIMMY.Schemas.Group): T {
  const list = new SCIMMY.Messages.ListResponse(body as ListMessage);
  expect({ ...list }).toEqual(body);
  for (const resource of list.Resources) conformsTo(schema, resource);
  return body;
}
// A SCIM error as RFC 7644 §3.12 has it: SCIMMY refuses a status and scimType that do not go together.
function expectScimError(response: { statusCode: number; json: () => Json }, status: number, scimType?: string) {
  const body = response.json();
  expect(response.statusCode).toBe(status);
  expect(body).toEqual({
    schemas: [scimSchemas.error],
    status: String(status),
    ...(scimType && { scimType }),
    detail: expect.stringMatching(/\S.*[.:!?)"]$/),
  });
  const message = new SCIMMY.Messages.ErrorResponse({
    status: status as 400,
    scimType: scimType as 'invalidFilter' | undefined,
    detail: String(body.detail),
  });
  expect({ ...message }).toEqual(body);
  return String(body.detail);
}

describe('SCIM provisioning', () => {
  let testApp: TestApp;
  let owner: Account;
  let companyId: string;
  let token: string;
  const db = () => testApp.database.db;
  let number = 0;
  const nextEmail = (name: string) => `${name}-${++number}@acme.example`;

  // The identity provider's SCIM client: the company's token, SCIM's media type, no browser headers.
  const scim = (method: InjectOptions['method'], path: string, body?: unknown, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method,
      url: `${SCIM_BASE_PATH}${path}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { 'content-type': SCIM_MEDIA_TYPE }),
        ...headers,
      },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });

  const oktaUser = (email: string, extra: Json = {}) => ({
    schemas: [scimSchemas.user],
    userName: email,
    name: { givenName: 'Ada', familyName: 'Lovelace' },
    emails: [{ primary: true, value: email, type: 'work' }],
    displayName: 'Ada Lovelace',
    active: true,
    ...extra,
  });

  async function provision(email = nextEmail('person'), extra: Json = {}) {
    const response = await scim('POST', '/Users', oktaUser(email, extra));
    expect(response.statusCode, response.body).toBe(201);
    const user = response.json();
    return user;
  }

  const membershipOf = async (userId: string) =>
    (await db().select().from(companyMembers).where(eq(companyMembers.userId, userId)))[0] ?? null;
  const heard = async (type: string, userId: string) =>
    (
      await db()
        .select()
        .from(webhookMessages)
        .where(and(eq(webhookMessages.companyId, companyId), eq(webhookMessages.eventType, type)))
    )
      .map((message) => JSON.parse(message.payload).data)
      .filter((data) => data.user_id === userId);

  beforeAll(async () => {
    testApp = await createTestApp({ env: { PUBLIC_URL } });
    owner = await signedInAccount(testApp, { role: 'company', name: 'Olive Owner' });
    companyId = await companyIdOf(testApp, owner.user.id);
    await db()
      .insert(webhookEndpoints)
      .values({
        companyId,
        url: NOWHERE,
        eventTypes: ['member.joined', 'member.left'],
        enabled: true,
      });
    ({ token } = await generateScimToken({ db: db(), companyId, actorId: owner.user.id, ipAddress: '203.0.113.9' }));
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('makes a token shown once, keeps its hash, tells its prefix, and refuses the one it replaced', async () => {
    expect(token.startsWith(SCIM_TOKEN_PREFIX)).toBe(true);
    const state = await findScimToken({ db: db(), companyId });
    expect(state).toEqual({ prefix: token.slice(0, SCIM_TOKEN_PREFIX.length + 8), created_at: expect.any(String) });
    const [row] = await db()
      .select()
      .from(companyIdentitySettings)
      .where(eq(companyIdentitySettings.companyId, companyId));
    expect(row?.scimTokenHash).not.toContain(token.slice(SCIM_TOKEN_PREFIX.length));
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'scim.token_generated'), eq(auditLogs.targetId, companyId)));
    expect(audit).toMatchObject({ actorId: owner.user.id, details: { token_prefix: state?.prefix } });

    const other = await signedInAccount(testApp, { role: 'company' });
    const otherCompany = await companyIdOf(testApp, other.user.id);
    expect(await findScimToken({ db: db(), companyId: otherCompany })).toBeNull();
    const first = await generateScimToken({ db: db(), companyId: otherCompany, actorId: other.user.id });
    const second = await generateScimToken({ db: db(), companyId: otherCompany, actorId: other.user.id });
    const asOther = (bearer: string) =>
      testApp.app.inject({
        method: 'GET',
        url: `${SCIM_BASE_PATH}/Users`,
        headers: { authorization: `Bearer ${bearer}` },
      });
    expectScimError(await asOther(first.token), 401);
    const theirs = await asOther(second.token);
    expect(theirs.statusCode).toBe(200);
    // Tenancy: the other company's token lists its own people only.
    expect(theirs.json().Resources.map((user: Json) => user.id)).toEqual([other.user.id]);
  });

  it('describes itself: ServiceProviderConfig, ResourceTypes and Schemas, in SCIM’s media type', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.statusCode).toBe(200);
    expect(config.headers['content-type']).toBe(`${SCIM_MEDIA_TYPE}; charset=utf-8`);
    const described = config.json();
    expect(
      JSON.parse(JSON.stringify(SCIMMY.Schemas.ServiceProviderConfig.definition.coerce(described, 'out'))),
    ).toEqual(described);
    expect(described).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      sort: { supported: false },
      etag: { supported: false },
      changePassword: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });

    const types = await scim('GET', '/ResourceTypes');
    const typeList = new SCIMMY.Messages.ListResponse(types.json());
    expect(typeList.Resources.map((type: Json) => [type.name, type.endpoint, type.schema])).toEqual([
      ['User', '/Users', scimSchemas.user],
      ['Group', '/Groups', scimSchemas.group],
    ]);
    for (const type of typeList.Resources) {
      expect(JSON.parse(JSON.stringify(SCIMMY.Schemas.ResourceType.definition.coerce(type, 'out')))).toEqual(type);
    }
    expect((await scim('GET', '/ResourceTypes/User')).json().schema).toBe(scimSchemas.user);

    // Every attribute the server says it keeps is the core schema's, with the core schema's type.
    const schemas = new SCIMMY.Messages.ListResponse((await scim('GET', '/Schemas')).json());
    const core: Record<string, typeof SCIMMY.Schemas.User | typeof SCIMMY.Schemas.Group> = {
      [scimSchemas.user]: SCIMMY.Schemas.User,
      [scimSchemas.group]: SCIMMY.Schemas.Group,
    };
    expect(schemas.Resources.map((schema: Json) => schema.id)).toEqual([scimSchemas.user, scimSchemas.group]);
    for (const schema of schemas.Resources as Array<{ id: string; attributes: Array<Json> }>) {
      const reference: { attributes: Array<Json & { subAttributes?: Json[] }> } = JSON.parse(
        JSON.stringify(core[schema.id]?.definition.describe()),
      );
      for (const attribute of schema.attributes) {
        const theirs = reference.attributes.find((candidate) => candidate.name === attribute.name);
        expect(theirs, `${schema.id} ${attribute.name}`).toMatchObject({
          type: attribute.type,
          multiValued: attribute.multiValued,
        });
        for (const sub of (attribute.subAttributes ?? []) as Array<Json>) {
          const theirSub = (theirs?.subAttributes ?? []).find((candidate) => candidate.name === sub.name);
          expect(theirSub, `${schema.id} ${attribute.name}.${sub.name}`).toMatchObject({ type: sub.type });
        }
      }
    }
    const one = await scim('GET', `/Schemas/${scimSchemas.group}`);
    expect(one.json().name).toBe('Group');
  });

  it('creates a person from Okta’s POST: an account without a password, a member with the default role, linked', async () => {
    const email = nextEmail('Ada.Lovelace').replace('ada', 'ADA');
    const response = await scim('POST', '/Users', oktaUser(email, { externalId: 'okta-00u1' }));
    expect(response.statusCode, response.body).toBe(201);
    const user = response.json();
    conformsTo(SCIMMY.Schemas.User, user);
    expect(user).toMatchObject({
      userName: email.toLowerCase(),
      externalId: 'okta-00u1',
      name: { formatted: 'Ada Lovelace', givenName: 'Ada', familyName: 'Lovelace' },
      displayName: 'Ada Lovelace',
      emails: [{ value: email.toLowerCase(), type: 'work', primary: true }],
      active: true,
      groups: [{ value: 'viewer', display: 'Viewer' }],
      meta: { resourceType: 'User', location: `${PUBLIC_URL}${SCIM_BASE_PATH}/Users/${user.id}` },
    });
    expect(response.headers.location).toBe(user.meta.location);

    const [account] = await db().select().from(users).where(eq(users.id, user.id));
    expect(account).toMatchObject({
      role: 'company',
      passwordHash: null,
      email: email.toLowerCase(),
      name: 'Ada Lovelace',
    });
    expect(account?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await membershipOf(user.id)).toMatchObject({ companyId, role: 'viewer' });
    const [link] = await db().select().from(scimUsers).where(eq(scimUsers.userId, user.id));
    expect(link).toMatchObject({ companyId, externalId: 'okta-00u1', active: true, role: 'viewer' });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'scim_user.created'), eq(auditLogs.targetId, user.id)));
    expect(audit).toMatchObject({ actorId: null, details: { via: 'scim', company_id: companyId, role: 'viewer' } });
    expect(await heard('member.joined', user.id)).toEqual([
      { user_id: user.id, email: email.toLowerCase(), role: 'viewer' },
    ]);

    const read = await scim('GET', `/Users/${user.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(user);

    // The same address again, in any case: the client should find and update it.
    const again = await scim('POST', '/Users', oktaUser(email.toUpperCase()));
    expect(expectScimError(again, 409, 'uniqueness')).toContain(email.toLowerCase());
    expectScimError(
      await scim('POST', '/Users', oktaUser(nextEmail('twin'), { externalId: 'okta-00u1' })),
      409,
      'uniqueness',
    );
  });

  it('links a company account of no company, and refuses another company’s member or a talent account', async () => {
    const former = await signedInAccount(testApp, { role: 'company' });
    await db().delete(companyMembers).where(eq(companyMembers.userId, former.user.id));
    const linked = await provision(former.user.email);
    expect(linked.id).toBe(former.user.id);
    expect(await membershipOf(former.user.id)).toMatchObject({ companyId, role: 'viewer' });

    const elsewhere = await signedInAccount(testApp, { role: 'company' });
    const refused = await scim('POST', '/Users', oktaUser(elsewhere.user.email));
    expect(expectScimError(refused, 409, 'uniqueness')).toContain('one company');
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    expectScimError(await scim('POST', '/Users', oktaUser(talent.user.email)), 409, 'uniqueness');
    expectScimError(await scim('POST', '/Users', oktaUser('not an address')), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users', { schemas: [scimSchemas.user] }), 400, 'invalidValue');
  });

  it('lists people by filter and page, server-side, as ListResponses', async () => {
    const tag = `list${++number}`;
    const people = [];
    for (const index of [1, 2, 3]) {
      people.push(await provision(`${tag}-${index}@listing.example`, { externalId: `${tag}-ext-${index}` }));
    }
    const list = async (query: string) => {
      const response = await scim('GET', `/Users?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return conformingList(response.json(), SCIMMY.Schemas.User);
    };
    const filter = (expression: string) => `filter=${encodeURIComponent(expression)}`;
    const byName = await list(filter(`userName eq "${tag.toUpperCase()}-2@LISTING.EXAMPLE"`));
    expect(byName.totalResults).toBe(1);
    expect(byName.Resources[0]?.id).toBe(people[1]?.id);
    expect((await list(filter(`externalId eq "${tag}-ext-3"`))).Resources.map((user: Json) => user.id)).toEqual([
      people[2]?.id,
    ]);
    // externalId is case-exact.
    expect((await list(filter(`externalId eq "${tag.toUpperCase()}-EXT-3"`))).totalResults).toBe(0);
    expect((await list(filter(`emails.value eq "${tag}-1@listing.example"`))).Resources[0]?.id).toBe(people[0]?.id);
    expect((await list(filter(`emails[type eq "work" and value eq "${tag}-1@listing.example"]`))).totalResults).toBe(1);
    const either = await list(filter(`userName eq "${tag}-1@listing.example" or externalId eq "${tag}-ext-2"`));
    expect(either.Resources.map((user: Json) => user.id)).toEqual([people[0]?.id, people[1]?.id]);
    const startsWith = filter(`userName sw "${tag}-" and active eq true`);
    const all = await list(startsWith);
    expect(all.totalResults).toBe(3);

    const page = await list(`${startsWith}&startIndex=2&count=1`);
    expect(page).toMatchObject({ totalResults: 3, itemsPerPage: 1, startIndex: 2 });
    expect(page.Resources.map((user: Json) => user.id)).toEqual([people[1]?.id]);
    const counted = await list(`${startsWith}&count=0`);
    expect(counted).toMatchObject({ totalResults: 3, itemsPerPage: 0, Resources: [] });
    const past = await list(`${startsWith}&startIndex=10`);
    expect(past).toMatchObject({ totalResults: 3, itemsPerPage: 0, startIndex: 10 });

    // The owner is one of the company's people, and nobody of another company is.
    const everyone = await list('count=200');
    expect(everyone.Resources.map((user: Json) => user.id)).toContain(owner.user.id);
    expect(
      everyone.Resources.every((user: Json) => String((user.meta as Json).location).includes(SCIM_BASE_PATH)),
    ).toBe(true);
  });

  it('replaces a person (PUT) and patches them (PatchOp), Okta’s way and Entra ID’s', async () => {
    const user = await provision(nextEmail('grace'), { externalId: 'entra-1' });
    const put = await scim('PUT', `/Users/${user.id}`, {
      ...oktaUser(String(user.userName), { externalId: 'entra-1' }),
      name: { givenName: 'Grace', familyName: 'Hopper' },
    });
    expect(put.statusCode, put.body).toBe(200);
    conformsTo(SCIMMY.Schemas.User, put.json());
    expect(put.json()).toMatchObject({
      name: { formatted: 'Grace Hopper' },
      displayName: 'Grace Hopper',
      active: true,
    });

    // Built by SCIMMY, as a client would send it.
    const rename = new SCIMMY.Messages.PatchOp({
      schemas: [SCIMMY.Messages.PatchOp.id],
      Operations: [
        { op: 'replace', path: 'name.givenName', value: 'Rear Admiral Grace' },
        { op: 'replace', path: 'externalId', value: 'entra-2' },
      ],
    });
    const renamed = await scim('PATCH', `/Users/${user.id}`, rename);
    expect(renamed.statusCode, renamed.body).toBe(200);
    conformsTo(SCIMMY.Schemas.User, renamed.json());
    expect(renamed.json()).toMatchObject({ name: { formatted: 'Rear Admiral Grace Hopper' }, externalId: 'entra-2' });
    // Entra ID: names in any case, operations capitalised, a value object without a path.
    const entra = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [scimSchemas.patchOp],
      Operations: [{ op: 'Replace', path: 'DisplayName', value: 'Amazing Grace' }],
    });
    expect(entra.json()).toMatchObject({ displayName: 'Amazing Grace', name: { formatted: 'Amazing Grace' } });
    const [updated] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'scim_user.updated'), eq(auditLogs.targetId, user.id)));
    expect(updated).toMatchObject({ actorId: null, details: { via: 'scim' } });

    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, {
        schemas: [scimSchemas.patchOp],
        Operations: [{ op: 'move', path: 'x' }],
      }),
      400,
      'invalidSyntax',
    );
    // The provider keeps the address of the people it made (no password); a password holder keeps their own.
    const moved = nextEmail('grace-moved');
    const readdressed = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [scimSchemas.patchOp],
      Operations: [{ op: 'replace', path: 'userName', value: moved }],
    });
    expect(readdressed.json()).toMatchObject({ userName: moved, emails: [{ value: moved }] });
    const member = await signedInAccount(testApp, { role: 'company', company: { id: companyId, role: 'viewer' } });
    const kept = await scim('PUT', `/Users/${member.user.id}`, oktaUser(nextEmail('elsewhere')));
    expect(expectScimError(kept, 400, 'mutability')).toContain('password');
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, {
        schemas: [scimSchemas.patchOp],
        Operations: [{ op: 'replace', path: 'userName', value: member.user.email }],
      }),
      409,
      'uniqueness',
    );
    expectScimError(await scim('PATCH', `/Users/${user.id}`, { Operations: 'replace' }), 400, 'invalidSyntax');
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, {
        schemas: [scimSchemas.patchOp],
        Operations: [{ op: 'replace', path: 'active', value: 'perhaps' }],
      }),
      400,
      'invalidValue',
    );
  });

  it('deactivates (Entra ID’s "False"): the session and API token stop at once, the tabs are told; reactivates with the role kept', async () => {
    const person = await signedInAccount(testApp, {
      role: 'company',
      company: { id: companyId, role: 'hiring_manager' },
    });
    const { secret } = (await person.call(apiTokensContract.create, { body: { name: 'Scripts' } })).body;
    const bearer = (options: InjectOptions) =>
      testApp.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${secret}` } });
    expect((await person.call(teamContract.members)).statusCode).toBe(200);
    expect((await callContract(bearer, teamContract.members)).statusCode).toBe(200);
    const told = vi.spyOn(testApp.app.appContext.live, 'send');
    try {
      const patch = await scim('PATCH', `/Users/${person.user.id}`, {
        schemas: [scimSchemas.patchOp],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      });
      expect(patch.statusCode, patch.body).toBe(200);
      expect(patch.json()).toMatchObject({ active: false, groups: [{ value: 'hiring_manager' }] });
      conformsTo(SCIMMY.Schemas.User, patch.json());
      // The very next request with the old cookie, and with the token, is refused.
      expect((await person.call(teamContract.members)).statusCode).toBe(401);
      expect((await callContract(bearer, teamContract.members)).statusCode).toBe(401);
      expect(told).toHaveBeenCalledWith([person.user.id], { type: 'session.ended' });
    } finally {
      told.mockRestore();
    }
    expect(await membershipOf(person.user.id)).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, person.user.id))).toEqual([]);
    const [link] = await db().select().from(scimUsers).where(eq(scimUsers.userId, person.user.id));
    expect(link).toMatchObject({ active: false, role: 'hiring_manager' });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'scim_user.deactivated'), eq(auditLogs.targetId, person.user.id)));
    expect(audit).toMatchObject({
      actorId: null,
      details: { via: 'scim', role: 'hiring_manager', sessions: 1, api_tokens: 1 },
    });
    // endMembership emits member.left; SCIM does not emit it again.
    expect(await heard('member.left', person.user.id)).toHaveLength(1);
    const inactive = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`active eq false and userName eq "${person.user.email}"`)}`,
    );
    expect(inactive.json().totalResults).toBe(1);

    // Okta: a value object without a path.
    const back = await scim('PATCH', `/Users/${person.user.id}`, {
      schemas: [scimSchemas.patchOp],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ active: true, groups: [{ value: 'hiring_manager' }] });
    expect(await membershipOf(person.user.id)).toMatchObject({ companyId, role: 'hiring_manager' });
    expect(await heard('member.joined', person.user.id)).toEqual([
      { user_id: person.user.id, email: person.user.email, role: 'hiring_manager' },
    ]);
    // The old session stays ended; the revoked token stays revoked.
    expect((await person.call(teamContract.members)).statusCode).toBe(401);
    expect((await callContract(bearer, teamContract.members)).statusCode).toBe(401);
  });

  it('deletes a person: the membership ends, the link goes, and the address can be provisioned again', async () => {
    const user = await provision();
    const told = vi.spyOn(testApp.app.appContext.live, 'send');
    try {
      const deleted = await scim('DELETE', `/Users/${user.id}`);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect(told).toHaveBeenCalledWith([user.id], { type: 'session.ended' });
    } finally {
      told.mockRestore();
    }
    expect(await membershipOf(user.id)).toBeNull();
    expect(await db().select().from(scimUsers).where(eq(scimUsers.userId, user.id))).toEqual([]);
    expectScimError(await scim('GET', `/Users/${user.id}`), 404);
    expectScimError(await scim('DELETE', `/Users/${user.id}`), 404);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'scim_user.deleted'), eq(auditLogs.targetId, user.id)));
    expect(audit).toMatchObject({ actorId: null, details: { via: 'scim' } });
    expect((await provision(String(user.userName))).id).toBe(user.id);
  });

  it('never deactivates, deletes or regroups the Owner, nor changes their address', async () => {
    const deactivate = await scim('PATCH', `/Users/${owner.user.id}`, {
      schemas: [scimSchemas.patchOp],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(expectScimError(deactivate, 400, 'mutability')).toContain('transfer');
    expectScimError(await scim('DELETE', `/Users/${owner.user.id}`), 400, 'mutability');
    expectScimError(
      await scim(
        'PUT',
        `/Users/${owner.user.id}`,
        oktaUser(nextEmail('someone-else'), { name: { formatted: 'Olive Owner' } }),
      ),
      400,
      'mutability',
    );
    const regroup = new SCIMMY.Messages.PatchOp({
      schemas: [SCIMMY.Messages.PatchOp.id],
      Operations: [{ op: 'add', path: 'members', value: [{ value: owner.user.id }] }],
    });
    expectScimError(await scim('PATCH', '/Groups/admin', regroup), 400, 'mutability');
    expect(await membershipOf(owner.user.id)).toMatchObject({ role: 'owner' });
    expect((await owner.call(teamContract.members)).statusCode).toBe(200);
  });

  it('keeps the roles as groups: a member added gets the role, one removed the default role', async () => {
    const list = await scim('GET', '/Groups');
    const groups = conformingList(list.json(), SCIMMY.Schemas.Group);
    expect(groups.Resources.map((group: Json) => [group.id, group.displayName])).toEqual([
      ['admin', 'Admin'],
      ['hiring_manager', 'Hiring Manager'],
      ['billing', 'Billing'],
      ['viewer', 'Viewer'],
    ]);
    const named = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "admin"')}&excludedAttributes=members`,
    );
    expect(conformingList(named.json(), SCIMMY.Schemas.Group).Resources).toEqual([
      { schemas: [scimSchemas.group], id: 'admin', displayName: 'Admin', meta: expect.any(Object) },
    ]);

    const first = await provision();
    const second = await provision();
    const add = new SCIMMY.Messages.PatchOp({
      schemas: [SCIMMY.Messages.PatchOp.id],
      Operations: [{ op: 'add', path: 'members', value: [{ value: first.id }, { value: second.id }] }],
    });
    const added = await scim('PATCH', '/Groups/admin', add);
    expect(added.statusCode, added.body).toBe(204);
    expect(await membershipOf(first.id)).toMatchObject({ role: 'admin' });
    const admins = await scim('GET', '/Groups/admin');
    conformsTo(SCIMMY.Schemas.Group, admins.json());
    expect(admins.json().members.map((member: Json) => member.value)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    const [changed] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'company_member.role_changed'), eq(auditLogs.targetId, first.id)));
    expect(changed).toMatchObject({
      actorId: null,
      details: { via: 'scim', before: { role: 'viewer' }, after: { role: 'admin' } },
    });
    const [user] = (await scim('GET', `/Users/${first.id}`)).json().groups;
    expect(user).toMatchObject({ value: 'admin', display: 'Admin' });
    const withMember = await scim('GET', `/Groups?filter=${encodeURIComponent(`members[value eq "${first.id}"]`)}`);
    expect(withMember.json().Resources.map((group: Json) => group.id)).toEqual(['admin']);

    // Entra ID removes by value, Okta by a value filter.
    const entra = await scim('PATCH', '/Groups/admin', {
      schemas: [scimSchemas.patchOp],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: first.id }] }],
    });
    expect(entra.statusCode, entra.body).toBe(204);
    expect(await membershipOf(first.id)).toMatchObject({ role: 'viewer' });
    const okta = await scim('PATCH', '/Groups/admin', {
      schemas: [scimSchemas.patchOp],
      Operations: [{ op: 'remove', path: `members[value eq "${second.id}"]` }],
    });
    expect(okta.statusCode, okta.body).toBe(204);
    expect(await membershipOf(second.id)).toMatchObject({ role: 'viewer' });

    // PUT: the whole list.
    const put = await scim('PUT', '/Groups/billing', {
      schemas: [scimSchemas.group],
      displayName: 'Billing',
      members: [{ value: second.id }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().members.map((member: Json) => member.value)).toEqual([second.id]);
    expect(await membershipOf(second.id)).toMatchObject({ role: 'billing' });

    // POST names an existing group: its role's.
    const pushed = await scim('POST', '/Groups', {
      schemas: [scimSchemas.group],
      displayName: 'Hiring Manager',
      members: [{ value: first.id }],
    });
    expect(pushed.statusCode, pushed.body).toBe(201);
    expect(pushed.json()).toMatchObject({ id: 'hiring_manager', displayName: 'Hiring Manager' });
    expect(await membershipOf(first.id)).toMatchObject({ role: 'hiring_manager' });
    const unknown = await scim('POST', '/Groups', { schemas: [scimSchemas.group], displayName: 'Engineering' });
    expect(expectScimError(unknown, 400, 'invalidValue')).toContain('Admin, Hiring Manager, Billing, Viewer');
    expectScimError(await scim('GET', '/Groups/owner'), 404);
    expectScimError(
      await scim('PATCH', '/Groups/viewer', {
        schemas: [scimSchemas.patchOp],
        Operations: [{ op: 'add', path: 'members', value: [{ value: '00000000-0000-4000-8000-000000000000' }] }],
      }),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim('PATCH', '/Groups/viewer', {
        schemas: [scimSchemas.patchOp],
        Operations: [{ op: 'replace', value: { displayName: 'Readers' } }],
      }),
      400,
      'mutability',
    );
  });

  it('refuses in SCIM’s error shape: no token, a wrong one, a bad filter, bad JSON, unknown ids and paths', async () => {
    const anonymous = await testApp.app.inject({ method: 'GET', url: `${SCIM_BASE_PATH}/Users` });
    expectScimError(anonymous, 401);
    expect(anonymous.headers['www-authenticate']).toContain('Bearer');
    expect(anonymous.headers['content-type']).toBe(`${SCIM_MEDIA_TYPE}; charset=utf-8`);
    expectScimError(
      await scim('GET', '/Users', undefined, { authorization: `Bearer ${SCIM_TOKEN_PREFIX}not-a-token` }),
      401,
    );
    // A session cookie is no SCIM credential.
    expectScimError(
      await testApp.app.inject({ method: 'GET', url: `${SCIM_BASE_PATH}/Users`, headers: { cookie: owner.cookie } }),
      401,
    );
    for (const filter of [
      'userName eq',
      'title eq "Boss"',
      'userName gt "a"',
      'active eq "sometimes"',
      'meta.created gt "2020-01-01"',
    ]) {
      expectScimError(await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`), 400, 'invalidFilter');
    }
    expectScimError(
      await scim('GET', `/Groups?filter=${encodeURIComponent('members.display eq "x"')}`),
      400,
      'invalidFilter',
    );
    expectScimError(await scim('GET', '/Users?count=many'), 400, 'invalidValue');
    const badJson = await testApp.app.inject({
      method: 'POST',
      url: `${SCIM_BASE_PATH}/Users`,
      headers: { authorization: `Bearer ${token}`, 'content-type': SCIM_MEDIA_TYPE },
      payload: '{"userName": ',
    });
    expectScimError(badJson, 400, 'invalidSyntax');
    expectScimError(await scim('GET', '/Users/not-a-uuid'), 404);
    expectScimError(await scim('GET', '/Users/00000000-0000-4000-8000-000000000000'), 404);
    expectScimError(await scim('GET', '/Bulk'), 404);
    // application/json is read too.
    const plain = await scim('POST', '/Users', oktaUser(nextEmail('plain')), { 'content-type': 'application/json' });
    expect(plain.statusCode).toBe(201);
    const withCharset = await scim('POST', '/Users', oktaUser(nextEmail('charset')), {
      'content-type': `${SCIM_MEDIA_TYPE}; charset=utf-8`,
    });
    expect(withCharset.statusCode).toBe(201);
    const text = await scim('POST', '/Users', oktaUser(nextEmail('text')), { 'content-type': 'text/plain' });
    expect(expectScimError(text, 400, 'invalidSyntax')).toContain('application/scim+json');
  });
});
