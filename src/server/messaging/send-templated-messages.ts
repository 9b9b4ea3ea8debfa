import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { applicationTexts } from '~/shared/applications';
import {
  BULK_MESSAGE_MAX,
  type ColumnMessageResult,
  type columnMessageSchema,
  fillTemplate,
  firstNameOf,
  messageTemplateTexts,
} from '~/shared/message-templates';
import type { Database } from '../db/client';
import { applications, companies, jobs, users } from '../db/schema';
import { findJobApplications } from '../kernels/hiring/find-job-applications';
import type { Viewer } from '../kernels/notices/conversation-access';
import { AppError } from '../platform/errors';
import type { LiveHub } from '../platform/live-hub';
import { recordAuditEvent } from '../platform/record-audit-event';
import { sendMessage } from './send-message';
import { startConversation } from './start-conversation';

// Messages the pipeline sends with a template: to one candidate (after a move), or to everyone in one
// column of a job's board. Each goes into the company's conversation with the candidate (started when
// there is none), so the candidate hears of it as of any message, and the team sees it in Messages.

interface Sender {
  db: Database;
  live: LiveHub;
  logger: Pick<Logger, 'warn'>;
  secret: string;
  viewer: Viewer;
  companyId: string;
}

interface Candidate {
  applicationId: string;
  applicantId: string;
  applicantName: string;
  jobTitle: string;
}

async function companyNameOf(db: Database, companyId: string): Promise<string> {
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return company?.name ?? '';
}

// One candidate's message: the placeholders filled with their values, sent in their conversation. The
// client id is the send's own, so sending again with it stores nothing new.
async function writeToCandidate(
  sender: Sender,
  {
    candidate,
    body,
    companyName,
    clientId,
  }: { candidate: Candidate; body: string; companyName: string; clientId: string },
): Promise<string> {
  const { db, viewer, companyId } = sender;
  const { conversation } = await startConversation({
    db,
    viewer,
    companyId,
    applicantId: candidate.applicantId,
    applicationId: candidate.applicationId,
  });
  const filled = fillTemplate(body, {
    first_name: firstNameOf(candidate.applicantName),
    job_title: candidate.jobTitle,
    company_name: companyName,
  });
  await sendMessage({ ...sender, conversationId: conversation.id, clientId, body: filled });
  return conversation.id;
}

// A stage email: the message to the candidate of one of the company's applications.
export async function messageApplication({
  applicationId,
  body,
  clientId,
  ...sender
}: Sender & { applicationId: string; body: string; clientId: string }): Promise<{ conversation_id: string }> {
  const { db, companyId } = sender;
  const [candidate] = await db
    .select({
      applicationId: applications.id,
      applicantId: applications.applicantId,
      applicantName: users.name,
      jobTitle: jobs.title,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(users, eq(users.id, applications.applicantId))
    .where(and(eq(applications.id, applicationId), eq(jobs.companyId, companyId)));
  if (!candidate) throw new AppError('not_found', applicationTexts.notFound);
  const conversationId = await writeToCandidate(sender, {
    candidate,
    body,
    companyName: await companyNameOf(db, companyId),
    clientId,
  });
  return { conversation_id: conversationId };
}

// Everyone in one stage of a job's pipeline as the board's filters narrow it, found by the same query
// the board reads (so the column the company sees is the column written to), at most BULK_MESSAGE_MAX.
// A candidate who cannot be written to (an account suspended since) is skipped and counted.
export async function messageColumn({
  jobId,
  input,
  ipAddress,
  ...sender
}: Sender & {
  jobId: string;
  input: z.output<typeof columnMessageSchema>;
  ipAddress?: string;
}): Promise<ColumnMessageResult> {
  const { db, companyId, viewer } = sender;
  const column = await findJobApplications({
    db,
    companyId,
    jobId,
    query: {
      status: [input.status],
      q: input.q,
      min_rating: input.min_rating,
      test: input.test,
      interview_stage: input.interview_stage,
      page: 1,
      page_size: BULK_MESSAGE_MAX,
    },
  });
  if (column.total === 0) throw new AppError('conflict', messageTemplateTexts.emptyColumn);
  if (column.total > BULK_MESSAGE_MAX) throw new AppError('conflict', messageTemplateTexts.tooMany(column.total));

  const companyName = await companyNameOf(db, companyId);
  let sent = 0;
  const skipped: string[] = [];
  for (const item of column.items) {
    const candidate = {
      applicationId: item.id,
      applicantId: item.applicant_id,
      applicantName: item.applicant_name,
      jobTitle: item.job_title,
    };
    try {
      await writeToCandidate(sender, {
        candidate,
        body: input.body,
        companyName,
        clientId: `${input.client_id}:${item.id}`,
      });
      sent += 1;
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'not_found') throw error;
      skipped.push(item.id);
    }
  }

  await recordAuditEvent({
    db,
    event: {
      actorId: viewer.userId,
      action: 'message.bulk_sent',
      targetType: 'job',
      targetId: jobId,
      details: {
        status: input.status,
        filters: { q: input.q ?? null, min_rating: input.min_rating ?? null, test: input.test ?? null },
        sent,
        skipped: skipped.length,
        application_ids: column.items.map((item) => item.id),
      },
      ipAddress,
    },
  });
  return { sent, skipped: skipped.length };
}
