import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  const upload = (account: Account, name: string, type = 'application/pdf', content = Buffer.from('%PDF-1.4 sample')) =>
    account.request({
      method: 'POST',
      url: '/api/applicant/proposal-files',
      headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name) },
      payload: content,
    });
  const apply = (account: Account, jobId: string, attachment_ids: string[]) =>
    account.request({
      method: 'POST',
      url: `/api/jobs/${jobId}/applications`,
      payload: { cover_letter: 'My portfolio is attached.', attachment_ids },
    });
  const openJob = () => jobWith(testApp, company.companyId, uniqueWord());

  it('go with the application, in the order chosen, for the company and the applicant to download', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Grace Hopper' });
    const job = await openJob();
    const sample = await upload(applicant, 'Case study.pdf');
    expect(sample.statusCode, sample.body).toBe(201);
    expect(sample.json()).toEqual({
      file_id: expect.any(String),
      name: 'Case study.pdf',
      content_type: 'application/pdf',
      size: 15,
    });
    const notes = await upload(applicant, 'notes.txt', 'text/plain', Buffer.from('Three ideas.'));
    const fileIds = [sample.json().file_id, notes.json().file_id];

    const applied = await apply(applicant, job.id, fileIds);
    expect(applied.statusCode, applied.body).toBe(201);
    const applicationId = applied.json().id;
    expect(applied.json().attachments.map((file: { name: string }) => file.name)).toEqual([
      'Case study.pdf',
      'notes.txt',
    ]);

    const detail = (await company.request({ method: 'GET', url: `/api/applications/${applicationId}` })).json();
    const [caseStudy] = detail.attachments;
    expect(caseStudy).toEqual({
      id: expect.any(String),
      name: 'Case study.pdf',
      content_type: 'application/pdf',
      size: 15,
      download_url: `/api/applications/${applicationId}/files/${caseStudy.id}`,
    });
    const downloaded = await company.request({ method: 'GET', url: caseStudy.download_url });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.rawPayload.toString()).toBe('%PDF-1.4 sample');

    const mine = (await applicant.request({ method: 'GET', url: '/api/applicant/applications' })).json();
    const own = mine.items.find((item: { id: string }) => item.id === applicationId).attachments[1];
    expect(own.download_url).toBe(`/api/applicant/applications/${applicationId}/files/${own.id}`);
    const ownDownload = await applicant.request({ method: 'GET', url: own.download_url });
    expect(ownDownload.rawPayload.toString()).toBe('Three ideas.');

    // Another company, another applicant: no such file.
    const stranger = await companyAccount(testApp, 'Contoso');
    expect((await stranger.request({ method: 'GET', url: caseStudy.download_url })).json()).toMatchObject({
      error: proposalFileTexts.fileNotFound,
    });
    const other = await signedInAccount(testApp, { role: 'applicant' });
    expect((await other.request({ method: 'GET', url: own.download_url })).statusCode).toBe(404);
    // Named now: the sweep keeps them.
    const [row] = await testApp.database.db.select().from(storedFiles).where(eq(storedFiles.id, fileIds[0]));
    expect(row?.linkedAt).not.toBeNull();
  });

  it('are the applicant’s own, each named once, five at most, of the attachment types', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const other = await signedInAccount(testApp, { role: 'applicant' });
    const theirs = (await upload(other, 'theirs.pdf')).json().file_id;
    const refused = await apply(applicant, (await openJob()).id, [theirs]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: proposalFileTexts.notWaiting,
      fields: { attachment_ids: proposalFileTexts.notWaiting },
    });

    const once = (await upload(applicant, 'once.pdf')).json().file_id;
    expect((await apply(applicant, (await openJob()).id, [once])).statusCode).toBe(201);
    const again = await apply(applicant, (await openJob()).id, [once]);
    expect(again.json().fields).toEqual({ attachment_ids: proposalFileTexts.notWaiting });

    const six = Array.from({ length: 6 }, () => '00000000-0000-4000-8000-000000000000').map(
      (id, index) => `${id.slice(0, -1)}${index}`,
    );
    const tooMany = await apply(applicant, (await openJob()).id, six);
    expect(tooMany.json().fields).toEqual({ attachment_ids: proposalFileTexts.tooMany });

    expect((await upload(applicant, 'tool.exe', 'application/x-msdownload')).statusCode).toBe(415);
    const hiring = await companyAccount(testApp);
    expect((await upload(hiring, 'brochure.pdf')).statusCode).toBe(403);
  });
});
