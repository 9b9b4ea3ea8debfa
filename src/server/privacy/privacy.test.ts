import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContract } from '~/shared/contracts/auth';
import { bookingContract } from '~/shared/contracts/booking';
import { adminPrivacyContract, privacyContract } from '~/shared/contracts/privacy';
import { talentContract } from '~/shared/contracts/talent';
import { type DeletionRequestInput, privacyTexts } from '~/shared/privacy';
import type { Database } from '../db/client';
import {
  apiTokens,
  applicantCertifications,
  applicantEducation,
  applicantLanguages,
  applicantPortfolioLinks,
  applicantWorkHistory,
  auditLogs,
  availabilityDaysOff,
  availabilityWeeklyHours,
  bookingLinkHosts,
  bookingLinks,
  calendarFeeds,
  companyMembers,
  contactMessages,
  conversationMembers,
  conversations,
  emailOutbox,
  invoiceItems,
  invoices,
  meetingParticipants,
  meetings,
  messages,
  notifications,
  oauthAccounts,
  payments,
  payoutMethods,
  payoutRuns,
  payouts,
  privacyRequests,
  reviews,
  users,
} from '../db/schema';
import { ANONYMIZED_NAME, REMOVED_REVIEW_COMMENT } from '../kernels/identity/anonymize-account';
import { escapeHtml } from '../mail/templates/compose-email';
import { offerAcceptedEmail } from '../mail/templates/offer-accepted';
import { buildApplication, buildJob } from '../seed/job-factories';
import { buildApplicantProfile } from '../seed/talent-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { companyIdOf, insertTestInvoice } from '../testing/payment-test-invoices';
import { insertPaidInvoice } from '../testing/privacy-test-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const rowsOf = async <Row>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

