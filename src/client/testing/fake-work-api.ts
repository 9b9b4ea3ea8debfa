import { addDays, format } from 'date-fns';
import { fromIsoDay, toIsoDay } from '~/client/lib/iso-day';
import { fakeId } from '~/client/testing/data-generators';
import { type FakeServer, replyError } from '~/client/testing/fake-server';
import type { Assignment, ClockState, CompanyTimesheet, Timesheet, TimesheetStatus, WeekCost } from '~/shared/billing';
import { workTexts } from '~/shared/billing-texts';
import { workContract } from '~/shared/contracts/work';
import type { Currency } from '~/shared/currencies';

// The work endpoints for component tests, answered from memory with the server's rules for
// what the screens rely on: a submitted or approved week cannot change, hours over the weekly ones
// need the company's explicit approval, and the clock moves offline → on shift ⇄ on break → offline.

// An hourly assignment, or with engagement_type 'fixed' a fixed-price one (no rate, hours or terms:
// docs/decisions/035).
export function workAssignment(overrides: Partial<Assignment> = {}): Assignment {
  const isFixedPrice = overrides.engagement_type === 'fixed';
  const rate = isFixedPrice ? null : (overrides.rate_cents ?? 4550);
  const hours = isFixedPrice ? null : (overrides.weekly_hours ?? 40);
  const start = overrides.start_date ?? '2026-11-02';
  return {
    id: fakeId(),
    company_id: fakeId(),
    company_name: 'Acme',
    applicant_id: fakeId(),
    applicant_name: 'Ada Talent',
    job_id: fakeId(),
    role: 'Support Engineer',
    engagement_type: 'hourly',
    rate_cents: rate,
    weekly_hours: hours,
    start_date: start,
    end_date: null,
    end_reason: null,
    status: 'active',
    shift_status: 'offline',
    terms: rate === null || hours === null ? [] : [{ rate_cents: rate, weekly_hours: hours, effective_date: start }],
    currency: 'USD',
    created_at: '2026-10-20T09:00:00.000Z',
    ...overrides,
  };
}

const weekDays = (weekStart: string) =>
  Array.from({ length: 7 }, (_, index) => toIsoDay(addDays(fromIsoDay(weekStart), index)));

// A week of an assignment: `minutes` per day from Sunday (missing days are 0).
export function workTimesheet(
  assignment: Assignment,
  weekStart: string,
  minutes: number[] = [],
  overrides: Partial<Timesheet> = {},
): Timesheet {
  const entries = weekDays(weekStart).map((day, index) => ({
    work_date: day,
    minutes: minutes[index] ?? 0,
    note: null as string | null,
  }));
  const total = entries.reduce((sum, entry) => sum + entry.minutes, 0);
  const weeklyHours = assignment.weekly_hours ?? 0;
  return {
    id: fakeId(),
    assignment_id: assignment.id,
    company_name: assignment.company_name,
    applicant_name: assignment.applicant_name,
    role: assignment.role,
    week_start: weekStart,
    status: 'open',
    entries,
    total_minutes: total,
    weekly_hours: weeklyHours,
    is_over_weekly_hours: total > weeklyHours * 60,
    submitted_at: null,
    approved_at: null,
    return_comment: null,
    talent_pay_cents: null,
    currency: assignment.currency,
    invoice_id: null,
    ...overrides,
  };
}

// What a week costs its company, as the server drafts it (decision 024): the minutes at one rate, the
// platform fee on the work, then the tax on work plus fee, each rounded half up once.
export function fakeWeekCost(
  minutes: number,
  rateCents: number,
  {
    feeBasisPoints = 1000,
    taxBasisPoints = 0,
    currency = 'USD',
  }: { feeBasisPoints?: number; taxBasisPoints?: number; currency?: Currency } = {},
): WeekCost {
  const subtotal = Math.round((minutes * rateCents) / 60);
  const fee = Math.round((subtotal * feeBasisPoints) / 10_000);
  const tax = Math.round(((subtotal + fee) * taxBasisPoints) / 10_000);
  return {
    work:
      minutes > 0
        ? [{ rate_cents: rateCents, minutes, amount_cents: subtotal, work_start: '2026-11-16', work_end: '2026-11-20' }]
        : [],
    subtotal_cents: subtotal,
    fee_basis_points: feeBasisPoints,
    fee_cents: fee,
    tax_basis_points: taxBasisPoints,
    tax_cents: tax,
    total_cents: subtotal + fee + tax,
    currency,
  };
}

const page = <Item>(items: Item[], query: URLSearchParams) => {
  const pageNumber = Number(query.get('page') ?? 1);
  const pageSize = Number(query.get('page_size') ?? 20);
  return {
    items: items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    total: items.length,
    page: pageNumber,
    page_size: pageSize,
  };
};

function withTotals(timesheet: Timesheet): Timesheet {
  const total = timesheet.entries.reduce((sum, entry) => sum + entry.minutes, 0);
  return { ...timesheet, total_minutes: total, is_over_weekly_hours: total > timesheet.weekly_hours * 60 };
}

