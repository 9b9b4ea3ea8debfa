import { and, desc, gt, like, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { talentSkills } from '../db/schema';

const SUGGESTIONS = 10;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

// The skills listed profiles name that start with what was typed (any case), the most common first.
export async function suggestTalentSkills({ db, prefix }: { db: Database; prefix: string }): Promise<string[]> {
  const rows = await db
    .select({ name: talentSkills.name })
    .from(talentSkills)
    .where(and(gt(talentSkills.profileCount, 0), like(talentSkills.key, `${escapeLike(prefix.toLowerCase())}%`)))
    .orderBy(desc(talentSkills.profileCount), sql`${talentSkills.key}`)
    .limit(SUGGESTIONS);
  return rows.map((row) => row.name);
}
