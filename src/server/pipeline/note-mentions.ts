import { and, eq, inArray, sql } from 'drizzle-orm';
import { namesWithAt } from '~/shared/pipeline';
import type { Database } from '../db/client';
import { applicationNotes, applications, companyMembers, jobs, users } from '../db/schema';

export interface NoteMention {
  user_id: string;
  name: string;
}

// The colleagues each note names as "@Name" (the company's members now), to highlight them. Read from the
// text rather than stored: a note is what its author wrote, and the composer writes a mention as the name.
export async function findNoteMentions(db: Database, noteIds: string[]): Promise<Map<string, NoteMention[]>> {
  const byNote = new Map<string, NoteMention[]>();
  if (noteIds.length === 0) return byNote;
  const rows = await db
    .select({ noteId: applicationNotes.id, body: applicationNotes.body, userId: users.id, name: users.name })
    .from(applicationNotes)
    .innerJoin(applications, eq(applications.id, applicationNotes.applicationId))
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companyMembers, eq(companyMembers.companyId, jobs.companyId))
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(inArray(applicationNotes.id, noteIds), sql`strpos(${applicationNotes.body}, '@' || ${users.name}) > 0`));
  for (const row of rows) {
    if (!namesWithAt(row.body, row.name)) continue;
    byNote.set(row.noteId, [...(byNote.get(row.noteId) ?? []), { user_id: row.userId, name: row.name }]);
  }
  return byNote;
}
