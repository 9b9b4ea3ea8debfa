import { and, eq } from 'drizzle-orm';
import { applicationTexts } from '~/shared/applications';
import type { ApplicationNote } from '~/shared/pipeline';
import { possessive } from '~/shared/possessive';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { applicationNotes, applications, jobs, users } from '../db/schema';
import { assertPipelineMembers } from '../kernels/hiring/pipeline-members';
import { notify } from '../kernels/notices/notify';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findNoteMentions } from './note-mentions';

// A reviewer's private note on an application: only the company's members (and administrators) read
// it, never the applicant. Each colleague it @mentions (who may read the pipeline) is told, with a link.
export async function addApplicationNote({
  db,
  companyId,
  actorId,
  ipAddress,
  id,
  body,
  mentions = [],
}: {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  id: string;
  body: string;
  mentions?: string[];
}): Promise<ApplicationNote> {
  const [application] = await db
    .select({ id: applications.id, jobId: applications.jobId, jobTitle: jobs.title, applicantName: users.name })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(users, eq(users.id, applications.applicantId))
    .where(and(eq(applications.id, id), eq(jobs.companyId, companyId)));
  if (!application) throw new AppError('not_found', applicationTexts.notFound);
  // Mentioning oneself tells no one.
  const mentioned = [...new Set(mentions)].filter((userId) => userId !== actorId);
  await assertPipelineMembers({ db, companyId, userIds: mentioned, field: 'mentions' });
  const note = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(applicationNotes)
      .values({ applicationId: application.id, authorId: actorId, body })
      .returning();
    if (!inserted) throw new Error('The note was not saved.');
    const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId));
    const authorName = author?.name ?? '';
    await notify({
      db: tx,
      items: mentioned.map((userId) => ({
        userId,
        type: 'note_mention' as const,
        title: `${authorName || 'A colleague'} mentioned you in a note`,
        body: `On ${possessive(application.applicantName)} application for ${application.jobTitle}.`,
        link: `${paths.companyJob.getHref({ id: application.jobId })}?application=${application.id}`,
      })),
    });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'application.note_added',
        targetType: 'application',
        targetId: application.id,
        // The note itself is private: the log says that one was written (and whom it told), not what it says.
        details: { note_id: inserted.id, job_id: application.jobId, mentioned_ids: mentioned },
        ipAddress,
      },
    });
    return { inserted, authorName };
  });
  const mentionsByNote = await findNoteMentions(db, [note.inserted.id]);
  return {
    id: note.inserted.id,
    body: note.inserted.body,
    author_id: note.inserted.authorId,
    author_name: note.authorName,
    created_at: note.inserted.createdAt.toISOString(),
    mentions: mentionsByNote.get(note.inserted.id) ?? [],
  };
}
