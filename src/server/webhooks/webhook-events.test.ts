import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationsContract } from '~/shared/contracts/applications';
import { adminInvoicesContract } from '~/shared/contracts/billing';
import { fixedPriceContract } from '~/shared/contracts/fixed-price';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { meetingsContract } from '~/shared/contracts/meetings';
import { adminPaymentsContract, paymentsContract } from '~/shared/contracts/payments';
import { payoutsContract } from '~/shared/contracts/payouts';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { invitationsContract, teamContract } from '~/shared/contracts/teams';
import { workContract } from '~/shared/contracts/work';
import { companyWebhookEventTypes, type WebhookEventType, webhookPayloadSchemaOf } from '~/shared/webhooks';
import {
  assignments,
  emailOutbox,
  invoices,
  payments,
  payoutMethods,
  users,
  webhookDeliveries,
  webhookEndpoints,
  webhookMessages,
} from '../db/schema';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { buildApplication, buildJob } from '../seed/job-factories';
import { companyIdOf } from '../testing/assessment-helpers';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { taxFormOnFile } from '../testing/tax-form-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment } from '../testing/work-factories';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const PUBLIC_URL = 'https://tandem.example';
// Nothing listens on the discard port: every delivery is refused, and logged, never thrown.
const NOWHERE = 'http://127.0.0.1:9/';
// Dollars as the catalogue writes them, from whole cents: 12345 → '123.45'.
const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const card = { kind: 'card' as const, card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };

