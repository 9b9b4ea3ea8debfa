import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Assignment, type ShiftStatus, workTexts } from '~/shared/billing';
import { currencyOf } from '~/shared/currencies';
import type { Database } from '../../db/client';
import { assignments, assignmentTerms, clockSessions, companies, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { todayOf } from '../../platform/work-calendar';
import { type TermsRow, termsHistoryOf, termsOnDay } from './assignment-terms';

export type AssignmentRow = typeof assignments.$inferSelect;

// Who acts on assignments: a company on its own, the talent on their own, an administrator on any.
export type WorkActor =
  | { kind: 'company'; companyId: string; actorId: string }
  | { kind: 'applicant'; actorId: string }
  | { kind: 'admin'; actorId: string };

// The assignments an actor may see; outside it an assignment does not exist for them (404).
export function reachOf(actor: WorkActor): SQL | undefined {
  if (actor.kind === 'company') return eq(assignments.companyId, actor.companyId);
  if (actor.kind === 'applicant') return eq(assignments.applicantId, actor.actorId);
  return undefined;
}

// The talent's presence from the clock: on a break, on shift (an open shift), else offline.
export const shiftStatusSql = sql<ShiftStatus>`coalesce((
  select case when ${clockSessions.breakStartedAt} is not null then 'on_break' else 'on_shift' end
  from ${clockSessions}
  where ${clockSessions.assignmentId} = ${assignments.id} and ${clockSessions.clockedOutAt} is null
), 'offline')`;

// One assignment within the actor's reach, or a 404. `lock` holds its row until the transaction ends,
// so two moves at once happen one after the other. `hourly`: what only hourly work has (timesheets, the
// clock, a rate to change) refuses a fixed-price assignment (decision 035) with a sentence.
export async function findAssignmentFor({
  db,
  assignmentId,
  actor,
  lock = false,
  hourly = false,
}: {
  db: Database;
  assignmentId: string;
  actor: WorkActor;
  lock?: boolean;
  hourly?: boolean;
}): Promise<AssignmentRow> {
  const query = db
    .select()
    .from(assignments)
    .where(and(eq(assignments.id, assignmentId), reachOf(actor)));
  const [found] = lock ? await query.for('update') : await query;
  if (!found) throw new AppError('not_found', workTexts.assignmentNotFound);
  if (hourly && found.engagementType === 'fixed') throw new AppError('conflict', workTexts.fixedPriceHasNoHours);
  return found;
}

// Every assignment's terms history (oldest first), by assignment id.
export async function loadTermsHistories(
  db: Database,
  rows: readonly Pick<AssignmentRow, 'id' | 'rateCents' | 'weeklyHours' | 'startDate'>[],
): Promise<Map<string, TermsRow[]>> {
  if (rows.length === 0) return new Map();
  const terms = await db
    .select({
      assignmentId: assignmentTerms.assignmentId,
      rateCents: assignmentTerms.rateCents,
      payRateCents: assignmentTerms.payRateCents,
      weeklyHours: assignmentTerms.weeklyHours,
      effectiveDate: assignmentTerms.effectiveDate,
    })
    .from(assignmentTerms)
    .where(
      inArray(
        assignmentTerms.assignmentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(assignmentTerms.effectiveDate));
  return new Map(
    rows.map((row) => [
      row.id,
      termsHistoryOf(
        row,
        terms.filter((terms) => terms.assignmentId === row.id),
      ),
    ]),
  );
}

// The day whose terms an assignment shows: today, or its start date while it has not begun.
export const termsDayOf = (assignment: Pick<AssignmentRow, 'startDate'>, now: Date) => {
  const today = todayOf(now);
  return assignment.startDate > today ? assignment.startDate : today;
};

// Assignments as the API shows them, in the order of `ids`.
export async function loadAssignmentViews({
  db,
  ids,
  now = new Date(),
}: {
  db: Database;
  ids: readonly string[];
  now?: Date;
}): Promise<Assignment[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      assignment: assignments,
      companyName: companies.name,
      currency: companies.billingCurrency,
      applicantName: users.name,
      shiftStatus: shiftStatusSql,
    })
    .from(assignments)
    .innerJoin(companies, eq(companies.id, assignments.companyId))
    .innerJoin(users, eq(users.id, assignments.applicantId))
    .where(inArray(assignments.id, [...ids]));
  const histories = await loadTermsHistories(
    db,
    rows.map((row) => row.assignment),
  );
  const byId = new Map(rows.map((row) => [row.assignment.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    const history = histories.get(id);
    if (!row || !history) return [];
    const { assignment } = row;
    const current = history.length > 0 ? termsOnDay(history, termsDayOf(assignment, now)) : null;
    return [
      {
        id: assignment.id,
        company_id: assignment.companyId,
        company_name: row.companyName,
        applicant_id: assignment.applicantId,
        applicant_name: row.applicantName,
        job_id: assignment.jobId,
        role: assignment.role,
        engagement_type: assignment.engagementType,
        rate_cents: current?.rateCents ?? null,
        weekly_hours: current?.weeklyHours ?? null,
        start_date: assignment.startDate,
        end_date: assignment.endDate,
        end_reason: assignment.endReason,
        status: assignment.status,
        shift_status: row.shiftStatus,
        terms: history.map((terms) => ({
          rate_cents: terms.rateCents,
          weekly_hours: terms.weeklyHours,
          effective_date: terms.effectiveDate,
        })),
        currency: currencyOf(row.currency),
        created_at: assignment.createdAt.toISOString(),
      },
    ];
  });
}

export async function loadAssignmentView(options: { db: Database; id: string; now?: Date }): Promise<Assignment> {
  const [view] = await loadAssignmentViews({ db: options.db, ids: [options.id], now: options.now });
  if (!view) throw new AppError('not_found', workTexts.assignmentNotFound);
  return view;
}
