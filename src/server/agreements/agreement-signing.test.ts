import { and, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingTexts } from '~/shared/agreements';
import type { BodyOf } from '~/shared/contract';
import { agreementsContract } from '~/shared/contracts/agreements';
import { applicationsContract } from '~/shared/contracts/applications';
import { fixedPriceContract } from '~/shared/contracts/fixed-price';
import { paymentsContract } from '~/shared/contracts/payments';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { workContract } from '~/shared/contracts/work';
import { agreements, agreementTemplateVersions, assignments, auditLogs, emailOutbox, milestones } from '../db/schema';
import { anonymizeAccount } from '../kernels/identity/anonymize-account';
import { createDatabaseFileChunks, createFileStore } from '../platform/file-store';
import { todayOf } from '../platform/work-calendar';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { pdfSignatures, pdfText } from '../testing/pdf-text';
import { createTestApp, type TestApp } from '../testing/test-app';
import { remindExpiringAgreements } from './remind-expiring-agreements';

type CompanyAccount = Account & { companyId: string };
type Signature = Omit<BodyOf<typeof agreementsContract.signAgreement>, 'code'>;

const typed = (name: string): Signature => ({ consent: true, kind: 'typed', typed_name: name });
// The smallest PNG there is (one pixel), as a drawn signature's data URL.
const DRAWN =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