// Every text-like column of every table: where the person could still be written down.
async function placesMentioning(db: Database, needle: string): Promise<string[]> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY'))`,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [hit] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table_name)}
        where strpos(lower(${sql.identifier(column_name)}::text), lower(${needle})) > 0`,
    );
    if (hit && hit.n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found.sort();
}

// Privacy: download one's data, ask for erasure, cancel it; administrators complete or
// reject; nothing of the person stays outside the kept accounting records and audit trail.
describe('privacy', () => {
  let testApp: TestApp;
  let admin: Account;
  let owner: Account;
  let applicant: Account;
  let other: Account;
  let companyId: string;
  let jobId: string;
  const unique = randomUUID().slice(0, 8);
  const applicantName = `Persephone Quillfeather ${unique}`;
  const applicantEmail = `persephone.${unique}@example.test`;
  const otherName = `Bartholomew Inkwell ${unique}`;

  const db = () => testApp.database.db;

  async function mailTo(address: string) {
    return db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
  }
  async function auditRows(action: string, targetId?: string) {
    return db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), targetId ? eq(auditLogs.targetId, targetId) : undefined));
  }

  // A conversation between the company and an applicant, with one message each way.
  async function conversationWith(person: Account, theirWords: string, companyWords: string) {
    const [conversation] = await db()
      .insert(conversations)
      .values({ kind: 'direct', companyId, userId: person.user.id, lastSeq: 2 })
      .returning();
    if (!conversation) throw new Error('No conversation.');
    await db()
      .insert(conversationMembers)
      .values([
        { conversationId: conversation.id, userId: person.user.id },
        { conversationId: conversation.id, userId: owner.user.id },
      ]);
    await db()
      .insert(messages)
      .values([
        { conversationId: conversation.id, seq: 1, senderId: person.user.id, clientId: randomUUID(), body: theirWords },
        {
          conversationId: conversation.id,
          seq: 2,
          senderId: owner.user.id,
          clientId: randomUUID(),
          body: companyWords,
        },
      ]);
    return conversation;
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    owner = await signedInAccount(testApp, { role: 'company' });
    applicant = await signedInAccount(testApp, { role: 'applicant', name: applicantName, email: applicantEmail });
    other = await signedInAccount(testApp, { role: 'applicant', name: otherName });
    companyId = await companyIdOf(db(), owner.user.id);
    await buildApplicantProfile(db(), applicant.user.id, {
      headline: 'Bookkeeper',
      summary: `I am ${applicantName}; write to ${applicantEmail}.`,
    });
    const job = await buildJob(db(), { companyId, createdById: owner.user.id, ccEmail: applicantEmail });
    jobId = job.id;
    const application = await buildApplication(db(), {
      jobId,
      applicantId: applicant.user.id,
      coverLetter: `Regards, ${applicantName}`,
      status: 'hired',
    });
    await buildApplication(db(), { jobId, applicantId: other.user.id, coverLetter: 'The other cover letter.' });
    await conversationWith(applicant, `Hello, ${applicantName} here.`, `Welcome aboard, ${applicantName}!`);
    await conversationWith(other, 'A message from someone else.', 'Hi there.');
    const [meeting] = await db()
      .insert(meetings)
      .values({
        organizerId: owner.user.id,
        companyId,
        applicationId: application.id,
        type: 'interview',
        title: `Interview with ${applicantName}`,
        startsAt: new Date(Date.now() + 86_400_000),
        durationMinutes: 30,
        roomToken: randomUUID(),
      })
      .returning();
    if (!meeting) throw new Error('No meeting.');
    await db()
      .insert(meetingParticipants)
      .values([
        { meetingId: meeting.id, userId: owner.user.id },
        { meetingId: meeting.id, userId: applicant.user.id },
      ]);
    // A booking link the company sent them, naming them, and a week of working hours of their own.
    await db()
      .insert(bookingLinks)
      .values({
        companyId,
        organizerId: owner.user.id,
        inviteeId: applicant.user.id,
        applicationId: application.id,
        type: 'interview',
        title: `Second interview with ${applicantName}`,
        notes: `We will call ${applicantEmail}.`,
        durationMinutes: 30,
        bufferMinutes: 15,
        noticeMinutes: 720,
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
      });
    await db()
      .insert(availabilityWeeklyHours)
      .values({ userId: applicant.user.id, weekday: 1, isWorking: true, startsMinute: 540, endsMinute: 1020 });
    await db().insert(availabilityDaysOff).values({ userId: applicant.user.id, day: '2026-12-24' });
    // Their background on the profile, in their own words.
    const background = [
      () =>
        applicant.call(talentContract.updateWorkHistory, {
          body: { items: [{ title: 'Engineer', company: 'Acme', start_month: '2020-01', description: applicantName }] },
        }),
      () =>
        applicant.call(talentContract.updateEducation, {
          body: { items: [{ school: `${applicantName} Academy`, degree: 'BSc', start_year: 2012, end_year: 2015 }] },
        }),
      () =>
        applicant.call(talentContract.updateLanguages, { body: { items: [{ language: 'Polish', level: 'native' }] } }),
      () =>
        applicant.call(talentContract.updateCertifications, {
          body: { items: [{ name: 'AWS', issuer: 'Amazon', issued_month: '2022-05' }] },
        }),
      () =>
        applicant.call(talentContract.updatePortfolio, {
          body: { items: [{ title: 'Site', url: 'https://example.com/work', description: `By ${applicantName}` }] },
        }),
    ];
    for (const save of background) {
      const saved = await save();
      expect(saved.statusCode).toBe(200);
    }
    await db()
      .insert(notifications)
      .values([
        {
          userId: owner.user.id,
          type: 'application_received',
          title: `${applicantName} applied`,
          body: 'New application.',
        },
        { userId: applicant.user.id, type: 'application_received', title: 'Your news', body: 'Something happened.' },
      ]);
    const assignment = await buildAssignment(db(), {
      companyId,
      applicantId: applicant.user.id,
      applicationId: application.id,
      jobId,
      startDate: '2026-11-01',
    });
    await buildTimesheet(db(), {
      assignmentId: assignment.id,
      weekStart: '2026-11-08',
      minutes: { '2026-11-09': 480 },
    });
    // Past work, reviewed by both sides and revealed: the talent wrote one, and one is about them.
    const pastWork = await buildAssignment(db(), {
      companyId,
      applicantId: applicant.user.id,
      startDate: '2026-09-01',
      status: 'ended',
      endDate: '2026-10-01',
    });
    await db()
      .insert(reviews)
      .values([
        {
          assignmentId: pastWork.id,
          side: 'talent_of_company',
          applicantId: applicant.user.id,
          companyId,
          authorId: applicant.user.id,
          rating: 4,
          comment: `Good team; ask ${applicantName} for a reference.`,
          revealedAt: new Date(),
        },
        {
          assignmentId: pastWork.id,
          side: 'company_of_talent',
          applicantId: applicant.user.id,
          companyId,
          authorId: owner.user.id,
          rating: 5,
          comment: `${applicantName} was excellent.`,
          revealedAt: new Date(),
        },
      ]);
    const invoice = await insertPaidInvoice(db(), { companyId });
    // The accounting record names the talent, as a real invoice line does.
    await db()
      .update(invoiceItems)
      .set({ description: `Work hours — ${applicantName}` })
      .where(and(eq(invoiceItems.invoiceId, invoice.id), eq(invoiceItems.kind, 'work')));
    await db().insert(contactMessages).values({
      name: applicantName,
      email: applicantEmail,
      message: 'Do you hire bookkeepers?',
      source: 'contact_page',
      ipAddress: '203.0.113.7',
    });
    await db()
      .insert(oauthAccounts)
      .values({ userId: applicant.user.id, provider: 'google', subject: unique, email: applicantEmail });
    await db()
      .insert(apiTokens)
      .values({ userId: applicant.user.id, name: 'CLI', tokenHash: unique, tokenPrefix: 'tdm_' });
    await db()
      .insert(calendarFeeds)
      .values({ userId: applicant.user.id, tokenHash: `feed-${unique}` });
    await db()
      .insert(emailOutbox)
      .values({ toAddress: applicantEmail, subject: 'Welcome', text: `Hi ${applicantName}` });
    // Where their payouts go and what was paid (decision 036).
    const [payoutMethod] = await db()
      .insert(payoutMethods)
      .values({
        applicantId: applicant.user.id,
        kind: 'bank_account',
        label: 'Bank transfer · BDO Unibank · ending in 7890',
        holderName: applicantName,
        bankName: 'BDO Unibank',
        accountNumber: '001234567890',
        bankCodeType: 'swift',
        bankCode: 'BNORPHMM',
        isDefault: true,
        usableFrom: new Date(),
      })
      .returning();
    const [payoutRun] = await db()
      .insert(payoutRuns)
      .values({ scheduledFor: '2026-11-02', status: 'completed' })
      .returning();
    await db()
      .insert(payouts)
      .values({
        runId: payoutRun?.id ?? '',
        applicantId: applicant.user.id,
        methodId: payoutMethod?.id ?? null,
        amountCents: 84_000,
        status: 'paid',
        provider: 'bank_file',
        methodLabel: payoutMethod?.label ?? null,
        reference: 'BDO-1',
        sentAt: new Date(),
        paidAt: new Date(),
      });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('exports the signed-in person’s data as a zip of JSON and CSV, and nobody else’s', async () => {
    const response = await applicant.call(privacyContract.exportData);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="tandem-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );

    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['data.json', 'account.csv', 'profile.csv', 'applications.csv', 'messages_sent.csv']),
    );
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array));
    expect(data.account).toEqual([expect.objectContaining({ id: applicant.user.id, email: applicantEmail })]);
    expect(data.account[0]).not.toHaveProperty('password_hash');
    // When they agreed to the Terms of Service and Privacy Policy is theirs to see too.
    expect(data.account[0]).toHaveProperty('terms_accepted_at');
    expect(data.profile[0].summary).toContain(applicantName);
    expect(data.work_history).toEqual([expect.objectContaining({ title: 'Engineer', description: applicantName })]);
    expect(data.education[0].school).toBe(`${applicantName} Academy`);
    expect(data.languages).toEqual([expect.objectContaining({ language: 'Polish', level: 'native' })]);
    expect(data.certifications).toEqual([expect.objectContaining({ name: 'AWS', issuer: 'Amazon' })]);
    expect(data.portfolio_links).toEqual([expect.objectContaining({ url: 'https://example.com/work' })]);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['work_history.csv', 'portfolio_links.csv']));
    expect(data.applications).toHaveLength(1);
    expect(data.applications[0].cover_letter).toBe(`Regards, ${applicantName}`);
    expect(data.messages_sent.map((row: { body: string }) => row.body)).toEqual([`Hello, ${applicantName} here.`]);
    expect(data.meetings).toHaveLength(1);
    expect(data.booking_links).toEqual([
      expect.objectContaining({ role: 'received', title: `Second interview with ${applicantName}`, used_at: null }),
    ]);
    expect(data.booking_links[0]).not.toHaveProperty('organizer_id');
    expect(data.availability_weekly_hours).toEqual([
      expect.objectContaining({ weekday: 1, is_working: true, starts_minute: 540, ends_minute: 1020 }),
    ]);
    expect(data.availability_days_off).toEqual([{ day: '2026-12-24' }]);
    expect(strFromU8(files['booking_links.csv'] as Uint8Array)).toContain('Second interview');
    expect(data.assignments).toHaveLength(2);
    expect(data.reviews_written).toEqual([
      expect.objectContaining({
        side: 'talent_of_company',
        rating: 4,
        comment: `Good team; ask ${applicantName} for a reference.`,
      }),
    ]);
    expect(data.reviews_received).toEqual([
      expect.objectContaining({ rating: 5, comment: `${applicantName} was excellent.` }),
    ]);
    expect(data.timesheets).toEqual([expect.objectContaining({ minutes: 480 })]);
    // Masked as every screen shows it: the whole account number is not in the export.
    expect(data.payout_methods).toEqual([
      expect.objectContaining({ label: 'Bank transfer · BDO Unibank · ending in 7890', holder_name: applicantName }),
    ]);
    expect(JSON.stringify(data)).not.toContain('001234567890');
    expect(data.payouts).toEqual([
      expect.objectContaining({ amount_cents: 84_000, status: 'paid', reference: 'BDO-1' }),
    ]);
    expect(data.notifications.map((row: { title: string }) => row.title)).toEqual(['Your news']);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sessions[0]).not.toHaveProperty('token_hash');
    expect(data.contact_messages).toHaveLength(1);
    expect(data.identity_providers).toEqual([expect.objectContaining({ provider: 'google' })]);
    // An applicant owns no company: no invoices.
    expect(data.invoices).toEqual([]);
    // Moments are ISO 8601 in UTC, as the API writes them, in every section and both databases.
    const sections = Object.values(data as Record<string, unknown>).filter(Array.isArray) as Array<
      Array<Record<string, unknown>>
    >;
    const moments = sections.flatMap((rows) =>
      rows.flatMap((row) => Object.entries(row).filter(([column, value]) => /_at$/.test(column) && value !== null)),
    );
    expect(moments.length).toBeGreaterThan(10);
    for (const [column, value] of moments) {
      expect(value, column).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    const whole = strFromU8(files['data.json'] as Uint8Array);
    expect(whole).not.toContain(otherName);
    expect(whole).not.toContain('The other cover letter.');
    expect(whole).not.toContain('A message from someone else.');
    const accountCsv = strFromU8(files['account.csv'] as Uint8Array);
    expect(accountCsv.split('\r\n')[0]).toContain('email');
    expect(accountCsv).toContain(applicantEmail);
    expect(strFromU8(files['messages_sent.csv'] as Uint8Array)).toContain(`Hello, ${applicantName} here.`);

    const recorded = await db()
      .select()
      .from(privacyRequests)
      .where(and(eq(privacyRequests.userId, applicant.user.id), eq(privacyRequests.kind, 'export')));
    expect(recorded).toEqual([expect.objectContaining({ status: 'completed', processedById: applicant.user.id })]);
    const [audit] = await auditRows('privacy.data_exported', applicant.user.id);
    expect(audit?.details).toMatchObject({ counts: { applications: 1, messages_sent: 1 } });
  });

  it('changes nothing on a GET: only a POST exports and records the request', async () => {
    const someone = await signedInAccount(testApp, { role: 'applicant' });
    const exportsOf = () =>
      db()
        .select()
        .from(privacyRequests)
        .where(and(eq(privacyRequests.userId, someone.user.id), eq(privacyRequests.kind, 'export')));
    // A GET on purpose: no contract declares it, and this checks that the route answers none.
    const fetched = await someone.request({ method: 'GET', url: '/api/account/data-export' });
    expect(fetched.statusCode).toBe(404);
    expect(await exportsOf()).toEqual([]);
    expect(await auditRows('privacy.data_exported', someone.user.id)).toEqual([]);
    const exported = await someone.call(privacyContract.exportData);
    expect(exported.statusCode).toBe(200);
    expect(await exportsOf()).toHaveLength(1);
  });

  it('gives a company owner their company’s invoices and payments', async () => {
    const response = await owner.call(privacyContract.exportData);
    expect(response.statusCode).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(response.rawPayload))['data.json'] as Uint8Array));
    expect(data.invoices).toHaveLength(1);
    expect(data.payments).toHaveLength(1);
    expect(data.companies).toEqual([expect.objectContaining({ id: companyId, member_role: 'owner' })]);
    // The link they sent, without the applicant it went to.
    expect(data.booking_links).toEqual([expect.objectContaining({ role: 'sent', company_name: expect.any(String) })]);
    expect(data.booking_links[0]).not.toHaveProperty('invitee_id');
  });

  it('lets only the signed-in person export, and only administrators process requests', async () => {
    expect((await callerFrom(testApp).call(privacyContract.exportData)).statusCode).toBe(401);
    // An applicant of its own: the shared one is erased by another case, perhaps already.
    const someone = await signedInAccount(testApp, { role: 'applicant' });
    for (const account of [owner, someone]) {
      expect((await account.call(adminPrivacyContract.list)).statusCode).toBe(403);
      const complete = await account.call(adminPrivacyContract.complete, { params: { id: randomUUID() } });
      expect(complete.statusCode).toBe(403);
    }
    const missing = await admin.call(adminPrivacyContract.complete, { params: { id: randomUUID() } });
    expect(missing.statusCode).toBe(404);
    expect(missing.error?.error).toBe(privacyTexts.requestNotFound);
    const malformed = await admin.call(adminPrivacyContract.complete, { params: { id: 'nope' } });
    expect(malformed.statusCode).toBe(400);
  });

  it('takes a deletion request with the password, once, and lets the person cancel it', async () => {
    const person = await signedInAccount(testApp, { role: 'company' });
    const ask = (body: DeletionRequestInput) => person.call(privacyContract.requestDeletion, { body });

    const missing = await ask({});
    expect(missing.statusCode).toBe(400);
    expect(missing.error?.fields).toEqual({ password: privacyTexts.passwordRequired });
    const wrong = await ask({ password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.error?.fields).toEqual({ password: privacyTexts.wrongPassword });

    const created = await ask({ password: person.password ?? '' });
    expect(created.statusCode).toBe(201);
    const request = created.body;
    expect(request).toMatchObject({ kind: 'erasure', status: 'pending', is_overdue: false });
    const dueInDays = (Date.parse(request.due_at) - Date.parse(request.created_at)) / 86_400_000;
    expect(dueInDays).toBe(30);
    expect((await ask({ password: person.password ?? '' })).error?.error).toBe(privacyTexts.alreadyPending);

    const mine = (await person.call(privacyContract.myRequests)).body;
    expect(mine).toMatchObject({ has_password: true, pending_erasure: { id: request.id } });
    expect(await auditRows('privacy.erasure_requested', request.id)).toHaveLength(1);

    const cancelled = await person.call(privacyContract.cancelDeletion);
    expect(cancelled.statusCode).toBe(204);
    const [stored] = await db().select().from(privacyRequests).where(eq(privacyRequests.id, request.id));
    expect(stored).toMatchObject({ status: 'rejected', processedById: person.user.id });
    expect((await person.call(privacyContract.cancelDeletion)).statusCode).toBe(409);
    const [cancelAudit] = await auditRows('privacy.erasure_cancelled', request.id);
    expect(cancelAudit?.details).toMatchObject({ before: { status: 'pending' }, after: { status: 'rejected' } });
    const subjects = (await mailTo(person.user.email)).map((mail) => mail.subject).sort();
    expect(subjects).toEqual([
      'We received your request to delete your Tandem account',
      'Your Tandem account will not be deleted',
    ]);
  });

  it('asks an identity-provider account to type the confirmation word instead', async () => {
    const person = await signedInAccount(testApp, { role: 'applicant', password: null });
    const refused = await person.call(privacyContract.requestDeletion, { body: {} });
    expect(refused.error?.fields).toEqual({ confirmation: privacyTexts.confirmationRequired });
    const mine = (await person.call(privacyContract.myRequests)).body;
    expect(mine.has_password).toBe(false);
    const created = await person.call(privacyContract.requestDeletion, { body: { confirmation: 'delete' } });
    expect(created.statusCode).toBe(201);
  });

  it('lists pending requests oldest due first with the overdue flagged, and rejects with a reason', async () => {
    const late = await signedInAccount(testApp, { role: 'company' });
    const recent = await signedInAccount(testApp, { role: 'applicant' });
    await insertTestInvoice(db(), { companyId: await companyIdOf(db(), late.user.id), status: 'unpaid' });
    for (const person of [recent, late]) {
      await person.call(privacyContract.requestDeletion, { body: { password: person.password ?? '' } });
    }
    await db()
      .update(privacyRequests)
      .set({ dueAt: new Date(Date.now() - 86_400_000) })
      .where(eq(privacyRequests.userId, late.user.id));

    const list = (await admin.call(adminPrivacyContract.list)).body;
    expect(list.items[0]).toMatchObject({ user: { id: late.user.id }, is_overdue: true, unpaid_invoices: 1 });
    expect(list.overdue).toBe(1);
    const dueTimes = list.items.map((item) => Date.parse(item.due_at));
    expect(dueTimes).toEqual([...dueTimes].sort((a, b) => a - b));
    expect(list.items.every((item) => item.status === 'pending')).toBe(true);
    const lateRequest = list.items[0];
    if (!lateRequest) throw new Error('No request listed.');

    const blank = await admin.call(adminPrivacyContract.reject, {
      params: { id: lateRequest.id },
      body: { reason: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.error?.fields).toEqual({ reason: privacyTexts.reasonRequired });
    const reason = 'Your company has an unpaid invoice; please pay it first.';
    const rejected = await admin.call(adminPrivacyContract.reject, {
      params: { id: lateRequest.id },
      body: { reason },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', reason });
    const again = await admin.call(adminPrivacyContract.reject, { params: { id: lateRequest.id }, body: { reason } });
    expect(again.statusCode).toBe(409);
    expect(again.error?.error).toBe(privacyTexts.notPending);
    const [audit] = await auditRows('privacy.request_rejected', lateRequest.id);
    expect(audit).toMatchObject({ actorId: admin.user.id });
    expect(audit?.details).toMatchObject({ before: { status: 'pending' }, after: { status: 'rejected', reason } });
    expect((await mailTo(late.user.email)).map((mail) => mail.subject)).toContain(
      'Your request to delete your Tandem account',
    );
    const processed = (await admin.call(adminPrivacyContract.list, { query: { status: 'processed' } })).body;
    expect(processed.items.find((item) => item.id === lateRequest.id)).toMatchObject({
      status: 'rejected',
      processed_by: admin.user.name,
    });
  });

  it('completes an erasure: nothing of the person is left but the accounting records and the audit trail', async () => {
    const asked = await applicant.call(privacyContract.requestDeletion, {
      body: { password: applicant.password ?? '' },
    });
    expect(asked.statusCode).toBe(201);
    const request = asked.body;
    const invoicesBefore = await db().select().from(invoices).where(eq(invoices.companyId, companyId));

    const completed = await admin.call(adminPrivacyContract.complete, { params: { id: request.id } });
    expect(completed.statusCode).toBe(200);
    expect(completed.body).toMatchObject({ id: request.id, status: 'completed' });
    expect((await admin.call(adminPrivacyContract.complete, { params: { id: request.id } })).statusCode).toBe(409);

    // Wherever a text column could hold them, only the kept records do.
    const kept = ['audit_logs.actor_email', 'audit_logs.details', 'email_outbox.text', 'email_outbox.to_address'];
    expect(await placesMentioning(db(), applicantEmail)).toEqual(
      expect.arrayContaining(['audit_logs.actor_email', 'email_outbox.to_address']),
    );
    for (const place of await placesMentioning(db(), applicantEmail)) expect(kept).toContain(place);
    // Kept as payment records: the invoice line that billed their work, the payout that paid them.
    expect(await placesMentioning(db(), applicantName)).toEqual(['invoice_items.description', 'payouts.paid_to_name']);
    // The one mail left to the old address is the goodbye itself (sent by the queue, then aged out).
    expect((await mailTo(applicantEmail)).map((mail) => mail.subject)).toEqual([
      'Your Tandem account has been deleted',
    ]);

    const [user] = await db().select().from(users).where(eq(users.id, applicant.user.id));
    expect(user).toMatchObject({ name: ANONYMIZED_NAME, status: 'suspended', passwordHash: null });
    // The row stays (nothing cascades): their hours, days off and the links sent to them go by hand.
    expect(await db().select().from(bookingLinks).where(eq(bookingLinks.inviteeId, applicant.user.id))).toEqual([]);
    expect(
      await db().select().from(availabilityWeeklyHours).where(eq(availabilityWeeklyHours.userId, applicant.user.id)),
    ).toEqual([]);
    expect(
      await db().select().from(availabilityDaysOff).where(eq(availabilityDaysOff.userId, applicant.user.id)),
    ).toEqual([]);
    expect(await db().select().from(apiTokens).where(eq(apiTokens.userId, applicant.user.id))).toEqual([]);
    // Their review of the company keeps its stars (the company's rating) without their words; the
    // company's review of them stays, their name scrubbed (checked above with every text column).
    const theirReviews = await db().select().from(reviews).where(eq(reviews.applicantId, applicant.user.id));
    expect(theirReviews.find((row) => row.side === 'talent_of_company')).toMatchObject({
      rating: 4,
      comment: REMOVED_REVIEW_COMMENT,
    });
    expect(theirReviews.find((row) => row.side === 'company_of_talent')).toMatchObject({
      rating: 5,
      comment: `${ANONYMIZED_NAME} was excellent.`,
    });
    // Their background goes with the profile (the name check above covers its text too).
    for (const table of [applicantWorkHistory, applicantEducation, applicantLanguages, applicantCertifications]) {
      expect(await db().select().from(table).where(eq(table.applicantId, applicant.user.id))).toEqual([]);
    }
    expect(
      await db()
        .select()
        .from(applicantPortfolioLinks)
        .where(eq(applicantPortfolioLinks.applicantId, applicant.user.id)),
    ).toEqual([]);
    // Invoices and payments stay with the company.
    expect(await db().select().from(invoices).where(eq(invoices.companyId, companyId))).toHaveLength(
      invoicesBefore.length,
    );
    expect(await db().select().from(payments).where(eq(payments.companyId, companyId))).toHaveLength(1);
    // Their bank details are gone; the payout stays in the books under its masked label.
    expect(await db().select().from(payoutMethods).where(eq(payoutMethods.applicantId, applicant.user.id))).toEqual([]);
    expect(await db().select().from(payouts).where(eq(payouts.applicantId, applicant.user.id))).toEqual([
      expect.objectContaining({ methodId: null, methodLabel: 'Bank transfer · BDO Unibank · ending in 7890' }),
    ]);
    // Their messages are still in the thread, emptied; the other applicant's untouched.
    const [otherMessage] = await db().select().from(messages).where(eq(messages.senderId, other.user.id));
    expect(otherMessage?.body).toBe('A message from someone else.');

    // Signed out, and unable to sign in again.
    expect((await applicant.call(privacyContract.myRequests)).statusCode).toBe(401);
    const signIn = await callerFrom(testApp).call(authContract.signIn, {
      body: { email: applicantEmail, password: applicant.password ?? '' },
    });
    expect(signIn.statusCode).toBe(401);

    const [audit] = await auditRows('privacy.erasure_completed', request.id);
    expect(audit).toMatchObject({ actorId: admin.user.id });
    expect(audit?.details).toMatchObject({ user_id: applicant.user.id, after: { status: 'completed' } });
    expect(await auditRows('account.anonymized', applicant.user.id)).toHaveLength(1);
    const [stored] = await db().select().from(privacyRequests).where(eq(privacyRequests.id, request.id));
    expect(stored).toMatchObject({ status: 'completed', processedById: admin.user.id });
  });

  it('erases a company person’s hours and their name from the booking links they sent or hosted, which can no longer be booked', async () => {
    const name = `Octavia Scheduler ${randomUUID().slice(0, 8)}`;
    const leaving = await signedInAccount(testApp, { role: 'company', name, timeZone: 'Europe/Paris' });
    const colleague = await signedInAccount(testApp, { role: 'company', timeZone: 'Europe/Paris' });
    const leavingCompanyId = await companyIdOf(db(), leaving.user.id);
    const week = await leaving.call(bookingContract.updateAvailability, {
      body: {
        weekly: ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({
          weekday,
          is_working: weekday < 6,
          from: '08:00',
          to: '18:00',
        })),
        days_off: ['2026-12-25'],
      },
    });
    expect(week.statusCode, week.error?.error).toBe(200);
    const sendTo = async (account: Account, by: Account, colleagueIds: string[] = []) => {
      const job = await buildJob(db(), { companyId: leavingCompanyId, createdById: leaving.user.id });
      const application = await buildApplication(db(), { jobId: job.id, applicantId: account.user.id });
      const sent = await by.call(bookingContract.createLink, {
        body: {
          application_id: application.id,
          type: 'interview',
          duration_minutes: 30,
          title: `Interview with ${name}`,
          notes: `Questions? Write to ${leaving.user.email}.`,
          colleague_ids: colleagueIds,
        },
      });
      expect(sent.statusCode, sent.error?.error).toBe(201);
      return sent.body.id;
    };
    const sentLinkId = await sendTo(other, leaving);
    // A colleague's link on which they are a host.
    await db()
      .update(companyMembers)
      .set({ companyId: leavingCompanyId })
      .where(eq(companyMembers.userId, colleague.user.id));
    const hostedLinkId = await sendTo(other, colleague, [leaving.user.id]);

    const asked = await leaving.call(privacyContract.requestDeletion, { body: { password: leaving.password ?? '' } });
    expect(asked.statusCode, asked.error?.error).toBe(201);
    const completed = await admin.call(adminPrivacyContract.complete, { params: { id: asked.body.id } });
    expect(completed.statusCode, completed.error?.error).toBe(200);

    expect(await placesMentioning(db(), name)).toEqual([]);
    for (const place of await placesMentioning(db(), leaving.user.email)) {
      expect(['audit_logs.actor_email', 'email_outbox.to_address', 'email_outbox.text']).toContain(place);
    }
    expect(
      await db().select().from(availabilityWeeklyHours).where(eq(availabilityWeeklyHours.userId, leaving.user.id)),
    ).toEqual([]);
    expect(
      await db().select().from(availabilityDaysOff).where(eq(availabilityDaysOff.userId, leaving.user.id)),
    ).toEqual([]);
    expect(await db().select().from(bookingLinkHosts).where(eq(bookingLinkHosts.userId, leaving.user.id))).toEqual([]);
    // The applicant finds the link they were sent expired; the colleague's still stands, without them.
    expect((await other.call(bookingContract.getLink, { params: { id: sentLinkId } })).body).toMatchObject({
      status: 'expired',
      title: `Interview with ${ANONYMIZED_NAME}`,
    });
    const hosted = (await other.call(bookingContract.getLink, { params: { id: hostedLinkId } })).body;
    expect(hosted).toMatchObject({ status: 'open', hosts: [colleague.user.name] });
  });

  it('removes an erased name from the HTML part of others’ mail, where it is written escaped', async () => {
    const name = `Siobhán O'Dowd & Daughters ${randomUUID().slice(0, 8)}`;
    const leaving = await signedInAccount(testApp, { role: 'applicant', name });
    const email = offerAcceptedEmail({
      name: owner.user.name,
      applicantName: name,
      jobTitle: 'Bookkeeper',
      startDate: '2026-12-01',
    });
    expect(email.html).toContain(escapeHtml(name));
    const [mail] = await db()
      .insert(emailOutbox)
      .values({ toAddress: owner.user.email, subject: email.subject, text: email.text, html: email.html })
      .returning({ id: emailOutbox.id });

    const asked = await leaving.call(privacyContract.requestDeletion, { body: { password: leaving.password ?? '' } });
    expect(asked.statusCode).toBe(201);
    const completed = await admin.call(adminPrivacyContract.complete, { params: { id: asked.body.id } });
    expect(completed.statusCode).toBe(200);

    const [scrubbed] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, mail?.id ?? ''));
    expect(scrubbed?.text).not.toContain(name);
    expect(scrubbed?.html).not.toContain(escapeHtml(name));
    expect(scrubbed?.html).toContain(`Hi ${escapeHtml(owner.user.name)},`);
    expect(scrubbed?.html).toContain(`${ANONYMIZED_NAME} accepted your offer for Bookkeeper`);
  });

  it('takes the calendar invitation out of others’ mail that names an erased person, folded or not', async () => {
    const leaving = await signedInAccount(testApp, {
      role: 'applicant',
      name: `Ada Leaving ${randomUUID().slice(0, 8)}`,
    });
    // An ATTENDEE line as the meetings' invitations write it, folded (RFC 5545 §3.1) inside the address.
    const invitationTo = (name: string, address: string) => {
      const attendee = `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE;CN="${name}":mailto:${address}`;
      const split = attendee.indexOf(address) + 5;
      const folded = `${attendee.slice(0, split)}\r\n ${attendee.slice(split)}`;
      return ['BEGIN:VCALENDAR', 'METHOD:REQUEST', 'BEGIN:VEVENT', folded, 'END:VEVENT', 'END:VCALENDAR', ''].join(
        '\r\n',
      );
    };
    const calendar = invitationTo(leaving.user.name, leaving.user.email);
    expect(calendar).not.toContain(leaving.user.email);
    const unrelated = invitationTo('Someone Else', 'someone@example.test');
    const [named, other] = await db()
      .insert(emailOutbox)
      .values([
        { toAddress: owner.user.email, subject: 'Invitation', text: 'An interview', calendar },
        { toAddress: owner.user.email, subject: 'Invitation', text: 'Another interview', calendar: unrelated },
      ])
      .returning({ id: emailOutbox.id });

    const asked = await leaving.call(privacyContract.requestDeletion, { body: { password: leaving.password ?? '' } });
    const completed = await admin.call(adminPrivacyContract.complete, { params: { id: asked.body.id } });
    expect(completed.statusCode).toBe(200);

    const calendarOf = async (id: string | undefined) =>
      (
        await db()
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.id, id ?? ''))
      )[0]?.calendar;
    expect(await calendarOf(named?.id)).toBeNull();
    expect(await calendarOf(other?.id)).toBe(unrelated);
  });
});
