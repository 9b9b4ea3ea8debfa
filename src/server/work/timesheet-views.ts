import { and, eq, inArray } from 'drizzle-orm';
import { type CompanyTimesheet, type Timesheet, workTexts } from '~/shared/billing';
import { currencyOf } from '~/shared/currencies';
import type { Database } from '../db/client';
import { assignments, companies, timeEntries, timesheets, users } from '../db/schema';
import { draftWeekCosts, loadBillingTerms, noCost, weekCostView } from '../kernels/money/invoice-drafts';
import { type TermsRow, termsOnDay } from '../kernels/work/assignment-terms';
import { loadTermsHistories } from '../kernels/work/assignment-views';
import { AppError } from '../platform/errors';
import { getPlatformSettings } from '../platform/get-platform-settings';
import { daysOfWeek, weekEndOf } from '../platform/work-calendar';

type TimesheetRow = typeof timesheets.$inferSelect;

// One week of one assignment: the key a timesheet is found (or made) by.
interface WeekRef {
  assignmentId: string;
  weekStart: string;
}

// Submitted and approved weeks take no more hours, by hand or from the clock.
export function requireEditable(timesheet: Pick<TimesheetRow, 'status'>): void {
  if (timesheet.status === 'submitted') throw new AppError('conflict', workTexts.weekSubmitted);
  if (timesheet.status === 'approved') throw new AppError('conflict', workTexts.weekApproved);
}

// The week's timesheet, made when it does not exist yet, locked until the transaction ends: a save,
// a clock-out and a submit of the same week happen one after the other.
export async function lockWeekTimesheet({
  db,
  week,
  now,
}: {
  db: Database;
  week: WeekRef;
  now: Date;
}): Promise<TimesheetRow> {
  await db
    .insert(timesheets)
    .values({ assignmentId: week.assignmentId, weekStart: week.weekStart, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [timesheets.assignmentId, timesheets.weekStart] });
  const [timesheet] = await db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.assignmentId, week.assignmentId), eq(timesheets.weekStart, week.weekStart)))
    .for('update');
  if (!timesheet) throw new Error('The week’s timesheet was neither made nor found.');
  return timesheet;
}

// A timesheet of one of the company's assignments, locked, or a 404.
export async function findCompanyTimesheet({
  db,
  timesheetId,
  companyId,
}: {
  db: Database;
  timesheetId: string;
  companyId: string;
}) {
  const [found] = await db
    .select({ timesheet: timesheets, assignment: assignments })
    .from(timesheets)
    .innerJoin(assignments, eq(assignments.id, timesheets.assignmentId))
    .where(and(eq(timesheets.id, timesheetId), eq(assignments.companyId, companyId)))
    .for('update', { of: timesheets });
  if (!found) throw new AppError('not_found', workTexts.timesheetNotFound);
  return found;
}

export async function entriesOf(db: Database, timesheetId: string) {
  return db
    .select({ workDate: timeEntries.workDate, minutes: timeEntries.minutes })
    .from(timeEntries)
    .where(eq(timeEntries.timesheetId, timesheetId));
}

export const totalMinutesOf = (entries: readonly { minutes: number }[]) =>
  entries.reduce((total, entry) => total + entry.minutes, 0);

// The weekly hours a week is held to: those agreed by its last day (a change mid-week counts for it).
export const weeklyHoursOfWeek = (history: readonly TermsRow[], weekStart: string) =>
  termsOnDay(history, weekEndOf(weekStart)).weeklyHours;

