import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '~/shared/contract';
import { applicationsContract } from '~/shared/contracts/applications';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { proposalFileTexts } from '~/shared/proposal-files';
import { storedFiles } from '../db/schema';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount, jobWith, uniqueWord } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

// Files attached to a proposal: uploaded as chosen (POST /api/applicant/proposal-files), named by the
// application as it is sent, then downloadable by the company it went to and by the applicant, nobody else.
describe('files attached to a proposal', () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof companyAccount>>;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyAccount(testApp, 'Northwind Outfitters');
  });
  afterAll(async () => {
    await testApp.close();
  });

  // The bytes as they are sent, with their type and name in headers: the contract's file body is a Blob, and
  // its name header is not part of its type.
  const upload = (account: Account, name: string, type = 'application/pdf', content = Buffer.from('%PDF-1.4 sample')) =>
    account.callUnchecked(jobBoardContract.uploadProposalFile, {
      headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name) },
      body: content,
    });
  const apply = (account: Account, jobId: string, attachment_ids: string[]) =>
    account.call(jobBoardContract.apply, {
      params: { id: jobId },
      body: { cover_letter: 'My portfolio is attached.', attachment_ids },
    });
  const openJob = () => jobWith(testApp, company.companyId, uniqueWord());

  it('go with the application, in the order chosen, for the company and the applicant to download', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Grace Hopper' });
    const job = await openJob();
    const sample = await upload(applicant, 'Case study.pdf');
    expect(sample.statusCode, sample.error?.error).toBe(201);
    expect(sample.body).toEqual({
      file_id: expect.any(String),
      name: 'Case study.pdf',
      content_type: 'application/pdf',
      size: 15,
    });
    const notes = await upload(applicant, 'notes.txt', 'text/plain', Buffer.from('Three ideas.'));
    const fileIds = [sample.body.file_id, notes.body.file_id];

    const applied = await apply(applicant, job.id, fileIds);
    expect(applied.statusCode, applied.error?.error).toBe(201);
    const applicationId = applied.body.id;
    expect(applied.body.attachments.map((file) => file.name)).toEqual(['Case study.pdf', 'notes.txt']);

    const detail = (await company.call(pipelineContract.get, { params: { id: applicationId } })).body;
    const [caseStudy] = detail.attachments;
    const caseStudyFile = { id: applicationId, file_id: caseStudy?.id ?? '' };
    expect(caseStudy).toEqual({
      id: expect.any(String),
      name: 'Case study.pdf',
      content_type: 'application/pdf',
      size: 15,
      download_url: pathOf(jobBoardContract.companyProposalFile.path, caseStudyFile),
    });
    // The download_url is the endpoint's path, so the file is fetched through it.
    const downloaded = await company.call(jobBoardContract.companyProposalFile, { params: caseStudyFile });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.rawPayload.toString()).toBe('%PDF-1.4 sample');

    const mine = (await applicant.call(applicationsContract.list)).body;
    const own = mine.items.find((item) => item.id === applicationId)?.attachments[1];
    const ownFile = { id: applicationId, file_id: own?.id ?? '' };
    expect(own?.download_url).toBe(pathOf(jobBoardContract.applicantProposalFile.path, ownFile));
    const ownDownload = await applicant.call(jobBoardContract.applicantProposalFile, { params: ownFile });
    expect(ownDownload.rawPayload.toString()).toBe('Three ideas.');

    // Another company, another applicant: no such file.
    const stranger = await companyAccount(testApp, 'Contoso');
    expect((await stranger.call(jobBoardContract.companyProposalFile, { params: caseStudyFile })).error).toMatchObject({
      error: proposalFileTexts.fileNotFound,
    });
    const other = await signedInAccount(testApp, { role: 'applicant' });
    expect((await other.call(jobBoardContract.applicantProposalFile, { params: ownFile })).statusCode).toBe(404);
    // Named now: the sweep keeps them.
    const [row] = await testApp.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, fileIds[0] ?? ''));
    expect(row?.linkedAt).not.toBeNull();
  });

  it('are the applicant’s own, each named once, five at most, of the attachment types', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const other = await signedInAccount(testApp, { role: 'applicant' });
    const theirs = (await upload(other, 'theirs.pdf')).body.file_id;
    const refused = await apply(applicant, (await openJob()).id, [theirs]);
    expect(refused.statusCode).toBe(400);
    expect(refused.error).toMatchObject({
      error: proposalFileTexts.notWaiting,
      fields: { attachment_ids: proposalFileTexts.notWaiting },
    });

    const once = (await upload(applicant, 'once.pdf')).body.file_id;
    expect((await apply(applicant, (await openJob()).id, [once])).statusCode).toBe(201);
    const again = await apply(applicant, (await openJob()).id, [once]);
    expect(again.error?.fields).toEqual({ attachment_ids: proposalFileTexts.notWaiting });

    const six = Array.from({ length: 6 }, () => '00000000-0000-4000-8000-000000000000').map(
      (id, index) => `${id.slice(0, -1)}${index}`,
    );
    const tooMany = await apply(applicant, (await openJob()).id, six);
    expect(tooMany.error?.fields).toEqual({ attachment_ids: proposalFileTexts.tooMany });

    expect((await upload(applicant, 'tool.exe', 'application/x-msdownload')).statusCode).toBe(415);
    const hiring = await companyAccount(testApp);
    expect((await upload(hiring, 'brochure.pdf')).statusCode).toBe(403);
  });
});
