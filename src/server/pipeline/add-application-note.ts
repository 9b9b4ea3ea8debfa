import { eq } from 'drizzle-orm';
import type { ApplicationNote } from '~/shared/pipeline';
import type { Database } from '../db/client';
import { applicationNotes, users } from '../db/schema';
import { findCompanyApplication } from '../platform/application-scope';
import { recordAuditEvent } from '../platform/record-audit-event';

// A reviewer's private note on an application: only the company's members (and administrators) read
// it, never the applicant.
export async function addApplicationNote({
  db,
  companyId,
  actorId,
  ipAddress,
  id,
  body,
}: {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  id: string;
  body: string;
}): Promise<ApplicationNote> {
  const application = await findCompanyApplication({ db, companyId, id });
  return db.transaction(async (tx) => {
    const [note] = await tx
      .insert(applicationNotes)
      .values({ applicationId: application.id, authorId: actorId, body })
      .returning();
    if (!note) throw new Error('The note was not saved.');
    const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'application.note_added',
        targetType: 'application',
        targetId: application.id,
        // The note itself is private: the log says that one was written, not what it says.
        details: { note_id: note.id, job_id: application.jobId },
        ipAddress,
      },
    });
    return {
      id: note.id,
      body: note.body,
      author_id: note.authorId,
      author_name: author?.name ?? '',
      created_at: note.createdAt.toISOString(),
    };
  });
}
