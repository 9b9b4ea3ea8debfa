import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingContract } from '~/shared/contracts/messaging';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInColleague } from '../testing/assessment-helpers';
import { signedInAccount } from '../testing/auth-helpers';
import { companyAccount } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

// A company Viewer reads the company's conversations (read:conversation:member) and writes in none: where
// they have read up to is part of reading, so it is theirs to mark; a message is not.
describe('a Viewer in the company’s conversations', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('reads and marks read, and may not write', async () => {
    const owner = await companyAccount(testApp, 'Readers Co');
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const job = await buildJob(testApp.database.db, { companyId: owner.companyId });
    await buildApplication(testApp.database.db, { jobId: job.id, applicantId: applicant.user.id });
    const started = await owner.call(messagingContract.start, { body: { applicant_id: applicant.user.id } });
    const conversation = started.body;
    const params = { id: conversation.id };
    const sent = await owner.call(messagingContract.send, {
      params,
      body: { client_id: crypto.randomUUID(), body: 'Welcome aboard' },
    });
    const message = sent.body;

    const viewer = await signedInColleague(testApp, owner.companyId, 'viewer');
    const read = await viewer.call(messagingContract.messages, { params });
    expect(read.statusCode, read.error?.error).toBe(200);
    const marked = await viewer.call(messagingContract.markRead, { params, body: { seq: message.seq } });
    expect(marked.statusCode, marked.error?.error).toBe(200);
    expect(marked.body).toEqual({ conversation_id: conversation.id, last_read_seq: message.seq });

    const refused = await viewer.call(messagingContract.send, {
      params,
      body: { client_id: crypto.randomUUID(), body: 'May I?' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
