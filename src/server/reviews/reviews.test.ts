import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssignmentReviews, REVIEW_WINDOW_DAYS, reviewTexts } from '~/shared/reviews';
import { applicantProfiles, auditLogs, companies, notifications, reviews } from '../db/schema';
import { addDays, todayOf } from '../platform/work-calendar';
import { buildApplicantProfile, variedProfile } from '../seed/talent-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount, jobWith, uniqueWord } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment } from '../testing/work-factories';
import { revealDueReviews } from './reveal-due-reviews';

type CompanyAccount = Account & { companyId: string };
const DAY_MS = 24 * 60 * 60 * 1000;
const today = () => todayOf(new Date());

// Reviews after work: who may review which assignment and when, one per side, the double-blind reveal
// (both written, or the window's end), the ratings kept from revealed reviews, and report → hide.
describe('reviews', () => {
  let testApp: TestApp;
  let company: CompanyAccount;
  let otherCompany: CompanyAccount;
  let applicant: Account;
  let otherApplicant: Account;
  let admin: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyAccount(testApp, 'Acme Reviews');
    otherCompany = await companyAccount(testApp, 'Other Reviews');
    applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Rita Reviewed' });
    otherApplicant = await signedInAccount(testApp, { role: 'applicant' });
    admin = await signedInAccount(testApp, { role: 'admin' });
    await buildApplicantProfile(testApp.database.db, applicant.user.id, variedProfile(3));
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const endedAssignment = (overrides: Partial<Parameters<typeof buildAssignment>[1]> = {}) =>
    buildAssignment(db(), {
      companyId: company.companyId,
      applicantId: applicant.user.id,
      startDate: addDays(today(), -60),
      status: 'ended',
      endDate: addDays(today(), -1),
      endReason: 'Project done.',
      ...overrides,
    });
  const companyUrl = (id: string) => `/api/company/assignments/${id}/reviews`;
  const applicantUrl = (id: string) => `/api/applicant/assignments/${id}/reviews`;
  const write = (account: Account, url: string, rating: number, comment = 'Clear, careful and on time every week.') =>
    account.request({ method: 'PUT', url, payload: { rating, comment } });
  const read = (account: Account, url: string) => account.request({ method: 'GET', url });
  const profileOf = async (applicantId: string) => {
    const [profile] = await db().select().from(applicantProfiles).where(eq(applicantProfiles.userId, applicantId));
    return profile;
  };

  it('lets each side write once it has ended, not before, and not on another’s assignment', async () => {
    const active = await buildAssignment(db(), {
      companyId: company.companyId,
      applicantId: applicant.user.id,
      startDate: addDays(today(), -10),
    });
    const early = await write(company, companyUrl(active.id), 5);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(reviewTexts.notEnded);

    const assignment = await endedAssignment();
    expect((await write(otherCompany, companyUrl(assignment.id), 5)).statusCode).toBe(404);
    expect((await write(otherApplicant, applicantUrl(assignment.id), 5)).statusCode).toBe(404);
    // Each side only through its own routes.
    expect((await write(applicant, companyUrl(assignment.id), 5)).statusCode).toBe(403);
    expect((await write(company, applicantUrl(assignment.id), 5)).statusCode).toBe(403);
    expect((await write(admin, companyUrl(assignment.id), 5)).statusCode).toBe(403);

    const bad = await write(company, companyUrl(assignment.id), 6, 'ok');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      rating: 'Choose from 1 to 5 stars.',
      comment: 'Please say a few words about the work (at least 10 characters).',
    });
  });

  it('keeps one review per side, editable while hidden; the other side sees only that it exists', async () => {
    const assignment = await endedAssignment();
    const first = await write(company, companyUrl(assignment.id), 3);
    expect(first.statusCode, first.body).toBe(200);
    const changed = await write(company, companyUrl(assignment.id), 4, 'Changed my mind: solid work overall.');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      can_write: true,
      mine: { rating: 4, comment: 'Changed my mind: solid work overall.', revealed_at: null },
      theirs: null,
      has_their_review: false,
    });
    const rows = await db().select().from(reviews).where(eq(reviews.assignmentId, assignment.id));
    expect(rows).toHaveLength(1);

    const talentView: AssignmentReviews = (await read(applicant, applicantUrl(assignment.id))).json();
    expect(talentView).toMatchObject({
      counterpart_name: 'Acme Reviews',
      mine: null,
      theirs: null,
      has_their_review: true,
    });
    const told = await db().select().from(notifications).where(eq(notifications.userId, applicant.user.id));
    expect(told.some((note) => note.title === `A review of ${assignment.role} is waiting`)).toBe(true);
  });

  it('reveals both when the second side writes, recomputes both ratings, then locks them', async () => {
    const before = await profileOf(applicant.user.id);
    const assignment = await endedAssignment();
    expect((await write(company, companyUrl(assignment.id), 5)).statusCode).toBe(200);
    // Hidden: nothing counted yet.
    expect((await profileOf(applicant.user.id))?.reviewCount).toBe(before?.reviewCount);

    const second = await write(applicant, applicantUrl(assignment.id), 2, 'Slow payments and a shifting scope.');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      can_write: false,
      mine: { rating: 2, revealed_at: expect.any(String) },
      theirs: { rating: 5, author_name: 'Acme Reviews', revealed_at: expect.any(String) },
    });
    const companyView = (await read(company, companyUrl(assignment.id))).json();
    expect(companyView.theirs).toMatchObject({ rating: 2, author_name: 'Rita Reviewed' });

    const after = await profileOf(applicant.user.id);
    expect(after?.reviewCount).toBe((before?.reviewCount ?? 0) + 1);
    const [companyRow] = await db().select().from(companies).where(eq(companies.id, company.companyId));
    expect(companyRow?.reviewCount).toBeGreaterThanOrEqual(1);
    // Talent deciding whether to apply read the company's rating beside its jobs, as on Upwork.
    const job = await jobWith(testApp, company.companyId, uniqueWord());
    const publicJob = await testApp.app.inject({ method: 'GET', url: `/api/public/jobs/${job.id}` });
    expect(publicJob.json().company).toMatchObject({
      rating: (companyRow?.ratingTenths ?? 0) / 10,
      review_count: companyRow?.reviewCount,
    });

    const locked = await write(company, companyUrl(assignment.id), 1, 'Trying to change it after the reveal.');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe(reviewTexts.alreadyRevealed);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'review.written'), eq(auditLogs.actorId, applicant.user.id)));
    expect(audit).toBeDefined();
  });

  it('shows a lone review once 14 days have passed, closes the window, and the reveal job counts it', async () => {
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    await buildApplicantProfile(db(), talent.user.id, variedProfile(5));
    const endedAt = new Date(Date.now() - 3 * DAY_MS);
    const assignment = await endedAssignment({ applicantId: talent.user.id, endedAt });
    expect((await write(company, companyUrl(assignment.id), 4)).statusCode).toBe(200);

    const closesAt = new Date(endedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
    // The clock the code takes: a run before the window's end reveals nothing.
    expect(await revealDueReviews({ db: db(), now: new Date(closesAt.getTime() - 60_000) })).toBe(0);
    expect((await profileOf(talent.user.id))?.ratingTenths).toBeNull();
    expect(await revealDueReviews({ db: db(), now: closesAt })).toBeGreaterThanOrEqual(1);
    expect(await profileOf(talent.user.id)).toMatchObject({ ratingTenths: 40, reviewCount: 1 });
    const [row] = await db().select().from(reviews).where(eq(reviews.assignmentId, assignment.id));
    expect(row?.revealedAt?.toISOString()).toBe(closesAt.toISOString());
    // Idempotent.
    expect(await revealDueReviews({ db: db(), now: closesAt })).toBe(0);

    // Reads follow the assignment's end, not the job: past the window the lone review shows and no one writes.
    const past = await endedAssignment({ applicantId: talent.user.id, endedAt: new Date(Date.now() - 15 * DAY_MS) });
    await db().insert(reviews).values({
      assignmentId: past.id,
      side: 'talent_of_company',
      applicantId: talent.user.id,
      companyId: company.companyId,
      authorId: talent.user.id,
      rating: 3,
      comment: 'Written before the window closed.',
    });
    const companyView = (await read(company, companyUrl(past.id))).json();
    expect(companyView).toMatchObject({ can_write: false, theirs: { rating: 3 } });
    const closed = await write(company, companyUrl(past.id), 5);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toMatch(/^Reviews for this assignment closed on \d{4}-\d{2}-\d{2}\.$/);
  });

  it('lists a candidate’s revealed reviews newest first, paginated, to companies', async () => {
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    await buildApplicantProfile(db(), talent.user.id, variedProfile(7));
    for (const [index, rating] of [5, 3, 4].entries()) {
      const assignment = await endedAssignment({ applicantId: talent.user.id, role: `Role ${index}` });
      expect(
        (await write(company, companyUrl(assignment.id), rating, `Review number ${index} of this talent.`)).statusCode,
      ).toBe(200);
      if (index < 2) expect((await write(talent, applicantUrl(assignment.id), 5)).statusCode).toBe(200);
    }
    const page1 = await read(otherCompany, `/api/talent/${talent.user.id}/reviews?page=1&page_size=1`);
    expect(page1.statusCode, page1.body).toBe(200);
    // The third is still hidden: two revealed, the newest first.
    expect(page1.json()).toMatchObject({
      total: 2,
      items: [{ rating: 3, company_name: 'Acme Reviews', role: 'Role 1', comment: 'Review number 1 of this talent.' }],
    });
    const page2 = (await read(otherCompany, `/api/talent/${talent.user.id}/reviews?page=2&page_size=1`)).json();
    expect(page2.items).toMatchObject([{ rating: 5 }]);
    expect(await profileOf(talent.user.id)).toMatchObject({ ratingTenths: 40, reviewCount: 2 });
    const card = (await read(otherCompany, `/api/talent/${talent.user.id}`)).json();
    expect(card).toMatchObject({ rating: 4, review_count: 2 });
    expect((await read(applicant, `/api/talent/${talent.user.id}/reviews`)).statusCode).toBe(403);
  });

  it('lets the reviewed side report a shown review; an administrator hides it and the rating drops it', async () => {
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    await buildApplicantProfile(db(), talent.user.id, variedProfile(9));
    const kept = await endedAssignment({ applicantId: talent.user.id });
    const harsh = await endedAssignment({ applicantId: talent.user.id });
    for (const [assignment, rating] of [
      [kept, 5],
      [harsh, 1],
    ] as const) {
      await write(company, companyUrl(assignment.id), rating);
      await write(talent, applicantUrl(assignment.id), 4);
    }
    expect(await profileOf(talent.user.id)).toMatchObject({ ratingTenths: 30, reviewCount: 2 });
    const [harshReview] = await db()
      .select()
      .from(reviews)
      .where(and(eq(reviews.assignmentId, harsh.id), eq(reviews.side, 'company_of_talent')));
    if (!harshReview) throw new Error('no review');
    const report = (account: Account) =>
      account.request({
        method: 'POST',
        url: '/api/reports',
        payload: { targetType: 'review', targetId: harshReview.id, reason: 'This is untrue and unfair.' },
      });
    // The author's side and strangers cannot report it; the talent it is about can.
    expect((await report(company)).statusCode).toBe(404);
    expect((await report(otherApplicant)).statusCode).toBe(404);
    const filed = await report(talent);
    expect(filed.statusCode, filed.body).toBe(201);
    const reportId = filed.json().report.id;
    expect(filed.json().report).toMatchObject({ target_type: 'review', target_label: expect.stringContaining('1★') });

    const listed = (await read(admin, '/api/admin/reports?status=open&page=1&page_size=50')).json();
    expect(listed.items.some((item: { id: string }) => item.id === reportId)).toBe(true);
    expect((await talent.request({ method: 'POST', url: `/api/admin/reports/${reportId}/resolve` })).statusCode).toBe(
      403,
    );
    const resolved = await admin.request({ method: 'POST', url: `/api/admin/reports/${reportId}/resolve` });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await profileOf(talent.user.id)).toMatchObject({ ratingTenths: 50, reviewCount: 1 });
    const shown = (await read(company, `/api/talent/${talent.user.id}/reviews`)).json();
    expect(shown.items.map((item: { rating: number }) => item.rating)).toEqual([5]);
    const [hiddenAudit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'review.hidden'), eq(auditLogs.targetId, harshReview.id)));
    expect(hiddenAudit?.actorId).toBe(admin.user.id);

    // Dismissing a report leaves the review counted.
    const [keptReview] = await db()
      .select()
      .from(reviews)
      .where(and(eq(reviews.assignmentId, kept.id), eq(reviews.side, 'company_of_talent')));
    const second = await talent.request({
      method: 'POST',
      url: '/api/reports',
      payload: { targetType: 'review', targetId: keptReview?.id, reason: 'Reporting this one too.' },
    });
    const dismissed = await admin.request({
      method: 'POST',
      url: `/api/admin/reports/${second.json().report.id}/dismiss`,
    });
    expect(dismissed.statusCode).toBe(200);
    expect(await profileOf(talent.user.id)).toMatchObject({ ratingTenths: 50, reviewCount: 1 });
  });
});
