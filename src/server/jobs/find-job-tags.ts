import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';

// The company's distinct skill tags, for the Tags filter: alphabetical, whatever the case.
export async function findJobTags({ db, companyId }: { db: Database; companyId: string }) {
  const rows = await db
    .selectDistinct({ tag: sql<string>`unnest(${jobs.skillTags})` })
    .from(jobs)
    .where(eq(jobs.companyId, companyId));
  const tags = rows.map((row) => row.tag);
  return { tags: tags.sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b)) };
}
