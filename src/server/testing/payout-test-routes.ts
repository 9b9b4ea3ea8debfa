import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { Database } from '../db/client';
import { assignments, invoices, payoutMethods, timesheets, users } from '../db/schema';
import { postTransaction } from '../kernels/money/post-transaction';
import { AppError } from '../platform/errors';

// Browser-test endpoints for payouts (registered by test-routes.ts, never in production): the waits a
// journey cannot sit through, ended as if the days had passed. Everything else — adding the method,
// paying the invoice, preparing and approving the run — goes through the real API.
export async function payoutTestRoutes(
  app: FastifyInstance,
  { db, settings }: { db: Database; settings: AppContext['settings'] },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // One talent's waits end now: their payout methods' 72-hour wait, and the security period of their paid
  // weeks (approved and paid that many days ago, as System Settings count it). Only this talent's rows
  // move: the setting itself is shared by every journey running at once (and Reset in System Settings
  // puts it back), so it is left alone. The next ledger update (the hourly job, or a payout run being
  // prepared) makes those weeks available.
  routes.post(
    '/api/testing/payouts/end-waits',
    {
      config: { access: 'public' },
      schema: { hide: true, body: z.object({ applicant_email: z.string() }) },
    },
    async (request) => {
      const [talent] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, request.body.applicant_email.toLowerCase()), eq(users.role, 'applicant')));
      if (!talent) throw new AppError('not_found', `No applicant account for ${request.body.applicant_email}.`);
      const { payout_security_days: securityDays } = await settings.get();
      const now = new Date();
      // A minute more than the period, so the ledger's `<= cutoff` holds whatever the clock did meanwhile.
      const longAgo = new Date(now.getTime() - securityDays * 86_400_000 - 60_000);

      const methods = await db
        .update(payoutMethods)
        .set({ usableFrom: now })
        .where(
          and(
            eq(payoutMethods.applicantId, talent.id),
            isNull(payoutMethods.removedAt),
            gt(payoutMethods.usableFrom, now),
          ),
        )
        .returning({ id: payoutMethods.id });
      const ownAssignments = db
        .select({ id: assignments.id })
        .from(assignments)
        .where(eq(assignments.applicantId, talent.id));
      const weeks = await db
        .update(timesheets)
        .set({ approvedAt: longAgo })
        .where(
          and(
            inArray(timesheets.assignmentId, ownAssignments),
            eq(timesheets.status, 'approved'),
            gt(timesheets.approvedAt, longAgo),
          ),
        )
        .returning({ id: timesheets.id });
      const paid = await db
        .update(invoices)
        .set({ paidAt: longAgo })
        .where(
          and(
            inArray(
              invoices.id,
              db
                .select({ id: timesheets.invoiceId })
                .from(timesheets)
                .where(inArray(timesheets.assignmentId, ownAssignments)),
            ),
            eq(invoices.status, 'paid'),
            gt(invoices.paidAt, longAgo),
          ),
        )
        .returning({ id: invoices.id });
      return {
        method_ids: methods.map((row) => row.id),
        timesheet_ids: weeks.map((row) => row.id),
        invoice_ids: paid.map((row) => row.id),
      };
    },
  );

  // A payout in dollars sent and paid on a past day, as the ledger records one: a journey cannot wait for a
  // year to end before its Form 1099-NEC is issued (decision 055).
  routes.post(
    '/api/testing/payouts/paid',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: z.object({
          applicant_email: z.string(),
          amount_cents: z.number().int().positive(),
          day: z.iso.date(),
        }),
      },
    },
    async (request) => {
      const [talent] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, request.body.applicant_email.toLowerCase()), eq(users.role, 'applicant')));
      if (!talent) throw new AppError('not_found', `No applicant account for ${request.body.applicant_email}.`);
      const applicantId = talent.id;
      const cents = request.body.amount_cents;
      const occurredAt = new Date(`${request.body.day}T12:00:00Z`);
      const key = `${applicantId}:${request.body.day}:${cents}:${Date.now()}`;
      for (const [kind, from, to] of [
        ['payout_sent', 'talent_available', 'payouts_in_transit'],
        ['payout_paid', 'payouts_in_transit', 'paid_out'],
      ] as const) {
        await postTransaction({
          db,
          currency: 'USD',
          key: `test-${kind}:${key}`,
          kind,
          refs: { applicantId },
          occurredAt,
          lines: [
            { account: from, amountCents: cents, applicantId },
            { account: to, amountCents: -cents, applicantId },
          ],
        });
      }
      return { applicant_id: applicantId };
    },
  );
}
