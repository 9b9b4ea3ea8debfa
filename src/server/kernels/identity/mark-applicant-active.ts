import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applicantProfiles } from '../../db/schema';

// Talent Search's online dot and Recent Activity sort: an applicant seen signed in (no row for others).
export const markApplicantActive = (db: Database, userId: string, at: Date) =>
  db.update(applicantProfiles).set({ lastActiveAt: at }).where(eq(applicantProfiles.userId, userId));
