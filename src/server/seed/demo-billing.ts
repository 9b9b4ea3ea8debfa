import { and, eq, lte } from 'drizzle-orm';
import {
  assignments,
  assignmentTerms,
  billingProfiles,
  invoices,
  paymentMethods,
  payments,
  timeEntries,
  timesheets,
} from '../db/schema';
import { issueInvoices } from '../kernels/money/issue-invoices';
import { testChargeIdOf } from '../kernels/payments/test-mode-provider';
import { hourlyTermsOf, talentPayCents, termsHistoryOf } from '../kernels/work/assignment-terms';
import { addDays, daysOfWeek, isoDay, weekStartOf } from '../platform/work-calendar';
import { findDemoCompanyAndTalent } from './demo-people';
import type { DemoSeeder } from './demo-seeder';

// Day notes for the demo weeks (null: no note that day).
const demoDayNotes: Array<string | null> = [
  'Answered the weekend backlog and tagged refund requests.',
  null,
  'Updated the help-center articles on shipping times.',
  'Call with the team lead; set up the new escalation macro.',
  null,
  'Cleared 38 tickets; flagged two billing bugs to engineering.',
  null,
  'Reconciled last week’s chargebacks with the finance sheet.',
];

// Six past weeks of work. The invoices of the five oldest cover every status (oldest first); the last
// week waits for the company's approval, and this week is still being logged.
const PAST_WEEKS = 6;
// Oldest first: a run also bills any older approved week still unbilled.
const invoicedWeeks = [
  { weeksAgo: 6, status: 'overdue' },
  { weeksAgo: 5, status: 'paid' },
  { weeksAgo: 4, status: 'paid' },
  { weeksAgo: 3, status: 'unpaid' },
  { weeksAgo: 2, status: 'pending' },
] as const;
// Monday to Friday, in minutes: a realistic week rather than a flat 40 hours.
const workdayMinutes = [0, 480, 450, 480, 495, 360, 0];
const DEMO_CARD = { label: 'Visa ending in 4242', last4: '4242', providerRef: 'tm_card_succeeds_demo4242' };
const DECLINED_MESSAGE = 'Your card was declined. Try another payment method.';

