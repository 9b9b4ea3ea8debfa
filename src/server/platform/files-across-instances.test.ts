import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '~/shared/contract';
import { adminApplicantsContract } from '~/shared/contracts/admin-applicants';
import { testAttemptsContract, testsContract } from '~/shared/contracts/assessments';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { messagingContract } from '~/shared/contracts/messaging';
import { adminPrivacyContract, privacyContract } from '~/shared/contracts/privacy';
import { talentContract } from '~/shared/contracts/talent';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { applicantProfiles, jobTests, sessions, users } from '../db/schema';
import { applyRetention } from '../privacy/apply-retention';
import { buildJob } from '../seed/job-factories';
import { questionOfEachType } from '../testing/assessment-helpers';
import { sameOriginHeaders, signedInAccount } from '../testing/auth-helpers';
import { callContract, callUnchecked } from '../testing/contract-client';
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
  // This person's browser, calling instance A (the test app) or B.
  const through = (instance: 'A' | 'B', account: Account) => (options: InjectOptions) =>
    (instance === 'A' ? testApp.app : otherApp).inject({
      ...options,
      headers: { ...sameOriginHeaders, cookie: account.cookie, ...options.headers },
    });
  // A URL the server gave (photo_url, an attachment's url), followed as the browser follows it.
  const follow = (instance: 'A' | 'B', account: Account, url: string) =>
    through(instance, account)({ method: 'GET', url });

  // An applicant who applied to the company's job (so it may write to them) with a file-upload test to take,
  // a photo, an attachment they sent, and an answer file — every upload through A.
  async function applicantWithFiles() {
    const applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Fay Files' });
    const created = await company.call(testsContract.create, {
      body: {
        name: 'Portfolio',
        type: 'mixed',
        time_limit: 30,
        pass_rate: 60,
        is_active: true,
        questions: [questionOfEachType['file-upload']],
      },
    });
    expect(created.statusCode, created.error?.error).toBe(201);
    const test = created.body;
    const job = await buildJob(db(), { companyId: company.companyId, status: 'open', title: 'Designer' });
    await db().insert(jobTests).values({ jobId: job.id, testId: test.id });
    const applied = await applicant.call(jobBoardContract.apply, {
      params: { id: job.id },
      body: { cover_letter: 'My portfolio follows.' },
    });
    expect(applied.statusCode, applied.error?.error).toBe(201);
    const attempts = await applicant.call(testAttemptsContract.ownList, { query: { state: 'to_do' } });
    const attemptId = attempts.body.items.find((item) => item.test.id === test.id)?.id ?? '';
    expect((await applicant.call(testAttemptsContract.start, { params: { id: attemptId } })).statusCode).toBe(200);
    const questionId = test.questions[0]?.id ?? '';
    const answerParams = { id: attemptId, question_id: questionId };

    // Uploads: the contract types a file body as the browser's Blob; inject sends the bytes as a Buffer or
    // text, typed (and named) as the browser would.
    const photo = await callUnchecked(through('A', applicant), talentContract.uploadPhoto, {
      headers: { 'content-type': 'image/png' },
      body: png,
    });
    expect(photo.statusCode, photo.error?.error).toBe(200);
    const answer = await callUnchecked(through('A', applicant), testAttemptsContract.uploadAnswerFile, {
      params: answerParams,
      headers: { 'content-type': 'text/plain', 'x-file-name': 'answer.txt' },
      body: 'My answer, as a file.',
    });
    expect(answer.statusCode, answer.error?.error).toBe(200);
    const conversation = await company.call(messagingContract.start, { body: { applicant_id: applicant.user.id } });
    const conversationId = conversation.body.id;
    const uploaded = await callUnchecked(through('A', applicant), messagingContract.uploadAttachment, {
      params: { id: conversationId },
      headers: { 'content-type': 'text/plain', 'x-file-name': 'cv.txt' },
      body: 'Curriculum vitae',
    });
    expect(uploaded.statusCode, uploaded.error?.error).toBe(201);
    // Sent through the other instance.
    const sent = await callContract(through('B', applicant), messagingContract.send, {
      params: { id: conversationId },
      body: { client_id: crypto.randomUUID(), body: 'Here is my CV', attachment_id: uploaded.body.id },
    });
    expect(sent.statusCode, sent.error?.error).toBe(201);
    const photoUrl = photo.body.photo_url ?? '';
    return {
      applicant,
      photoUrl,
      attachmentUrl: sent.body.attachment?.url ?? '',
      answerParams,
      // The company's copy of the answer file, as a URL beside the ones the server gave.
      answerUrl: pathOf(testAttemptsContract.answerFile.path, answerParams),
      fileIds: [answer.body.file_id, new URL(photoUrl, 'http://x').searchParams.get('v') ?? ''],
    };
  }

  it('serves a photo, an attachment and an answer file uploaded through one instance through the other', async () => {
    const person = await applicantWithFiles();
    for (const instance of ['A', 'B'] as const) {
      const photo = await follow(instance, company, person.photoUrl);
      expect(photo.statusCode, `${instance} photo`).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      expect(photo.headers['content-length']).toBe(String(png.length));
      expect(photo.rawPayload.equals(png)).toBe(true);
      const attachment = await follow(instance, company, person.attachmentUrl);
      expect(attachment.statusCode, `${instance} attachment`).toBe(200);
      expect(attachment.body).toBe('Curriculum vitae');
      expect(attachment.headers['content-disposition']).toBe("attachment; filename*=UTF-8''cv.txt");
      const answer = await callContract(through(instance, company), testAttemptsContract.answerFile, {
        params: person.answerParams,
      });
      expect(answer.statusCode, `${instance} answer`).toBe(200);
      expect(answer.rawPayload.toString()).toBe('My answer, as a file.');
      const own = await callContract(through(instance, person.applicant), testAttemptsContract.ownAnswerFile, {
        params: person.answerParams,
      });
      expect(own.rawPayload.toString()).toBe('My answer, as a file.');
    }
    // Neither instance kept a copy of its own.
    for (const directory of directories) expect(await fs.readdir(directory)).toEqual([]);
  });

  it('takes the files of the data export from the store, whichever instance is asked', async () => {
    const person = await applicantWithFiles();
    const response = await callContract(through('B', person.applicant), privacyContract.exportData);
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
        const asked = await callContract(through('B', person), privacyContract.requestDeletion, {
          body: { password: person.password ?? '' },
        });
        expect(asked.statusCode, asked.error?.error).toBe(201);
        const completed = await callContract(through('B', admin), adminPrivacyContract.complete, {
          params: { id: asked.body.id },
        });
        expect(completed.statusCode, completed.error?.error).toBe(200);
      },
    ],
    [
      'the administrators’ Remove',
      async (person) => {
        const removed = await callContract(through('B', admin), adminApplicantsContract.bulk, {
          body: { action: 'remove', ids: [person.user.id] },
        });
        expect(removed.statusCode, removed.error?.error).toBe(200);
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
        const gone = await follow(instance, company, url);
        expect(gone.statusCode, `${instance} ${url}`).toBe(404);
      }
    }
  });
});
