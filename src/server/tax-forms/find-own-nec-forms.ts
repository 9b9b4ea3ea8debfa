import { and, desc, eq } from 'drizzle-orm';
import type { OwnNecForm } from '~/shared/year-end-forms';
import type { Database } from '../db/client';
import { necForms } from '../db/schema';

// The talent's Forms 1099-NEC in force, the latest year first: a corrected form stands in for the one it replaced.
export async function findOwnNecForms({
  db,
  applicantId,
}: {
  db: Database;
  applicantId: string;
}): Promise<{ items: OwnNecForm[] }> {
  const rows = await db
    .select({
      id: necForms.id,
      year: necForms.taxYear,
      box1Cents: necForms.box1Cents,
      corrected: necForms.corrected,
      issuedAt: necForms.issuedAt,
    })
    .from(necForms)
    .where(and(eq(necForms.applicantId, applicantId), eq(necForms.status, 'issued')))
    .orderBy(desc(necForms.taxYear));
  return {
    items: rows.map((row) => ({
      id: row.id,
      year: row.year,
      box1_cents: row.box1Cents,
      corrected: row.corrected,
      issued_at: row.issuedAt.toISOString(),
    })),
  };
}
