import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AssignmentOptionList } from '~/shared/admin-assignments';
import type { Database } from '../../db/client';
import { containingPattern } from '../../db/like-pattern';
import { companies, users } from '../../db/schema';

// The pickers of the admin forms (New Assignment, a job posted for a company): several features ask the
// same question, so it lives here rather than in one of them.

const OPTION_LIMIT = 20;
const patternOf = (q?: string) => (q ? containingPattern(q) : undefined);

// The companies a form can pick: active ones whose name holds q, by name.
export async function findCompanyOptions({ db, q }: { db: Database; q?: string }): Promise<AssignmentOptionList> {
  const pattern = patternOf(q);
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.status, 'active'), pattern ? ilike(companies.name, pattern) : undefined))
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(OPTION_LIMIT);
  return { items: rows.map((row) => ({ id: row.id, name: row.name, detail: null })) };
}

// The talent a form can pick: active applicants whose name or email holds q, by name.
export async function findApplicantOptions({ db, q }: { db: Database; q?: string }): Promise<AssignmentOptionList> {
  const pattern = patternOf(q);
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.role, 'applicant'),
        eq(users.status, 'active'),
        pattern ? (or(ilike(users.name, pattern), ilike(users.email, pattern)) as SQL) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(OPTION_LIMIT);
  return { items: rows.map((row) => ({ id: row.id, name: row.name, detail: row.email })) };
}