// Agreements signed before work starts (issue 57, decision 056), through the API on a real database: an offer
// sends an NDA and an offer letter, the hire waits, the talent signs both with the emailed code, the company
// countersigns, the sealed PDF validates with poppler's pdfsig, and only then does the assignment start. Refused:
// work before signature, signing twice, out of turn, as someone else, and changing a sent agreement.
describe('agreements: sent with an offer, signed, sealed', () => {
  let testApp: TestApp;
  let owner: CompanyAccount;
  let talent: Account;
  let otherTalent: Account;
  let hiringManager: Account;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await companyAccount(testApp, 'Nguyễn Thị Minh Khai Co.');
    await db().execute(sql`update users set name = 'Nguyễn Thị Minh Khai' where id = ${owner.user.id}`);
    talent = await signedInAccount(testApp, { role: 'applicant', name: 'عبد الله بن سلام' });
    otherTalent = await signedInAccount(testApp, { role: 'applicant', name: 'Other Talent' });
    hiringManager = await signedInAccount(testApp, {
      role: 'company',
      company: { id: owner.companyId, role: 'hiring_manager' },
    });
  }, 60_000);
  afterAll(async () => {
    await testApp.close();
  });

  // The latest signing code emailed to this person (other mail to them, a notification's, may be as recent).
  async function emailedCode(account: Account): Promise<string> {
    const [mail] = await db()
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, account.user.email), like(emailOutbox.subject, '% is your Tandem signing code')),
      )
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const code = mail?.subject.slice(0, 6) ?? '';
    expect(code).toMatch(/^\d{6}$/);
    return code;
  }

  async function talentSigns(account: Account, id: string, signature: Signature = typed(account.user.name)) {
    const asked = await account.call(agreementsContract.ownSigningCode, { params: { id } });
    expect(asked.statusCode, asked.rawPayload.toString()).toBe(200);
    return account.callUnchecked(agreementsContract.signAgreement, {
      params: { id },
      body: { ...signature, code: await emailedCode(account) },
    });
  }

  async function companyCountersigns(id: string, signature: Signature = typed(owner.user.name)) {
    const asked = await owner.call(agreementsContract.companySigningCode, { params: { id } });
    expect(asked.statusCode, asked.rawPayload.toString()).toBe(200);
    return owner.callUnchecked(agreementsContract.countersign, {
      params: { id },
      body: { ...signature, code: await emailedCode(owner) },
    });
  }

  async function hourlyOffer(templates: string[]) {
    const job = await buildJob(db(), { companyId: owner.companyId, title: 'Support Lead' });
    const application = await buildApplication(db(), {
      jobId: job.id,
      applicantId: talent.user.id,
      status: 'interviewing',
    });
    const offered = await owner.call(pipelineContract.offer, {
      params: { id: application.id },
      body: { rate: 30, weekly_hours: 20, start_date: todayOf(new Date()), agreements: templates },
    });
    expect(offered.statusCode, offered.rawPayload.toString()).toBe(200);
    const sent = await db().select().from(agreements).where(eq(agreements.applicationId, application.id));
    return { application, sent };
  }

  const byTitle = (rows: Array<typeof agreements.$inferSelect>, title: string) => {
    const row = rows.find((candidate) => candidate.title === title);
    if (!row) throw new Error(`No agreement titled ${title}`);
    return row;
  };

  it('holds the hire until the talent signs both and the company countersigns, then starts it with a sealed PDF', async () => {
    const { application, sent } = await hourlyOffer(['tandem-nda', 'tandem-offer_letter']);
    expect(sent.map((row) => [row.title, row.status, row.countersign, row.blocksWork]).sort()).toEqual([
      ['Non-disclosure agreement', 'awaiting_talent', true, true],
      ['Offer letter', 'awaiting_talent', true, true],
    ]);
    const nda = byTitle(sent, 'Non-disclosure agreement');
    const letter = byTitle(sent, 'Offer letter');
    // Merge fields filled from the hire when sent.
    expect(nda.body).toContain('عبد الله بن سلام');
    expect(nda.body).toContain('Support Lead');
    expect(nda.body).not.toContain('{{');
    expect(letter.body).toContain('$30.00 an hour');

    const toSign = await talent.call(agreementsContract.ownAgreements, { query: { state: 'to_sign' } });
    expect(toSign.body.items.map((item) => item.id).sort()).toEqual([nda.id, letter.id].sort());

    const accepted = await talent.call(applicationsContract.acceptOffer, { params: { id: application.id } });
    expect(accepted.statusCode, accepted.rawPayload.toString()).toBe(200);
    const [assignment] = await db().select().from(assignments).where(eq(assignments.applicationId, application.id));
    if (!assignment) throw new Error('The hire made no assignment.');
    expect(assignment.status).toBe('pending');

    // Work waits: no start, no time logged.
    const start = await owner.callUnchecked(workContract.startCompanyAssignment, { params: { id: assignment.id } });
    expect(start.statusCode).toBe(409);
    expect(start.error?.error).toBe(signingTexts.awaitingSignatures);
    const clockIn = await talent.callUnchecked(workContract.clockIn, { params: { id: assignment.id } });
    expect(clockIn.statusCode).toBe(409);
    expect(clockIn.error?.error).toBe(signingTexts.workWaits);

    // The company cannot countersign before the talent signs.
    await expect(
      owner.callUnchecked(agreementsContract.companySigningCode, { params: { id: nda.id } }),
    ).resolves.toMatchObject({ statusCode: 409, error: { error: signingTexts.notYourTurn } });

    // The talent signs the NDA (typed) and the offer letter (drawn).
    const signed = await talentSigns(talent, nda.id);
    expect(signed.statusCode, signed.rawPayload.toString()).toBe(200);
    expect(signed.body).toEqual({ message: signingTexts.signed });
    const twice = await talent.callUnchecked(agreementsContract.ownSigningCode, { params: { id: nda.id } });
    expect(twice.statusCode).toBe(409);
    expect(twice.error?.error).toBe(signingTexts.alreadySigned);
    expect((await talentSigns(talent, letter.id, { consent: true, kind: 'drawn', drawing: DRAWN })).statusCode).toBe(
      200,
    );

    // A Hiring Manager reads the agreements but does not countersign.
    const read = await hiringManager.call(agreementsContract.companyAgreement, { params: { id: nda.id } });
    expect(read.body).toMatchObject({ state: 'awaiting_company', can_sign: false });
    const managerSigns = await hiringManager.callUnchecked(agreementsContract.companySigningCode, {
      params: { id: nda.id },
    });
    expect(managerSigns.statusCode).toBe(403);

    // The NDA countersigned: completed and sealed; the offer letter still holds the work.
    const countersigned = await companyCountersigns(nda.id);
    expect(countersigned.statusCode, countersigned.rawPayload.toString()).toBe(200);
    expect(countersigned.body).toEqual({ message: signingTexts.countersigned });
    const detail = await owner.call(agreementsContract.companyAgreement, { params: { id: nda.id } });
    expect(detail.body).toMatchObject({ state: 'completed', sealed: true, can_sign: false });
    expect(detail.body.signatures.map((signature) => [signature.party, signature.signer_name])).toEqual([
      ['talent', 'عبد الله بن سلام'],
      ['company', 'Nguyễn Thị Minh Khai'],
    ]);
    expect(detail.body.sealed_sha256).toMatch(/^[0-9a-f]{64}$/);
    const [stillPending] = await db().select().from(assignments).where(eq(assignments.id, assignment.id));
    expect(stillPending?.status).toBe('pending');

    const countersignedLetter = await companyCountersigns(letter.id);
    expect(countersignedLetter.statusCode, countersignedLetter.rawPayload.toString()).toBe(200);
    const [started] = await db().select().from(assignments).where(eq(assignments.id, assignment.id));
    expect(started?.status).toBe('active');

    // The sealed PDF: pdfsig finds the seal valid over the whole file; both names read back exactly; both
    // parties and administrators download the same bytes.
    const pdf = await talent.callUnchecked(agreementsContract.ownAgreementPdf, { params: { id: nda.id } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(await pdfSignatures(pdf.rawPayload)).toEqual([{ validity: 'Signature is Valid.', wholeFile: true }]);
    const text = (await pdfText(pdf.rawPayload)).replace(/[\u202a-\u202e]/g, '');
    expect(text).toContain('عبد الله بن سلام');
    expect(text).toContain('Nguyễn Thị Minh Khai');
    expect(text).toContain('Certificate of completion');
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(detail.body.sealed_sha256);
    const companyCopy = await owner.callUnchecked(agreementsContract.companyAgreementPdf, { params: { id: nda.id } });
    expect(companyCopy.rawPayload.equals(pdf.rawPayload)).toBe(true);
    const admin = await signedInAccount(testApp, { role: 'admin' });
    const adminCopy = await admin.callUnchecked(agreementsContract.adminAgreementPdf, { params: { id: nda.id } });
    expect(adminCopy.rawPayload.equals(pdf.rawPayload)).toBe(true);
    const adminList = await admin.call(agreementsContract.adminAgreements, { query: { search: 'عبد الله' } });
    expect(adminList.body.items.map((item) => item.id)).toEqual(expect.arrayContaining([nda.id, letter.id]));

    const trail = await db()
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'agreement'), eq(auditLogs.targetId, nda.id)));
    expect(trail.map((row) => row.action).sort()).toEqual(['agreement.countersigned', 'agreement.signed']);
  }, 60_000);

  it('refuses a wrong code, a code for another agreement, and signing as someone else', async () => {
    const { sent } = await hourlyOffer(['tandem-nda', 'tandem-contractor_agreement']);
    const [first, second] = sent;
    if (!first || !second) throw new Error('Two agreements were not sent.');
    const wrong = await talent.callUnchecked(agreementsContract.signAgreement, {
      params: { id: first.id },
      body: { ...typed('Me'), code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.error?.fields).toEqual({ code: signingTexts.codeWrong });

    // A code asked for one agreement signs no other.
    await talent.call(agreementsContract.ownSigningCode, { params: { id: first.id } });
    const crossed = await talent.callUnchecked(agreementsContract.signAgreement, {
      params: { id: second.id },
      body: { ...typed('Me'), code: await emailedCode(talent) },
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.error?.fields).toEqual({ code: signingTexts.codeWrong });

    // Another talent, or a company member on the talent's endpoint, finds no such agreement of theirs.
    expect(
      (await otherTalent.callUnchecked(agreementsContract.ownSigningCode, { params: { id: first.id } })).statusCode,
    ).toBe(404);
    expect(
      (await otherTalent.callUnchecked(agreementsContract.ownAgreement, { params: { id: first.id } })).statusCode,
    ).toBe(404);
    const companyAsTalent = await owner.callUnchecked(agreementsContract.signAgreement, {
      params: { id: first.id },
      body: { ...typed('Me'), code: '123456' },
    });
    expect(companyAsTalent.statusCode).toBe(404);

    // A drawing that is no readable PNG is refused at the field, before anything is kept.
    const corrupt = Buffer.from(DRAWN.slice('data:image/png;base64,'.length), 'base64');
    corrupt[40] = (corrupt[40] ?? 0) ^ 0xff;
    corrupt[45] = (corrupt[45] ?? 0) ^ 0xff;
    await talent.call(agreementsContract.ownSigningCode, { params: { id: first.id } });
    const unreadable = await talent.callUnchecked(agreementsContract.signAgreement, {
      params: { id: first.id },
      body: {
        consent: true,
        kind: 'drawn',
        drawing: `data:image/png;base64,${corrupt.toString('base64')}`,
        code: await emailedCode(talent),
      },
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.error?.fields).toEqual({ drawing: signingTexts.drawingInvalid });

    // Consent and a signature are required, each with its sentence.
    const bare = await talent.callUnchecked(agreementsContract.signAgreement, {
      params: { id: first.id },
      body: { consent: false, kind: 'drawn', code: '12' },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.error?.fields).toMatchObject({
      consent: signingTexts.consentRequired,
      drawing: signingTexts.drawingRequired,
      code: signingTexts.codeRequired,
    });
  });

  it('refuses to fund a fixed-price milestone until the statement of work is signed', async () => {
    const job = await buildJob(db(), { companyId: owner.companyId, engagementType: 'fixed', title: 'Brand refresh' });
    const application = await buildApplication(db(), {
      jobId: job.id,
      applicantId: talent.user.id,
      status: 'interviewing',
    });
    const today = todayOf(new Date());
    const offered = await owner.call(pipelineContract.fixedPriceOffer, {
      params: { id: application.id },
      body: {
        total_cents: 50_000,
        start_date: today,
        milestones: [{ title: 'Logo', description: '', amount_cents: 50_000, due_date: today }],
        agreements: ['tandem-statement_of_work'],
      },
    });
    expect(offered.statusCode, offered.rawPayload.toString()).toBe(200);
    const [statement] = await db().select().from(agreements).where(eq(agreements.applicationId, application.id));
    expect(statement?.body).toContain('Logo — $500.00');
    await talent.call(applicationsContract.acceptOffer, { params: { id: application.id } });
    const [contract] = await db().select().from(assignments).where(eq(assignments.applicationId, application.id));
    const [milestone] = await db()
      .select()
      .from(milestones)
      .where(eq(milestones.assignmentId, contract?.id ?? ''));
    const card = await owner.call(paymentsContract.addPaymentMethod, {
      body: { kind: 'card', card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    const fund = await owner.callUnchecked(fixedPriceContract.fund, {
      params: { id: milestone?.id ?? '' },
      body: { payment_method_id: card.body.id },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(fund.statusCode, fund.rawPayload.toString()).toBe(409);
    expect(fund.error?.error).toBe(signingTexts.fundingWaits);
  }, 60_000);

  it('keeps signed agreements under legal hold when the talent is erased, and voids the open ones', async () => {
    const leaver = await signedInAccount(testApp, { role: 'applicant', name: 'Lena Leaver' });
    const job = await buildJob(db(), { companyId: owner.companyId, title: 'Bookkeeper' });
    const application = await buildApplication(db(), {
      jobId: job.id,
      applicantId: leaver.user.id,
      status: 'interviewing',
    });
    await owner.call(pipelineContract.offer, {
      params: { id: application.id },
      body: {
        rate: 25,
        weekly_hours: 10,
        start_date: todayOf(new Date()),
        agreements: ['tandem-nda', 'tandem-ip_assignment'],
      },
    });
    const sent = await db().select().from(agreements).where(eq(agreements.applicationId, application.id));
    const nda = byTitle(sent, 'Non-disclosure agreement');
    const ip = byTitle(sent, 'IP assignment');
    expect((await talentSigns(leaver, nda.id)).statusCode).toBe(200);
    expect((await companyCountersigns(nda.id)).statusCode).toBe(200);
    const before = await owner.callUnchecked(agreementsContract.companyAgreementPdf, { params: { id: nda.id } });

    const files = createFileStore({ db: db(), chunks: createDatabaseFileChunks(db()) });
    await anonymizeAccount({ db: db(), files, userId: leaver.user.id, actorId: leaver.user.id });

    const after = await owner.callUnchecked(agreementsContract.companyAgreementPdf, { params: { id: nda.id } });
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
    const kept = await owner.call(agreementsContract.companyAgreement, { params: { id: nda.id } });
    expect(kept.body.signatures.map((signature) => signature.signer_name)).toContain('Lena Leaver');
    const open = await owner.call(agreementsContract.companyAgreement, { params: { id: ip.id } });
    expect(open.body.state).toBe('voided');
  }, 60_000);

  it('makes a rate change after hire an addendum both sign, without holding the work back', async () => {
    const { application, sent } = await hourlyOffer(['tandem-nda']);
    const [nda] = sent;
    if (!nda) throw new Error('No agreement was sent.');
    await talent.call(applicationsContract.acceptOffer, { params: { id: application.id } });
    expect((await talentSigns(talent, nda.id)).statusCode).toBe(200);
    expect((await companyCountersigns(nda.id)).statusCode).toBe(200);
    const [assignment] = await db().select().from(assignments).where(eq(assignments.applicationId, application.id));
    expect(assignment?.status).toBe('active');

    const tomorrow = todayOf(new Date(Date.now() + 24 * 60 * 60 * 1000));
    const changed = await owner.call(workContract.changeCompanyAssignmentTerms, {
      params: { id: assignment?.id ?? '' },
      body: { rate_cents: 3_500, effective_date: tomorrow },
    });
    expect(changed.statusCode, changed.rawPayload.toString()).toBe(200);
    const [addendum] = await db()
      .select()
      .from(agreements)
      .where(and(eq(agreements.assignmentId, assignment?.id ?? ''), eq(agreements.kind, 'addendum')));
    expect(addendum).toMatchObject({ title: 'Addendum', status: 'awaiting_talent', blocksWork: false });
    expect(addendum?.body).toContain('$35.00 an hour');
    const [still] = await db()
      .select()
      .from(assignments)
      .where(eq(assignments.id, assignment?.id ?? ''));
    expect(still?.status).toBe('active');
    expect((await talentSigns(talent, addendum?.id ?? '')).statusCode).toBe(200);

    // An offer never sends an addendum.
    const job = await buildJob(db(), { companyId: owner.companyId });
    const other = await buildApplication(db(), { jobId: job.id, applicantId: talent.user.id, status: 'interviewing' });
    const refused = await owner.callUnchecked(pipelineContract.offer, {
      params: { id: other.id },
      body: { rate: 30, weekly_hours: 20, start_date: todayOf(new Date()), agreements: ['tandem-addendum'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.error?.fields).toEqual({ agreements: signingTexts.templateUnknown });
  }, 60_000);

  it('gives a job its own set of agreements, which its offers start with', async () => {
    const job = await buildJob(db(), { companyId: owner.companyId, title: 'Designer' });
    const before = await owner.call(agreementsContract.jobAgreements, { params: { id: job.id } });
    expect(before.body.templates).toBeNull();
    const saved = await owner.call(agreementsContract.updateJobAgreements, {
      params: { id: job.id },
      body: { templates: ['tandem-ip_assignment', 'tandem-contractor_agreement'] },
    });
    expect(saved.body).toEqual({
      templates: ['tandem-ip_assignment', 'tandem-contractor_agreement'],
      effective: ['tandem-ip_assignment', 'tandem-contractor_agreement'],
    });
    // A Hiring Manager reads it for Make Offer; only the Owner and Admins change it; another company sees no job.
    const read = await hiringManager.call(agreementsContract.jobAgreements, { params: { id: job.id } });
    expect(read.body.effective).toEqual(['tandem-ip_assignment', 'tandem-contractor_agreement']);
    const managerSaves = await hiringManager.callUnchecked(agreementsContract.updateJobAgreements, {
      params: { id: job.id },
      body: { templates: null },
    });
    expect(managerSaves.statusCode).toBe(403);
    const stranger = await companyAccount(testApp, 'Elsewhere Ltd');
    const theirs = await stranger.callUnchecked(agreementsContract.jobAgreements, { params: { id: job.id } });
    expect(theirs.statusCode).toBe(404);
    const back = await owner.call(agreementsContract.updateJobAgreements, {
      params: { id: job.id },
      body: { templates: null },
    });
    expect(back.body.templates).toBeNull();
  });

  it('never changes a sent agreement: not by SQL, not when its template is edited', async () => {
    const created = await owner.call(agreementsContract.createTemplate, {
      body: { kind: 'nda', name: 'Harbor NDA', body: '# NDA\n{{talent_name}} keeps the secrets.' },
    });
    const { sent } = await hourlyOffer([created.body.id]);
    const [agreement] = sent;
    if (!agreement) throw new Error('No agreement was sent.');
    expect(agreement).toMatchObject({ title: 'Harbor NDA', templateId: created.body.id, templateVersion: 1 });
    await expect(
      db().execute(sql`update agreements set body = 'Something else' where id = ${agreement.id}`),
    ).rejects.toThrow();
    await owner.call(agreementsContract.updateTemplate, {
      params: { id: created.body.id },
      body: { name: 'Harbor NDA', body: '# NDA\n{{talent_name}} keeps fewer secrets.' },
    });
    const [after] = await db().select().from(agreements).where(eq(agreements.id, agreement.id));
    expect(after?.body).toBe(agreement.body);
    const versions = await db()
      .select({ version: agreementTemplateVersions.version })
      .from(agreementTemplateVersions)
      .where(eq(agreementTemplateVersions.templateId, created.body.id));
    expect(versions).toHaveLength(2);
  });

  it('lets the talent decline with a reason, and the company void or send it again', async () => {
    const { sent } = await hourlyOffer(['tandem-ip_assignment']);
    const [agreement] = sent;
    if (!agreement) throw new Error('No agreement was sent.');
    const noReason = await talent.callUnchecked(agreementsContract.declineAgreement, {
      params: { id: agreement.id },
      body: { reason: '  ' },
    });
    expect(noReason.error?.fields).toEqual({ reason: signingTexts.declineReasonRequired });
    const declined = await talent.call(agreementsContract.declineAgreement, {
      params: { id: agreement.id },
      body: { reason: 'Clause 2 assigns work I did before.' },
    });
    expect(declined.body).toEqual({ message: signingTexts.declined });
    const view = await owner.call(agreementsContract.companyAgreement, { params: { id: agreement.id } });
    expect(view.body).toMatchObject({ state: 'declined', decline_reason: 'Clause 2 assigns work I did before.' });
    const remind = await owner.callUnchecked(agreementsContract.remindAgreement, { params: { id: agreement.id } });
    expect(remind.statusCode).toBe(409);

    const resent = await owner.call(agreementsContract.resendAgreement, { params: { id: agreement.id } });
    expect(resent.statusCode).toBe(201);
    const again = await talent.call(agreementsContract.ownAgreement, { params: { id: resent.body.id } });
    expect(again.body).toMatchObject({ state: 'awaiting_talent', can_sign: true, body: agreement.body });
    const reminded = await owner.call(agreementsContract.remindAgreement, { params: { id: resent.body.id } });
    expect(reminded.body).toEqual({ message: signingTexts.reminded });
    const tooSoon = await owner.callUnchecked(agreementsContract.remindAgreement, { params: { id: resent.body.id } });
    expect(tooSoon.error?.error).toBe(signingTexts.remindedRecently);

    const voided = await owner.call(agreementsContract.voidAgreement, { params: { id: resent.body.id } });
    expect(voided.body).toEqual({ message: signingTexts.voided });
    const afterVoid = await talent.call(agreementsContract.ownAgreement, { params: { id: resent.body.id } });
    expect(afterVoid.body).toMatchObject({ state: 'voided', can_sign: false });
    const signVoided = await talent.callUnchecked(agreementsContract.ownSigningCode, {
      params: { id: resent.body.id },
    });
    expect(signVoided.error?.error).toBe(signingTexts.notOpen);
  });

  it('reminds the talent once when three days are left to sign, across runs and instances', async () => {
    const { sent } = await hourlyOffer(['tandem-contractor_agreement']);
    const [agreement] = sent;
    if (!agreement) throw new Error('No agreement was sent.');
    const mailer = { sent: [] as string[], send: async (to: string) => void mailer.sent.push(to) };
    const early = await remindExpiringAgreements({ db: db(), mailer, publicUrl: 'https://tandem.test' });
    expect(early.reminded).not.toContain(agreement.id);
    await db().execute(sql`update agreements set expires_at = now() + interval '2 days' where id = ${agreement.id}`);
    const runs = await Promise.all([
      remindExpiringAgreements({ db: db(), mailer, publicUrl: 'https://tandem.test' }),
      remindExpiringAgreements({ db: db(), mailer, publicUrl: 'https://tandem.test' }),
    ]);
    expect(runs.flatMap((run) => run.reminded).filter((id) => id === agreement.id)).toHaveLength(1);
    expect(mailer.sent.filter((to) => to === talent.user.email)).toHaveLength(1);
    const again = await remindExpiringAgreements({ db: db(), mailer, publicUrl: 'https://tandem.test' });
    expect(again.reminded).not.toContain(agreement.id);
  });

  it('keeps an expired agreement from being signed', async () => {
    const { sent } = await hourlyOffer(['tandem-nda']);
    const [agreement] = sent;
    if (!agreement) throw new Error('No agreement was sent.');
    await db().execute(sql`update agreements set expires_at = now() - interval '1 minute' where id = ${agreement.id}`);
    const code = await talent.callUnchecked(agreementsContract.ownSigningCode, { params: { id: agreement.id } });
    expect(code.statusCode).toBe(409);
    expect(code.error?.error).toBe(signingTexts.expired);
    const view = await talent.call(agreementsContract.ownAgreement, { params: { id: agreement.id } });
    expect(view.body.state).toBe('expired');
  });

  it('lets work start before signatures, and completes on the talent’s, when the company chooses so', async () => {
    const saved = await owner.call(agreementsContract.updateSettings, {
      body: {
        default_templates: ['tandem-nda'],
        countersign: false,
        work_waits_for_signatures: false,
        governing_law: 'the laws of Vietnam',
        notice_period: '30 days',
      },
    });
    expect(saved.body).toMatchObject({ default_templates: ['tandem-nda'], countersign: false });
    const unknown = await owner.callUnchecked(agreementsContract.updateSettings, {
      body: { ...saved.body, default_templates: ['tandem-unknown'] },
    });
    expect(unknown.error?.fields).toEqual({ default_templates: signingTexts.templateUnknown });
    const managerSaves = await hiringManager.callUnchecked(agreementsContract.updateSettings, { body: saved.body });
    expect(managerSaves.statusCode).toBe(403);

    const { application, sent } = await hourlyOffer(['tandem-nda']);
    const [agreement] = sent;
    expect(agreement).toMatchObject({ countersign: false, blocksWork: false });
    expect(agreement?.body).toContain('the laws of Vietnam');
    await talent.call(applicationsContract.acceptOffer, { params: { id: application.id } });
    const [assignment] = await db().select().from(assignments).where(eq(assignments.applicationId, application.id));
    const started = await owner.callUnchecked(workContract.startCompanyAssignment, {
      params: { id: assignment?.id ?? '' },
    });
    expect(started.statusCode, started.rawPayload.toString()).toBe(200);
    // No countersignature: the talent's signature completes and seals it.
    const signed = await talentSigns(talent, agreement?.id ?? '');
    expect(signed.statusCode).toBe(200);
    const view = await talent.call(agreementsContract.ownAgreement, { params: { id: agreement?.id ?? '' } });
    expect(view.body).toMatchObject({ state: 'completed', sealed: true });
  }, 60_000);
});
