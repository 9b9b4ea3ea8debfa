import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type PayInvoiceResult, type Payment, paymentTexts } from '~/shared/billing';
import type { Database } from '../../db/client';
import { invoices, milestones, paymentMethods, payments } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { loadInvoiceViews } from './invoice-views';
import type { LockedForPayment } from './locked-for-payment';
import { lockMilestoneForFunding } from './milestone-charge';
import { insertPaymentMethod, saveWithProvider } from './payment-methods';
import type { NewPaymentMethodInput, PaymentProvider, SavedMethod } from './payment-provider';
import { liveMethodOf, loadPaymentViews } from './payment-views';
import { recordPaymentOutcome } from './record-payment-outcome';

type PaymentRow = typeof payments.$inferSelect;

export type PaymentMethodChoice =
  | { payment_method_id: string; new_method?: undefined; save_method?: boolean }
  | { payment_method_id?: undefined; new_method: NewPaymentMethodInput; save_method?: boolean };

interface PayRequest {
  companyId: string;
  invoiceId: string;
  idempotencyKey: string;
  method: PaymentMethodChoice;
  // Null for Auto-Pay.
  requestedBy: string | null;
  ipAddress: string | null;
}

// Funding a fixed-price milestone into escrow (decision 035): the same payment, of a milestone.
interface FundRequest {
  companyId: string;
  milestoneId: string;
  idempotencyKey: string;
  method: PaymentMethodChoice;
  // Null for Auto-Pay.
  requestedBy: string | null;
  ipAddress: string | null;
}

// What a payment pays: an invoice, or a milestone's funding.
type PaymentTarget = { kind: 'invoice'; id: string } | { kind: 'milestone'; id: string };

interface TargetedRequest extends Omit<PayRequest, 'invoiceId'> {
  target: PaymentTarget;
}

// What a pay request answers; the same key always gets the same answer.
export type PayAnswer<Result = PayInvoiceResult> =
  | { status: 'completed'; result: Result }
  // Accepted by the provider, not settled yet (its webhook completes it).
  | { status: 'processing'; result: Result }
  | { status: 'declined'; message: string }
  // The provider could not be reached: the payment stays pending; retry with the same key.
  | { status: 'unavailable' };

// The answer before its result is read: which payment, as it stands.
type PaymentAnswer = PayAnswer<PaymentRow>;

interface Settled {
  payment: PaymentRow;
  // The provider's answer is not known yet (it failed to answer, or could not be asked).
  isUnknown: boolean;
}

// The provider's idempotency key for a payment: one per payment, so one per (company, key) of ours.
// Stripe's keys are per account, not per company, so the company's own key cannot go as it is.
export const providerKeyOf = (paymentId: string) => `tandem-payment-${paymentId}`;

// What a request asked for, as one digest: the invoice (or the milestone) and the method (keys in a fixed
// order). An invoice's digest is as it always was, so the keys of payments made before still match.
function requestHashOf({ target, method }: Pick<TargetedRequest, 'target' | 'method'>): string {
  const canonical = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, entry]) => entry !== undefined)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, entry]) => [key, canonical(entry)]),
        )
      : value;
  const asked = target.kind === 'invoice' ? [target.id] : ['milestone', target.id];
  return createHash('sha256')
    .update(JSON.stringify([...asked, canonical(method)]))
    .digest('hex');
}

const LIVE_PAYMENT_STATUSES: Array<PaymentRow['status']> = ['pending', 'completed'];
const UNIQUE_PAYMENT_INDEXES = [
  'payments_idempotency_unique',
  'payments_one_live_per_invoice',
  'payments_one_live_per_milestone',
];

const targetOf = (payment: PaymentRow): PaymentTarget =>
  payment.milestoneId
    ? { kind: 'milestone', id: payment.milestoneId }
    : { kind: 'invoice', id: payment.invoiceId ?? '' };

