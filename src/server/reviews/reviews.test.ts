import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDashboardContract } from '~/shared/contracts/admin-dashboard';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { reviewsContract } from '~/shared/contracts/reviews';
import { talentSearchContract } from '~/shared/contracts/talent-search';
import { REVIEW_WINDOW_DAYS, reviewTexts } from '~/shared/reviews';
import { applicantProfiles, auditLogs, companies, notifications, reviews } from '../db/schema';
import { addDays, todayOf } from '../platform/work-calendar';
import { buildApplicantProfile, variedProfile } from '../seed/talent-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
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
  // Each side writes through its own route; a test may send one side to the other's.
  const companySide = reviewsContract.writeCompanyReview;
  const applicantSide = reviewsContract.writeApplicantReview;
  const write = (
    account: Account,
    endpoint: typeof companySide | typeof applicantSide,
    id: string,
    rating: number,
    comment = 'Clear, careful and on time every week.',
  ) => account.call(endpoint, { params: { id }, body: { rating, comment } });
  const companyRead = (account: Account, id: string) =>
    account.call(reviewsContract.companyAssignmentReviews, { params: { id } });
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
    const early = await write(company, companySide, active.id, 5);
    expect(early.statusCode).toBe(409);
    expect(early.error?.error).toBe(reviewTexts.notEnded);

    const assignment = await endedAssignment();
    expect((await write(otherCompany, companySide, assignment.id, 5)).statusCode).toBe(404);
    expect((await write(otherApplicant, applicantSide, assignment.id, 5)).statusCode).toBe(404);
    // Each side only through its own routes.
    expect((await write(applicant, companySide, assignment.id, 5)).statusCode).toBe(403);
    expect((await write(company, applicantSide, assignment.id, 5)).statusCode).toBe(403);
    expect((await write(admin, companySide, assignment.id, 5)).statusCode).toBe(403);

    const bad = await write(company, companySide, assignment.id, 6, 'ok');
    expect(bad.statusCode).toBe(400);
    expect(bad.error?.fields).toMatchObject({
      rating: 'Choose from 1 to 5 stars.',
      comment: 'Please say a few words about the work (at least 10 characters).',
    });
  });

  it('keeps one review per side, editable while hidden; the other side sees only that it exists', async () => {
    const assignment = await endedAssignment();
    const first = await write(company, companySide, assignment.id, 3);
    expect(first.statusCode, first.error?.error).toBe(200);
    const changed = await write(company, companySide, assignment.id, 4, 'Changed my mind: solid work overall.');
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toMatchObject({
      can_write: true,
      mine: { rating: 4, comment: 'Changed my mind: solid work overall.', revealed_at: null },
      theirs: null,
      has_their_review: false,
    });
    const rows = await db().select().from(reviews).where(eq(reviews.assignmentId, assignment.id));
    expect(rows).toHaveLength(1);

    const talentView = (
      await applicant.call(reviewsContract.applicantAssignmentReviews, { params: { id: assignment.id } })
    ).body;
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
    expect((await write(company, companySide, assignment.id, 5)).statusCode).toBe(200);
    // Hidden: nothing counted yet.
    expect((await profileOf(applicant.user.id))?.reviewCount).toBe(before?.reviewCount);

    const second = await write(applicant, applicantSide, assignment.id, 2, 'Slow payments and a shifting scope.');
    expect(second.statusCode, second.error?.error).toBe(200);
    expect(second.body).toMatchObject({
      can_write: false,
      mine: { rating: 2, revealed_at: expect.any(String) },
      theirs: { rating: 5, author_name: 'Acme Reviews', revealed_at: expect.any(String) },
    });
    const companyView = (await companyRead(company, assignment.id)).body;
    expect(companyView.theirs).toMatchObject({ rating: 2, author_name: 'Rita Reviewed' });

    const after = await profileOf(applicant.user.id);
    expect(after?.reviewCount).toBe((before?.reviewCount ?? 0) + 1);
    const [companyRow] = await db().select().from(companies).where(eq(companies.id, company.companyId));
    expect(companyRow?.reviewCount).toBeGreaterThanOrEqual(1);
    // Talent deciding whether to apply read the company's rating beside its jobs, as on Upwork.
    const job = await jobWith(testApp, company.companyId, uniqueWord());
    const publicJob = await callerFrom(testApp).call(jobBoardContract.publicJob, { params: { id: job.id } });
    expect(publicJob.body.company).toMatchObject({
      rating: (companyRow?.ratingTenths ?? 0) / 10,
      review_count: companyRow?.reviewCount,
    });

    const locked = await write(company, companySide, assignment.id, 1, 'Trying to change it after the reveal.');
    expect(locked.statusCode).toBe(409);
    expect(locked.error?.error).toBe(reviewTexts.alreadyRevealed);
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
    expect((await write(company, companySide, assignment.id, 4)).statusCode).toBe(200);

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
    const companyView = (await companyRead(company, past.id)).body;
    expect(companyView).toMatchObject({ can_write: false, theirs: { rating: 3 } });
    const closed = await write(company, companySide, past.id, 5);
    expect(closed.statusCode).toBe(409);
    expect(closed.error?.error).toMatch(/^Reviews for this assignment closed on \d{4}-\d{2}-\d{2}\.$/);
  });

  it('lists a candidate’s revealed reviews newest first, paginated, to companies', async () => {
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    await buildApplicantProfile(db(), talent.user.id, variedProfile(7));
    for (const [index, rating] of [5, 3, 4].entries()) {
      const assignment = await endedAssignment({ applicantId: talent.user.id, role: `Role ${index}` });
      expect(
        (await write(company, companySide, assignment.id, rating, `Review number ${index} of this talent.`)).statusCode,
      ).toBe(200);
      if (index < 2) expect((await write(talent, applicantSide, assignment.id, 5)).statusCode).toBe(200);
    }
    const reviewsOf = (account: Account, query?: { page: number; page_size: number }) =>
      account.call(reviewsContract.candidateReviews, { params: { id: talent.user.id }, query });
    const page1 = await reviewsOf(otherCompany, { page: 1, page_size: 1 });
    expect(page1.statusCode, page1.error?.error).toBe(200);
    // The third is still hidden: two revealed, the newest first.
    expect(page1.body).toMatchObject({
      total: 2,
      items: [{ rating: 3, company_name: 'Acme Reviews', role: 'Role 1', comment: 'Review number 1 of this talent.' }],
    });
    const page2 = (await reviewsOf(otherCompany, { page: 2, page_size: 1 })).body;
    expect(page2.items).toMatchObject([{ rating: 5 }]);
    expect(await profileOf(talent.user.id)).toMatchObject({ ratingTenths: 40, reviewCount: 2 });
    const card = (await otherCompany.call(talentSearchContract.candidate, { params: { id: talent.user.id } })).body;
    expect(card).toMatchObject({ rating: 4, review_count: 2 });
    expect((await reviewsOf(applicant)).statusCode).toBe(403);
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
      await write(company, companySide, assignment.id, rating);
      await write(talent, applicantSide, assignment.id, 4);
    }
    expect(await profileOf(talent.user.id)).toMatchObject({ ratingTenths: 30, reviewCount: 2 });
    const [harshReview] = await db()
      .select()
      .from(reviews)
      .where(and(eq(reviews.assignmentId, harsh.id), eq(reviews.side, 'company_of_talent')));
    if (!harshReview) throw new Error('no review');
    const report = (account: Account) =>
      account.call(adminDashboardContract.fileReport, {
        body: { targetType: 'review', targetId: harshReview.id, reason: 'This is untrue and unfair.' },
      });
    // The author's side and strangers cannot report it; the talent it is about can.
    expect((await report(company)).statusCode).toBe(404);
    expect((await report(otherApplicant)).statusCode).toBe(404);
    const filed = await report(talent);
    expect(filed.statusCode, filed.error?.error).toBe(201);
    const reportId = filed.body.report.id;
    expect(filed.body.report).toMatchObject({ target_type: 'review', target_label: expect.stringContaining('1★') });

    const listed = (
      await admin.call(adminDashboardContract.reports, { query: { status: 'open', page: 1, page_size: 50 } })
    ).body;
    expect(listed.items.some((item) => item.id === reportId)).toBe(true);
    const resolve = (account: Account) =>
      account.call(adminDashboardContract.resolveReport, { params: { id: reportId } });
    expect((await resolve(talent)).statusCode).toBe(403);
    const resolved = await resolve(admin);
    expect(resolved.statusCode, resolved.error?.error).toBe(200);
    expect(await profileOf(talent.user.id)).toMatchObject({ ratingTenths: 50, reviewCount: 1 });
    const shown = (await company.call(reviewsContract.candidateReviews, { params: { id: talent.user.id } })).body;
    expect(shown.items.map((item) => item.rating)).toEqual([5]);
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
    if (!keptReview) throw new Error('no review');
    const second = await talent.call(adminDashboardContract.fileReport, {
      body: { targetType: 'review', targetId: keptReview.id, reason: 'Reporting this one too.' },
    });
    const dismissed = await admin.call(adminDashboardContract.dismissReport, {
      params: { id: second.body.report.id },
    });
    expect(dismissed.statusCode).toBe(200);
    expect(await profileOf(talent.user.id)).toMatchObject({ ratingTenths: 50, reviewCount: 1 });
  });
});
