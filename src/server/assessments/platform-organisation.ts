import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies } from '../db/schema';
import { PLATFORM_ASSESSMENTS } from './platform-assessments';

// The platform's own assessments belong to an organisation of their own (assessments/platform-assessments.ts),
// known by its contact address.
export const isPlatformCompany = sql<boolean>`${companies.contactEmail} = ${PLATFORM_ASSESSMENTS.contactEmail}`;

// The organisation's id, made when it is missing (a fresh platform without the demo data).
export async function ensurePlatformOrganisation(db: Database): Promise<string> {
  const find = async () => {
    const [found] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.contactEmail, PLATFORM_ASSESSMENTS.contactEmail))
      .limit(1);
    return found?.id;
  };
  const existing = await find();
  if (existing) return existing;
  const [created] = await db.insert(companies).values(PLATFORM_ASSESSMENTS).returning({ id: companies.id });
  if (!created) throw new Error('The assessments organisation was not created.');
  return created.id;
}
