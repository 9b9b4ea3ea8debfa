import { fakeId } from '~/client/testing/data-generators';
import { type FakeServer, reply, replyError } from '~/client/testing/fake-server';
import {
  type BillingProfile,
  type BillingSummary,
  type CreditNote,
  type Invoice,
  type InvoiceSortKey,
  type NewPaymentMethodInput,
  type NextInvoice,
  type PayInvoiceResult,
  type Payment,
  type PaymentMethod,
  paymentTexts,
  type UnbilledWeek,
} from '~/shared/billing';
import { type BillingDetails, updateBillingDetailsSchema } from '~/shared/billing-details';
import { OUTSTANDING_INVOICE_STATUSES } from '~/shared/billing-texts';
import { invoicesContract } from '~/shared/contracts/billing';
import { paymentsContract } from '~/shared/contracts/payments';

// The company's billing API for component tests, answered from memory: the invoice list with its
// search, filters, sort and pages; the summary cards; payment methods and the billing profile; and paying
// with the default provider's test cards (4242 succeeds, 0002 is declined, 0119 fails once transiently
// and a retry with the same Idempotency-Key completes it).

export const DECLINED_TEXT = paymentTexts.cardDeclined;
export const TRANSIENT_TEXT = paymentTexts.tryAgain;
export const ALREADY_PAID_TEXT = paymentTexts.alreadyPaid;
export const AUTO_PAY_NEEDS_DEFAULT_TEXT = paymentTexts.autoPayNeedsMethod;

let invoiceNumber = 0;

export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  invoiceNumber += 1;
  const id = fakeId();
  return {
    id,
    invoice_number: `INV-2026-${String(invoiceNumber).padStart(4, '0')}`,
    company_id: 'company',
    company_name: 'Acme',
    billed_to: { name: 'Acme', address: '', country: '', tax_id: '', email: '' },
    seller: { name: 'Tandem', address: '', tax_id: '', country: '', email: '' },
    tax: {
      category: 'sales_tax',
      name: 'Tax',
      rate_basis_points: 1132,
      note: '',
      breakdown: [{ rate_basis_points: 1132, taxable_cents: 110000, tax_cents: 12450 }],
    },
    period_start: '2026-11-08',
    period_end: '2026-11-14',
    issue_date: '2026-11-16',
    due_date: '2026-11-30',
    status: 'pending',
    subtotal_cents: 100000,
    fee_cents: 10000,
    tax_cents: 12450,
    amount_cents: 122450,
    currency: 'USD',
    paid_at: null,
    refunds: [],
    items: [
      {
        id: fakeId(),
        kind: 'work',
        description: 'Support Engineer — Ada Talent, Nov 16 – 20, 2026',
        quantity: 2400,
        unit: 'minute',
        rate_cents: 2500,
        amount_cents: 100000,
        work_start: '2026-11-16',
        work_end: '2026-11-20',
      },
      {
        id: fakeId(),
        kind: 'fee',
        description: 'Platform fee (10%)',
        quantity: 1,
        unit: 'each',
        rate_cents: 10000,
        amount_cents: 10000,
        work_start: null,
        work_end: null,
      },
      {
        id: fakeId(),
        kind: 'tax',
        description: 'Tax (11.32%)',
        quantity: 1,
        unit: 'each',
        rate_cents: 12450,
        amount_cents: 12450,
        work_start: null,
        work_end: null,
      },
    ],
    ...overrides,
  };
}

// An approved week not yet invoiced: 40 hours at $25.00, the 10% fee, no tax.
export function unbilledWeek(overrides: Partial<UnbilledWeek> = {}): UnbilledWeek {
  return {
    timesheet_id: fakeId(),
    assignment_id: fakeId(),
    applicant_name: 'Ada Talent',
    role: 'Support Engineer',
    week_start: '2026-11-15',
    total_minutes: 2400,
    approved_at: '2026-11-23T15:00:00.000Z',
    cost: {
      work: [
        { rate_cents: 2500, minutes: 2400, amount_cents: 100_000, work_start: '2026-11-16', work_end: '2026-11-20' },
      ],
      subtotal_cents: 100_000,
      fee_basis_points: 1000,
      fee_cents: 10_000,
      tax_basis_points: 0,
      tax_cents: 0,
      total_cents: 110_000,
      currency: 'USD',
    },
    ...overrides,
  };
}

