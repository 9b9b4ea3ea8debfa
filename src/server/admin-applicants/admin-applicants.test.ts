import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminApplicantDetail } from '~/shared/admin-applicants';
import { signedOutTexts } from '~/shared/auth';
import type { BodyOf, QueryOf } from '~/shared/contract';
import { adminApplicantsContract } from '~/shared/contracts/admin-applicants';
import { authContract } from '~/shared/contracts/auth';
import { talentContract } from '~/shared/contracts/talent';
import { talentSearchContract } from '~/shared/contracts/talent-search';
import { applicantProfiles, auditLogs, users } from '../db/schema';
import { ANONYMIZED_NAME } from '../kernels/identity/anonymize-account';
import { buildApplication, buildJob } from '../seed/job-factories';
import { buildApplicantProfile } from '../seed/talent-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { companyIdOf } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment } from '../testing/work-factories';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// Applicant Management: the list and its figures, the details drawer, and bulk Suspend,
// Activate and Remove with their audit rows, for administrators only.
describe('admin applicants', () => {
  let testApp: TestApp;
  let admin: Account;
  let company: Account;
  let companyId: string;
  const unique = randomUUID().slice(0, 8);
  const db = () => testApp.database.db;

  const detailOf = (id: string, account = admin) => account.call(adminApplicantsContract.get, { params: { id } });
  const bulk = (body: BodyOf<typeof adminApplicantsContract.bulk>, account = admin) =>
    account.call(adminApplicantsContract.bulk, { body });
  const list = async (query: QueryOf<typeof adminApplicantsContract.list>) => {
    const response = await admin.call(adminApplicantsContract.list, { query });
    expect(response.statusCode, response.error?.error).toBe(200);
    return response.body;
  };
  const auditRows = (action: string, userId: string) =>
    db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), eq(auditLogs.targetId, userId)));

  // An applicant with a listed profile Talent Search finds by its headline. A test that searches the list by
  // a term gives its applicants a term of its own, so the applicants other tests add stay out of it.
  async function seedApplicant(name: string, term = unique) {
    const account = await signedInAccount(testApp, { role: 'applicant', name: `${name} ${term}` });
    await buildApplicantProfile(db(), account.user.id, { headline: `Zephyr ${name} ${term}`, skills: ['Zendesk'] });
    return account;
  }
  // Talent Search as a company uses it. The contract's query type requires the lists (a preprocessed field's
  // input is required); left undefined, they stay out of the query string.
  const searchTalent = async (q: string, badges?: QueryOf<typeof talentSearchContract.search>['badges']) =>
    (
      await company.call(talentSearchContract.search, {
        query: { q, skills: undefined, availability: undefined, badges },
      })
    ).body.items;
  const talentSearch = async (name: string, term: string) =>
    (await searchTalent(`Zephyr ${name} ${term}`)).map((item) => item.id);

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    company = await signedInAccount(testApp, { role: 'company' });
    companyId = await companyIdOf(db(), company.user.id);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('lists applicants newest first with applications and hires, searched by name or email', async () => {
    const term = randomUUID().slice(0, 8);
    const first = await seedApplicant('Amara Okafor', term);
    const second = await seedApplicant('Bruno Costa', term);
    for (const status of ['hired', 'submitted', 'rejected'] as const) {
      const job = await buildJob(db(), { companyId });
      await buildApplication(db(), { jobId: job.id, applicantId: second.user.id, status });
    }
    await buildAssignment(db(), {
      companyId,
      applicantId: second.user.id,
      startDate: new Date().toISOString().slice(0, 10),
    });

    const found = await list({ q: term });
    expect(found.total).toBe(2);
    expect(found.items.map((item) => item.id)).toEqual([second.user.id, first.user.id]);
    expect(found.items[0]).toMatchObject({
      name: `Bruno Costa ${term}`,
      status: 'active',
      applications: 3,
      hired: 1,
    });
    expect(found.items[1]).toMatchObject({ applications: 0, hired: 0 });
    expect((await list({ q: first.user.email.toUpperCase() })).items.map((item) => item.id)).toEqual([first.user.id]);
    const paged = await list({ q: term, page: 2, page_size: 1 });
    expect(paged).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(paged.items.map((item) => item.id)).toEqual([first.user.id]);

    const detail = await detailOf(second.user.id);
    expect(detail.statusCode, detail.error?.error).toBe(200);
    expect(detail.body).toMatchObject<Partial<AdminApplicantDetail>>({
      email: second.user.email,
      headline: `Zephyr Bruno Costa ${term}`,
      skills: ['Zendesk'],
      applications: 3,
      assignments: 1,
      active_assignments: 1,
    });
    expect((await detailOf(company.user.id)).statusCode).toBe(404);
  });

  it('suspends an applicant: signed out, refused at sign-in, gone from Talent Search; Activate restores', async () => {
    const term = randomUUID().slice(0, 8);
    const applicant = await seedApplicant('Chen Wei', term);
    // An active applicant under the same term, for the suspended filter to leave out.
    await seedApplicant('Ivo Marsh', term);
    expect(await talentSearch('Chen Wei', term)).toEqual([applicant.user.id]);
    expect((await applicant.call(talentContract.ownProfile)).statusCode).toBe(200);

    const suspended = await bulk({ action: 'suspend', ids: [applicant.user.id] });
    expect(suspended.statusCode, suspended.error?.error).toBe(200);
    expect(suspended.body).toEqual({ changed: 1 });
    const refused = await applicant.call(talentContract.ownProfile);
    expect(refused.statusCode).toBe(401);
    expect(refused.error).toEqual({ error: signedOutTexts.account_suspended, code: 'account_suspended' });
    const signIn = await callerFrom(testApp).call(authContract.signIn, {
      body: { email: applicant.user.email, password: applicant.password ?? '' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(await talentSearch('Chen Wei', term)).toEqual([]);
    expect((await list({ q: term, status: 'suspended' })).items.map((item) => item.id)).toEqual([applicant.user.id]);
    const [audit] = await auditRows('applicant.suspended', applicant.user.id);
    expect(audit?.actorId).toBe(admin.user.id);
    expect(audit?.details).toMatchObject({
      before: { status: 'active' },
      after: { status: 'suspended' },
      sessions_ended: 1,
    });

    const activated = await bulk({ action: 'activate', ids: [applicant.user.id] });
    expect(activated.body).toEqual({ changed: 1 });
    expect(await talentSearch('Chen Wei', term)).toEqual([applicant.user.id]);
    expect((await auditRows('applicant.activated', applicant.user.id))[0]?.details).toMatchObject({
      before: { status: 'suspended' },
      after: { status: 'active' },
    });
    expect((await bulk({ action: 'activate', ids: [applicant.user.id] })).body).toEqual({ changed: 0 });
  });

  it('removes an applicant by anonymisation: no personal data left, gone from the list', async () => {
    const applicant = await seedApplicant('Dana Levi');
    const removed = await bulk({ action: 'remove', ids: [applicant.user.id] });
    expect(removed.statusCode, removed.error?.error).toBe(200);
    expect(removed.body).toEqual({ changed: 1 });
    const [user] = await db().select().from(users).where(eq(users.id, applicant.user.id));
    expect(user).toMatchObject({ name: ANONYMIZED_NAME, status: 'suspended', passwordHash: null });
    expect(user?.email).not.toContain('dana');
    expect(await db().select().from(applicantProfiles).where(eq(applicantProfiles.userId, applicant.user.id))).toEqual(
      [],
    );
    expect((await list({ q: `Dana Levi ${unique}` })).total).toBe(0);
    expect((await detailOf(applicant.user.id)).statusCode).toBe(404);
    const [audit] = await auditRows('applicant.removed', applicant.user.id);
    expect(audit?.details).toMatchObject({ before: { status: 'active' }, after: { status: 'removed' } });
    expect(await auditRows('account.anonymized', applicant.user.id)).toHaveLength(1);
    expect((await bulk({ action: 'suspend', ids: [applicant.user.id] })).statusCode).toBe(404);
  });

  it('grants and withdraws the ID Verified and Background Check badges Talent Search filters on', async () => {
    const applicant = await seedApplicant('Farah Nadir');
    const verify = (body: BodyOf<typeof adminApplicantsContract.changeVerifications>, account = admin) =>
      account.call(adminApplicantsContract.changeVerifications, { params: { id: applicant.user.id }, body });
    const withBadges = (badges: QueryOf<typeof talentSearchContract.search>['badges']) =>
      searchTalent(`Zephyr Farah Nadir ${unique}`, badges);

    expect((await detailOf(applicant.user.id)).body).toMatchObject({
      id_verified: false,
      background_checked: false,
    });
    expect(await withBadges(['id_verified'])).toEqual([]);

    const granted = await verify({ id_verified: true });
    expect(granted.statusCode, granted.error?.error).toBe(200);
    expect(granted.body).toMatchObject({ id: applicant.user.id, id_verified: true, background_checked: false });
    expect(await withBadges(['id_verified'])).toEqual([
      expect.objectContaining({ id: applicant.user.id, badges: ['id_verified'] }),
    ]);
    expect(await withBadges(['id_verified', 'background_check'])).toEqual([]);
    const [profile] = await db()
      .select({ idVerifiedAt: applicantProfiles.idVerifiedAt })
      .from(applicantProfiles)
      .where(eq(applicantProfiles.userId, applicant.user.id));

    const both = await verify({ id_verified: true, background_checked: true });
    expect(both.body).toMatchObject({ id_verified: true, background_checked: true });
    expect((await withBadges(['id_verified', 'background_check'])).map((item) => item.id)).toEqual([applicant.user.id]);
    // Granted again, the badge keeps the moment it was first granted.
    const [still] = await db()
      .select({ idVerifiedAt: applicantProfiles.idVerifiedAt })
      .from(applicantProfiles)
      .where(eq(applicantProfiles.userId, applicant.user.id));
    expect(still?.idVerifiedAt).toEqual(profile?.idVerifiedAt);

    const withdrawn = await verify({ id_verified: false });
    expect(withdrawn.body).toMatchObject({ id_verified: false, background_checked: true });
    expect(await withBadges(['id_verified'])).toEqual([]);

    const audits = await auditRows('applicant.verification_changed', applicant.user.id);
    expect(audits).toHaveLength(3);
    expect(audits.map((row) => row.details)).toEqual(
      expect.arrayContaining([
        {
          name: applicant.user.name,
          before: { id_verified: false, background_checked: false },
          after: { id_verified: true, background_checked: false },
        },
        {
          name: applicant.user.name,
          before: { id_verified: true, background_checked: false },
          after: { id_verified: true, background_checked: true },
        },
        {
          name: applicant.user.name,
          before: { id_verified: true, background_checked: true },
          after: { id_verified: false, background_checked: true },
        },
      ]),
    );
    expect(audits.every((row) => row.actorId === admin.user.id)).toBe(true);
    // Nothing to change writes nothing.
    expect((await verify({ background_checked: true })).statusCode).toBe(200);
    expect(await auditRows('applicant.verification_changed', applicant.user.id)).toHaveLength(3);

    // Only administrators; a sentence for bad input; not for someone who is not an applicant or not active.
    for (const account of [company, applicant])
      expect((await verify({ id_verified: true }, account)).statusCode).toBe(403);
    const empty = await verify({});
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.error)).toContain('Say which badge to grant or withdraw');
    // A badge that is not true or false, sent on purpose.
    const notBoolean = await admin.callUnchecked(adminApplicantsContract.changeVerifications, {
      params: { id: applicant.user.id },
      body: { id_verified: 'yes' },
    });
    expect(notBoolean.statusCode).toBe(400);
    const notApplicant = await admin.call(adminApplicantsContract.changeVerifications, {
      params: { id: company.user.id },
      body: { id_verified: true },
    });
    expect(notApplicant.statusCode).toBe(404);
    await bulk({ action: 'suspend', ids: [applicant.user.id] });
    const suspended = await verify({ id_verified: true });
    expect(suspended.statusCode).toBe(409);
    expect(suspended.error?.error).toBe('Badges are granted to active applicants: activate this one first.');
  });

  it('is for administrators only, and answers bad input with a sentence', async () => {
    const applicant = await seedApplicant('Eli Gate');
    for (const account of [company, applicant]) {
      expect((await account.call(adminApplicantsContract.list)).statusCode).toBe(403);
      expect((await detailOf(applicant.user.id, account)).statusCode).toBe(403);
      expect((await bulk({ action: 'suspend', ids: [applicant.user.id] }, account)).statusCode).toBe(403);
    }
    // A status and an action the contract does not know, sent on purpose.
    expect((await admin.callUnchecked(adminApplicantsContract.list, { query: { status: 'deleted' } })).statusCode).toBe(
      400,
    );
    expect((await admin.call(adminApplicantsContract.list, { query: { page_size: 1000 } })).statusCode).toBe(400);
    expect((await detailOf('42')).statusCode).toBe(400);
    expect(
      (
        await admin.callUnchecked(adminApplicantsContract.bulk, {
          body: { action: 'archive', ids: [applicant.user.id] },
        })
      ).statusCode,
    ).toBe(400);
    const noIds = await bulk({ action: 'remove', ids: [] });
    expect(noIds.statusCode).toBe(400);
    expect(JSON.stringify(noIds.error)).toContain('Select at least one applicant.');
    // A company's person is not an applicant.
    expect((await bulk({ action: 'suspend', ids: [company.user.id] })).statusCode).toBe(404);
  });
});
