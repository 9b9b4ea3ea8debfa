import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountManagerSummary, accountManagerTexts } from '~/shared/account-managers';
import { accountManagersContract } from '~/shared/contracts/account-managers';
import { authContract } from '~/shared/contracts/auth';
import { managerPortalContract } from '~/shared/contracts/manager-portal';
import { messagingContract } from '~/shared/contracts/messaging';
import {
  accountManagerProfiles,
  assignments,
  auditLogs,
  companies,
  companyMembers,
  emailOutbox,
  invoices,
  sessions,
  users,
} from '../db/schema';
import { revenueMonthOf } from '../kernels/money/monthly-revenue';
import { buildAccount } from '../seed/factories';
import { buildJob } from '../seed/job-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { companyIdOf, insertTestInvoice } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment } from '../testing/work-factories';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// Account Manager Management and the manager portal: the cards equal direct counts, search,
// Add Manager (a real account, an invitation email, 409 for a taken address), the dialog's Save with its
// audit row, who may call what, and a manager seeing only the companies assigned to them.
describe('account managers', () => {
  let testApp: TestApp;
  let admin: Account;
  let mia: Account;
  let omar: Account;
  let companyOwner: Account;
  let applicant: Account;
  let miaCompanyId: string;
  let miaSecondCompanyId: string;
  let omarCompanyId: string;
  let deletedCompanyId: string;
  const unique = randomUUID().slice(0, 8);
  const month = revenueMonthOf(new Date());

  const db = () => testApp.database.db;

  async function companyOf(name: string, managerId: string | null) {
    const owner = await signedInAccount(testApp, { role: 'company', companyName: name });
    const companyId = await companyIdOf(db(), owner.user.id);
    await db().update(companies).set({ accountManagerId: managerId }).where(eq(companies.id, companyId));
    return { owner, companyId };
  }

  async function invoiceOf(companyId: string, workCents: number, issueDate: string) {
    const invoice = await insertTestInvoice(db(), { companyId, workCents });
    await db().update(invoices).set({ issueDate }).where(eq(invoices.id, invoice.id));
    return invoice;
  }

  // The figures computed straight from the tables, for the companies given.
  async function directFigures(companyIds: string[]) {
    if (companyIds.length === 0) return { employees: 0, revenue: 0 };
    const active = await db()
      .select({ id: assignments.id })
      .from(assignments)
      .where(and(inArray(assignments.companyId, companyIds), eq(assignments.status, 'active')));
    // Monthly Revenue (decision 023): the work and the fee, before tax.
    const invoiced = await db()
      .select({ total: sql<number>`${invoices.subtotalCents} + ${invoices.feeCents}` })
      .from(invoices)
      .where(
        and(
          inArray(invoices.companyId, companyIds),
          gte(invoices.issueDate, month.start),
          lt(invoices.issueDate, month.end),
        ),
      );
    return { employees: active.length, revenue: invoiced.reduce((sum, row) => sum + Number(row.total), 0) };
  }

  async function managedCompanyIds(managerIds: string[]) {
    if (managerIds.length === 0) return [];
    const rows = await db()
      .select({ id: companies.id })
      .from(companies)
      .where(and(inArray(companies.accountManagerId, managerIds), isNull(companies.deletedAt)));
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    mia = await signedInAccount(testApp, { role: 'account_manager', name: `Mia Manager ${unique}` });
    omar = await signedInAccount(testApp, { role: 'account_manager', name: `Omar Lead ${unique}` });
    applicant = await signedInAccount(testApp, { role: 'applicant' });
    await db()
      .insert(accountManagerProfiles)
      .values({
        userId: mia.user.id,
        specialties: ['Technology', 'SaaS', 'Fintech'],
        bio: 'Looks after tech clients.',
      });

    const northwind = await companyOf(`Northwind ${unique}`, mia.user.id);
    companyOwner = northwind.owner;
    miaCompanyId = northwind.companyId;
    miaSecondCompanyId = (await companyOf(`Contoso ${unique}`, mia.user.id)).companyId;
    omarCompanyId = (await companyOf(`Globex ${unique}`, omar.user.id)).companyId;
    deletedCompanyId = (await companyOf(`Gone ${unique}`, mia.user.id)).companyId;
    await db()
      .update(companies)
      .set({ deletedAt: new Date(), status: 'suspended' })
      .where(eq(companies.id, deletedCompanyId));
    await companyOf(`Unmanaged ${unique}`, null);

    const talent = await signedInAccount(testApp, { role: 'applicant', name: `Tara Talent ${unique}` });
    const startDate = '2026-01-05';
    await buildAssignment(db(), {
      companyId: miaCompanyId,
      applicantId: talent.user.id,
      startDate,
      role: 'Support Lead',
    });
    await buildAssignment(db(), {
      companyId: miaCompanyId,
      applicantId: applicant.user.id,
      startDate,
      status: 'ended',
    });
    await buildAssignment(db(), { companyId: miaSecondCompanyId, applicantId: talent.user.id, startDate });
    await buildAssignment(db(), { companyId: omarCompanyId, applicantId: talent.user.id, startDate });
    await buildAssignment(db(), { companyId: deletedCompanyId, applicantId: talent.user.id, startDate });
    await invoiceOf(miaCompanyId, 100_000, month.start);
    await invoiceOf(miaSecondCompanyId, 40_000, month.start);
    // Last month's invoice is not this month's revenue.
    const lastMonth = new Date(`${month.start}T00:00:00Z`);
    lastMonth.setUTCDate(0);
    await invoiceOf(miaCompanyId, 999_000, lastMonth.toISOString().slice(0, 10));
    await invoiceOf(omarCompanyId, 30_000, month.start);
    await invoiceOf(deletedCompanyId, 55_000, month.start);
    await buildJob(db(), { companyId: miaCompanyId, title: `Open Role ${unique}` });
    await buildJob(db(), { companyId: miaCompanyId, title: `Draft Role ${unique}`, status: 'draft' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers the four cards as a direct computation', async () => {
    const response = await admin.call(accountManagersContract.summary);
    expect(response.statusCode, response.error?.error).toBe(200);
    const managers = await db().select({ id: users.id }).from(users).where(eq(users.role, 'account_manager'));
    const companyIds = await managedCompanyIds(managers.map((manager) => manager.id));
    const figures = await directFigures(companyIds);
    const expected: AccountManagerSummary = {
      total_managers: managers.length,
      total_companies: companyIds.length,
      total_employees: figures.employees,
      monthly_revenue_cents: figures.revenue,
    };
    expect(response.body).toEqual(expected);
    // Mia's two companies and Omar's one; the deleted company counts nowhere.
    expect(expected.total_companies).toBeGreaterThanOrEqual(3);
    expect(companyIds).not.toContain(deletedCompanyId);
  });

  it('lists managers with their own figures, searches by name or email and pages on the server', async () => {
    const byName = await admin.call(accountManagersContract.list, { query: { q: `mia manager ${unique}` } });
    expect(byName.statusCode, byName.error?.error).toBe(200);
    const list = byName.body;
    expect(list.total).toBe(1);
    const [row] = list.items;
    const figures = await directFigures([miaCompanyId, miaSecondCompanyId]);
    expect(row).toMatchObject({
      id: mia.user.id,
      status: 'active',
      total_companies: 2,
      total_employees: figures.employees,
      monthly_revenue_cents: figures.revenue,
      specialties: ['Technology', 'SaaS', 'Fintech'],
      bio: 'Looks after tech clients.',
      has_password: true,
    });
    expect(figures).toEqual({ employees: 2, revenue: 110_000 + 44_000 });

    const byEmail = await admin.call(accountManagersContract.list, { query: { q: omar.user.email.toUpperCase() } });
    expect(byEmail.body.items.map((item) => item.id)).toEqual([omar.user.id]);
    // Omar has no profile row: the profile's defaults show.
    expect(byEmail.body.items[0]).toMatchObject({
      status: 'active',
      specialties: [],
      bio: '',
    });

    const nobody = await admin.call(accountManagersContract.list, { query: { q: 'no-such-manager-anywhere' } });
    expect(nobody.body).toMatchObject({ items: [], total: 0 });
    // Only account managers are listed, never the admin or a company user.
    const all = (await admin.call(accountManagersContract.list, { query: { page_size: 100 } })).body;
    expect(all.items.map((item) => item.id)).not.toContain(admin.user.id);
    expect(all.items.map((item) => item.id)).not.toContain(companyOwner.user.id);

    const firstPage = (await admin.call(accountManagersContract.list, { query: { page_size: 1 } })).body;
    const secondPage = (await admin.call(accountManagersContract.list, { query: { page_size: 1, page: 2 } })).body;
    expect(firstPage.items).toHaveLength(1);
    expect(secondPage.items).toHaveLength(1);
    expect(firstPage.items[0]?.id).not.toBe(secondPage.items[0]?.id);
    expect(firstPage.total).toBe(all.total);

    const badPage = await admin.call(accountManagersContract.list, { query: { page: 0 } });
    expect(badPage.statusCode).toBe(400);
  });

  it('adds a manager: a real account without a password, a profile, an invitation and an audit row', async () => {
    const email = `Nadia.${unique}@Example.test`;
    const response = await admin.call(accountManagersContract.create, {
      body: {
        name: 'Nadia New',
        email,
        status: 'on_leave',
        specialties: ['Retail', 'E-commerce'],
        bio: 'New here.',
      },
    });
    expect(response.statusCode, response.error?.error).toBe(201);
    const created = response.body;
    expect(created).toMatchObject({
      name: 'Nadia New',
      email: email.toLowerCase(),
      status: 'on_leave',
      specialties: ['Retail', 'E-commerce'],
      bio: 'New here.',
      total_companies: 0,
      total_employees: 0,
      monthly_revenue_cents: 0,
      has_password: false,
    });
    const [user] = await db().select().from(users).where(eq(users.id, created.id));
    expect(user).toMatchObject({ role: 'account_manager', passwordHash: null, email: email.toLowerCase() });

    const [invitation] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email.toLowerCase()))
      .orderBy(desc(emailOutbox.createdAt));
    expect(invitation?.subject).toBe('You have been added to Tandem as an account manager');
    const token = /reset-password\?token=([^\s]+)/.exec(invitation?.text ?? '')?.[1];
    expect(token).toBeTruthy();

    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'account_manager.created'), eq(auditLogs.targetId, created.id)));
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: 'user' });
    expect(audit?.details).toEqual({
      after: {
        name: 'Nadia New',
        email: email.toLowerCase(),
        status: 'on_leave',
        specialties: ['Retail', 'E-commerce'],
        bio: 'New here.',
      },
    });

    // The link chooses a password; then they sign in and land in their own portal.
    const visitor = callerFrom(testApp);
    const reset = await visitor.call(authContract.resetPassword, {
      body: { token: decodeURIComponent(token ?? ''), password: 'a-long-manager-password-2026' },
    });
    expect(reset.statusCode, reset.error?.error).toBe(200);
    const signIn = await visitor.call(authContract.signIn, {
      body: { email, password: 'a-long-manager-password-2026' },
    });
    expect(signIn.statusCode, signIn.error?.error).toBe(200);
    expect(signIn.body).toMatchObject({
      status: 'signed_in',
      redirect_to: '/manager',
      user: { role: 'account_manager' },
    });
  });

  it('refuses a taken address (in any case) with 409 and a sentence for the email field', async () => {
    const response = await admin.call(accountManagersContract.create, {
      body: {
        name: 'Copy Cat',
        email: companyOwner.user.email.toUpperCase(),
        status: 'active',
        specialties: [],
        bio: '',
      },
    });
    expect(response.statusCode, response.error?.error).toBe(409);
    expect(response.error).toEqual({
      error: accountManagerTexts.emailTaken,
      code: 'conflict',
      fields: { email: accountManagerTexts.emailTaken },
    });
    const invalid = await admin.call(accountManagersContract.create, {
      body: { name: '', email: 'not-an-email', status: 'active', specialties: [], bio: '' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.error?.fields).toMatchObject({ name: accountManagerTexts.nameRequired });
    expect(invalid.error?.fields?.email).toBeTruthy();
  });

  it('saves the dialog and keeps the changed values before and after in the audit log', async () => {
    // Managers of its own, one with a profile as Mia's and one without as Omar: the list case reads those two
    // as seeded, whichever runs first.
    const eva = await signedInAccount(testApp, { role: 'account_manager', name: `Eva Editor ${unique}` });
    const noProfile = await signedInAccount(testApp, { role: 'account_manager' });
    await db()
      .insert(accountManagerProfiles)
      .values({
        userId: eva.user.id,
        specialties: ['Technology', 'SaaS', 'Fintech'],
        bio: 'Looks after tech clients.',
      });
    const response = await admin.call(accountManagersContract.update, {
      params: { id: eva.user.id },
      body: {
        name: `Eva Editor ${unique}`,
        status: 'on_leave',
        specialties: ['Technology', 'Healthcare'],
        bio: 'Looks after tech clients.',
      },
    });
    expect(response.statusCode, response.error?.error).toBe(200);
    expect(response.body).toMatchObject({
      id: eva.user.id,
      status: 'on_leave',
      specialties: ['Technology', 'Healthcare'],
    });
    const [profile] = await db()
      .select()
      .from(accountManagerProfiles)
      .where(eq(accountManagerProfiles.userId, eva.user.id));
    expect(profile).toMatchObject({ status: 'on_leave', specialties: ['Technology', 'Healthcare'] });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'account_manager.updated'), eq(auditLogs.targetId, eva.user.id)));
    expect(audit?.actorId).toBe(admin.user.id);
    expect(audit?.details).toEqual({
      before: { status: 'active', specialties: ['Technology', 'SaaS', 'Fintech'] },
      after: { status: 'on_leave', specialties: ['Technology', 'Healthcare'] },
    });

    // A manager without a profile row gets one on the first save.
    const omarSave = await admin.call(accountManagersContract.update, {
      params: { id: noProfile.user.id },
      body: { name: 'Omar Renamed', status: 'active', specialties: ['Logistics'], bio: '' },
    });
    expect(omarSave.statusCode, omarSave.error?.error).toBe(200);
    expect(omarSave.body).toMatchObject({ name: 'Omar Renamed', specialties: ['Logistics'] });

    const notManager = await admin.call(accountManagersContract.update, {
      params: { id: companyOwner.user.id },
      body: { name: 'X', status: 'active', specialties: [], bio: '' },
    });
    expect(notManager.statusCode).toBe(404);
    expect(notManager.error?.error).toBe(accountManagerTexts.notFound);
    const malformed = await admin.call(accountManagersContract.update, {
      params: { id: '42' },
      body: { name: 'X', status: 'active', specialties: [], bio: '' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('lets only administrators manage account managers, and only managers use the portal', async () => {
    for (const account of [companyOwner, applicant, mia]) {
      expect((await account.call(accountManagersContract.list)).statusCode).toBe(403);
      expect((await account.call(accountManagersContract.summary)).statusCode).toBe(403);
      const add = await account.call(accountManagersContract.create, {
        body: { name: 'X', email: `x-${randomUUID()}@example.test`, status: 'active', specialties: [], bio: '' },
      });
      expect(add.statusCode).toBe(403);
    }
    for (const account of [admin, companyOwner, applicant]) {
      expect((await account.call(managerPortalContract.companies)).statusCode).toBe(403);
      expect((await account.call(managerPortalContract.company, { params: { id: miaCompanyId } })).statusCode).toBe(
        403,
      );
    }
    const anonymous = await callerFrom(testApp).call(accountManagersContract.list);
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows a manager only the companies assigned to them, with their people and open jobs', async () => {
    const response = await mia.call(managerPortalContract.companies);
    expect(response.statusCode, response.error?.error).toBe(200);
    const list = response.body;
    expect(list.items.map((company) => company.id).sort()).toEqual([miaCompanyId, miaSecondCompanyId].sort());
    const figures = await directFigures([miaCompanyId, miaSecondCompanyId]);
    expect(list.summary).toEqual({
      total_companies: 2,
      total_employees: figures.employees,
      monthly_revenue_cents: figures.revenue,
    });
    const northwind = list.items.find((company) => company.id === miaCompanyId);
    expect(northwind).toMatchObject({ total_employees: 1, open_jobs: 1, monthly_revenue_cents: 110_000 });

    const searched = (await mia.call(managerPortalContract.companies, { query: { q: 'contoso' } })).body;
    expect(searched.items.map((company) => company.id)).toEqual([miaSecondCompanyId]);

    const omarList = (await omar.call(managerPortalContract.companies)).body;
    expect(omarList.items.map((company) => company.id)).toEqual([omarCompanyId]);

    const detail = await mia.call(managerPortalContract.company, { params: { id: miaCompanyId } });
    expect(detail.statusCode, detail.error?.error).toBe(200);
    const body = detail.body;
    expect(body.members.map((member) => member.id)).toEqual([companyOwner.user.id]);
    expect(body.assignments).toHaveLength(1);
    expect(body.assignments[0]).toMatchObject({ talent_name: `Tara Talent ${unique}`, role: 'Support Lead' });
    expect(body.open_jobs.map((job) => job.title)).toEqual([`Open Role ${unique}`]);
    expect(body.totals).toEqual({ members: 1, assignments: 1, open_jobs: 1 });

    // Another manager's company, a deleted one and one that does not exist all answer 404.
    for (const companyId of [omarCompanyId, deletedCompanyId, randomUUID()]) {
      const refused = await mia.call(managerPortalContract.company, { params: { id: companyId } });
      expect(refused.statusCode, companyId).toBe(404);
      expect(refused.error?.error).toBe(accountManagerTexts.companyNotFound);
    }
  });

  // read:company_member:assigned: the company's team, each member with their role and when they last used
  // Tandem, the owner first; a member who left is no longer listed.
  it("lists one of their companies' members with role and last active", async () => {
    const { db } = testApp.database;
    const billing = await signedInAccount(testApp, {
      role: 'company',
      name: `Bea Billing ${unique}`,
      company: { id: miaCompanyId, role: 'billing' },
    });
    const viewer = await buildAccount(db, {
      role: 'company',
      name: `Vic Viewer ${unique}`,
      company: { id: miaCompanyId, role: 'viewer' },
    });
    // Bea signed in two hours ago and her session was used a minute ago; Vic never signed in.
    const seen = new Date(Date.now() - 60_000);
    await db
      .update(users)
      .set({ lastSignInAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(users.id, billing.user.id));
    await db.update(sessions).set({ lastSeenAt: seen }).where(eq(sessions.id, billing.sessionId));

    const detail = (await mia.call(managerPortalContract.company, { params: { id: miaCompanyId } })).body;
    expect(detail.members.map(({ id, role }) => ({ id, role }))).toEqual([
      { id: companyOwner.user.id, role: 'owner' },
      { id: billing.user.id, role: 'billing' },
      { id: viewer.user.id, role: 'viewer' },
    ]);
    const beaSeen = detail.members.find((member) => member.id === billing.user.id)?.last_active_at;
    expect(beaSeen && Math.abs(new Date(beaSeen).getTime() - seen.getTime())).toBeLessThan(1000);
    expect(detail.members.find((member) => member.id === viewer.user.id)?.last_active_at).toBeNull();
    expect(detail.totals.members).toBe(3);

    await db.delete(companyMembers).where(inArray(companyMembers.userId, [billing.user.id, viewer.user.id]));
    const after = (await mia.call(managerPortalContract.company, { params: { id: miaCompanyId } })).body;
    expect(after.members.map((member) => member.id)).toEqual([companyOwner.user.id]);
  });

  it('opens the conversation with one of their companies, and with no other', async () => {
    const opened = await mia.call(managerPortalContract.openConversation, { params: { id: miaCompanyId } });
    expect(opened.statusCode, opened.error?.error).toBe(201);
    expect(opened.body).toMatchObject({ kind: 'account_manager' });
    const again = await mia.call(managerPortalContract.openConversation, { params: { id: miaCompanyId } });
    expect(again.statusCode).toBe(200);
    expect(again.body.id).toBe(opened.body.id);
    const refused = await mia.call(managerPortalContract.openConversation, { params: { id: omarCompanyId } });
    expect(refused.statusCode).toBe(404);
    // The company's people see the same conversation.
    const companyList = await companyOwner.call(messagingContract.list);
    expect(companyList.statusCode, companyList.error?.error).toBe(200);
    expect(JSON.stringify(companyList.body)).toContain(opened.body.id);
  });
});
