import type { ConversationDetail } from '~/shared/messaging';
import { buildApplication, buildJob } from '../seed/job-factories';
import type { signedInAccount } from './auth-helpers';
import type { TestApp } from './test-app';

// A company and an applicant with dealings (an application to one of its jobs) and the conversation the
// company opens with them: people who may then message each other and watch each other's presence.
export async function startCompanyConversation(
  testApp: TestApp,
  company: Awaited<ReturnType<typeof signedInAccount>>,
  applicantId: string,
): Promise<ConversationDetail> {
  const companyId = (await company.request({ method: 'GET', url: '/api/company' })).json().id;
  const job = await buildJob(testApp.database.db, { companyId });
  await buildApplication(testApp.database.db, { jobId: job.id, applicantId });
  const started = await company.request({
    method: 'POST',
    url: '/api/conversations',
    payload: { applicant_id: applicantId },
  });
  if (started.statusCode >= 300) throw new Error(`The conversation was not started: ${started.body}`);
  return started.json() as ConversationDetail;
}