// The company's invoice, locked; a paid one refuses a new payment.
async function lockInvoice(
  tx: Database,
  { companyId, id }: { companyId: string; id: string },
): Promise<LockedForPayment> {
  const [invoice] = await tx
    .select({ status: invoices.status, totalCents: invoices.totalCents })
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.companyId, companyId)))
    .for('update');
  if (!invoice) throw new AppError('not_found', paymentTexts.invoiceNotFound);
  return {
    paid: invoice.status === 'paid' ? paymentTexts.alreadyPaid : null,
    completedMessage: paymentTexts.alreadyPaid,
    charge: async () => invoice.totalCents,
  };
}

// The charge's description at the provider: the invoice, or the milestone funded.
async function describePayment(db: Database, payment: PaymentRow): Promise<string> {
  if (payment.milestoneId) {
    const [milestone] = await db
      .select({ title: milestones.title })
      .from(milestones)
      .where(eq(milestones.id, payment.milestoneId));
    return `Tandem escrow: ${milestone?.title ?? payment.milestoneId}`;
  }
  const [invoice] = await db
    .select({ number: invoices.invoiceNumber })
    .from(invoices)
    .where(eq(invoices.id, payment.invoiceId ?? ''));
  return `Tandem invoice ${invoice?.number ?? payment.invoiceId}`;
}