interface WorkStore {
  assignments: Assignment[];
  timesheets: Timesheet[];
  clock: ClockState[];
}

export function fakeWorkApi(
  server: FakeServer,
  { assignments = [], timesheets = [], clock = [] }: Partial<WorkStore> = {},
): WorkStore {
  const store: WorkStore = { assignments: [...assignments], timesheets: [...timesheets], clock: [...clock] };
  const now = () => new Date().toISOString();
  const findAssignment = (id: string | undefined) => store.assignments.find((item) => item.id === id);
  const findWeek = (assignmentId: string | undefined, weekStart: string | undefined) =>
    store.timesheets.find((item) => item.assignment_id === assignmentId && item.week_start === weekStart);
  const replace = (timesheet: Timesheet) => {
    const index = store.timesheets.findIndex((item) => item.id === timesheet.id);
    if (index >= 0) store.timesheets.splice(index, 1, timesheet);
    else store.timesheets.push(timesheet);
    return timesheet;
  };
  const notFound = () => replyError(404, 'not_found', workTexts.assignmentNotFound);
  // The company sees each week with its cost, at its assignment's rate.
  const withCost = (timesheet: Timesheet): CompanyTimesheet => ({
    ...timesheet,
    cost: fakeWeekCost(timesheet.total_minutes, findAssignment(timesheet.assignment_id)?.rate_cents ?? 0, {
      currency: timesheet.currency,
    }),
  });
  const lockedWeek = (timesheet: Timesheet) =>
    timesheet.status === 'approved'
      ? replyError(409, 'conflict', workTexts.weekApproved)
      : timesheet.status === 'submitted'
        ? replyError(409, 'conflict', workTexts.weekSubmitted)
        : null;

  // The talent's side.
  server.on(workContract.applicantAssignments, ({ query }) => page(store.assignments, query));
  server.on(workContract.applicantTimesheets, ({ query }) => {
    const assignmentId = query.get('assignment_id');
    const items = store.timesheets
      .filter((item) => !assignmentId || item.assignment_id === assignmentId)
      .sort((first, second) => second.week_start.localeCompare(first.week_start));
    return page(items, query);
  });
  server.on(workContract.week, ({ params }) => {
    const assignment = findAssignment(params.assignment_id);
    if (!assignment) return notFound();
    return findWeek(assignment.id, params.week_start) ?? { ...workTimesheet(assignment, params.week_start), id: null };
  });
  server.on(workContract.saveWeek, ({ params, body }) => {
    const assignment = findAssignment(params.assignment_id);
    if (!assignment) return notFound();
    const current = findWeek(assignment.id, params.week_start) ?? workTimesheet(assignment, params.week_start);
    const locked = lockedWeek(current);
    if (locked) return locked;
    const { entries } = body;
    const noteless = entries.findIndex((entry) => entry.note && entry.minutes === 0);
    if (noteless >= 0) {
      const message = workTexts.noteWithoutHours(entries[noteless]?.work_date ?? '');
      return replyError(400, 'validation', message, { [`entries.${noteless}.note`]: message });
    }
    const byDay = new Map(entries.map((entry) => [entry.work_date, entry]));
    return replace(
      withTotals({
        ...current,
        entries: current.entries.map((entry) => {
          const sent = byDay.get(entry.work_date);
          return sent ? { ...entry, minutes: sent.minutes, note: sent.minutes > 0 ? sent.note || null : null } : entry;
        }),
      }),
    );
  });
  server.on(workContract.submitWeek, ({ params }) => {
    const current = findWeek(params.assignment_id, params.week_start);
    if (!current || current.total_minutes === 0) return replyError(409, 'conflict', workTexts.submitNeedsHours);
    const locked = lockedWeek(current);
    if (locked) return locked;
    return replace({ ...current, status: 'submitted', submitted_at: now() });
  });
  server.on(workContract.clock, () => ({
    items: store.assignments
      .filter((assignment) => assignment.status === 'active')
      .map(
        (assignment) =>
          store.clock.find((state) => state.assignment_id === assignment.id) ?? {
            assignment_id: assignment.id,
            shift_status: 'offline' as const,
            clocked_in_at: null,
            break_started_at: null,
            worked_minutes: 0,
          },
      ),
  }));
  const clockMoves = [
    { endpoint: workContract.clockIn, from: ['offline'], to: 'on_shift' },
    { endpoint: workContract.clockBreak, from: ['on_shift'], to: 'on_break' },
    { endpoint: workContract.clockResume, from: ['on_break'], to: 'on_shift' },
    { endpoint: workContract.clockOut, from: ['on_shift', 'on_break'], to: 'offline' },
  ] as const satisfies ReadonlyArray<{
    endpoint: unknown;
    from: ReadonlyArray<ClockState['shift_status']>;
    to: ClockState['shift_status'];
  }>;
  const moveClock = (
    assignmentId: string,
    move: { from: ReadonlyArray<ClockState['shift_status']>; to: ClockState['shift_status'] },
  ) => {
    const assignment = findAssignment(assignmentId);
    if (!assignment) return notFound();
    const current = store.clock.find((state) => state.assignment_id === assignment.id) ?? {
      assignment_id: assignment.id,
      shift_status: 'offline' as const,
      clocked_in_at: null,
      break_started_at: null,
      worked_minutes: 0,
    };
    if (!move.from.includes(current.shift_status))
      return replyError(
        409,
        'conflict',
        current.shift_status === 'offline' ? workTexts.notClockedIn : workTexts.alreadyClockedIn,
      );
    const next: ClockState =
      move.to === 'offline'
        ? { ...current, shift_status: 'offline', clocked_in_at: null, break_started_at: null, worked_minutes: 0 }
        : {
            ...current,
            shift_status: move.to,
            clocked_in_at: current.clocked_in_at ?? now(),
            break_started_at: move.to === 'on_break' ? now() : null,
          };
    store.clock = [...store.clock.filter((state) => state.assignment_id !== assignment.id), next];
    return next;
  };
  for (const { endpoint, ...move } of clockMoves) server.on(endpoint, ({ params }) => moveClock(params.id, move));

  // The company's side.
  server.on(workContract.companyTimesheets, ({ query }) => {
    const status = query.get('status') as TimesheetStatus | null;
    return page(store.timesheets.filter((item) => !status || item.status === status).map(withCost), query);
  });
  const decide = (id: string) => store.timesheets.find((item) => item.id === id);
  server.on(workContract.approveTimesheet, ({ params, body }) => {
    const current = decide(params.id);
    if (!current) return replyError(404, 'not_found', workTexts.timesheetNotFound);
    if (current.status !== 'submitted') return replyError(409, 'conflict', workTexts.approveNeedsSubmitted);
    const isOverApproved = body.approve_over_weekly_hours ?? false;
    if (current.is_over_weekly_hours && !isOverApproved)
      return replyError(409, 'conflict', workTexts.overWeeklyHours(current.total_minutes, current.weekly_hours));
    return withCost(replace({ ...current, status: 'approved', approved_at: now() }));
  });
  server.on(workContract.approveTimesheets, ({ body }) => {
    const results = [...new Set(body.ids)].map((id) => {
      const current = decide(id);
      if (!current) return { id, outcome: 'not_found' as const };
      if (current.status !== 'submitted') {
        return { id, outcome: 'skipped' as const, error: workTexts.approveNeedsSubmitted };
      }
      if (current.is_over_weekly_hours) {
        const error = workTexts.overWeeklyHours(current.total_minutes, current.weekly_hours);
        return { id, outcome: 'skipped' as const, error };
      }
      replace({ ...current, status: 'approved', approved_at: now() });
      return { id, outcome: 'approved' as const };
    });
    return { results, approved: results.filter((result) => result.outcome === 'approved').length };
  });
  server.on(workContract.returnTimesheet, ({ params, body }) => {
    const current = decide(params.id);
    if (!current) return replyError(404, 'not_found', workTexts.timesheetNotFound);
    if (current.status !== 'submitted') return replyError(409, 'conflict', workTexts.returnNeedsSubmitted);
    const { comment } = body;
    return withCost(replace({ ...current, status: 'returned', return_comment: comment }));
  });
  server.on(workContract.companyAssignments, ({ query }) => {
    const status = query.get('status');
    return page(
      store.assignments.filter((item) => !status || item.status === status),
      query,
    );
  });
  const changeAssignment = (id: string, change: (assignment: Assignment) => Assignment) => {
    const current = findAssignment(id);
    if (!current) return notFound();
    const next = change(current);
    store.assignments.splice(store.assignments.indexOf(current), 1, next);
    return next;
  };
  server.on(workContract.startCompanyAssignment, ({ params }) =>
    changeAssignment(params.id, (assignment) => ({ ...assignment, status: 'active' })),
  );
  // The company ends it, or the talent their own: the same rules.
  for (const endpoint of [workContract.endCompanyAssignment, workContract.endApplicantAssignment]) {
    server.on(endpoint, ({ params, body }) => {
      const { end_date: endDate, reason } = body;
      if (endDate > format(new Date(), 'yyyy-MM-dd')) {
        return replyError(400, 'validation', workTexts.endInFuture, { end_date: workTexts.endInFuture });
      }
      return changeAssignment(params.id, (assignment) => ({
        ...assignment,
        status: 'ended',
        end_date: endDate,
        end_reason: reason,
      }));
    });
  }
  server.on(workContract.changeCompanyAssignmentTerms, ({ params, body: input }) => {
    const current = findAssignment(params.id);
    if (current?.rate_cents === null || current?.weekly_hours === null) {
      return replyError(409, 'conflict', 'A fixed-price assignment has no rate or weekly hours to change.');
    }
    return changeAssignment(params.id, (assignment) => {
      const terms = {
        rate_cents: input.rate_cents ?? assignment.rate_cents ?? 0,
        weekly_hours: input.weekly_hours ?? assignment.weekly_hours ?? 0,
        effective_date: input.effective_date,
      };
      return { ...assignment, ...terms, terms: [...assignment.terms, terms] };
    });
  });
  return store;
}
