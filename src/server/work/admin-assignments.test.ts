import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAssignmentTexts, type CreateAssignmentInput } from '~/shared/admin-assignments';
import type { QueryOf } from '~/shared/contract';
import { adminAssignmentsContract } from '~/shared/contracts/admin-assignments';
import { workContract } from '~/shared/contracts/work';
import { assignments, assignmentTerms, auditLogs, companies, notifications, users } from '../db/schema';
import { addDays, todayOf } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount, uniqueWord } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment } from '../testing/work-factories';

type CompanyAccount = Account & { companyId: string };

const today = () => todayOf(new Date());

// Assignment Management: the summary, the list's search, New Assignment and its refusals,
// administrators only.
describe('admin assignments', () => {
  let testApp: TestApp;
  let company: CompanyAccount;
  let applicant: Account;
  let admin: Account;
  const word = uniqueWord();

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyAccount(testApp, `Acme ${word}`);
    applicant = await signedInAccount(testApp, { role: 'applicant', name: `Tess ${word}` });
    admin = await signedInAccount(testApp, { role: 'admin' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const create = (body: CreateAssignmentInput, account: Account = admin) =>
    account.call(adminAssignmentsContract.create, { body });
  const valid = (): CreateAssignmentInput => ({
    company_id: company.companyId,
    applicant_id: applicant.user.id,
    role: `Bookkeeper ${word}`,
    rate_cents: 4_250,
    weekly_hours: 25,
    start_date: addDays(today(), 7),
  });

  it('answers administrators only', async () => {
    for (const account of [company, applicant]) {
      expect((await account.call(adminAssignmentsContract.summary)).statusCode).toBe(403);
      expect((await account.call(workContract.adminAssignments)).statusCode).toBe(403);
      expect((await account.call(adminAssignmentsContract.companyOptions)).statusCode).toBe(403);
      expect((await account.call(adminAssignmentsContract.applicantOptions)).statusCode).toBe(403);
      expect((await create(valid(), account)).statusCode).toBe(403);
    }
  });

  it('sums the cards as a direct count does', async () => {
    const other = await signedInAccount(testApp, { role: 'applicant' });
    await buildAssignment(db(), {
      companyId: company.companyId,
      applicantId: other.user.id,
      startDate: '2026-01-05',
      weeklyHours: 30,
    });
    await buildAssignment(db(), {
      companyId: company.companyId,
      applicantId: other.user.id,
      startDate: '2026-02-05',
      weeklyHours: 10,
    });
    await buildAssignment(db(), {
      companyId: company.companyId,
      applicantId: applicant.user.id,
      startDate: '2031-01-01',
      status: 'pending',
    });
    await buildAssignment(db(), {
      companyId: company.companyId,
      applicantId: applicant.user.id,
      startDate: '2025-01-01',
      status: 'ended',
      endDate: '2025-06-01',
      endReason: 'Done',
    });
    const response = await admin.call(adminAssignmentsContract.summary);
    expect(response.statusCode, response.error?.error).toBe(200);
    const rows = await db().select().from(assignments);
    const active = rows.filter((row) => row.status === 'active');
    expect(response.body).toEqual({
      active_assignments: active.length,
      pending_starts: rows.filter((row) => row.status === 'pending').length,
      talent_at_work: new Set(active.map((row) => row.applicantId)).size,
      // A fixed-price assignment bills no hours.
      weekly_billable_hours: active.reduce((sum, row) => sum + (row.weeklyHours ?? 0), 0),
    });
    expect(response.body.active_assignments).toBeGreaterThanOrEqual(2);
  });

  it('creates a pending assignment with its first terms, audit-logged, the talent told', async () => {
    const response = await create(valid());
    expect(response.statusCode, response.error?.error).toBe(201);
    const created = response.body;
    expect(created).toMatchObject({
      company_name: `Acme ${word}`,
      applicant_name: `Tess ${word}`,
      role: `Bookkeeper ${word}`,
      rate_cents: 4_250,
      weekly_hours: 25,
      status: 'pending',
      terms: [{ rate_cents: 4_250, weekly_hours: 25, effective_date: addDays(today(), 7) }],
    });
    const terms = await db().select().from(assignmentTerms).where(eq(assignmentTerms.assignmentId, created.id));
    expect(terms).toEqual([expect.objectContaining({ payRateCents: 4_250, createdBy: admin.user.id })]);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'assignment.created'), eq(auditLogs.targetId, created.id)));
    expect(audit?.actorId).toBe(admin.user.id);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, applicant.user.id), eq(notifications.type, 'assignment_changed')));
    expect(told.some((notice) => notice.title === `New assignment: Bookkeeper ${word}`)).toBe(true);
  });

  it('starts at once an assignment that starts today or earlier', async () => {
    const response = await create({ ...valid(), start_date: today() });
    expect(response.statusCode, response.error?.error).toBe(201);
    expect(response.body.status).toBe('active');
  });

  it('refuses a suspended company or talent, a non-applicant, a bad rate or hours, with sentences', async () => {
    const suspendedCompany = await companyAccount(testApp);
    await db().update(companies).set({ status: 'suspended' }).where(eq(companies.id, suspendedCompany.companyId));
    const suspendedTalent = await signedInAccount(testApp, { role: 'applicant' });
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, suspendedTalent.user.id));
    const cases: Array<[Partial<CreateAssignmentInput>, number, string]> = [
      [{ company_id: suspendedCompany.companyId }, 409, adminAssignmentTexts.companySuspended],
      [{ applicant_id: suspendedTalent.user.id }, 409, adminAssignmentTexts.talentSuspended],
      [{ applicant_id: company.user.id }, 400, adminAssignmentTexts.notApplicant],
      [{ rate_cents: 50 }, 400, `rate_cents: ${adminAssignmentTexts.rateTooLow}`],
      [{ rate_cents: 12.5 }, 400, 'rate_cents: The rate must be a whole number of cents.'],
      [{ weekly_hours: 61 }, 400, `weekly_hours: ${adminAssignmentTexts.weeklyHoursRange}`],
      [{ weekly_hours: 0 }, 400, `weekly_hours: ${adminAssignmentTexts.weeklyHoursRange}`],
      [{ start_date: '2026-02-30' }, 400, 'The start date is not a real day.'],
    ];
    const before = await db().select({ total: sql<number>`count(*)::int` }).from(assignments);
    for (const [change, status, error] of cases) {
      const response = await create({ ...valid(), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(status);
      expect(response.error?.error, JSON.stringify(change)).toBe(error);
    }
    const after = await db().select({ total: sql<number>`count(*)::int` }).from(assignments);
    expect(after).toEqual(before);
  });

  it('searches the list by talent, company or role name, with the status filter, a page at a time', async () => {
    // Assignments of its own, under a word of its own: one pending Bookkeeper and three started Clerks.
    const own = uniqueWord();
    const ownCompany = await companyAccount(testApp, `Acme ${own}`);
    const talent = await signedInAccount(testApp, { role: 'applicant', name: `Tess ${own}` });
    const parties = { company_id: ownCompany.companyId, applicant_id: talent.user.id };
    const assigned = [await create({ ...valid(), ...parties, role: `Bookkeeper ${own}` })];
    for (let index = 0; index < 3; index++) {
      const clerk = { ...valid(), ...parties, role: `Clerk ${own}`, start_date: today() };
      assigned.push(await create(clerk));
    }
    expect(assigned.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);

    const searched = (query: QueryOf<typeof workContract.adminAssignments>) =>
      admin.call(workContract.adminAssignments, { query }).then((response) => response.body);
    const byTalent = await searched({ q: `tess ${own}` });
    expect(byTalent.total).toBeGreaterThanOrEqual(3);
    expect(byTalent.items.every((item) => item.applicant_name === `Tess ${own}`)).toBe(true);
    const byRole = await searched({ q: `bookkeeper ${own}`, status: 'pending' });
    expect(byRole.items.map((item) => [item.role, item.status])).toEqual([[`Bookkeeper ${own}`, 'pending']]);
    const byCompany = await searched({ q: `acme ${own}`, page_size: 2, page: 2 });
    expect(byCompany.items).toHaveLength(2);
    expect(byCompany.total).toBeGreaterThanOrEqual(4);
    expect((await searched({ q: '%%nothing-like-this' })).total).toBe(0);
  });

  it('offers active companies and talent to pick, by name', async () => {
    const companiesFound = (await admin.call(adminAssignmentsContract.companyOptions, { query: { q: `acme ${word}` } }))
      .body;
    expect(companiesFound.items).toEqual([{ id: company.companyId, name: `Acme ${word}`, detail: null }]);
    const talentFound = (await admin.call(adminAssignmentsContract.applicantOptions, { query: { q: `tess ${word}` } }))
      .body;
    expect(talentFound.items).toEqual([{ id: applicant.user.id, name: `Tess ${word}`, detail: applicant.user.email }]);
  });
});