// Webhooks (issue 58): every business event of the catalogue is recorded, in the change's own transaction, for
// the endpoints that chose it, when the real action happens through the API: its company's, and the platform's.
describe('webhook events', () => {
  let testApp: TestApp;
  let admin: Account;
  let owner: Account;
  let talent: Account;
  let companyId: string;
  let platformEndpointId: string;
  const today = isoDay(new Date());
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { PUBLIC_URL } });
    admin = await signedInAccount(testApp, { role: 'admin' });
    // Scheduling a meeting takes a zone of one's own (docs/decisions/022).
    owner = await signedInAccount(testApp, { role: 'company', name: 'Olive Owner', timeZone: 'America/New_York' });
    companyId = await companyIdOf(testApp, owner.user.id);
    talent = await signedInAccount(testApp, { role: 'applicant', name: 'Tess Talent' });
    const [, platform] = await db()
      .insert(webhookEndpoints)
      .values([
        { companyId, url: NOWHERE, eventTypes: companyWebhookEventTypes, enabled: true },
        { companyId: null, url: NOWHERE, eventTypes: ['payout.paid'], enabled: true },
      ])
      .returning({ id: webhookEndpoints.id });
    platformEndpointId = platform?.id ?? '';
    // Earnings wait for the company's payment and nothing more, so a payout run can pay them at once.
    await testApp.setSettings({ payouts_wait_for_payment: true, payout_security_days: 0 });
  });
  afterAll(async () => {
    await testApp.close();
  });

  // The `data` of every event of this type recorded for the company (null: the platform's), as the catalogue
  // reads the body: a payload outside it fails here.
  async function heard(type: WebhookEventType, company: string | null = companyId): Promise<unknown[]> {
    const rows = await db()
      .select({ payload: webhookMessages.payload })
      .from(webhookMessages)
      .where(
        and(
          eq(webhookMessages.eventType, type),
          company ? eq(webhookMessages.companyId, company) : isNull(webhookMessages.companyId),
        ),
      );
    return rows.map((row) => webhookPayloadSchemaOf(type).parse(JSON.parse(row.payload)).data);
  }

  function succeeded<Answer extends { statusCode: number; rawPayload: Buffer }>(answer: Answer): Answer {
    expect(answer.statusCode, answer.rawPayload.toString().slice(0, 500)).toBeLessThan(300);
    return answer;
  }

  it('hears an application, its moves, the accepted offer and the hire starting', async () => {
    const job = await buildJob(db(), { companyId, title: 'Support Lead' });
    const applied = succeeded(
      await talent.call(jobBoardContract.apply, {
        params: { id: job.id },
        body: { cover_letter: 'I ran support for a remote team of twelve.', proposal_rate: 50 },
      }),
    ).body;
    const applicationId = applied.id;
    expect(await heard('application.created')).toContainEqual({
      application_id: applicationId,
      job_id: job.id,
      job_title: 'Support Lead',
      applicant_id: talent.user.id,
      status: 'submitted',
      created_at: applied.created_at,
    });

    succeeded(await owner.call(pipelineContract.move, { params: { id: applicationId }, body: { to: 'shortlisted' } }));
    succeeded(
      await owner.call(pipelineContract.offer, {
        params: { id: applicationId },
        body: { rate: 50, weekly_hours: 20, start_date: today },
      }),
    );
    succeeded(await talent.call(applicationsContract.acceptOffer, { params: { id: applicationId } }));
    const ids = { application_id: applicationId, job_id: job.id, applicant_id: talent.user.id };
    const moves = await heard('application.moved');
    for (const [from, to] of [
      ['submitted', 'shortlisted'],
      ['shortlisted', 'offered'],
      ['offered', 'hired'],
    ]) {
      expect(moves).toContainEqual({ ...ids, from_status: from, to_status: to });
    }
    const [assignment] = await db()
      .select({ id: assignments.id })
      .from(assignments)
      .where(eq(assignments.applicationId, applicationId));
    expect(await heard('offer.accepted')).toContainEqual({ ...ids, assignment_id: assignment?.id });

    succeeded(await owner.call(workContract.startCompanyAssignment, { params: { id: assignment?.id ?? '' } }));
    expect(await heard('hire.started')).toContainEqual({
      assignment_id: assignment?.id,
      job_id: job.id,
      applicant_id: talent.user.id,
      start_date: today,
    });
  });

  it('hears a week submitted and approved, its invoice issued, paid and refunded, and the payout of it', async () => {
    const weekStart = addDays(weekStartOf(today), -7);
    const assignment = await buildAssignment(db(), {
      companyId,
      applicantId: talent.user.id,
      startDate: addDays(weekStart, -28),
      rateCents: 5_000,
    });
    const week = { assignment_id: assignment.id, week_start: weekStart };
    const saved = succeeded(
      await talent.call(workContract.saveWeek, {
        params: week,
        body: { entries: [{ work_date: addDays(weekStart, 1), minutes: 300 }] },
      }),
    ).body;
    succeeded(await talent.call(workContract.submitWeek, { params: week }));
    const timesheet = { timesheet_id: saved.id, assignment_id: assignment.id, week_start: weekStart, minutes: 300 };
    expect(await heard('timesheet.submitted')).toContainEqual(timesheet);
    succeeded(await owner.call(workContract.approveTimesheet, { params: { id: saved.id ?? '' }, body: {} }));
    expect(await heard('timesheet.approved')).toContainEqual(timesheet);

    const issuedId = succeeded(await admin.call(adminInvoicesContract.issueNow, { params: { id: companyId } })).body
      .invoice?.id;
    const [invoice] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.id, issuedId ?? ''));
    if (!invoice) throw new Error('No invoice was issued.');
    const total = dollars(invoice.totalCents);
    const named = { invoice_id: invoice.id, number: invoice.invoiceNumber, currency: 'USD' };
    expect(await heard('invoice.issued')).toContainEqual({ ...named, total, due_date: invoice.dueDate });

    succeeded(
      await owner.call(paymentsContract.payInvoice, {
        params: { id: invoice.id },
        body: { new_method: card },
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
    expect(await heard('invoice.paid')).toContainEqual({ ...named, total });

    // The week's pay reaches the talent's bank account through a run an administrator approves.
    await taxFormOnFile(testApp, talent.user.id);
    const method = succeeded(
      await talent.call(payoutsContract.addMethod, {
        body: {
          method: {
            kind: 'bank_account',
            holder_name: 'Tess Talent',
            bank_name: 'ING',
            account_number: 'DE44 5001 0517 5407 3249 31',
            bank_code_type: 'swift',
            bank_code: 'INGDDEFFXXX',
          },
          proof: { password: talent.password ?? undefined },
        },
      }),
    ).body;
    await db()
      .update(payoutMethods)
      .set({ usableFrom: new Date(Date.now() - 60_000) })
      .where(eq(payoutMethods.id, method.id));
    const run = succeeded(await admin.call(payoutsContract.prepareRun)).body;
    succeeded(await admin.call(payoutsContract.approveRun, { params: { id: run.id } }));
    const line = (
      await admin.call(payoutsContract.runLines, { params: { id: run.id }, query: { page_size: 100 } })
    ).body.items.find((item) => item.applicant_id === talent.user.id);
    if (!line) throw new Error('The run pays the talent nothing.');
    succeeded(await admin.call(payoutsContract.markPaid, { params: { id: line.id }, body: { reference: 'BANK-1' } }));
    const payout = {
      payout_id: line.id,
      applicant_id: talent.user.id,
      currency: 'USD',
      amount: dollars(line.amount_cents),
    };
    // A payout belongs to no company: the platform's endpoint hears it, no company's.
    expect(await heard('payout.paid', null)).toContainEqual(payout);
    const sentTo = await db()
      .select({ endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
      .where(eq(webhookMessages.eventType, 'payout.paid'));
    expect(sentTo).toEqual([{ endpointId: platformEndpointId }]);

    const [payment] = await db()
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.invoiceId, invoice.id), eq(payments.status, 'completed')));
    succeeded(await admin.call(adminPaymentsContract.refund, { params: { id: payment?.id ?? '' } }));
    expect(await heard('invoice.refunded')).toContainEqual({ ...named, refunded: total });
  });

  it('hears a milestone funded and released, with its paid release invoice', async () => {
    const job = await buildJob(db(), { companyId, engagementType: 'fixed' });
    const application = await buildApplication(db(), {
      jobId: job.id,
      applicantId: talent.user.id,
      status: 'interviewing',
    });
    succeeded(
      await owner.call(pipelineContract.fixedPriceOffer, {
        params: { id: application.id },
        body: {
          total_cents: 123_456,
          start_date: addDays(today, 7),
          milestones: [{ title: 'Wireframes', description: '', amount_cents: 123_456, due_date: addDays(today, 14) }],
        },
      }),
    );
    succeeded(await talent.call(applicationsContract.acceptOffer, { params: { id: application.id } }));
    const [contract] = await db()
      .select({ id: assignments.id })
      .from(assignments)
      .where(eq(assignments.applicationId, application.id));
    const milestone = succeeded(
      await owner.call(fixedPriceContract.companyContract, { params: { id: contract?.id ?? '' } }),
    ).body.milestones[0];
    if (!milestone) throw new Error('The contract has no milestone.');
    succeeded(
      await owner.call(fixedPriceContract.fund, {
        params: { id: milestone.id },
        body: { new_method: card },
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
    const escrow = {
      milestone_id: milestone.id,
      assignment_id: contract?.id,
      title: 'Wireframes',
      currency: 'USD',
      amount: '1234.56',
    };
    expect(await heard('milestone.funded')).toContainEqual(escrow);

    succeeded(
      await talent.call(fixedPriceContract.submit, { params: { id: milestone.id }, body: { message: 'Done.' } }),
    );
    const released = succeeded(await owner.call(fixedPriceContract.approve, { params: { id: milestone.id } })).body
      .milestones[0];
    expect(await heard('milestone.released')).toContainEqual(escrow);
    // The release is invoiced paid at once: both are heard, of the same invoice.
    const invoiceId = released?.invoice_id;
    const issued = (await heard('invoice.issued')).find(
      (data) => (data as { invoice_id: string }).invoice_id === invoiceId,
    );
    expect(issued).toMatchObject({ currency: 'USD', due_date: today });
    const { due_date: _, ...paid } = issued as { due_date: string };
    expect(await heard('invoice.paid')).toContainEqual(paid);
  });

  it('hears a meeting scheduled and cancelled', async () => {
    const job = await buildJob(db(), { companyId, title: 'Designer' });
    const application = await buildApplication(db(), { jobId: job.id, applicantId: talent.user.id });
    const startsAt = new Date(Date.now() + 48 * 3_600_000);
    const meeting = succeeded(
      await owner.call(meetingsContract.schedule, {
        body: {
          application_id: application.id,
          type: 'interview',
          starts_at: startsAt.toISOString(),
          duration_minutes: 30,
        },
      }),
    ).body;
    expect(await heard('meeting.scheduled')).toContainEqual({
      meeting_id: meeting.id,
      title: 'Interview: Designer',
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + 30 * 60_000).toISOString(),
    });
    succeeded(
      await owner.call(meetingsContract.cancel, {
        params: { id: meeting.id },
        body: { reason: 'The role is filled.' },
      }),
    );
    expect(await heard('meeting.cancelled')).toContainEqual({
      meeting_id: meeting.id,
      title: 'Interview: Designer',
      starts_at: startsAt.toISOString(),
    });
  });

  it('hears a member joining by invitation and being removed', async () => {
    const email = `joiner-${Date.now()}@example.test`;
    succeeded(await owner.call(teamContract.invite, { body: { email, role: 'hiring_manager' } }));
    const [mail] = await db()
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const token = mail?.text.match(/https:\/\/tandem\.example\/join\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
    succeeded(
      await callerFrom(testApp).call(invitationsContract.register, {
        params: { token },
        body: { name: 'Jo Joiner', password: 'long enough 1', accept_terms: true },
      }),
    );
    const [joiner] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    const userId = joiner?.id ?? '';
    expect(await heard('member.joined')).toContainEqual({ user_id: userId, email, role: 'hiring_manager' });

    succeeded(await owner.call(teamContract.remove, { params: { id: userId } }));
    expect(await heard('member.left')).toContainEqual({ user_id: userId, email });
  });
});
