import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminApplicant, AdminApplicantList, ApplicantStatus } from '~/shared/admin-applicants';
import type { Database } from '../db/client';
import { containingPattern } from '../db/like-pattern';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { applicantProfiles, users } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { textArrayLiteral } from '../db/text-array-literal';

interface AdminApplicantFilter {
  q?: string;
  status?: ApplicantStatus;
}

// Applicants with a profile: a removed applicant (anonymised, account/anonymize-account.ts) has none
// and leaves the list.
function whereOf({ q, status }: AdminApplicantFilter): SQL | undefined {
  const search = q?.trim();
  return and(
    eq(users.role, 'applicant'),
    status ? eq(users.status, status) : undefined,
    search
      ? or(ilike(users.name, containingPattern(search)), ilike(users.email, containingPattern(search)))
      : undefined,
  );
}

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  status: users.status,
  createdAt: users.createdAt,
};
type ApplicantRow = { id: string; name: string; email: string; status: ApplicantStatus; createdAt: Date };

export const selectApplicants = (db: Database) =>
  db.select(columns).from(users).innerJoin(applicantProfiles, eq(applicantProfiles.userId, users.id)).$dynamic();

interface ApplicantFigures {
  applications: number;
  hired: number;
}

// Applications and hires, for the given applicants only (a page reads its own rows' applications).
async function findApplicantFigures(db: Database, ids: string[]): Promise<Map<string, ApplicantFigures>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows(
    db,
    z.object({ id: uuidColumn, applications: integerColumn, hired: integerColumn }),
    sql`
    select p.id, figures.applications, figures.hired
    from unnest(${textArrayLiteral(ids)}::uuid[]) as p(id)
    cross join lateral (
      select count(*)::int as applications, (count(*) filter (where a.status = 'hired'))::int as hired
      from applications a where a.applicant_id = p.id
    ) figures
  `,
  );
  return new Map(rows.map((row) => [row.id, { applications: row.applications, hired: row.hired }]));
}

function adminApplicantView(row: ApplicantRow, figures: ApplicantFigures | undefined): AdminApplicant {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    applications: figures?.applications ?? 0,
    hired: figures?.hired ?? 0,
    created_at: row.createdAt.toISOString(),
  };
}

export async function loadAdminApplicant(db: Database, id: string): Promise<AdminApplicant | undefined> {
  const [row] = await selectApplicants(db).where(and(eq(users.id, id), eq(users.role, 'applicant')));
  if (!row) return undefined;
  const figures = await findApplicantFigures(db, [row.id]);
  return adminApplicantView(row, figures.get(row.id));
}

// Applicant Management's page: newest first, the figures computed for its rows only.
export async function findAdminApplicants({
  db,
  filter,
  page,
  pageSize,
}: {
  db: Database;
  filter: AdminApplicantFilter;
  page: number;
  pageSize: number;
}): Promise<AdminApplicantList> {
  const where = whereOf(filter);
  const [rows, [counted]] = await Promise.all([
    selectApplicants(db)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
      .where(where),
  ]);
  const figures = await findApplicantFigures(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => adminApplicantView(row, figures.get(row.id))),
    total: counted?.total ?? 0,
    page,
    page_size: pageSize,
  };
}
