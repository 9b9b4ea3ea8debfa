// `npm run bench:billing [-- --assignments 10000 --companies 1000 --keep-database]`: the weekly invoice
// run at scale on PostgreSQL. Seeds a fresh database (tandem_bench_<random>, dropped afterwards) on the
// server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) with that many active
// assignments spread over the companies, one approved week each (a tenth with a rate change mid-week,
// half the companies with a tax rate), all by set-based inserts; then times the invoice run for that
// week, checks every invoice adds up to its items and every minute is billed exactly once, runs it
// again (nothing issued, nothing billed twice), and finally runs two at once on a second week, as two
// instances would (each company invoiced once, numbers gapless). Target: the run under 60 s.
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { runOnServer } from '../src/server/db/postgres-server';
import { lastFullWeekStart } from '../src/server/kernels/money/billing-period';
import { issueInvoices } from '../src/server/kernels/money/issue-invoices';
import { addDays, isoDay } from '../src/server/platform/work-calendar';
import { formatCents } from '../src/shared/billing';
import { withBenchDatabase } from './bench/measure-api';
import { seedWorkforce } from './bench/seed-workforce';

const { values } = parseArgs({
  options: {
    assignments: { type: 'string', default: '10000' },
    companies: { type: 'string', default: '1000' },
    'keep-database': { type: 'boolean', default: false },
  },
});
const assignmentCount = Number(values.assignments);
const companyCount = Number(values.companies);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_SECONDS = 60;

const today = isoDay(new Date());
// Two past weeks: a run bills every unbilled approved week up to its own, so the earlier goes first.
const secondWeek = lastFullWeekStart(today);
const firstWeek = addDays(secondWeek, -7);

