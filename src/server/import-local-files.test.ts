import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantProfiles, conversations, messages, storedFiles, testAnswers } from './db/schema';
import { importLocalFiles } from './import-local-files';
import { UNLINKED_FILE_LIFETIME_MS } from './platform/file-store';
import { buildAccount } from './seed/factories';
import { buildTest, buildTestAttempt } from './seed/test-factories';
import { companyIdOf } from './testing/payment-test-invoices';
import { createTestFileStore } from './testing/stored-file-helpers';
import { createTestDatabase } from './testing/test-database';

const quiet = { info: () => undefined, warn: () => undefined };
const localName = (extension: string) => `${randomBytes(16).toString('hex')}.${extension}`;

// Files an instance kept under its own DATA_DIR before the shared store: copied in at start, once, and kept
// where a release from before the store (rolled back to) finds them.
describe('importing an instance’s local files into the store', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDirectory: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-import-'));
  });
  afterAll(async () => {
    await database.close();
    await fs.rm(dataDirectory, { recursive: true, force: true });
  });

  async function placeFile(folder: string, name: string, content: string, ageMs = 0) {
    const file = path.join(dataDirectory, folder, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
    if (ageMs > 0) {
      const then = new Date(Date.now() - ageMs);
      await fs.utimes(file, then, then);
    }
    return file;
  }
  const exists = (file: string) =>
    fs.access(file).then(
      () => true,
      () => false,
    );

  it('copies photos, sent attachments and answer files in, points their rows at them too, and runs once', async () => {
    const db = database.db;
    const files = createTestFileStore(db);
    const { user: applicant } = await buildAccount(db, { role: 'applicant' });
    const { user: company } = await buildAccount(db, { role: 'company' });
    const companyId = await companyIdOf(db, company.id);

    const photoName = localName('png');
    const photo = await placeFile('photos', photoName, 'photo bytes');
    await db
      .update(applicantProfiles)
      .set({ photoFile: photoName, photoContentType: 'image/png' })
      .where(eq(applicantProfiles.userId, applicant.id));

    const attachmentName = localName('txt');
    const attachment = await placeFile('message-attachments', attachmentName, 'attached bytes');
    const [conversation] = await db
      .insert(conversations)
      .values({ kind: 'direct', companyId, userId: applicant.id })
      .returning();
    const [message] = await db
      .insert(messages)
      .values({
        conversationId: conversation?.id ?? '',
        seq: 1,
        senderId: applicant.id,
        clientId: 'old-send',
        body: 'From before',
        attachmentName: 'cv.txt',
        attachmentStoredName: attachmentName,
        attachmentContentType: 'text/plain',
        attachmentSize: 14,
      })
      .returning();

    const answerName = localName('pdf');
    const answer = await placeFile('answer-files', answerName, 'answer bytes');
    const { test } = await buildTest(db, { companyId });
    const attempt = await buildTestAttempt(db, { testId: test.id, applicantId: applicant.id, status: 'started' });
    await db.insert(testAnswers).values({
      attemptId: attempt.id,
      questionId: 'q1',
      answer: { file_id: answerName, name: 'answer.pdf', size: 12, content_type: 'application/pdf' },
    });

    // Named by no row: the old one deleted, the new one kept a day (an old instance may be about to name it).
    const oldOrphan = await placeFile(
      'photos',
      localName('jpg'),
      'replaced long ago',
      UNLINKED_FILE_LIFETIME_MS + 60_000,
    );
    const newOrphan = await placeFile('photos', localName('jpg'), 'row on its way');

    const first = await importLocalFiles({ db, files, dataDirectory, logger: quiet });
    expect(first).toEqual({ imported: 3, deleted: 1 });
    expect(await exists(oldOrphan)).toBe(false);
    for (const file of [photo, attachment, answer, newOrphan]) expect(await exists(file)).toBe(true);

    const [profile] = await db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, applicant.id));
    expect(profile?.photoFile).toBe(photoName);
    const [sent] = await db
      .select()
      .from(messages)
      .where(eq(messages.id, message?.id ?? ''));
    expect(sent?.attachmentStoredName).toBe(attachmentName);
    const [given] = await db.select().from(testAnswers).where(eq(testAnswers.attemptId, attempt.id));
    expect(given?.answer).toMatchObject({ file_id: answerName, name: 'answer.pdf' });
    expect(given?.fileId).toEqual(expect.any(String));
    const read = async (fileId: string | null | undefined) => {
      const file = await files.read(fileId ?? '');
      const pieces: Buffer[] = [];
      for await (const piece of file?.content ?? []) pieces.push(piece as Buffer);
      return { ...file, content: Buffer.concat(pieces).toString() };
    };
    expect(await read(profile?.photoFileId)).toMatchObject({ content: 'photo bytes', contentType: 'image/png' });
    expect(await read(sent?.attachmentFileId)).toMatchObject({ content: 'attached bytes', name: 'cv.txt' });
    expect(await read(given?.fileId)).toMatchObject({ content: 'answer bytes', name: 'answer.pdf' });
    const owned = await db.select().from(storedFiles).where(eq(storedFiles.ownerId, applicant.id));
    expect(owned.map((file) => [file.kind, file.importedFrom !== null, file.linkedAt !== null]).sort()).toEqual([
      ['answer', true, true],
      ['attachment', true, true],
      ['photo', true, true],
    ]);

    // A second start finds nothing to do, and still keeps the copies.
    expect(await importLocalFiles({ db, files, dataDirectory, logger: quiet })).toEqual({ imported: 0, deleted: 0 });
    for (const file of [photo, attachment, answer]) expect(await exists(file)).toBe(true);
    expect(await db.select().from(storedFiles).where(eq(storedFiles.ownerId, applicant.id))).toHaveLength(3);
  });
});