// The next invoice as the server drafts it: the weeks given, run on Sunday Nov 29, 2026 at 02:00 UTC.
export function nextInvoiceOf(weeks: UnbilledWeek[], overrides: Partial<NextInvoice> = {}): NextInvoice {
  const sum = (pick: (week: UnbilledWeek) => number) => weeks.reduce((total, week) => total + pick(week), 0);
  return {
    runs_at: '2026-11-29T02:00:00.000Z',
    period_start: '2026-11-22',
    period_end: '2026-11-28',
    weeks: weeks.length,
    total_minutes: sum((week) => week.total_minutes),
    subtotal_cents: sum((week) => week.cost.subtotal_cents),
    fee_basis_points: 1000,
    fee_cents: sum((week) => week.cost.fee_cents),
    tax_basis_points: 0,
    tax_cents: sum((week) => week.cost.tax_cents),
    total_cents: sum((week) => week.cost.total_cents),
    currency: weeks[0]?.cost.currency ?? 'USD',
    ...overrides,
  };
}

export function savedMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: fakeId(),
    kind: 'card',
    label: 'Visa ending in 4242',
    last4: '4242',
    is_default: false,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

const sortValue: Record<InvoiceSortKey, (invoice: Invoice) => string | number> = {
  invoiceNumber: (each) => each.invoice_number,
  issueDate: (each) => each.issue_date,
  dueDate: (each) => each.due_date,
  amount: (each) => each.amount_cents,
  status: (each) => each.status,
};

function labelOf(method: NewPaymentMethodInput): { label: string; last4: string | null } {
  // A card Stripe's form made: the page never sends one in test mode.
  if ('payment_method' in method) return { label: 'Card', last4: null };
  if (method.kind === 'card')
    return { label: `Visa ending in ${method.card_number.slice(-4)}`, last4: method.card_number.slice(-4) };
  if (method.kind === 'bank') {
    return {
      label: `Bank account ending in ${method.account_number.slice(-4)}`,
      last4: method.account_number.slice(-4),
    };
  }
  return { label: `Wallet (${method.email})`, last4: null };
}

interface BillingStore {
  invoices: Invoice[];
  methods: PaymentMethod[];
  profile: BillingProfile;
  payments: Payment[];
  creditNotes: CreditNote[];
  // The Idempotency-Key of every pay request, in order.
  payKeys: string[];
  // Approved weeks not yet invoiced; the next invoice is drafted from them unless given.
  unbilled: UnbilledWeek[];
  nextInvoice: NextInvoice | null;
  // Who the invoices are made out to, with the tax rate and terms an administrator set.
  details: BillingDetails;
}

// A company that has written no billing details yet: the default rates (docs/decisions/044).
export function billingDetailsOf(overrides: Partial<BillingDetails> = {}): BillingDetails {
  return {
    legal_name: '',
    address_line1: '',
    address_line2: '',
    city: '',
    region: '',
    postal_code: '',
    country: '',
    tax_id: '',
    currency: 'USD',
    currency_is_fixed: false,
    vat_check: '',
    vat_checked_at: null,
    email_e_invoice: false,
    tax_rate_basis_points: 0,
    payment_terms_days: 14,
    ...overrides,
  };
}

