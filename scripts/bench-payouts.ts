// `npm run bench:payouts [-- --talents 10000 --companies 1000 --usd-only --max-phase-seconds 600 --keep-database]`:
// paying the talent at scale on PostgreSQL (docs/decisions/036). Seeds a fresh database
// (tandem_bench_<random>, dropped afterwards) on the server of DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test) by set-based inserts: that many talents, each on an assignment
// with one of the companies and one approved week, every company's invoice of that week paid, and a
// default payout method (a bank account, a fifth PayPal; one in a hundred still in its 72-hour wait and
// one in a hundred on hold, so the run has exceptions). The ledger is left empty, as for rows written
// before it.
// In currencies (issue 55; --usd-only for the run before them): a third of the companies are billed in
// euros, one talent in four also works a week for a company of the other currency (so holds USD and EUR,
// and is paid in two parts), and the methods pay in ten currencies in turn; the rates are stored as the
// ECB publishes them (EUR→X, today, entered by hand), so USD→PHP is a cross rate, with an FX margin.
// Then times each step of a payout run, counting the statements it sends:
//   (a) postMissingTransactions: the work, invoice and payment transactions of those rows (the catch-up
//       path, one transaction per row)
//   (b) makeEarningsAvailable: the matured earnings to available (one statement)
//   (c) preparePayoutRun: the run of today, a line per talent
//   (d) approvePayoutRun: every planned payout sent (available → in transit)
//   (e) markRunPaid: the bank file's payouts paid, each talent emailed (outbox and a send-email job)
// and checks the ledger balances per transaction in each currency, a payout was paid to every talent without
// an exception, each payout is the sum of its parts, and a sample of converted parts recomputes with
// convertMinor at the recorded rate and margin. While a step runs, the database's active statement is
// sampled, to say where a slow step spends its time.
//
// Statistics: the ledger starts empty and (a) posts 12,000 transactions into it (14,500 in currencies). Migration 0049 checked
// each line's balance with a query PL/pgSQL planned once per connection and kept — planned on the empty
// ledger, a sequential scan per line: 232 s for the run with autovacuum off on the ledger, 50 s once it was
// analyzed. Migration 0051 checks each statement's lines without reading the table, and a large catch-up
// analyzes the ledger itself (postMissingTransactions). Autovacuum stays off on the ledger here, so the run
// is measured on the statistics the code leaves, not on autovacuum's timing.
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { type Database, openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { runOnServer } from '../src/server/db/postgres-server';
import { idRow, integerColumn } from '../src/server/db/row-columns';
import { selectRows } from '../src/server/db/select-rows';
import { textArrayLiteral } from '../src/server/db/text-array-literal';
import { accountSums } from '../src/server/kernels/money/account-sums';
import { lastFullWeekStart } from '../src/server/kernels/money/billing-period';
import { makeEarningsAvailable } from '../src/server/kernels/money/make-earnings-available';
import { postMissingTransactions } from '../src/server/kernels/money/post-missing-transactions';
import { loadRateBook, rateBetween } from '../src/server/kernels/money/rate-book';
import { createMailer } from '../src/server/mail/mailer';
import { approvePayoutRun } from '../src/server/payouts/approve-payout-run';
import { markRunPaid } from '../src/server/payouts/mark-run-paid';
import { preparePayoutRun } from '../src/server/payouts/prepare-payout-run';
import { FX_SETTINGS_KEY } from '../src/server/platform/get-fx-settings';
import { startPgBossQueue } from '../src/server/platform/pg-boss-queue';
import { addDays, isoDay } from '../src/server/platform/work-calendar';
import { type Currency, isCurrency } from '../src/shared/currencies';
import { convertMinor, rateSources } from '../src/shared/exchange-rate';
import { formatMoney } from '../src/shared/money-format';
import { withBenchDatabase } from './bench/measure-api';
import { seedWorkforce } from './bench/seed-workforce';

const { values } = parseArgs({
  options: {
    talents: { type: 'string', default: '10000' },
    companies: { type: 'string', default: '1000' },
    'max-phase-seconds': { type: 'string', default: '600' },
    'keep-database': { type: 'boolean', default: false },
    'usd-only': { type: 'boolean', default: false },
  },
});
const isUsdOnly = Boolean(values['usd-only']);
const talentCount = Number(values.talents);
const companyCount = Number(values.companies);
const maxPhaseSeconds = Number(values['max-phase-seconds']);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// The platform's defaults (migration 0049): earnings wait for the company's payment, then five days.
const settings = { payouts_wait_for_payment: true, payout_security_days: 5, payout_minimum_cents: 2000 };
const now = new Date();
const today = isoDay(now);
const workedWeek = addDays(lastFullWeekStart(today), -7);
const DAY_MS = 86_400_000;
// Approved, invoiced and paid long enough ago for the security period to have passed.
const approvedAt = new Date(now.getTime() - 10 * DAY_MS).toISOString();
const invoicedAt = new Date(now.getTime() - 9 * DAY_MS).toISOString();
const paidAt = new Date(now.getTime() - 8 * DAY_MS).toISOString();
// The methods' currencies, the i-th talent's the (i mod 10)-th; VND has no minor unit.
const methodCurrencies: readonly Currency[] = isUsdOnly
  ? ['USD']
  : ['USD', 'EUR', 'GBP', 'PHP', 'INR', 'MXN', 'BRL', 'NGN', 'VND', 'PLN'];
// One EUR buys that much of each (the ECB's way of quoting, near its rates of late 2026).
const euroRates: Partial<Record<Currency, string>> = {
  USD: '1.0842',
  GBP: '0.85715',
  PHP: '63.218',
  INR: '90.4325',
  MXN: '18.6112',
  BRL: '5.9874',
  NGN: '1671.2345',
  VND: '27512',
  PLN: '4.3095',
};
const fxMarginBasisPoints = 150;
const quiet = { info: () => undefined, error: () => undefined, warn: () => undefined };

const one = async <Row extends z.ZodType>(db: Database, row: Row, query: SQL) => {
  const [first] = await selectRows(db, row, query);
  if (first === undefined) throw new Error('The query answered no row.');
  return first;
};
const seconds = (from: number) => (performance.now() - from) / 1000;

async function seedMarketplace(db: Database) {
  await db.execute(sql`
    insert into users (email, name, role, email_verified_at)
    values ('bench-admin@example.test', 'Bench Administrator', 'admin', now())`);
  await seedWorkforce(db, {
    companyCount,
    talentCount,
    startDate: addDays(workedWeek, -28),
    roles: ['Support Engineer'],
  });
  if (!isUsdOnly) await seedSecondCurrency(db);
  // One approved week each: 40 hours at the pay rate (four fifths of the billed rate).
  await db.execute(sql`
    insert into timesheets (assignment_id, week_start, status, submitted_at, approved_at, talent_pay_cents)
    select id, ${workedWeek}::date, 'approved', ${approvedAt}::timestamptz, ${approvedAt}::timestamptz,
           40 * (rate_cents * 8 / 10)
    from assignments`);
  await db.execute(sql`
    insert into time_entries (timesheet_id, work_date, minutes)
    select t.id, t.week_start + d, 480 from timesheets t cross join generate_series(1, 5) d`);
  // Each company's invoice of the week: the work billed, a 5% fee, and tax of 10% for half of them.
  await db.execute(sql`
    with billed as (
      select a.company_id, sum(40 * a.rate_cents)::int as subtotal,
             (case when abs(hashtext(a.company_id::text)) % 2 = 0 then 1000 else 0 end) as tax_points
      from assignments a group by a.company_id
    ), priced as (
      select *, (subtotal::bigint * 5 / 100)::int as fee, (subtotal::bigint * tax_points / 10000)::int as tax,
             row_number() over (order by company_id) as n
      from billed
    )
    insert into invoices (invoice_number, company_id, period_start, period_end, issue_date, due_date, status,
                          subtotal_cents, fee_basis_points, fee_cents, tax_basis_points, tax_cents, total_cents,
                          paid_at, created_at, updated_at)
    select 'BENCH-' || lpad(n::text, 6, '0'), company_id, ${workedWeek}::date, ${addDays(workedWeek, 6)}::date,
           ${invoicedAt}::date, ${invoicedAt}::date + 14, 'paid', subtotal, 500, fee, tax_points, tax,
           subtotal + fee + tax, ${paidAt}::timestamptz, ${invoicedAt}::timestamptz, ${paidAt}::timestamptz
    from priced`);
  await db.execute(sql`
    update timesheets t set invoice_id = i.id
    from assignments a, invoices i
    where a.id = t.assignment_id and i.company_id = a.company_id and i.period_start = t.week_start`);
  await db.execute(sql`
    insert into payments (invoice_id, company_id, method_label, amount_cents, status, idempotency_key, provider,
                          provider_ref, created_at, completed_at)
    select id, company_id, 'Visa ending in 4242', total_cents, 'completed', 'bench-' || id, 'bench',
           'bench_' || id, ${paidAt}::timestamptz, ${paidAt}::timestamptz
    from invoices`);
}

// A third of the companies billed in euros, and one talent in four on a second assignment with a company of
// the other currency: that talent's available balance is in USD and EUR, and their payout two parts.
async function seedSecondCurrency(db: Database) {
  await db.execute(sql`
    with numbered_companies as (select id, row_number() over (order by id) - 1 as n from companies)
    update companies c set billing_currency = 'EUR' from numbered_companies nc where nc.id = c.id and nc.n % 3 = 1`);
  await db.execute(sql`
    with numbered_companies as (
      select id, billing_currency, row_number() over (partition by billing_currency order by id) - 1 as k,
             count(*) over (partition by billing_currency) as of_currency
      from companies
    ), numbered_talent as (
      select id, row_number() over (order by id) - 1 as n from users where role = 'applicant'
    ), first_assignment as (
      select t.n, a.applicant_id, a.role, a.start_date, c.billing_currency
      from numbered_talent t join assignments a on a.applicant_id = t.id join companies c on c.id = a.company_id
      where t.n % 4 = 3
    )
    insert into assignments (company_id, applicant_id, role, rate_cents, weekly_hours, start_date, status)
    select other.id, f.applicant_id, f.role, 1500 + (f.n * 53) % 8500, 40, f.start_date, 'active'
    from first_assignment f
    join numbered_companies other on other.billing_currency <> f.billing_currency and other.k = f.n % other.of_currency`);
  await db.execute(sql`
    insert into assignment_terms (assignment_id, rate_cents, pay_rate_cents, weekly_hours, effective_date)
    select a.id, a.rate_cents, a.rate_cents * 8 / 10, a.weekly_hours, a.start_date from assignments a
    where not exists (select 1 from assignment_terms t where t.assignment_id = a.id)`);
}

// Today's rates as the ECB publishes them, each EUR→X, entered by hand, and the FX margin.
async function seedRates(db: Database) {
  const rates = Object.entries(euroRates).map(([quote, rate]) => ({ quote, rate }));
  await db.execute(sql`
    insert into fx_rates (base, quote, rate, rate_date, source)
    select 'EUR', r.quote, r.rate::numeric, ${today}::date, 'manual'
    from json_to_recordset(${JSON.stringify(rates)}::json) as r(quote text, rate text)`);
  await db.execute(sql`
    insert into platform_settings (key, value)
    values (${FX_SETTINGS_KEY}, ${JSON.stringify({ margin_basis_points: fxMarginBasisPoints, max_rate_age_days: 3 })}::jsonb)
    on conflict (key) do update set value = excluded.value`);
}

// A default method each (a fifth PayPal, the rest bank accounts); one talent in a hundred added theirs a
// day ago (still in its wait), one in a hundred is on hold.
async function seedPayoutMethods(db: Database) {
  await db.execute(sql`
    with numbered_talent as (
      select id, name, row_number() over (order by id) - 1 as n from users where role = 'applicant'
    )
    insert into payout_methods (applicant_id, kind, label, holder_name, bank_name, account_number, bank_code_type,
                                bank_code, email, is_default, usable_from, created_at, currency)
    select id,
           (case when n % 5 = 2 then 'paypal' else 'bank_account' end)::payout_method_kind,
           case when n % 5 = 2 then 'PayPal · b***@example.test'
                else 'Bank transfer · BDO Unibank · ending in ' || lpad((n % 10000)::text, 4, '0') end,
           case when n % 5 <> 2 then name end,
           case when n % 5 <> 2 then 'BDO Unibank' end,
           case when n % 5 <> 2 then '0012' || lpad(n::text, 8, '0') end,
           (case when n % 5 <> 2 then 'swift' end)::bank_code_type,
           case when n % 5 <> 2 then 'BNORPHMM' end,
           case when n % 5 = 2 then 'bench-talent-paypal-' || n || '@example.test' end,
           true,
           case when n % 100 = 0 then now() + interval '2 days' else now() - interval '4 days' end,
           case when n % 100 = 0 then now() - interval '1 day' else now() - interval '7 days' end,
           (${textArrayLiteral([...methodCurrencies])}::text[])[1 + n % ${methodCurrencies.length}]
    from numbered_talent`);
  await db.execute(sql`
    with numbered_talent as (
      select id, row_number() over (order by id) - 1 as n from users where role = 'applicant'
    )
    insert into payout_holds (applicant_id, reason, placed_by)
    select t.id, 'Bench: identity documents under review', (select id from users where role = 'admin')
    from numbered_talent t where t.n % 100 = 1`);
}

// What the database is busy with while a step runs, sampled every 100 ms from a connection of its own:
// each active statement and what it waits on (none: on the CPU). "Idle in transaction" is the database
// waiting for the application; a wait on WAL or I/O points at the disk (or another database's load on
// the same server) rather than at a plan.
function sampleActivity(url: string, databaseName: string) {
  const monitor = new pg.Client({ connectionString: url });
  const statements = new Map<string, number>();
  const waits = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  let timer: NodeJS.Timeout | undefined;
  let isSampling = false;
  const sample = async () => {
    if (isSampling) return;
    isSampling = true;
    try {
      const { rows } = await monitor.query<{ state: string; query: string; wait: string | null }>(
        `select state, query, wait_event_type || ': ' || wait_event as wait from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid() and state in ('active', 'idle in transaction')`,
        [databaseName],
      );
      for (const row of rows) {
        const isActive = row.state === 'active';
        add(statements, isActive ? row.query.replace(/\s+/g, ' ').trim().slice(0, 160) : '(idle in transaction)');
        if (isActive) add(waits, row.wait ?? 'on CPU');
      }
    } finally {
      isSampling = false;
    }
  };
  const topOf = (counts: Map<string, number>) => {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    return [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([what, count]) => ({ what, share: total === 0 ? 0 : count / total }));
  };
  return {
    connect: () => monitor.connect(),
    start() {
      statements.clear();
      waits.clear();
      timer = setInterval(() => void sample().catch(() => undefined), 100);
    },
    stop(): Activity {
      clearInterval(timer);
      return { statements: topOf(statements), waits: topOf(waits) };
    },
    close: () => monitor.end(),
  };
}

interface Activity {
  statements: { what: string; share: number }[];
  waits: { what: string; share: number }[];
}

interface Phase {
  label: string;
  seconds: number;
  statements: number;
  databaseSeconds: number;
  rowsWritten: number;
  result: string;
  activity: Activity;
}

const convertedPartRow = z.object({
  source_currency: z.string(),
  payout_currency: z.string(),
  source_cents: integerColumn,
  amount_cents: integerColumn,
  margin_cents: integerColumn,
  margin_basis_points: integerColumn,
  rate: z.string(),
  rate_date: z.string(),
  rate_source: z.enum(rateSources),
});

// What the run wrote, checked in currencies: each ledger transaction balances in each currency, each payout
// is the sum of its parts in its method's currency, what the talents had available left in full, paid out
// and the margin kept are the payouts' per currency, and a sample of converted parts (up to 30 per pair)
// recomputes with the kernel at the rate and margin recorded beside it, the rate today's of the book.
async function checkCurrencies(db: Database, runId: string, inTwoCurrencies: number) {
  const counts = await one(
    db,
    z.object({
      unbalanced: integerColumn,
      not_sum_of_parts: integerColumn,
      not_method_currency: integerColumn,
      left_available: integerColumn,
      paid_out_differs: integerColumn,
      margin_differs: integerColumn,
      payouts: integerColumn,
      currencies: integerColumn,
      two_parts: integerColumn,
      converted_parts: integerColumn,
    }),
    sql`with run as (select * from payouts where run_id = ${runId} and status = 'paid')
        select
          (select count(*) from (select 1 from ledger_entries group by transaction_id, currency
                                 having sum(amount_cents) <> 0) u) as unbalanced,
          (select count(*) from run p
           where p.amount_cents is distinct from (select sum(pp.amount_cents) from payout_parts pp
                                                  where pp.payout_id = p.id)) as not_sum_of_parts,
          (select count(*) from run p join payout_methods m on m.id = p.method_id
           where m.currency <> p.currency) as not_method_currency,
          (select count(*) from (select 1 from ledger_entries e
                                 where e.account = 'talent_available' and e.applicant_id in (select applicant_id from run)
                                 group by e.applicant_id, e.currency having sum(e.amount_cents) <> 0) a) as left_available,
          (select count(*) from (select currency, sum(amount_cents) as cents from run group by currency) p
           full join (select currency, -sum(amount_cents) as cents from ledger_entries where account = 'paid_out'
                      group by currency) l using (currency)
           where p.cents is distinct from l.cents) as paid_out_differs,
          (select count(*) from (select p.currency, sum(pp.margin_cents) as cents
                                 from run p join payout_parts pp on pp.payout_id = p.id group by p.currency
                                 having sum(pp.margin_cents) <> 0) p
           full join (select currency, -sum(amount_cents) as cents from ledger_entries where account = 'fx_margin'
                      group by currency) l using (currency)
           where p.cents is distinct from l.cents) as margin_differs,
          (select count(*) from run) as payouts,
          (select count(distinct currency) from run) as currencies,
          (select count(*) from run p where (select count(*) from payout_parts pp where pp.payout_id = p.id) = 2)
            as two_parts,
          (select count(*) from run p join payout_parts pp on pp.payout_id = p.id where pp.rate is not null)
            as converted_parts`,
  );
  expectThat(counts.unbalanced === 0, `${counts.unbalanced} ledger transactions do not balance in a currency`);
  expectThat(counts.not_sum_of_parts === 0, `${counts.not_sum_of_parts} payouts are not the sum of their parts`);
  expectThat(counts.not_method_currency === 0, `${counts.not_method_currency} payouts not in their method's currency`);
  expectThat(counts.left_available === 0, `${counts.left_available} balances paid talents still have available`);
  expectThat(
    counts.paid_out_differs === 0,
    `paid out differs from the payouts paid in ${counts.paid_out_differs} currencies`,
  );
  expectThat(
    counts.margin_differs === 0,
    `the FX margin kept differs from the parts' in ${counts.margin_differs} currencies`,
  );
  if (!isUsdOnly) {
    expectThat(
      counts.currencies === methodCurrencies.length,
      `payouts in ${counts.currencies} currencies, not ${methodCurrencies.length}`,
    );
    expectThat(
      counts.two_parts === inTwoCurrencies,
      `${counts.two_parts} payouts of two parts, not ${inTwoCurrencies} (the talents earning in two currencies)`,
    );
  }

  const book = await loadRateBook(db);
  const sample = await selectRows(
    db,
    convertedPartRow,
    sql`select source_currency, payout_currency, source_cents, amount_cents, margin_cents, margin_basis_points,
               rate, rate_date, rate_source
        from (select pp.source_currency, p.currency as payout_currency, pp.source_cents, pp.amount_cents,
                     pp.margin_cents, pp.margin_basis_points, trim_scale(pp.rate)::text as rate,
                     pp.rate_date::text as rate_date, pp.rate_source,
                     row_number() over (partition by pp.source_currency, p.currency order by random()) as n
              from payouts p join payout_parts pp on pp.payout_id = p.id
              where p.run_id = ${runId} and p.status = 'paid' and pp.rate is not null) s
        where n <= 30`,
  );
  let wrong = 0;
  for (const part of sample) {
    if (!isCurrency(part.source_currency) || !isCurrency(part.payout_currency)) {
      wrong += 1;
      continue;
    }
    const rate = {
      base: part.source_currency,
      quote: part.payout_currency,
      rate: part.rate,
      date: part.rate_date,
      source: part.rate_source,
    };
    const converted = convertMinor({
      amount: part.source_cents,
      from: part.source_currency,
      to: part.payout_currency,
      rate,
      marginBasisPoints: part.margin_basis_points,
    });
    const booked = rateBetween(book, part.source_currency, part.payout_currency);
    const isRight =
      converted.amount === part.amount_cents &&
      converted.marginMinor === part.margin_cents &&
      part.margin_basis_points === fxMarginBasisPoints &&
      booked?.rate === part.rate &&
      part.rate_date === today;
    if (!isRight) {
      wrong += 1;
      if (wrong <= 3) console.log('a converted part that does not recompute:', part, converted, booked);
    }
  }
  expectThat(wrong === 0, `${wrong} of ${sample.length} sampled converted parts do not recompute`);
  if (!isUsdOnly) expectThat(sample.length > 0, 'no converted part to check');
  const pairs = new Set(sample.map((part) => `${part.source_currency}→${part.payout_currency}`));
  const inCurrencies = counts.currencies === 1 ? 'one currency' : `${counts.currencies} currencies`;
  return `${counts.payouts} payouts in ${inCurrencies}, ${counts.two_parts} of two parts, ${counts.converted_parts} parts converted; ${sample.length} converted parts over ${pairs.size} pairs recomputed`;
}

const failures: string[] = [];
function expectThat(condition: boolean, failure: string) {
  if (!condition) failures.push(failure);
}

await withBenchDatabase(serverUrl, { keep: Boolean(values['keep-database']) }, async (bench) => {
  const seeding = performance.now();
  const database = await openDatabase({ url: bench.url, poolSize: 4 });
  await migrateDatabase(database);
  const { db } = database;
  await seedMarketplace(db);
  await seedPayoutMethods(db);
  if (!isUsdOnly) await seedRates(db);
  await runOnServer(bench.url, 'VACUUM ANALYZE');
  await runOnServer(bench.url, 'ALTER TABLE ledger_entries SET (autovacuum_enabled = false)');
  await runOnServer(bench.url, 'ALTER TABLE ledger_transactions SET (autovacuum_enabled = false)');
  const admin = await one(db, idRow, sql`select id from users where role = 'admin'`);
  // Talents a run pays: a method usable now and no hold; those among them earning in two currencies.
  const payable = await one(
    db,
    z.object({ count: integerColumn, in_two_currencies: integerColumn }),
    sql`select count(*),
               count(*) filter (where (select count(distinct c.billing_currency) from assignments a
                                       join companies c on c.id = a.company_id where a.applicant_id = u.id) = 2)
                 as in_two_currencies
        from users u
        join payout_methods m on m.applicant_id = u.id and m.is_default and m.removed_at is null
        where u.role = 'applicant' and m.usable_from <= now()
          and not exists (select 1 from payout_holds h where h.applicant_id = u.id and h.released_at is null)`,
  );
  const payableCount = payable.count;
  // A week each, and a second for the talents with two assignments.
  const { weeks: weekCount } = await one(
    db,
    z.object({ weeks: integerColumn }),
    sql`select count(*) as weeks from timesheets`,
  );
  console.log(
    `seeded ${talentCount} talents (${payableCount} payable, ${talentCount - payableCount} exceptions) on ${companyCount} companies, ${weekCount} approved weeks (${workedWeek}), every invoice paid, ${isUsdOnly ? 'all in USD' : `billed in USD and EUR, paid in ${methodCurrencies.join(', ')}`}, in ${seconds(seeding).toFixed(1)} s; autovacuum off on the ledger (its statistics are what the code leaves)\n`,
  );

  // The real queue, not working here: each email's send-email job is inserted as the app would.
  const jobs = await startPgBossQueue({ database, logger: quiet, isWorking: false });
  const mailer = createMailer({ db, jobs });
  const activity = sampleActivity(bench.url, bench.name);
  await activity.connect();

  // Every statement the pool sends, on any connection, passes the handle's one query timer.
  const meter = { statements: 0, databaseSeconds: 0 };
  database.observeQueries((took) => {
    meter.statements += 1;
    meter.databaseSeconds += took;
  });
  const rowsWritten = async () => {
    const row = await one(
      db,
      z.object({ rows: integerColumn }),
      sql`select ((select count(*) from ledger_transactions) + (select count(*) from ledger_entries)
                 + (select count(*) from payouts) + (select count(*) from email_outbox)
                 + (select count(*) from audit_logs))::text as rows`,
    );
    return row.rows;
  };

  const phases: Phase[] = [];
  async function measure<Result>(
    label: string,
    run: () => Promise<Result>,
    describe: (result: Result) => string | Promise<string>,
  ): Promise<Result> {
    const rowsBefore = await rowsWritten();
    meter.statements = 0;
    meter.databaseSeconds = 0;
    activity.start();
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const running = run();
    const tooSlow = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${label} took over ${maxPhaseSeconds} s`)), maxPhaseSeconds * 1000);
    });
    try {
      const result = await Promise.race([running, tooSlow]);
      const took = seconds(started);
      const { statements, databaseSeconds } = meter;
      const sampled = activity.stop();
      phases.push({
        label,
        seconds: took,
        statements,
        databaseSeconds,
        rowsWritten: (await rowsWritten()) - rowsBefore,
        result: await describe(result),
        activity: sampled,
      });
      return result;
    } catch (error) {
      const sampled = activity.stop();
      console.log(`${label}: ${String(error)}; the database was busy with:`);
      for (const { what, share } of [...sampled.statements, ...sampled.waits])
        console.log(`  ${(share * 100).toFixed(0)}%  ${what}`);
      // The step still runs: dropping the database (afterwards) ends its connections.
      running.catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  const posted = await measure(
    '(a) postMissingTransactions',
    () => postMissingTransactions(db),
    (count) => `${count} transactions posted`,
  );
  expectThat(
    posted === weekCount + 2 * companyCount,
    `posted ${posted} transactions, not ${weekCount + 2 * companyCount}`,
  );

  const moved = await measure(
    '(b) makeEarningsAvailable',
    () => makeEarningsAvailable({ db, now, settings }),
    (count) => `${count} earnings made available`,
  );
  expectThat(moved === weekCount, `${moved} earnings made available, not ${weekCount}`);

  const linesOf = (runId: string) =>
    one(
      db,
      z.object({
        planned: integerColumn,
        exceptions: integerColumn,
        sent: integerColumn,
        paid: integerColumn,
        paid_cents: integerColumn,
      }),
      sql`select count(*) filter (where status = 'planned') as planned,
                 count(*) filter (where status = 'exception') as exceptions,
                 count(*) filter (where status = 'sent') as sent,
                 count(*) filter (where status = 'paid') as paid,
                 coalesce(sum(amount_cents) filter (where status = 'paid'), 0)::text as paid_cents
          from payouts where run_id = ${runId}`,
    );
  const runId = await measure(
    '(c) preparePayoutRun',
    async () => (await preparePayoutRun({ db, settings, day: today, now })).runId,
    async (id) => {
      const lines = await linesOf(id);
      expectThat(lines.planned === payableCount, `${lines.planned} payouts planned, not ${payableCount}`);
      expectThat(
        lines.exceptions === talentCount - payableCount,
        `${lines.exceptions} exceptions, not ${talentCount - payableCount}`,
      );
      return `${lines.planned} planned, ${lines.exceptions} exceptions`;
    },
  );

  await measure(
    '(d) approvePayoutRun',
    () => approvePayoutRun({ db, runId, actorId: admin.id, now, afterCommit: async () => {} }),
    async () => {
      const lines = await linesOf(runId);
      expectThat(lines.sent === payableCount, `${lines.sent} payouts sent, not ${payableCount}`);
      return `${lines.sent} sent`;
    },
  );

  await measure(
    '(e) markRunPaid',
    () =>
      markRunPaid({
        db,
        mailer,
        publicUrl: 'http://localhost:3000',
        actorId: admin.id,
        runId,
        reference: 'BENCH-BATCH-0001',
      }),
    async () => {
      const lines = await linesOf(runId);
      return `${lines.paid} paid`;
    },
  );
  const settled = await linesOf(runId);
  const after = await one(
    db,
    z.object({ emails: integerColumn, run_status: z.string() }),
    sql`select (select count(*) from email_outbox)::text as emails,
               (select status from payout_runs where id = ${runId})::text as run_status`,
  );

  await activity.close();
  const { sums, total } = await accountSums(db);
  const currencyCheck = await checkCurrencies(db, runId, payable.in_two_currencies);
  const paidByCurrency = await selectRows(
    db,
    z.object({ currency: z.string(), cents: integerColumn }),
    sql`select currency, sum(amount_cents)::bigint as cents from payouts
        where run_id = ${runId} and status = 'paid' group by currency order by currency`,
  );
  await jobs.stop();
  await database.close();

  expectThat(total === 0, `the ledger sums to ${total}, not 0`);
  expectThat(settled.paid === payableCount, `${settled.paid} payouts paid, not ${payableCount}`);
  expectThat(after.emails === payableCount, `${after.emails} emails, not ${payableCount}`);
  expectThat(after.run_status === 'completed', `the run is ${after.run_status}, not completed`);
  expectThat((sums.get('payouts_in_transit') ?? 0) === 0, 'money left in transit');
  // Summed over currencies, as both sides are.
  expectThat(-(sums.get('paid_out') ?? 0) === settled.paid_cents, 'paid out differs from the payouts paid');

  console.log('| phase | seconds | statements | database s | rows written | result |\n|---|---:|---:|---:|---:|---|');
  for (const phase of phases) {
    console.log(
      `| ${phase.label} | ${phase.seconds.toFixed(2)} | ${phase.statements} | ${phase.databaseSeconds.toFixed(2)} | ${phase.rowsWritten} | ${phase.result} |`,
    );
  }
  const wall = phases.reduce((sum, phase) => sum + phase.seconds, 0);
  const statements = phases.reduce((sum, phase) => sum + phase.statements, 0);
  console.log(`| total | ${wall.toFixed(2)} | ${statements} | | | |`);
  console.log(
    '\nwhere the database was busy (sampled every 100 ms): the top statement, and what active ones waited on',
  );
  const shareOf = ({ what, share }: { what: string; share: number }) => `${(share * 100).toFixed(0)}% ${what}`;
  for (const phase of phases) {
    const [top] = phase.activity.statements;
    if (top) console.log(`- ${phase.label}: ${shareOf(top)}\n  waits: ${phase.activity.waits.map(shareOf).join(', ')}`);
  }
  const paid = paidByCurrency.map(({ currency, cents }) =>
    isCurrency(currency) ? formatMoney(cents, currency) : `${cents} ${currency}`,
  );
  console.log(
    `\n${settled.paid} payouts paid to ${payableCount} payable talents (${isUsdOnly ? 'USD only' : `FX margin ${fxMarginBasisPoints} basis points`}): ${paid.join(', ')}`,
  );
  console.log(currencyCheck);
  if (failures.length > 0) {
    console.log(`\nFAILED:\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      'each transaction balances in each currency; every payable talent was paid once, the sum of their parts, converted as the kernel converts',
    );
  }
});
