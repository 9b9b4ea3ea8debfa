import { and, eq } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CV_MAX_BYTES, type CvVisibility, cvTexts, DOCX_CONTENT_TYPE, PDF_CONTENT_TYPE } from '~/shared/applicant-cv';
import { pathOf } from '~/shared/contract';
import { applicantCvContract } from '~/shared/contracts/applicant-cv';
import { platformContract } from '~/shared/contracts/platform';
import { adminPrivacyContract, privacyContract } from '~/shared/contracts/privacy';
import { talentSearchContract } from '~/shared/contracts/talent-search';
import { applicantProfiles, auditLogs, jobInvitations, storedFiles } from '../db/schema';
import { buildApplication } from '../seed/job-factories';
import { buildApplicantProfile } from '../seed/talent-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { docxCv, pdfCv, zipBombDocx } from '../testing/cv-files';
import { type Account, companyAccount, jobWith, uniqueWord } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { extractCvText } from './extract-cv-text';
import { CV_TEXT_LIMITS, readCvText } from './read-cv-text';

// The CV (issue 33): upload, the background reading of its text into Talent Search, who may download
// it, and the limits that keep a hostile file from hurting anything but its own reading.
describe('applicant CV', () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof companyAccount>>;
  let otherCompany: Awaited<ReturnType<typeof companyAccount>>;
  let admin: Account;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { JOB_POLLING_SECONDS: '0.5' } });
    company = await companyAccount(testApp, 'Acme Staffing');
    otherCompany = await companyAccount(testApp, 'Other Staffing');
    admin = await signedInAccount(testApp, { role: 'admin' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  // Each reading starts a worker thread that loads pdf.js: seconds on a busy machine.
  const READING_TIMEOUT = 60_000;
  const logger = { warn: () => undefined };

  // A listed applicant (so Talent Search finds them) whose profile does not hold `word`.
  const applicant = async (name = 'Cora Vitae') => {
    const account = await signedInAccount(testApp, { role: 'applicant', name });
    await buildApplicantProfile(db(), account.user.id, { summary: 'Remote specialist.' });
    return account;
  };
  // The contract types a file body as the browser's Blob; inject sends the bytes as a Buffer or text, typed
  // (and named) as the browser would, also those a test of refusals claims falsely.
  const upload = (account: Account, body: Buffer | string, contentType = PDF_CONTENT_TYPE, name = 'My CV.pdf') =>
    account.callUnchecked(applicantCvContract.uploadCv, {
      body,
      headers: { 'content-type': contentType, 'x-file-name': encodeURIComponent(name) },
    });
  const ownCv = async (account: Account) => (await account.call(applicantCvContract.ownCv)).body;
  const setVisibility = (account: Account, visibility: CvVisibility) =>
    account.call(applicantCvContract.updateCvVisibility, { body: { visibility } });
  const search = async (account: Account, q: string) => {
    // The contract's query type requires the lists (a preprocessed field's input is required); left undefined,
    // they stay out of the query string.
    const response = await account.call(talentSearchContract.search, {
      query: { q, skills: undefined, availability: undefined, badges: undefined },
    });
    expect(response.statusCode, response.error?.error).toBe(200);
    return response.body;
  };
  const download = (account: Account, applicantId: string) =>
    account.call(applicantCvContract.downloadCv, { params: { id: applicantId } });
  const cvFileIdOf = async (applicantId: string) =>
    (
      await db()
        .select({ cvFileId: applicantProfiles.cvFileId })
        .from(applicantProfiles)
        .where(eq(applicantProfiles.userId, applicantId))
    )[0]?.cvFileId ?? null;
  // The job the upload queued, run here (the queue's worker may have run it first: it is idempotent).
  const readNow = async (applicantId: string, limits = CV_TEXT_LIMITS) => {
    const fileId = await cvFileIdOf(applicantId);
    if (!fileId) throw new Error('No CV to read.');
    await extractCvText({ db: db(), files: testApp.app.appContext.files, logger, applicantId, fileId, limits });
    return (await db().select().from(applicantProfiles).where(eq(applicantProfiles.userId, applicantId)))[0];
  };

  it('finds a candidate by a word only in their CV, read by the background job, and shows where it matched', {
    timeout: READING_TIMEOUT,
  }, async () => {
    const word = uniqueWord();
    const cora = await applicant();
    const pdf = await pdfCv([
      `Cora Vitae\nLed the ${word} migration for a payments company.`,
      'References on request.',
    ]);
    expect((await search(company, word)).items).toEqual([]);

    const uploaded = await upload(cora, pdf);
    expect(uploaded.statusCode, uploaded.error?.error).toBe(200);
    expect(uploaded.body.cv).toMatchObject({
      name: 'My CV.pdf',
      content_type: PDF_CONTENT_TYPE,
      byte_size: pdf.length,
      visibility: 'related_companies',
      text_status: 'pending',
    });
    // The queue's own worker reads it.
    await vi.waitFor(async () => expect((await ownCv(cora)).cv?.text_status).toBe('ready'), {
      timeout: 30_000,
      interval: 250,
    });

    const [found] = (await search(company, word)).items;
    expect(found).toMatchObject({
      id: cora.user.id,
      cv: { can_download: false, download_url: pathOf(applicantCvContract.downloadCv.path, { id: cora.user.id }) },
      // Shared with related companies only: the company learns the CV matched, not what it says.
      cv_match: { excerpt: null },
    });

    expect((await setVisibility(cora, 'all_companies')).statusCode).toBe(200);
    const [open] = (await search(company, word)).items;
    expect(open?.cv?.can_download).toBe(true);
    const excerpt = open?.cv_match?.excerpt ?? [];
    expect(excerpt.filter((part) => part.is_match).map((part) => part.text.toLowerCase())).toEqual([word]);
    expect(excerpt.map((part) => part.text).join('')).toContain('migration for a payments');
    // A search by a profile word only shows no CV match.
    expect((await search(company, `Remote specialist ${word}`)).items[0]?.cv_match).not.toBeNull();
    const byProfile = (await search(company, 'Remote specialist')).items.find((item) => item.id === cora.user.id);
    expect(byProfile?.cv_match ?? null).toBeNull();
    // Excluding a CV word excludes the candidate.
    expect((await search(company, `Remote -${word}`)).items.map((item) => item.id)).not.toContain(cora.user.id);
  });

  it('reads a DOCX, and a replaced CV takes its text out of search with its file', {
    timeout: READING_TIMEOUT,
  }, async () => {
    const [oldWord, newWord] = [uniqueWord(), uniqueWord()];
    const dan = await applicant('Dan Docx');
    expect((await upload(dan, await pdfCv([`Expert in ${oldWord}`]))).statusCode).toBe(200);
    const oldFileId = await cvFileIdOf(dan.user.id);
    expect((await readNow(dan.user.id))?.cvTextStatus).toBe('ready');
    expect((await search(company, oldWord)).total).toBe(1);

    const docx = docxCv(['Dan Docx', `Ten years of ${newWord} & friends <tools>`]);
    const replaced = await upload(dan, docx, DOCX_CONTENT_TYPE, 'dan.docx');
    expect(replaced.statusCode, replaced.error?.error).toBe(200);
    expect(replaced.body.cv).toMatchObject({ name: 'dan.docx', content_type: DOCX_CONTENT_TYPE });
    const profile = await readNow(dan.user.id);
    expect(profile?.cvTextStatus).toBe('ready');
    expect(profile?.cvText).toBe(`Dan Docx\nTen years of ${newWord} & friends <tools>`);
    expect(
      await db()
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.id, oldFileId ?? '')),
    ).toEqual([]);
    expect((await search(company, oldWord)).total).toBe(0);
    expect((await search(company, newWord)).items.map((item) => item.id)).toEqual([dan.user.id]);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actorId, dan.user.id), eq(auditLogs.action, 'applicant.cv_updated')))
      .orderBy(auditLogs.createdAt);
    expect(audit?.details).toMatchObject({ change: 'uploaded', content_type: PDF_CONTENT_TYPE });
  });

  it('refuses other types, files whose bytes are not what they claim, empty and oversized files, keeping the CV', async () => {
    const eve = await applicant('Eve Edge');
    expect((await upload(eve, await pdfCv(['Kept']))).statusCode).toBe(200);
    const kept = await cvFileIdOf(eve.user.id);

    const refusals: Array<[Buffer | string, string, number, string]> = [
      ['plain text', 'text/plain', 415, cvTexts.unsupportedType],
      [docxCv(['A DOCX said to be a PDF']), PDF_CONTENT_TYPE, 400, cvTexts.contentMismatch(PDF_CONTENT_TYPE)],
      [await pdfCv(['A PDF said to be a DOCX']), DOCX_CONTENT_TYPE, 400, cvTexts.contentMismatch(DOCX_CONTENT_TYPE)],
      // A zip, but no Word document in it.
      [
        Buffer.from(zipSync({ 'notes.txt': strToU8('No Word document here') })),
        DOCX_CONTENT_TYPE,
        400,
        cvTexts.contentMismatch(DOCX_CONTENT_TYPE),
      ],
      // A PDF header on something that is no PDF.
      [
        Buffer.from('%PDF-1.7 and then nothing of a PDF at all'),
        PDF_CONTENT_TYPE,
        400,
        cvTexts.contentMismatch(PDF_CONTENT_TYPE),
      ],
      ['', PDF_CONTENT_TYPE, 400, cvTexts.empty],
      [Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(CV_MAX_BYTES)]), PDF_CONTENT_TYPE, 413, cvTexts.tooLarge],
    ];
    for (const [body, type, status, sentence] of refusals) {
      const response = await upload(eve, body, type);
      expect(response.statusCode, `${type}: ${response.error?.error}`).toBe(status);
      expect(response.error?.error).toBe(sentence);
    }
    expect(await cvFileIdOf(eve.user.id)).toBe(kept);
    // Nothing refused is left in the store.
    expect(
      await db()
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(and(eq(storedFiles.ownerId, eve.user.id), eq(storedFiles.kind, 'cv'))),
    ).toEqual([{ id: kept }]);
  });

  it(
    'stops reading a zip bomb at its limit: the reading fails, the server answers, the CV is kept',
    async () => {
      const bomb = await applicant('Bob Bomb');
      // 64 MB of document.xml from a few tens of kilobytes, past the 20 MB the reader inflates.
      const zipBomb = zipBombDocx(64 * 1024 * 1024);
      expect(zipBomb.length).toBeLessThan(200_000);
      expect((await upload(bomb, zipBomb, DOCX_CONTENT_TYPE, 'bomb.docx')).statusCode).toBe(200);
      const read = readNow(bomb.user.id);
      // The server answers while the reading runs.
      expect((await callerFrom(testApp).call(platformContract.health)).statusCode).toBeLessThan(500);
      expect((await read)?.cvTextStatus).toBe('failed');
      expect((await ownCv(bomb)).cv).toMatchObject({ name: 'bomb.docx', text_status: 'failed' });

      // The failed CV is kept, and downloadable by whom it is shared with.
      expect((await setVisibility(bomb, 'all_companies')).statusCode).toBe(200);
      const downloaded = await download(company, bomb.user.id);
      expect(downloaded.statusCode).toBe(200);
      expect(downloaded.rawPayload.equals(zipBomb)).toBe(true);
    },
    READING_TIMEOUT,
  );

  it(
    'fails the reading of a PDF with too many pages, and of a broken one',
    async () => {
      const pages = await applicant('Paige Pages');
      const longPdf = await pdfCv(Array.from({ length: CV_TEXT_LIMITS.maxPages + 1 }, (_, index) => `Page ${index}`));
      expect((await upload(pages, longPdf)).statusCode).toBe(200);
      expect((await readNow(pages.user.id))?.cvTextStatus).toBe('failed');

      // Valid start and end, nothing readable between.
      const broken = await applicant('Brook Broken');
      const brokenPdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF\n');
      expect((await upload(broken, brokenPdf)).statusCode).toBe(200);
      expect((await readNow(broken.user.id))?.cvTextStatus).toBe('failed');
    },
    READING_TIMEOUT,
  );

  it(
    'ends a reading past its time limit',
    async () => {
      const slow = await readCvText({
        bytes: await pdfCv(['Fine, but read with no time to do it']),
        contentType: PDF_CONTENT_TYPE,
        limits: { ...CV_TEXT_LIMITS, timeoutMs: 1 },
      });
      expect(slow).toEqual({ ok: false, reason: 'still reading after 1 ms' });
    },
    READING_TIMEOUT,
  );

  it('caps the text it keeps', { timeout: READING_TIMEOUT }, async () => {
    const answer = await readCvText({
      bytes: new Uint8Array(docxCv(Array.from({ length: 2000 }, (_, index) => `Paragraph ${index} of a long CV`))),
      contentType: DOCX_CONTENT_TYPE,
      limits: { ...CV_TEXT_LIMITS, maxChars: 1000 },
    });
    expect(answer.ok && answer.text.length).toBe(1000);
  });

  it('lets a company download only as the applicant chose, audited and rate limited', async () => {
    const fay = await applicant('Fay File');
    const pdf = await pdfCv(['Fay File, engineer']);
    expect((await upload(fay, pdf, PDF_CONTENT_TYPE, 'Fay File – CV.pdf')).statusCode).toBe(200);

    // Shared with related companies (the default): a stranger company is refused with the reason.
    const refused = await download(company, fay.user.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.error?.error).toBe(cvTexts.notPermitted);

    // Applied to one of the company's jobs: that company may.
    const job = await jobWith(testApp, company.companyId, uniqueWord());
    await buildApplication(db(), { jobId: job.id, applicantId: fay.user.id });
    const allowed = await download(company, fay.user.id);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-type']).toBe(PDF_CONTENT_TYPE);
    expect(allowed.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('Fay File – CV.pdf')}`,
    );
    expect(allowed.rawPayload.equals(pdf)).toBe(true);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'applicant.cv_downloaded'), eq(auditLogs.targetId, fay.user.id)));
    expect(audit).toMatchObject({ actorId: company.user.id, targetType: 'user' });
    expect(audit?.details).toMatchObject({ company_id: company.companyId, file_name: 'Fay File – CV.pdf' });

    // Invited by the other company: it may too.
    expect((await download(otherCompany, fay.user.id)).statusCode).toBe(403);
    const otherJob = await jobWith(testApp, otherCompany.companyId, uniqueWord());
    await db().insert(jobInvitations).values({ jobId: otherJob.id, applicantId: fay.user.id });
    expect((await download(otherCompany, fay.user.id)).statusCode).toBe(200);

    // Every company once opened; administrators always; never other applicants or the signed-out.
    const third = await companyAccount(testApp);
    expect((await download(third, fay.user.id)).statusCode).toBe(403);
    expect((await setVisibility(fay, 'all_companies')).statusCode).toBe(200);
    expect((await download(third, fay.user.id)).statusCode).toBe(200);
    expect((await download(admin, fay.user.id)).statusCode).toBe(200);
    expect((await download(await applicant(), fay.user.id)).statusCode).toBe(403);
    expect(
      (await callerFrom(testApp).call(applicantCvContract.downloadCv, { params: { id: fay.user.id } })).statusCode,
    ).toBe(401);
    // A choice the contract does not offer, sent on purpose.
    const bad = await fay.callUnchecked(applicantCvContract.updateCvVisibility, { body: { visibility: 'everyone' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.error?.fields?.visibility).toBe(cvTexts.visibility);

    // 60 downloads an hour per account, then a 429 with its sentence.
    const scraper = await companyAccount(testApp);
    for (let count = 0; count < 60; count++) expect((await download(scraper, fay.user.id)).statusCode).toBe(200);
    const limited = await download(scraper, fay.user.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.error?.error).toContain(cvTexts.downloadRateLimited);
  });

  it('is removed by the applicant: the file goes and the CV no longer finds them', {
    timeout: READING_TIMEOUT,
  }, async () => {
    const word = uniqueWord();
    const rae = await applicant('Rae Removed');
    expect((await upload(rae, await pdfCv([`Skilled in ${word}`]))).statusCode).toBe(200);
    const fileId = await cvFileIdOf(rae.user.id);
    await readNow(rae.user.id);
    expect((await search(company, word)).total).toBe(1);
    expect((await rae.call(applicantCvContract.downloadOwnCv)).statusCode).toBe(200);

    const removed = await rae.call(applicantCvContract.removeCv);
    expect(removed.statusCode).toBe(200);
    expect(removed.body).toEqual({ cv: null });
    expect(
      await db()
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.id, fileId ?? '')),
    ).toEqual([]);
    expect((await search(company, word)).total).toBe(0);
    expect((await download(admin, rae.user.id)).error?.error).toBe(cvTexts.missing);
    expect((await setVisibility(rae, 'all_companies')).statusCode).toBe(404);
    // Removing again is no error; companies may not remove it.
    expect((await rae.call(applicantCvContract.removeCv)).statusCode).toBe(200);
    expect((await company.call(applicantCvContract.removeCv)).statusCode).toBe(403);
    expect((await upload(company, await pdfCv(['x']))).statusCode).toBe(403);
  });

  it('is in the applicant’s data export, and gone after erasure', { timeout: READING_TIMEOUT }, async () => {
    const word = uniqueWord();
    const gus = await applicant('Gus Gone');
    const pdf = await pdfCv([`Gus Gone knows ${word}`]);
    expect((await upload(gus, pdf, PDF_CONTENT_TYPE, 'gus.pdf')).statusCode).toBe(200);
    await readNow(gus.user.id);
    const fileId = await cvFileIdOf(gus.user.id);

    const exported = await gus.call(privacyContract.exportData);
    expect(exported.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(exported.rawPayload));
    const data = JSON.parse(strFromU8(zip['data.json'] as Uint8Array));
    expect(data.profile[0]).toMatchObject({ cv_text_status: 'ready', cv_visibility: 'related_companies' });
    expect(data.profile[0].cv_text).toContain(word);
    const cvPath = `files/cv/${fileId}-gus.pdf`;
    expect(Buffer.from(zip[cvPath] as Uint8Array).equals(pdf)).toBe(true);

    const asked = await gus.call(privacyContract.requestDeletion, { body: { password: gus.password ?? undefined } });
    expect(asked.statusCode, asked.error?.error).toBe(201);
    const completed = await admin.call(adminPrivacyContract.complete, { params: { id: asked.body.id } });
    expect(completed.statusCode, completed.error?.error).toBe(200);
    expect(await db().select().from(storedFiles).where(eq(storedFiles.ownerId, gus.user.id))).toEqual([]);
    expect(await db().select().from(applicantProfiles).where(eq(applicantProfiles.userId, gus.user.id))).toEqual([]);
    expect((await search(company, word)).total).toBe(0);
  });
});