export function fakeBillingApi(
  server: FakeServer,
  seed: {
    invoices?: Invoice[];
    methods?: PaymentMethod[];
    profile?: Partial<BillingProfile>;
    unbilled?: UnbilledWeek[];
    nextInvoice?: NextInvoice;
    details?: Partial<BillingDetails>;
    payments?: Payment[];
    creditNotes?: CreditNote[];
  } = {},
): BillingStore {
  const store: BillingStore = {
    invoices: [...(seed.invoices ?? [])],
    methods: [...(seed.methods ?? [])],
    profile: {
      tax_rate_basis_points: 0,
      payment_terms_days: 14,
      auto_pay: false,
      default_payment_method_id: seed.methods?.find((method) => method.is_default)?.id ?? null,
      ...seed.profile,
    },
    payments: [...(seed.payments ?? [])],
    creditNotes: [...(seed.creditNotes ?? [])],
    payKeys: [],
    unbilled: [...(seed.unbilled ?? [])],
    nextInvoice: seed.nextInvoice ?? null,
    details: billingDetailsOf(seed.details),
  };
  // Results already given, by key: a retry with the same key gets the first answer.
  const answered = new Map<string, PayInvoiceResult | ReturnType<typeof replyError>>();
  // Keys whose first try the provider failed transiently (card 0119).
  const failedOnce = new Set<string>();

  server.on(invoicesContract.list, ({ query }) => {
    const q = (query.get('q') ?? '').toLowerCase();
    const status = query.get('status');
    const from = query.get('from');
    const to = query.get('to');
    const key = (query.get('sort') ?? 'issueDate') as InvoiceSortKey;
    const direction = query.get('order') === 'asc' ? 1 : -1;
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('page_size') ?? 20);
    const matching = store.invoices
      .filter((each) => !q || each.invoice_number.toLowerCase().includes(q))
      .filter((each) => !status || each.status === status)
      .filter((each) => (!from || each.issue_date >= from) && (!to || each.issue_date <= to))
      .sort((first, second) => {
        const [a, b] = [sortValue[key](first), sortValue[key](second)];
        return (a < b ? -1 : a > b ? 1 : 0) * direction;
      });
    return {
      items: matching.slice((page - 1) * pageSize, page * pageSize),
      total: matching.length,
      page,
      page_size: pageSize,
    };
  });

  // Before /summary, which is added later and so answers first for its own path.
  server.on(invoicesContract.invoice, ({ params }) => {
    const found = store.invoices.find((each) => each.id === params.id);
    return found ?? replyError(404, 'not_found', 'This invoice does not exist, or it is not yours.');
  });

  server.on(invoicesContract.summary, (): BillingSummary => {
    const sum = (list: Invoice[]) => list.reduce((total, each) => total + each.amount_cents, 0);
    const outstanding = store.invoices.filter((each) =>
      (OUTSTANDING_INVOICE_STATUSES as readonly string[]).includes(each.status),
    );
    const lastPaid = store.invoices
      .filter((each) => each.status === 'paid' && each.paid_at)
      .sort((first, second) => second.issue_date.localeCompare(first.issue_date))[0];
    const nextDue = outstanding.sort((first, second) => first.due_date.localeCompare(second.due_date))[0];
    return {
      outstanding_cents: sum(outstanding),
      overdue_cents: sum(store.invoices.filter((each) => each.status === 'overdue')),
      last_payment: lastPaid
        ? { amount_cents: lastPaid.amount_cents, issue_date: lastPaid.issue_date, paid_at: lastPaid.paid_at ?? '' }
        : null,
      next_auto_pay:
        store.profile.auto_pay && nextDue ? { date: nextDue.due_date, amount_cents: nextDue.amount_cents } : null,
      currency: store.details.currency,
    };
  });

  server.on(invoicesContract.unbilledWork, ({ query }) => {
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('page_size') ?? 20);
    return {
      items: store.unbilled.slice((page - 1) * pageSize, page * pageSize),
      total: store.unbilled.length,
      page,
      page_size: pageSize,
    };
  });
  server.on(invoicesContract.nextInvoice, () => store.nextInvoice ?? nextInvoiceOf(store.unbilled));

  server.on(paymentsContract.paymentMethods, () => ({ items: store.methods }));
  server.on(paymentsContract.addPaymentMethod, ({ body: input }) => {
    const method = savedMethod({ kind: input.kind, ...labelOf(input) });
    store.methods.push(method);
    return reply(201, method);
  });
  server.on(paymentsContract.removePaymentMethod, ({ params }) => {
    store.methods = store.methods.filter((method) => method.id !== params.id);
    return reply(204);
  });

  server.on(paymentsContract.profile, () => store.profile);
  server.on(paymentsContract.updateProfile, ({ body: change }) => {
    const defaultId = change.default_payment_method_id ?? store.profile.default_payment_method_id;
    if (change.auto_pay && !defaultId) return replyError(409, 'conflict', AUTO_PAY_NEEDS_DEFAULT_TEXT);
    store.profile = { ...store.profile, ...change, default_payment_method_id: defaultId };
    store.methods = store.methods.map((method) => ({ ...method, is_default: method.id === defaultId }));
    return store.profile;
  });

  server.on(paymentsContract.billingDetails, () => store.details);
  // Checked and normalised by the schema the server checks with (trimmed, upper-case codes), the rates kept.
  server.on(paymentsContract.updateBillingDetails, ({ body }) => {
    const checked = updateBillingDetailsSchema.safeParse(body);
    if (!checked.success) {
      const fields = Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
      // As the server answers: its first problem's sentence, and each field's.
      return replyError(400, 'validation', checked.error.issues[0]?.message ?? '', fields);
    }
    store.details = { ...store.details, ...checked.data };
    return store.details;
  });
  server.on(invoicesContract.creditNotes, ({ query }) => ({
    items: store.creditNotes,
    total: store.creditNotes.length,
    page: Number(query.get('page') ?? 1),
    page_size: Number(query.get('page_size') ?? 20),
  }));

  server.on(paymentsContract.payments, ({ query }) => ({
    items: store.payments,
    total: store.payments.length,
    page: Number(query.get('page') ?? 1),
    page_size: Number(query.get('page_size') ?? 20),
  }));

  server.on(paymentsContract.payInvoice, ({ params, body, headers }) => {
    const key = headers['idempotency-key'];
    if (!key) return replyError(400, 'validation', paymentTexts.idempotencyKeyRequired);
    store.payKeys.push(key);
    const earlier = answered.get(key);
    if (earlier) return earlier;
    const target = store.invoices.find((each) => each.id === params.id);
    if (!target) return replyError(404, 'not_found', paymentTexts.invoiceNotFound);
    if (target.status === 'paid') return replyError(409, 'conflict', ALREADY_PAID_TEXT);
    const { payment_method_id, new_method } = body;
    const saved = store.methods.find((method) => method.id === payment_method_id);
    if (!saved && !new_method) return replyError(400, 'validation', paymentTexts.chooseMethod);
    const cardNumber =
      new_method && 'card_number' in new_method ? new_method.card_number : saved?.last4 === '0002' ? '0002' : '';
    const label = saved?.label ?? (new_method ? labelOf(new_method).label : '');

    const recordPayment = (status: Payment['status'], failure: string | null): Payment => {
      const payment: Payment = {
        id: fakeId(),
        invoice_id: target.id,
        invoice_number: target.invoice_number,
        milestone_id: null,
        milestone_title: null,
        company_name: target.company_name,
        amount_cents: target.amount_cents,
        currency: 'USD',
        status,
        method_label: label,
        failure_message: failure,
        created_at: new Date().toISOString(),
        completed_at: status === 'completed' ? new Date().toISOString() : null,
        refunded_cents: 0,
        refunded_at: null,
        display_status: status,
      };
      store.payments.unshift(payment);
      return payment;
    };

    if (cardNumber.endsWith('0002')) {
      target.status = 'unpaid';
      recordPayment('failed', DECLINED_TEXT);
      const answer = replyError(402, 'payment_declined', DECLINED_TEXT);
      answered.set(key, answer);
      return answer;
    }
    if (cardNumber.endsWith('0119') && !failedOnce.has(key)) {
      failedOnce.add(key);
      return replyError(502, 'unavailable', TRANSIENT_TEXT);
    }
    target.status = 'paid';
    target.paid_at = new Date().toISOString();
    const answer = { payment: recordPayment('completed', null), invoice: target };
    answered.set(key, answer);
    return answer;
  });

  // Several at once, oldest due first, each as payInvoice pays it (a saved method only).
  server.on(paymentsContract.payInvoices, ({ body, headers }) => {
    const key = headers['idempotency-key'];
    if (!key) return replyError(400, 'validation', paymentTexts.idempotencyKeyRequired);
    store.payKeys.push(key);
    const saved = store.methods.find((method) => method.id === body.payment_method_id);
    if (!saved) return replyError(400, 'validation', paymentTexts.chooseSavedMethod);
    const chosen = store.invoices
      .filter((each) => body.invoice_ids.includes(each.id))
      .sort((a, b) => a.due_date.localeCompare(b.due_date));
    let paidCents = 0;
    const results = chosen.map((target) => {
      const known = { invoice_id: target.id, invoice_number: target.invoice_number, amount_cents: target.amount_cents };
      if (target.status === 'paid') return { ...known, outcome: 'not_paid' as const, message: ALREADY_PAID_TEXT };
      if (saved.last4 === '0002') {
        target.status = 'unpaid';
        return { ...known, outcome: 'declined' as const, message: DECLINED_TEXT };
      }
      target.status = 'paid';
      target.paid_at = new Date().toISOString();
      paidCents += target.amount_cents;
      return { ...known, outcome: 'paid' as const, message: null };
    });
    return { results, paid_cents: paidCents };
  });

  return store;
}