const rowsOf = async <Row>(db: Database, query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async <Row>(db: Database, query: SQL) => (await rowsOf<Row>(db, query))[0] as Row;
const seconds = (from: number) => (performance.now() - from) / 1000;

// Companies with an owner each, talent, assignments (i-th talent with the (i mod companies)-th company),
// their terms, and billing profiles; all in a handful of statements.
async function seedMarketplace(db: Database) {
  await seedWorkforce(db, {
    companyCount,
    talentCount: assignmentCount,
    startDate: addDays(firstWeek, -28),
    roles: ['Support Engineer', 'Data Analyst', 'Bookkeeper', 'React Engineer', 'Virtual Assistant'],
  });
  await db.execute(sql`
    insert into users (email, name, role, email_verified_at)
    select 'bench-owner-' || i || '@example.test', 'Bench Owner ' || i, 'company', now()
    from generate_series(1, ${companyCount}) i`);
  await db.execute(sql`
    insert into company_members (company_id, user_id, role)
    select c.id, u.id, 'owner'
    from companies c join users u on u.email = replace(c.contact_email, 'bench-company-', 'bench-owner-')`);
  // A tenth get a raise from the Wednesday of the first billed week: two items, one per rate.
  await db.execute(sql`
    insert into assignment_terms (assignment_id, rate_cents, pay_rate_cents, weekly_hours, effective_date)
    select id, rate_cents + 500, (rate_cents + 500) * 8 / 10, weekly_hours, ${addDays(firstWeek, 3)}::date
    from assignments where abs(hashtext(id::text)) % 10 = 0`);
  await db.execute(sql`
    insert into billing_profiles (company_id, tax_rate_basis_points, payment_terms_days)
    select id, 500 + abs(hashtext(id::text)) % 1000, 7 + abs(hashtext(name)) % 24
    from companies where abs(hashtext(id::text)) % 2 = 0`);
}

// One approved week per assignment, Monday to Friday, 5 to 9 hours a day in whole minutes.
async function seedApprovedWeek(db: Database, weekStart: string) {
  await db.execute(sql`
    insert into timesheets (assignment_id, week_start, status, submitted_at, approved_at, talent_pay_cents)
    select id, ${weekStart}::date, 'approved', now(), now(), 0 from assignments`);
  await db.execute(sql`
    insert into time_entries (timesheet_id, work_date, minutes)
    select t.id, t.week_start + d, 300 + abs(hashtext(t.id::text || d::text)) % 241
    from timesheets t cross join generate_series(1, 5) d
    where t.week_start = ${weekStart}::date`);
}

interface Check {
  invoices: number;
  items: number;
  billed_timesheets: number;
  unbilled_timesheets: number;
  not_adding_up: number;
  work_not_subtotal: number;
  minutes_entered: number;
  minutes_invoiced: number;
  duplicate_company_periods: number;
}

async function checkWeek(db: Database, weekStart: string): Promise<Check> {
  const row = await one<Record<keyof Check, unknown>>(
    db,
    sql`select
      (select count(*) from invoices where period_start = ${weekStart}::date) as invoices,
      (select count(*) from invoice_items ii join invoices i on i.id = ii.invoice_id
        where i.period_start = ${weekStart}::date) as items,
      (select count(*) from timesheets where week_start = ${weekStart}::date and invoice_id is not null) as billed_timesheets,
      (select count(*) from timesheets where week_start = ${weekStart}::date and invoice_id is null) as unbilled_timesheets,
      (select count(*) from invoices i where i.period_start = ${weekStart}::date and i.total_cents <>
        (select coalesce(sum(amount_cents), 0) from invoice_items where invoice_id = i.id)) as not_adding_up,
      (select count(*) from invoices i where i.period_start = ${weekStart}::date and i.subtotal_cents <>
        (select coalesce(sum(amount_cents), 0) from invoice_items where invoice_id = i.id and kind = 'work')) as work_not_subtotal,
      (select coalesce(sum(e.minutes), 0) from time_entries e join timesheets t on t.id = e.timesheet_id
        where t.week_start = ${weekStart}::date) as minutes_entered,
      (select coalesce(sum(ii.minutes), 0) from invoice_items ii join invoices i on i.id = ii.invoice_id
        where i.period_start = ${weekStart}::date) as minutes_invoiced,
      (select count(*) from (select company_id from invoices group by company_id, period_start having count(*) > 1) d)
        as duplicate_company_periods`,
  );
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as unknown as Check;
}

// Numbers of the year run 1..N with no gap and no repeat.
async function numbersAreGapless(db: Database) {
  const row = await one<{ count: unknown; distinct_numbers: unknown; highest: unknown; counter: unknown }>(
    db,
    sql`select count(*) as count, count(distinct invoice_number) as distinct_numbers,
               max(substring(invoice_number from 10)::int) as highest,
               (select last_number from invoice_counters where year = ${Number(today.slice(0, 4))}) as counter
        from invoices where invoice_number like ${`INV-${today.slice(0, 4)}-%`}`,
  );
  const count = Number(row.count);
  return count === Number(row.distinct_numbers) && count === Number(row.highest) && count === Number(row.counter);
}

const failures: string[] = [];
function expectThat(condition: boolean, failure: string) {
  if (!condition) failures.push(failure);
}
function expectWeekBilled(check: Check, label: string) {
  expectThat(check.not_adding_up === 0, `${label}: ${check.not_adding_up} invoices do not add up to their items`);
  expectThat(check.work_not_subtotal === 0, `${label}: ${check.work_not_subtotal} subtotals differ from their work`);
  expectThat(check.unbilled_timesheets === 0, `${label}: ${check.unbilled_timesheets} approved weeks left unbilled`);
  expectThat(check.minutes_invoiced === check.minutes_entered, `${label}: minutes invoiced ≠ minutes entered`);
  expectThat(check.duplicate_company_periods === 0, `${label}: a company has two invoices for one week`);
  expectThat(check.invoices === companyCount, `${label}: ${check.invoices} invoices for ${companyCount} companies`);
}

await withBenchDatabase(serverUrl, { keep: Boolean(values['keep-database']) }, async (bench) => {
  const seeding = performance.now();
  const database = await openDatabase({ url: bench.url, poolSize: 4 });
  await migrateDatabase(database);
  const { db } = database;
  await seedMarketplace(db);
  await seedApprovedWeek(db, firstWeek);
  await seedApprovedWeek(db, secondWeek);
  await runOnServer(bench.url, 'VACUUM ANALYZE');
  console.log(
    `seeded ${companyCount} companies, ${assignmentCount} active assignments and two approved weeks each (${firstWeek}, ${secondWeek}) in ${seconds(seeding).toFixed(1)} s\n`,
  );

  const figures: Array<[string, number, number, number, number]> = [];

  let started = performance.now();
  const first = await issueInvoices({ db, periodStart: firstWeek, today });
  const firstSeconds = seconds(started);
  const firstCheck = await checkWeek(db, firstWeek);
  figures.push([
    `issue ${firstWeek}`,
    first.issued.length,
    firstCheck.items,
    firstCheck.billed_timesheets,
    firstSeconds,
  ]);
  expectWeekBilled(firstCheck, 'first run');

  // The same week again: nothing issued, and no timesheet moved to another invoice.
  const linksBefore = await one<{ links: string }>(
    db,
    sql`select md5(string_agg(id::text || invoice_id::text, ',' order by id)) as links from timesheets
        where week_start = ${firstWeek}::date`,
  );
  started = performance.now();
  const again = await issueInvoices({ db, periodStart: firstWeek, today });
  const againSeconds = seconds(started);
  const againCheck = await checkWeek(db, firstWeek);
  const linksAfter = await one<{ links: string }>(
    db,
    sql`select md5(string_agg(id::text || invoice_id::text, ',' order by id)) as links from timesheets
        where week_start = ${firstWeek}::date`,
  );
  figures.push([`issue ${firstWeek} again`, again.issued.length, againCheck.items - firstCheck.items, 0, againSeconds]);
  expectThat(again.issued.length === 0, `second run issued ${again.issued.length} invoices`);
  expectThat(linksBefore.links === linksAfter.links, 'second run moved timesheets to other invoices');
  expectThat(againCheck.invoices === firstCheck.invoices, 'second run changed the invoice count');

  // Two instances at once, each with its own connections.
  const other = await openDatabase({ url: bench.url, poolSize: 4 });
  started = performance.now();
  const [runA, runB] = await Promise.all([
    issueInvoices({ db, periodStart: secondWeek, today }),
    issueInvoices({ db: other.db, periodStart: secondWeek, today }),
  ]);
  const bothSeconds = seconds(started);
  await other.close();
  const bothCheck = await checkWeek(db, secondWeek);
  figures.push([
    `issue ${secondWeek}, two runs at once (${runA.issued.length} + ${runB.issued.length})`,
    runA.issued.length + runB.issued.length,
    bothCheck.items,
    bothCheck.billed_timesheets,
    bothSeconds,
  ]);
  expectWeekBilled(bothCheck, 'two runs at once');
  expectThat(await numbersAreGapless(db), 'invoice numbers have a gap or a repeat');

  const totals = await one<{ invoiced: string; notifications: string }>(
    db,
    sql`select (select sum(total_cents) from invoices)::text as invoiced, (select count(*) from notifications)::text as notifications`,
  );
  await database.close();

  console.log('| run | invoices issued | items | timesheets billed | seconds |\n|---|---:|---:|---:|---:|');
  for (const [label, issued, items, billed, took] of figures) {
    console.log(`| ${label} | ${issued} | ${items} | ${billed} | ${took.toFixed(2)} |`);
  }
  console.log(
    `\n${firstCheck.minutes_entered + bothCheck.minutes_entered} minutes entered, all invoiced once; ${formatCents(Number(totals.invoiced))} invoiced; ${totals.notifications} notifications; numbers gapless`,
  );
  console.log(
    `invoice run for ${assignmentCount} assignments: ${firstSeconds.toFixed(2)} s (target < ${TARGET_SECONDS} s) ${firstSeconds < TARGET_SECONDS ? 'met' : 'MISSED'}`,
  );
  if (failures.length > 0) {
    console.log(`\nFAILED:\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.log('every invoice adds up to its items; a second run issued nothing; no timesheet was billed twice');
  }
  if (firstSeconds >= TARGET_SECONDS) process.exitCode = 1;
});
