import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminApplicantDetail, AdminApplicantList } from '~/shared/admin-applicants';
import { signedOutTexts } from '~/shared/auth';
import { applicantProfiles, auditLogs, users } from '../db/schema';
import { ANONYMIZED_NAME } from '../kernels/identity/anonymize-account';
import { buildApplication, buildJob } from '../seed/job-factories';
import { buildApplicantProfile } from '../seed/talent-factories';
import { sameOriginHeaders, signedInAccount } from '../testing/auth-helpers';
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

  const get = (url: string, account = admin) => account.request({ method: 'GET', url });
  const bulk = (payload: object, account = admin) =>
    account.request({ method: 'POST', url: '/api/admin/applicants/bulk', payload });
  const list = async (query: string) => {
    const response = await get(`/api/admin/applicants?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminApplicantList;
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
  const talentSearch = async (name: string, term: string) =>
    (
      (await get(`/api/talent?q=${encodeURIComponent(`Zephyr ${name} ${term}`)}`, company)).json() as {
        items: { id: string }[];
      }
    ).items.map((item) => item.id);

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

    const found = await list(`q=${term}`);
    expect(found.total).toBe(2);
    expect(found.items.map((item) => item.id)).toEqual([second.user.id, first.user.id]);
    expect(found.items[0]).toMatchObject({
      name: `Bruno Costa ${term}`,
      status: 'active',
      applications: 3,
      hired: 1,
    });
    expect(found.items[1]).toMatchObject({ applications: 0, hired: 0 });
    expect(
      (await list(`q=${encodeURIComponent(first.user.email.toUpperCase())}`)).items.map((item) => item.id),
    ).toEqual([first.user.id]);
    const paged = await list(`q=${term}&page=2&page_size=1`);
    expect(paged).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(paged.items.map((item) => item.id)).toEqual([first.user.id]);

    const detail = await get(`/api/admin/applicants/${second.user.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject<Partial<AdminApplicantDetail>>({
      email: second.user.email,
      headline: `Zephyr Bruno Costa ${term}`,
      skills: ['Zendesk'],
      applications: 3,
      assignments: 1,
      active_assignments: 1,
    });
    expect((await get(`/api/admin/applicants/${company.user.id}`)).statusCode).toBe(404);
  });

  it('suspends an applicant: signed out, refused at sign-in, gone from Talent Search; Activate restores', async () => {
    const term = randomUUID().slice(0, 8);
    const applicant = await seedApplicant('Chen Wei', term);
    // An active applicant under the same term, for the suspended filter to leave out.
    await seedApplicant('Ivo Marsh', term);
    expect(await talentSearch('Chen Wei', term)).toEqual([applicant.user.id]);
    expect((await get('/api/applicant/profile', applicant)).statusCode).toBe(200);

    const suspended = await bulk({ action: 'suspend', ids: [applicant.user.id] });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toEqual({ changed: 1 });
    const refused = await get('/api/applicant/profile', applicant);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: signedOutTexts.account_suspended, code: 'account_suspended' });
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: sameOriginHeaders,
      payload: { email: applicant.user.email, password: applicant.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(await talentSearch('Chen Wei', term)).toEqual([]);
    expect((await list(`q=${term}&status=suspended`)).items.map((item) => item.id)).toEqual([applicant.user.id]);
    const [audit] = await auditRows('applicant.suspended', applicant.user.id);
    expect(audit?.actorId).toBe(admin.user.id);
    expect(audit?.details).toMatchObject({
      before: { status: 'active' },
      after: { status: 'suspended' },
      sessions_ended: 1,
    });

    const activated = await bulk({ action: 'activate', ids: [applicant.user.id] });
    expect(activated.json()).toEqual({ changed: 1 });
    expect(await talentSearch('Chen Wei', term)).toEqual([applicant.user.id]);
    expect((await auditRows('applicant.activated', applicant.user.id))[0]?.details).toMatchObject({
      before: { status: 'suspended' },
      after: { status: 'active' },
    });
    expect((await bulk({ action: 'activate', ids: [applicant.user.id] })).json()).toEqual({ changed: 0 });
  });

  it('removes an applicant by anonymisation: no personal data left, gone from the list', async () => {
    const applicant = await seedApplicant('Dana Levi');
    const removed = await bulk({ action: 'remove', ids: [applicant.user.id] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ changed: 1 });
    const [user] = await db().select().from(users).where(eq(users.id, applicant.user.id));
    expect(user).toMatchObject({ name: ANONYMIZED_NAME, status: 'suspended', passwordHash: null });
    expect(user?.email).not.toContain('dana');
    expect(await db().select().from(applicantProfiles).where(eq(applicantProfiles.userId, applicant.user.id))).toEqual(
      [],
    );
    expect((await list(`q=${encodeURIComponent(`Dana Levi ${unique}`)}`)).total).toBe(0);
    expect((await get(`/api/admin/applicants/${applicant.user.id}`)).statusCode).toBe(404);
    const [audit] = await auditRows('applicant.removed', applicant.user.id);
    expect(audit?.details).toMatchObject({ before: { status: 'active' }, after: { status: 'removed' } });
    expect(await auditRows('account.anonymized', applicant.user.id)).toHaveLength(1);
    expect((await bulk({ action: 'suspend', ids: [applicant.user.id] })).statusCode).toBe(404);
  });

  it('grants and withdraws the ID Verified and Background Check badges Talent Search filters on', async () => {
    const applicant = await seedApplicant('Farah Nadir');
    const verify = (payload: object, account = admin) =>
      account.request({ method: 'PUT', url: `/api/admin/applicants/${applicant.user.id}/verifications`, payload });
    const withBadges = async (badges: string) =>
      (
        (
          await get(`/api/talent?q=${encodeURIComponent(`Zephyr Farah Nadir ${unique}`)}&badges=${badges}`, company)
        ).json() as { items: { id: string; badges: string[] }[] }
      ).items;

    expect((await get(`/api/admin/applicants/${applicant.user.id}`)).json()).toMatchObject({
      id_verified: false,
      background_checked: false,
    });
    expect(await withBadges('id_verified')).toEqual([]);

    const granted = await verify({ id_verified: true });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ id: applicant.user.id, id_verified: true, background_checked: false });
    expect(await withBadges('id_verified')).toEqual([
      expect.objectContaining({ id: applicant.user.id, badges: ['id_verified'] }),
    ]);
    expect(await withBadges('id_verified,background_check')).toEqual([]);
    const [profile] = await db()
      .select({ idVerifiedAt: applicantProfiles.idVerifiedAt })
      .from(applicantProfiles)
      .where(eq(applicantProfiles.userId, applicant.user.id));

    const both = await verify({ id_verified: true, background_checked: true });
    expect(both.json()).toMatchObject({ id_verified: true, background_checked: true });
    expect((await withBadges('id_verified,background_check')).map((item) => item.id)).toEqual([applicant.user.id]);
    // Granted again, the badge keeps the moment it was first granted.
    const [still] = await db()
      .select({ idVerifiedAt: applicantProfiles.idVerifiedAt })
      .from(applicantProfiles)
      .where(eq(applicantProfiles.userId, applicant.user.id));
    expect(still?.idVerifiedAt).toEqual(profile?.idVerifiedAt);

    const withdrawn = await verify({ id_verified: false });
    expect(withdrawn.json()).toMatchObject({ id_verified: false, background_checked: true });
    expect(await withBadges('id_verified')).toEqual([]);

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
    expect(JSON.stringify(empty.json())).toContain('Say which badge to grant or withdraw');
    expect((await verify({ id_verified: 'yes' })).statusCode).toBe(400);
    const notApplicant = await admin.request({
      method: 'PUT',
      url: `/api/admin/applicants/${company.user.id}/verifications`,
      payload: { id_verified: true },
    });
    expect(notApplicant.statusCode).toBe(404);
    await bulk({ action: 'suspend', ids: [applicant.user.id] });
    const suspended = await verify({ id_verified: true });
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json().error).toBe('Badges are granted to active applicants: activate this one first.');
  });

  it('is for administrators only, and answers bad input with a sentence', async () => {
    const applicant = await seedApplicant('Eli Gate');
    for (const account of [company, applicant]) {
      expect((await get('/api/admin/applicants', account)).statusCode).toBe(403);
      expect((await get(`/api/admin/applicants/${applicant.user.id}`, account)).statusCode).toBe(403);
      expect((await bulk({ action: 'suspend', ids: [applicant.user.id] }, account)).statusCode).toBe(403);
    }
    expect((await get('/api/admin/applicants?status=deleted')).statusCode).toBe(400);
    expect((await get('/api/admin/applicants?page_size=1000')).statusCode).toBe(400);
    expect((await get('/api/admin/applicants/42')).statusCode).toBe(400);
    expect((await bulk({ action: 'archive', ids: [applicant.user.id] })).statusCode).toBe(400);
    const noIds = await bulk({ action: 'remove', ids: [] });
    expect(noIds.statusCode).toBe(400);
    expect(JSON.stringify(noIds.json())).toContain('Select at least one applicant.');
    // A company's person is not an applicant.
    expect((await bulk({ action: 'suspend', ids: [company.user.id] })).statusCode).toBe(404);
  });
});