// Weeks as the API shows them, in the order given; a week nothing was saved in shows as open and empty.
export async function loadTimesheetViews(db: Database, weeks: readonly WeekRef[]): Promise<Timesheet[]> {
  if (weeks.length === 0) return [];
  const assignmentIds = [...new Set(weeks.map((week) => week.assignmentId))];
  const weekStarts = [...new Set(weeks.map((week) => week.weekStart))];
  const [assignmentRows, sheetRows] = await Promise.all([
    db
      .select({
        assignment: assignments,
        companyName: companies.name,
        currency: companies.billingCurrency,
        applicantName: users.name,
      })
      .from(assignments)
      .innerJoin(companies, eq(companies.id, assignments.companyId))
      .innerJoin(users, eq(users.id, assignments.applicantId))
      .where(inArray(assignments.id, assignmentIds)),
    db
      .select()
      .from(timesheets)
      .where(and(inArray(timesheets.assignmentId, assignmentIds), inArray(timesheets.weekStart, weekStarts))),
  ]);
  const sheetIds = sheetRows.map((sheet) => sheet.id);
  const [entryRows, histories] = await Promise.all([
    sheetIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            timesheetId: timeEntries.timesheetId,
            workDate: timeEntries.workDate,
            minutes: timeEntries.minutes,
            note: timeEntries.note,
          })
          .from(timeEntries)
          .where(inArray(timeEntries.timesheetId, sheetIds)),
    loadTermsHistories(
      db,
      assignmentRows.map((row) => row.assignment),
    ),
  ]);
  const assignmentById = new Map(assignmentRows.map((row) => [row.assignment.id, row]));
  const keyOf = (week: WeekRef) => `${week.assignmentId}/${week.weekStart}`;
  const sheetByWeek = new Map(sheetRows.map((sheet) => [keyOf(sheet), sheet]));
  return weeks.flatMap((week) => {
    const owner = assignmentById.get(week.assignmentId);
    const history = histories.get(week.assignmentId);
    if (!owner || !history) return [];
    const sheet = sheetByWeek.get(keyOf(week));
    const entryByDay = new Map(
      entryRows.filter((entry) => entry.timesheetId === sheet?.id).map((entry) => [entry.workDate, entry]),
    );
    const entries = daysOfWeek(week.weekStart).map((day) => ({
      work_date: day,
      minutes: entryByDay.get(day)?.minutes ?? 0,
      note: entryByDay.get(day)?.note ?? null,
    }));
    const totalMinutes = totalMinutesOf(entries);
    const weeklyHours = weeklyHoursOfWeek(history, week.weekStart);
    return [
      {
        id: sheet?.id ?? null,
        assignment_id: week.assignmentId,
        company_name: owner.companyName,
        applicant_name: owner.applicantName,
        role: owner.assignment.role,
        week_start: week.weekStart,
        status: sheet?.status ?? 'open',
        entries,
        total_minutes: totalMinutes,
        weekly_hours: weeklyHours,
        is_over_weekly_hours: totalMinutes > weeklyHours * 60,
        submitted_at: sheet?.submittedAt?.toISOString() ?? null,
        approved_at: sheet?.approvedAt?.toISOString() ?? null,
        return_comment: sheet?.returnComment ?? null,
        talent_pay_cents: sheet?.talentPayCents ?? null,
        currency: currencyOf(owner.currency),
        invoice_id: sheet?.invoiceId ?? null,
      },
    ];
  });
}

export async function loadTimesheetView(db: Database, week: WeekRef): Promise<Timesheet> {
  const [view] = await loadTimesheetViews(db, [week]);
  if (!view) throw new AppError('not_found', workTexts.timesheetNotFound);
  return view;
}

// Weeks as their company reviews them: each with what it costs the company, drafted by the invoice run's
// own arithmetic (kernels/money/invoice-drafts.ts, decision 024), so the cost shown at approval is the bill.
export async function withWeekCosts(
  db: Database,
  views: readonly Timesheet[],
  companyId: string,
): Promise<CompanyTimesheet[]> {
  const ids = views.flatMap((view) => (view.id ? [view.id] : []));
  const { platform_fee_basis_points: feeBasisPoints } = await getPlatformSettings({ db });
  const [costs, terms] = await Promise.all([
    draftWeekCosts({ db, timesheetIds: ids, feeBasisPoints }),
    loadBillingTerms(db, [companyId]),
  ]);
  const unsaved = noCost({ feeBasisPoints, companyTerms: terms.get(companyId) });
  return views.map((view) => ({
    ...view,
    cost: weekCostView((view.id ? costs.get(view.id) : undefined) ?? unsaved),
  }));
}

export async function loadCompanyTimesheetView(
  db: Database,
  week: WeekRef,
  companyId: string,
): Promise<CompanyTimesheet> {
  const [view] = await withWeekCosts(db, [await loadTimesheetView(db, week)], companyId);
  if (!view) throw new AppError('not_found', workTexts.timesheetNotFound);
  return view;
}
