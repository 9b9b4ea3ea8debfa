import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { applicantProfiles, jobTests, sessions, users } from '../db/schema';
import { applyRetention } from '../privacy/apply-retention';
import { buildJob } from '../seed/job-factories';
import { questionOfEachType } from '../testing/assessment-helpers';
import { sameOriginHeaders, signedInAccount } from '../testing/auth-helpers';
import { companyAccount } from '../testing/job-board-test-helpers';
import { storedFilesOf } from '../testing/stored-file-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// PNG's signature and enough bytes after it to be one.
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(600_000, 7)]);

// Two instances on one database, each with a DATA_DIR of its own, as two containers or hosts have
// (decision 017): an upload through either is there through the other, and every erasure path
// leaves nothing of the person in the file store.
describe('uploaded files across two instances', () => {
  let testApp: TestApp;
  let otherDatabase: DatabaseHandle;
  let otherApp: FastifyInstance;
  let directories: string[];
  let company: Awaited<ReturnType<typeof companyAccount>>;
  let admin: Account;

  beforeAll(async () => {
    directories = await Promise.all(
      ['a', 'b'].map((name) => fs.mkdtemp(path.join(os.tmpdir(), `tandem-files-${name}-`))),
    );
    testApp = await createTestApp({ env: { DATA_DIR: directories[0] ?? '', ATTEMPT_SWEEP_SECONDS: '0' } });
    const url = (testApp.database as DatabaseHandle & { url?: string }).url;
    otherDatabase = url ? await openDatabase({ url, poolSize: 4 }) : testApp.database;
    const otherConfig = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: directories[1] ?? '',
      ATTEMPT_SWEEP_SECONDS: '0',
    });
    // Both instances run with the same ADMIN_EMAILS, as instances of one deployment do.
    otherConfig.adminEmails = testApp.config.adminEmails;
    otherApp = await buildApp({
      config: otherConfig,
      secret: 'test-secret-that-is-at-least-32-characters-long',
      database: otherDatabase,
    });
    company = await companyAccount(testApp, 'Files Corp');
    admin = await signedInAccount(testApp, { role: 'admin' });
  });
  afterAll(async () => {
    await otherApp.close();
    if (otherDatabase !== testApp.database) await otherDatabase.close();
    await testApp.close();
    for (const directory of directories) await fs.rm(directory, { recursive: true, force: true });
  });

  const db = () => testApp.database.db;
  // A request as this person, through instance A (the test app) or B.
  const through = (instance: 'A' | 'B', account: Account, options: InjectOptions) =>
    (instance === 'A' ? testApp.app : otherApp).inject({
      ...options,
      headers: { ...sameOriginHeaders, cookie: account.cookie, ...options.headers },
    });

  // An applicant who applied to the company's job (so it may write to them) with a file-upload test to take,
  // a photo, an attachment they sent, and an answer file — every upload through A.
  async function applicantWithFiles() {
    const applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Fay Files' });
    const created = await company.request({
      method: 'POST',
      url: '/api/tests',
      payload: {
        name: 'Portfolio',
        type: 'mixed',
        time_limit: 30,
        pass_rate: 60,
        is_active: true,
        questions: [questionOfEachType['file-upload']],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const test = created.json() as { id: string; questions: Array<{ id: string }> };
    const job = await buildJob(db(), { companyId: company.companyId, status: 'open', title: 'Designer' });
    await db().insert(jobTests).values({ jobId: job.id, testId: test.id });
    const applied = await applicant.request({
      method: 'POST',
      url: `/api/jobs/${job.id}/applications`,
      payload: { cover_letter: 'My portfolio follows.' },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const attempts = await applicant.request({ method: 'GET', url: '/api/applicant/tests?state=to_do' });
    const attemptId = attempts.json().items.find((item: { test: { id: string } }) => item.test.id === test.id)
      ?.id as string;
    expect(
      (await applicant.request({ method: 'POST', url: `/api/applicant/tests/${attemptId}/start` })).statusCode,
    ).toBe(200);
    const questionId = test.questions[0]?.id ?? '';

    const photo = await through('A', applicant, {
      method: 'PUT',
      url: '/api/applicant/profile/photo',
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const answer = await through('A', applicant, {
      method: 'PUT',
      url: `/api/applicant/tests/${attemptId}/files/${questionId}`,
      headers: { 'content-type': 'text/plain', 'x-file-name': 'answer.txt' },
      payload: 'My answer, as a file.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const conversation = await company.request({
      method: 'POST',
      url: '/api/conversations',
      payload: { applicant_id: applicant.user.id },
    });
    const conversationId = conversation.json().id as string;
    const uploaded = await through('A', applicant, {
      method: 'POST',
      url: `/api/conversations/${conversationId}/attachments`,
      headers: { 'content-type': 'text/plain', 'x-file-name': 'cv.txt' },
      payload: 'Curriculum vitae',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    // Sent through the other instance.
    const sent = await through('B', applicant, {
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload: { client_id: crypto.randomUUID(), body: 'Here is my CV', attachment_id: uploaded.json().id },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return {
      applicant,
      photoUrl: photo.json().photo_url as string,
      attachmentUrl: sent.json().attachment.url as string,
      answerUrl: `/api/test-attempts/${attemptId}/files/${questionId}`,
      ownAnswerUrl: `/api/applicant/tests/${attemptId}/files/${questionId}`,
      fileIds: [
        answer.json().file_id as string,
        new URL(photo.json().photo_url, 'http://x').searchParams.get('v') ?? '',
      ],
    };
  }

  it('serves a photo, an attachment and an answer file uploaded through one instance through the other', async () => {
    const person = await applicantWithFiles();
    for (const instance of ['A', 'B'] as const) {
      const photo = await through(instance, company, { method: 'GET', url: person.photoUrl });
      expect(photo.statusCode, `${instance} photo`).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      expect(photo.headers['content-length']).toBe(String(png.length));
      expect(photo.rawPayload.equals(png)).toBe(true);
      const attachment = await through(instance, company, { method: 'GET', url: person.attachmentUrl });
      expect(attachment.statusCode, `${instance} attachment`).toBe(200);
      expect(attachment.body).toBe('Curriculum vitae');
      expect(attachment.headers['content-disposition']).toBe("attachment; filename*=UTF-8''cv.txt");
      const answer = await through(instance, company, { method: 'GET', url: person.answerUrl });
      expect(answer.statusCode, `${instance} answer`).toBe(200);
      expect(answer.body).toBe('My answer, as a file.');
      const own = await through(instance, person.applicant, { method: 'GET', url: person.ownAnswerUrl });
      expect(own.body).toBe('My answer, as a file.');
    }
    // Neither instance kept a copy of its own.
    for (const directory of directories) expect(await fs.readdir(directory)).toEqual([]);
  });

  it('takes the files of the data export from the store, whichever instance is asked', async () => {
    const person = await applicantWithFiles();
    const response = await through('B', person.applicant, { method: 'POST', url: '/api/account/data-export' });
    expect(response.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(zip).filter((name) => name.startsWith('files/'));
    expect(names).toHaveLength(3);
    const content = (prefix: string) => {
      const name = names.find((candidate) => candidate.startsWith(prefix));
      return Buffer.from(zip[name ?? ''] ?? []);
    };
    expect(content('files/photo/').equals(png)).toBe(true);
    expect(names.find((name) => name.startsWith('files/attachment/'))).toMatch(/-cv\.txt$/);
    expect(content('files/attachment/').toString()).toBe('Curriculum vitae');
    expect(content('files/answer/').toString()).toBe('My answer, as a file.');
    const data = JSON.parse(strFromU8(zip['data.json'] as Uint8Array));
    expect(data.files.map((file: { kind: string }) => file.kind).sort()).toEqual(['answer', 'attachment', 'photo']);
  });

  // Each path that erases a person, through the instance that did not take the uploads.
  const erasures: Array<[string, (person: Account) => Promise<void>]> = [
    [
      'an erasure request completed by an administrator',
      async (person) => {
        const asked = await through('B', person, {
          method: 'POST',
          url: '/api/account/deletion-request',
          payload: { password: person.password },
        });
        expect(asked.statusCode, asked.body).toBe(201);
        const completed = await through('B', admin, {
          method: 'POST',
          url: `/api/admin/privacy-requests/${asked.json().id}/complete`,
        });
        expect(completed.statusCode, completed.body).toBe(200);
      },
    ],
    [
      'the administrators’ Remove',
      async (person) => {
        const removed = await through('B', admin, {
          method: 'POST',
          url: '/api/admin/applicants/bulk',
          payload: { action: 'remove', ids: [person.user.id] },
        });
        expect(removed.statusCode, removed.body).toBe(200);
      },
    ],
    [
      'the retention run, for an account inactive 3 years',
      async (person) => {
        const longAgo = new Date(Date.now() - 4 * 365 * 24 * 60 * 60 * 1000);
        const userId = person.user.id;
        await db().update(users).set({ createdAt: longAgo, lastSignInAt: longAgo }).where(eq(users.id, userId));
        await db().update(sessions).set({ createdAt: longAgo, lastSeenAt: longAgo }).where(eq(sessions.userId, userId));
        await db().update(applicantProfiles).set({ lastActiveAt: longAgo }).where(eq(applicantProfiles.userId, userId));
        await applyRetention({ db: otherDatabase.db, files: otherApp.appContext.files });
      },
    ],
  ];

  it.each(erasures)('leaves nothing of the person in the store after %s', async (_path, erase) => {
    const person = await applicantWithFiles();
    const before = await storedFilesOf(db(), person.applicant.user.id);
    expect(before.files).toBe(3);
    expect(before.pieces).toBeGreaterThanOrEqual(3);

    await erase(person.applicant);

    expect(await storedFilesOf(db(), person.applicant.user.id, person.fileIds)).toEqual({ files: 0, pieces: 0 });
    for (const instance of ['A', 'B'] as const) {
      for (const url of [person.photoUrl, person.attachmentUrl, person.answerUrl]) {
        const gone = await through(instance, company, { method: 'GET', url });
        expect(gone.statusCode, `${instance} ${url}`).toBe(404);
      }
    }
  });
});
