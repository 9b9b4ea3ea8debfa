// `npm run bench:payouts [-- --talents 10000 --companies 1000 --max-phase-seconds 600 --keep-database]`:
// paying the talent at scale on PostgreSQL (docs/decisions/036). Seeds a fresh database
// (tandem_bench_<random>, dropped afterwards) on the server of DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test) by set-based inserts: that many talents, each on an assignment
// with one of the companies and one approved week, every company's invoice of that week paid, and a
// default payout method (a bank account, a fifth PayPal; one in a hundred still in its 72-hour wait and
// one in a hundred on hold, so the run has exceptions). The ledger is left empty, as for rows written
// before it. Then times each step of a payout run, counting the statements it sends:
//   (a) postMissingTransactions: the work, invoice and payment transactions of those rows (the catch-up
//       path, one transaction per row)
//   (b) makeEarningsAvailable: the matured earnings to available (one statement)
//   (c) preparePayoutRun: the run of today, a line per talent
//   (d) approvePayoutRun: every planned payout sent (available → in transit)
//   (e) markRunPaid: the bank file's payouts paid, each talent emailed (outbox and a send-email job)
// and checks the ledger sums to zero and a payout was paid to every talent without an exception. While a
// step runs, the database's active statement is sampled, to say where a slow step spends its time.
//
// Statistics: the ledger starts empty and (a) posts 12,000 transactions into it. Migration 0049 checked
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
import { accountSums } from '../src/server/kernels/money/account-sums';
import { lastFullWeekStart } from '../src/server/kernels/money/billing-period';
import { makeEarningsAvailable } from '../src/server/kernels/money/make-earnings-available';
import { postMissingTransactions } from '../src/server/kernels/money/post-missing-transactions';
import { createMailer } from '../src/server/mail/mailer';
import { approvePayoutRun } from '../src/server/payouts/approve-payout-run';
import { markRunPaid } from '../src/server/payouts/mark-run-paid';
import { preparePayoutRun } from '../src/server/payouts/prepare-payout-run';
import { startPgBossQueue } from '../src/server/platform/pg-boss-queue';
import { addDays, isoDay } from '../src/server/platform/work-calendar';
import { withBenchDatabase } from './bench/measure-api';
import { seedWorkforce } from './bench/seed-workforce';

const { values } = parseArgs({
  options: {
    talents: { type: 'string', default: '10000' },
    companies: { type: 'string', default: '1000' },
    'max-phase-seconds': { type: 'string', default: '600' },
    'keep-database': { type: 'boolean', default: false },
  },
});
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

// A default method each (a fifth PayPal, the rest bank accounts); one talent in a hundred added theirs a
// day ago (still in its wait), one in a hundred is on hold.
async function seedPayoutMethods(db: Database) {
  await db.execute(sql`
    with numbered_talent as (
      select id, name, row_number() over (order by id) - 1 as n from users where role = 'applicant'
    )
    insert into payout_methods (applicant_id, kind, label, holder_name, bank_name, account_number, bank_code_type,
                                bank_code, email, is_default, usable_from, created_at)
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
           case when n % 100 = 0 then now() - interval '1 day' else now() - interval '7 days' end
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
  await runOnServer(bench.url, 'VACUUM ANALYZE');
  await runOnServer(bench.url, 'ALTER TABLE ledger_entries SET (autovacuum_enabled = false)');
  await runOnServer(bench.url, 'ALTER TABLE ledger_transactions SET (autovacuum_enabled = false)');
  const admin = await one(db, idRow, sql`select id from users where role = 'admin'`);
  // Talents a run pays: a method usable now and no hold.
  const payable = await one(
    db,
    z.object({ count: integerColumn }),
    sql`select count(*) from users u
        join payout_methods m on m.applicant_id = u.id and m.is_default and m.removed_at is null
        where u.role = 'applicant' and m.usable_from <= now()
          and not exists (select 1 from payout_holds h where h.applicant_id = u.id and h.released_at is null)`,
  );
  const payableCount = payable.count;
  console.log(
    `seeded ${talentCount} talents (${payableCount} payable, ${talentCount - payableCount} exceptions) on ${companyCount} companies, an approved week each (${workedWeek}), every invoice paid, in ${seconds(seeding).toFixed(1)} s; autovacuum off on the ledger (its statistics are what the code leaves)\n`,
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
    posted === talentCount + 2 * companyCount,
    `posted ${posted} transactions, not ${talentCount + 2 * companyCount}`,
  );

  const moved = await measure(
    '(b) makeEarningsAvailable',
    () => makeEarningsAvailable({ db, now, settings }),
    (count) => `${count} earnings made available`,
  );
  expectThat(moved === talentCount, `${moved} earnings made available, not ${talentCount}`);

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
  await jobs.stop();
  await database.close();

  expectThat(total === 0, `the ledger sums to ${total}, not 0`);
  expectThat(settled.paid === payableCount, `${settled.paid} payouts paid, not ${payableCount}`);
  expectThat(after.emails === payableCount, `${after.emails} emails, not ${payableCount}`);
  expectThat(after.run_status === 'completed', `the run is ${after.run_status}, not completed`);
  expectThat((sums.get('payouts_in_transit') ?? 0) === 0, 'money left in transit');
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
  console.log(
    `\nledger total ${total} cents; ${settled.paid} payouts paid (${(settled.paid_cents / 100).toFixed(2)} USD) to ${payableCount} payable talents`,
  );
  if (failures.length > 0) {
    console.log(`\nFAILED:\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.log('the ledger balances; every payable talent was paid once');
  }
});