// Work and billing for the demo company: the demo talent at work with it, several weeks of
// timesheets for every active assignment, and invoices in every status. Skipped once the company has invoices.
export const demoBillingSeeder: DemoSeeder = {
  name: 'demo work and billing',
  async seed({ db }) {
    const people = await findDemoCompanyAndTalent(db);
    if (!people) return { created: 0 };
    const { company, talent } = people;
    const [invoiced] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.companyId, company.companyId))
      .limit(1);
    if (invoiced) return { created: 0 };

    let created = 0;
    const today = isoDay(new Date());
    const thisWeek = weekStartOf(today);
    const firstWeek = addDays(thisWeek, -7 * PAST_WEEKS);

    // The demo talent works for the demo company, so both demo accounts see timesheets.
    const [talentAssignment] = await db
      .select({ id: assignments.id })
      .from(assignments)
      .where(and(eq(assignments.companyId, company.companyId), eq(assignments.applicantId, talent.id)));
    if (!talentAssignment) {
      await db.insert(assignments).values({
        companyId: company.companyId,
        applicantId: talent.id,
        role: 'Customer Support Specialist',
        rateCents: 2_800,
        weeklyHours: 40,
        startDate: firstWeek,
        status: 'active',
      });
      created++;
    }
    await db
      .insert(billingProfiles)
      .values({ companyId: company.companyId, taxRateBasisPoints: 825, paymentTermsDays: 30 })
      .onConflictDoNothing();
    const [card] = await db
      .insert(paymentMethods)
      .values({ companyId: company.companyId, kind: 'card', provider: 'test', ...DEMO_CARD })
      .returning({ id: paymentMethods.id });
    if (card) {
      await db
        .update(billingProfiles)
        .set({ defaultPaymentMethodId: card.id })
        .where(eq(billingProfiles.companyId, company.companyId));
    }

    const working = await db
      .select({
        id: assignments.id,
        rateCents: assignments.rateCents,
        weeklyHours: assignments.weeklyHours,
        startDate: assignments.startDate,
      })
      .from(assignments)
      .where(
        and(
          eq(assignments.companyId, company.companyId),
          eq(assignments.status, 'active'),
          eq(assignments.engagementType, 'hourly'),
          lte(assignments.startDate, firstWeek),
        ),
      );
    for (const assignment of working) {
      const [terms] = await db
        .select({ id: assignmentTerms.id })
        .from(assignmentTerms)
        .where(eq(assignmentTerms.assignmentId, assignment.id))
        .limit(1);
      if (!terms) {
        const { rateCents, weeklyHours } = hourlyTermsOf(assignment);
        await db.insert(assignmentTerms).values({
          assignmentId: assignment.id,
          rateCents,
          payRateCents: Math.round(rateCents * 0.8),
          weeklyHours,
          effectiveDate: assignment.startDate,
        });
      }
      const history = termsHistoryOf(
        assignment,
        await db
          .select({
            rateCents: assignmentTerms.rateCents,
            payRateCents: assignmentTerms.payRateCents,
            weeklyHours: assignmentTerms.weeklyHours,
            effectiveDate: assignmentTerms.effectiveDate,
          })
          .from(assignmentTerms)
          .where(eq(assignmentTerms.assignmentId, assignment.id)),
      );
      for (let weeksAgo = PAST_WEEKS; weeksAgo >= 1; weeksAgo--) {
        const weekStart = addDays(thisWeek, -7 * weeksAgo);
        const entries = daysOfWeek(weekStart).map((workDate, day) => {
          // A little variety between people and weeks.
          const minutes = workdayMinutes[day] === 0 ? 0 : (workdayMinutes[day] ?? 0) - ((weeksAgo + day) % 3) * 15;
          // What was done, on some of the days worked, as a talent writes it for the company.
          const note = minutes > 0 ? demoDayNotes[(weeksAgo * 7 + day) % demoDayNotes.length] : null;
          return { workDate, minutes, note: note ?? null };
        });
        const approved = weeksAgo >= 2;
        const submittedAt = new Date(`${addDays(weekStart, 6)}T17:00:00Z`);
        const [timesheet] = await db
          .insert(timesheets)
          .values({
            assignmentId: assignment.id,
            weekStart,
            status: approved ? 'approved' : 'submitted',
            submittedAt,
            approvedAt: approved ? new Date(submittedAt.getTime() + 60 * 60 * 1000) : null,
            approvedBy: approved ? company.userId : null,
            talentPayCents: approved ? talentPayCents(entries, history) : null,
          })
          .onConflictDoNothing()
          .returning({ id: timesheets.id });
        if (!timesheet) continue;
        await db.insert(timeEntries).values(entries.map((entry) => ({ timesheetId: timesheet.id, ...entry })));
        created++;
      }
    }

    // Each approved week invoiced on the Sunday after it, as the weekly run does.
    for (const { weeksAgo, status } of invoicedWeeks) {
      const periodStart = addDays(thisWeek, -7 * weeksAgo);
      const run = await issueInvoices({ db, periodStart, today: addDays(periodStart, 7) });
      const invoice = run.issued.find((issued) => issued.companyId === company.companyId);
      if (!invoice) continue;
      created++;
      const idempotencyKey = `demo:${invoice.id}`;
      const issuedAt = new Date(`${addDays(periodStart, 7)}T09:00:00Z`);
      if (status === 'paid') {
        const paidAt = new Date(issuedAt.getTime() + 3 * 24 * 60 * 60 * 1000);
        await db.insert(payments).values({
          invoiceId: invoice.id,
          companyId: company.companyId,
          paymentMethodId: card?.id ?? null,
          methodLabel: DEMO_CARD.label,
          amountCents: invoice.totalCents,
          status: 'completed',
          idempotencyKey,
          provider: 'test',
          providerRef: testChargeIdOf(idempotencyKey),
          createdAt: paidAt,
          completedAt: paidAt,
        });
        await db.update(invoices).set({ status: 'paid', paidAt }).where(eq(invoices.id, invoice.id));
      } else if (status === 'unpaid') {
        await db.insert(payments).values({
          invoiceId: invoice.id,
          companyId: company.companyId,
          methodLabel: 'Visa ending in 0002',
          amountCents: invoice.totalCents,
          status: 'failed',
          idempotencyKey,
          provider: 'test',
          failureMessage: DECLINED_MESSAGE,
          createdAt: issuedAt,
        });
        await db.update(invoices).set({ status: 'unpaid' }).where(eq(invoices.id, invoice.id));
      } else if (status === 'overdue') {
        await db.update(invoices).set({ status: 'overdue' }).where(eq(invoices.id, invoice.id));
      }
    }
    return { created };
  },
};