// Paying an invoice, idempotently (decision 013):
// - the first request with a key inserts a pending payment under the invoice's row lock (one live
//   payment per invoice, also a unique index), then charges OUTSIDE the transaction with the payment's
//   key, then settles payment and invoice together. The invoice is paid only when its payment completes.
// - the same key again finds that payment and answers as it did, driving a still-pending payment through
//   the provider again: the provider returns the first charge for the key, never a second.
// - a different key while another payment is live: already paid (409), or in progress (409) when that
//   payment cannot be settled now.
// Requests with one key on this instance share one answer while it is being made; across instances the
// database and the provider's idempotency keep the answers the same.
export function createInvoicePayments({
  db,
  provider,
  mailer,
  publicUrl,
  logger,
}: {
  db: Database;
  provider: PaymentProvider;
  mailer: Mailer;
  publicUrl: string;
  logger: Pick<Logger, 'warn' | 'error'>;
}) {
  const paying = new Map<string, Promise<PaymentAnswer>>();
  const settling = new Map<string, Promise<Settled>>();

  function shared<T>(flights: Map<string, Promise<T>>, key: string, start: () => Promise<T>): Promise<T> {
    const running = flights.get(key);
    if (running) return running;
    const started = start().finally(() => flights.delete(key));
    flights.set(key, started);
    return started;
  }

  async function loadPayment(id: string): Promise<PaymentRow> {
    const [payment] = await db.select().from(payments).where(eq(payments.id, id));
    if (!payment) throw new Error(`Payment ${id} vanished.`);
    return payment;
  }

  // Drives a pending payment through the provider and records the outcome.
  async function drive(paymentId: string, ipAddress: string | null): Promise<Settled> {
    const payment = await loadPayment(paymentId);
    if (payment.status !== 'pending') return { payment, isUnknown: false };
    const [method] = payment.paymentMethodId
      ? await db
          .select({ providerRef: paymentMethods.providerRef })
          .from(paymentMethods)
          .where(eq(paymentMethods.id, payment.paymentMethodId))
      : [];
    if (!method || payment.provider !== provider.name) {
      logger.warn({ paymentId, provider: payment.provider }, 'a pending payment cannot be charged by this provider');
      return { payment, isUnknown: true };
    }
    let outcome: Awaited<ReturnType<PaymentProvider['charge']>>;
    try {
      outcome = await provider.charge({
        amountCents: payment.amountCents,
        currency: payment.currency.toLowerCase(),
        providerRef: method.providerRef,
        idempotencyKey: providerKeyOf(payment.id),
        description: await describePayment(db, payment),
        paymentId: payment.id,
      });
    } catch (error) {
      logger.warn({ err: error, paymentId }, 'the payment provider did not answer; the payment stays pending');
      return { payment: await loadPayment(paymentId), isUnknown: true };
    }
    const settled = await recordPaymentOutcome({ db, mailer, publicUrl, ipAddress }, paymentId, outcome);
    return { payment: settled ?? payment, isUnknown: false };
  }

  const settle = (paymentId: string, ipAddress: string | null) =>
    shared(settling, paymentId, () => drive(paymentId, ipAddress));

  function answerOf({ payment, isUnknown }: Settled): PaymentAnswer {
    if (payment.status === 'failed') {
      return { status: 'declined', message: payment.failureMessage ?? paymentTexts.cardDeclined };
    }
    if (payment.status === 'pending' && isUnknown) return { status: 'unavailable' };
    return { status: payment.status === 'completed' ? 'completed' : 'processing', result: payment };
  }

  // The answer with its result read: the payment's view and what it paid, as the caller shows it.
  async function withResult<Result>(
    answer: PaymentAnswer,
    resultOf: (payment: Payment) => Promise<Result>,
  ): Promise<PayAnswer<Result>> {
    if (answer.status === 'declined' || answer.status === 'unavailable') return answer;
    const [view] = await loadPaymentViews(db, [answer.result.id]);
    if (!view) throw new Error(`Payment ${answer.result.id} vanished.`);
    return { status: answer.status, result: await resultOf(view) };
  }

  async function findByKey(companyId: string, idempotencyKey: string) {
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.companyId, companyId), eq(payments.idempotencyKey, idempotencyKey)));
    return payment;
  }

  // The same key means the same request: another invoice or another method is a mistake to report, not
  // a retry to answer with the first result.
  function refuseOtherRequest(payment: PaymentRow, request: TargetedRequest) {
    const paid = targetOf(payment);
    if (paid.kind !== request.target.kind || paid.id !== request.target.id) {
      throw new AppError('idempotency_key_reused', paymentTexts.idempotencyKeyReused);
    }
    if (payment.requestHash !== null && payment.requestHash !== requestHashOf(request)) {
      throw new AppError('idempotency_key_reused', paymentTexts.idempotencyKeyOtherRequest);
    }
  }

  type Started = { payment: PaymentRow } | { blockedBy: PaymentRow };

  // The transaction that holds the invoice's (or milestone's) lock: refuses what cannot be paid, finds a
  // live payment, or inserts ours (pending) with its method.
  async function start(request: TargetedRequest, method: SavedMethod | string): Promise<Started> {
    const { companyId, target, idempotencyKey } = request;
    return db.transaction(async (tx) => {
      const locked =
        target.kind === 'invoice'
          ? await lockInvoice(tx, { companyId, id: target.id })
          : await lockMilestoneForFunding({ tx, companyId, id: target.id });
      const [sameKey] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.companyId, companyId), eq(payments.idempotencyKey, idempotencyKey)));
      if (sameKey) return { payment: sameKey };
      if (locked.paid) throw new AppError('conflict', locked.paid);
      const [live] = await tx
        .select()
        .from(payments)
        .where(
          and(
            target.kind === 'invoice' ? eq(payments.invoiceId, target.id) : eq(payments.milestoneId, target.id),
            inArray(payments.status, LIVE_PAYMENT_STATUSES),
            // A refunded payment no longer pays the invoice: it is owed, and payable, again.
            isNull(payments.refundedAt),
          ),
        );
      if (live?.status === 'completed') throw new AppError('conflict', locked.completedMessage);
      if (live) return { blockedBy: live };
      const charge = await locked.charge();

      let chosen: { id: string; label: string };
      if (typeof method === 'string') {
        const [saved] = await tx
          .select({ id: paymentMethods.id, label: paymentMethods.label })
          .from(paymentMethods)
          .where(liveMethodOf(companyId, method, provider.name));
        if (!saved) {
          throw new AppError('validation', paymentTexts.chooseSavedMethod, {
            payment_method_id: paymentTexts.chooseSavedMethod,
          });
        }
        chosen = saved;
      } else {
        chosen = await insertPaymentMethod({
          tx,
          companyId,
          actorId: request.requestedBy,
          ipAddress: request.ipAddress,
          saved: method,
          providerName: provider.name,
          keep: request.method.save_method === true,
        });
      }
      const [payment] = await tx
        .insert(payments)
        .values({
          ...(target.kind === 'invoice' ? { invoiceId: target.id } : { milestoneId: target.id }),
          companyId,
          paymentMethodId: chosen.id,
          methodLabel: chosen.label,
          amountCents: charge,
          idempotencyKey,
          requestHash: requestHashOf(request),
          provider: provider.name,
          requestedBy: request.requestedBy,
        })
        .returning();
      if (!payment) throw new Error('The payment was not stored.');
      return { payment };
    });
  }

  async function payOnce(request: TargetedRequest): Promise<PaymentAnswer> {
    const { companyId, idempotencyKey, ipAddress } = request;
    const existing = await findByKey(companyId, idempotencyKey);
    if (existing) {
      refuseOtherRequest(existing, request);
      return answerOf(await settle(existing.id, ipAddress));
    }
    // A new method is checked and kept by the provider before the invoice is locked (it may be slow).
    const method =
      request.method.payment_method_id ??
      (await saveWithProvider(db, provider, companyId, request.method.new_method).catch((error: unknown) => {
        if (!(error instanceof AppError) || !error.fields) throw error;
        const fields = Object.fromEntries(
          Object.entries(error.fields).map(([key, value]) => [`new_method.${key}`, value]),
        );
        throw new AppError(error.code, error.message, fields);
      }));
    // A payment of another key in the way is settled first (it may complete the invoice, or fail and
    // make way for this one); a second time it still blocks, it is in progress.
    for (let attempt = 0; ; attempt += 1) {
      let started: Started;
      try {
        started = await start(request, method);
      } catch (error) {
        // Another instance inserted at the same moment: look again.
        if (isUniqueViolation(error, UNIQUE_PAYMENT_INDEXES) && attempt < 3) continue;
        throw error;
      }
      if ('payment' in started) {
        refuseOtherRequest(started.payment, request);
        return answerOf(await settle(started.payment.id, ipAddress));
      }
      if (attempt > 0) throw new AppError('conflict', paymentTexts.inProgress);
      const blocking = await settle(started.blockedBy.id, ipAddress);
      if (blocking.payment.status === 'pending') throw new AppError('conflict', paymentTexts.inProgress);
    }
  }

  function payTarget(request: TargetedRequest): Promise<PaymentAnswer> {
    const flight = [request.companyId, request.idempotencyKey, requestHashOf(request)].join('\n');
    return shared(paying, flight, () => payOnce(request));
  }

  return {
    async pay({ invoiceId, ...request }: PayRequest): Promise<PayAnswer> {
      const answer = await payTarget({ ...request, target: { kind: 'invoice', id: invoiceId } });
      return withResult(answer, async (payment) => {
        const [invoice] = await loadInvoiceViews({ db, ids: [invoiceId] });
        if (!invoice) throw new Error(`Payment ${payment.id} has no invoice.`);
        return { payment, invoice };
      });
    },
    // Funding a milestone into escrow; `resultOf` reads what the caller answers with (the contract).
    async fund<Result>(
      { milestoneId, ...request }: FundRequest,
      resultOf: (payment: Payment) => Promise<Result>,
    ): Promise<PayAnswer<Result>> {
      return withResult(await payTarget({ ...request, target: { kind: 'milestone', id: milestoneId } }), resultOf);
    },
    // For the webhook and the tests: what a pending payment comes to.
    settle,
  };
}

export type InvoicePayments = ReturnType<typeof createInvoicePayments>;
