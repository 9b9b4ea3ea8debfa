import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type ConversationDetail, messagingTexts } from '~/shared/messaging';
import type { Database } from '../db/client';
import {
  applicantProfiles,
  applications,
  companyMembers,
  conversations,
  jobInvitations,
  jobs,
  shortlists,
  users,
} from '../db/schema';
import type { Viewer } from '../kernels/notices/conversation-access';
import { AppError } from '../platform/errors';
import { getConversation } from './get-conversation';
import { openConversation } from './open-conversation';

// A company user opens the company's conversation with an applicant (or gets it back). A company may
// write to an active applicant it can find in Talent Search (a listed profile), or one who applied to
// its jobs, is on its shortlist or was invited; applicants answer, they do not start conversations.
export async function startConversation({
  db,
  viewer,
  companyId,
  applicantId,
  applicationId,
}: {
  db: Database;
  viewer: Viewer;
  companyId: string;
  applicantId: string;
  applicationId?: string;
}): Promise<{ conversation: ConversationDetail; isNew: boolean }> {
  const [applicant] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, applicantId),
        eq(users.role, 'applicant'),
        eq(users.status, 'active'),
        sql`(
          exists (select 1 from ${applicantProfiles} where ${applicantProfiles.userId} = ${users.id} and ${applicantProfiles.listed})
          or exists (select 1 from ${applications} join ${jobs} on ${jobs.id} = ${applications.jobId}
            where ${applications.applicantId} = ${users.id} and ${jobs.companyId} = ${companyId})
          or exists (select 1 from ${shortlists} where ${shortlists.companyId} = ${companyId} and ${shortlists.applicantId} = ${users.id})
          or exists (select 1 from ${jobInvitations} join ${jobs} on ${jobs.id} = ${jobInvitations.jobId}
            where ${jobInvitations.applicantId} = ${users.id} and ${jobs.companyId} = ${companyId})
        )`,
      ),
    );
  if (!applicant) throw new AppError('not_found', messagingTexts.applicantNotFound);

  if (applicationId) {
    const [application] = await db
      .select({ applicantId: applications.applicantId })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(and(eq(applications.id, applicationId), eq(jobs.companyId, companyId)));
    if (!application) throw new AppError('not_found', messagingTexts.applicationNotFound);
    if (application.applicantId !== applicantId) {
      throw new AppError('validation', messagingTexts.applicationOfAnotherApplicant, {
        application_id: messagingTexts.applicationOfAnotherApplicant,
      });
    }
  }

  const colleagues = await db
    .select({ id: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId));
  const { id, isNew } = await openConversation({
    db,
    kind: 'direct',
    companyId,
    userId: applicantId,
    applicationId,
    memberIds: [viewer.userId, applicantId, ...colleagues.map((colleague) => colleague.id)],
    sameParties: and(
      eq(conversations.kind, 'direct'),
      eq(conversations.companyId, companyId),
      eq(conversations.userId, applicantId),
    ) as SQL,
  });
  return { conversation: await getConversation({ db, viewer, conversationId: id }), isNew };
}
