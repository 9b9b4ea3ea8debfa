import type pg from 'pg';
import { benchCompanyId, benchUserId, countOf, dropIndexes, seconds, sqlArray } from './seed-platform';

// The marketplace's lists at scale over the platform (seed-platform.ts) and the talent (seed-talent.ts), for
// bench:lists: jobs (10,000 for bench company 1, one for each of the next companies), applications (2,000 on
// company 1's first job, the rest spread), weekly invoices with their payments, assignments with timesheets,
// notifications, conversations with messages, tests, contact messages, privacy requests and account managers.
// Each table's rows are numbered and their ids are md5 of a name and the number, so a run adds only the
// rows missing (`on conflict do nothing`); all set-based, inside a bulk load (beginBulkLoad).

export interface MarketplaceCounts {
  companyJobs: number;
  otherJobs: number;
  applications: number;
  invoices: number;
  assignments: number;
  notifications: number;
  conversations: number;
  talents: number;
}

export const MARKETPLACE_DEFAULTS: MarketplaceCounts = {
  companyJobs: 10_000,
  otherJobs: 10_000,
  applications: 100_000,
  invoices: 100_000,
  assignments: 20_000,
  notifications: 300_000,
  conversations: 20_000,
  talents: 1_000_000,
};

// A version 4 uuid (the API refuses other kinds in a path, decision 008) made of md5 of the name.
const uuidOf = (name: string) => `overlay(overlay(md5(${name}) placing '4' from 13) placing '8' from 17)::uuid`;
export const benchJobId = (n: string) => uuidOf(`'bench-job-' || (${n})`);
// The talent of seed-talent.ts by number (1-based), through the table `benchTalent` makes.
export const talentId = (n: string) => `(select id from bench_talent where talent_number = (${n}))`;

const ROLES = [
  'React Engineer',
  'Full-Stack Engineer',
  'Backend Engineer',
  'Mobile Engineer',
  'DevOps Engineer',
  'Data Engineer',
  'QA Engineer',
  'Product Designer',
  'Customer Support Specialist',
  'Bookkeeper',
  'Virtual Assistant',
  'Data Analyst',
];
const TAGS = [
  'React',
  'TypeScript',
  'Node.js',
  'PostgreSQL',
  'AWS',
  'Python',
  'Go',
  'Figma',
  'SQL',
  'Kubernetes',
  'Zendesk',
  'QuickBooks',
];
// Most jobs on a live marketplace are open; the rest are drafts, paused, closed or archived.
const JOB_STATUSES = [
  'open',
  'open',
  'open',
  'open',
  'open',
  'open',
  'open',
  'paused',
  'closed',
  'closed',
  'draft',
  'archived',
];
const APPLICATION_STATUSES = [
  'submitted',
  'submitted',
  'submitted',
  'shortlisted',
  'interviewing',
  'offered',
  'hired',
  'rejected',
  'withdrawn',
];
const NOTIFICATION_TYPES = [
  'application_received',
  'message_received',
  'meeting_invited',
  'timesheet_submitted',
  'invoice_issued',
];

// Talent number → user id, read once (the talent's ids are random).
async function benchTalent(client: pg.Client) {
  await client.query(
    `create temp table if not exists bench_talent as
       select substring(email from 'talent-(\\d+)@')::int as talent_number, id from users where email like 'talent-%@scale.tandem.test'`,
  );
  await client.query('create unique index if not exists bench_talent_n on bench_talent (talent_number)');
  await client.query('analyze bench_talent');
}

interface Step {
  table: string;
  marker: string;
  wanted: number;
  insert: () => Promise<unknown>;
  // Drop the table's secondary indexes while inserting (large tables).
  bulk?: boolean;
}

export async function seedMarketplace(client: pg.Client, counts: MarketplaceCounts): Promise<string[]> {
  await benchTalent(client);
  const jobCount = counts.companyJobs + counts.otherJobs;
  const companyOne = benchCompanyId('1');
  const ownerOne = benchUserId('1');
  const steps: Step[] = [
    {
      table: 'jobs',
      marker: "description like 'Bench job %'",
      wanted: jobCount,
      // Jobs 1..companyJobs are company 1's; the next, one each for companies 2, 3, …
      insert: () =>
        client.query(
          `insert into jobs (id, company_id, created_by_id, title, description, engagement_type, budget_min_cents,
                             budget_max_cents, budget_total_cents, weekly_hours, skill_tags, visibility, status,
                             published_at, closed_at, archived_at, created_at, updated_at)
           select ${benchJobId('i')}, case when i <= $2 then ${companyOne} else ${benchCompanyId('i - $2 + 1')} end,
                  case when i <= $2 then ${ownerOne} else ${benchUserId('2 * (i - $2) + 1')} end,
                  (array['Junior','Mid-level','Senior','Staff','Lead'])[1 + i % 5] || ' ' || role,
                  'Bench job ' || i || ': we are hiring a ' || lower(role) || ' to join a remote team working with ' || array_to_string(tags, ', ') || '.',
                  case when hourly then 'hourly' else 'fixed' end::engagement_type,
                  case when hourly then (15 + i % 80) * 100 end, case when hourly then (30 + i % 80 + i % 30) * 100 end,
                  case when hourly then null else (1000 + (i % 20) * 500) * 100 end,
                  (array[10, 20, 30, 40])[1 + i % 4], tags,
                  (case when i % 10 = 0 then 'private' else 'public' end)::job_visibility, status::job_status,
                  case when status <> 'draft' then created + interval '1 day' end,
                  case when status = 'closed' then created + interval '40 days' end,
                  case when status = 'archived' then created + interval '60 days' end, created, created
           from (
             select i, (${sqlArray(ROLES)})[1 + (i * 7) % ${ROLES.length}] as role, i % 4 <> 0 as hourly,
                    array[(${sqlArray(TAGS)})[1 + i % ${TAGS.length}], (${sqlArray(TAGS)})[1 + (i / 12) % ${TAGS.length}]] as tags,
                    (${sqlArray(JOB_STATUSES)})[1 + (i * 13) % ${JOB_STATUSES.length}] as status,
                    now() - (i % 730) * interval '1 day' - (i % 1440) * interval '1 minute' as created
             from generate_series(1, $1::int) i
           ) rows
           on conflict (id) do nothing`,
          [jobCount, counts.companyJobs],
        ),
    },
    {
      table: 'applications',
      marker: "cover_letter like 'Bench application %'",
      wanted: counts.applications,
      // 1..2,000 on job 1 (company 1's busiest, open and public), by talent 1..2,000; the rest on jobs
      // 2..jobCount by talent (n * 7919 mod talents) + 1, which never repeats a pair; talent 1 applied to
      // the first 200 of them too (its own list).
      insert: () =>
        client.query(
          `insert into applications (job_id, applicant_id, cover_letter, proposal_rate_cents, status, offered_at,
                                     hired_at, created_at, updated_at)
           select ${benchJobId('job')}, ${talentId('talent')}, 'Bench application ' || n || ': I have done this work for remote teams.',
                  2000 + (n * 37) % 8000, status::application_status,
                  case when status in ('offered', 'hired') then created end,
                  case when status = 'hired' then created + interval '5 days' end, created, created
           from (
             select n, case when n <= 2000 then 1 when n > $1 then 2 + (n - $1) else 2 + n % ($2 - 1) end as job,
                    case when n <= 2000 then n when n > $1 then 1 else ((n::bigint * 7919) % $3) + 1 end as talent,
                    (${sqlArray(APPLICATION_STATUSES)})[1 + (n * 7) % ${APPLICATION_STATUSES.length}] as status,
                    now() - (n % 120) * interval '1 day' - (n % 1440) * interval '1 minute' as created
             from generate_series(1, $1 + 200) n
           ) rows
           on conflict (job_id, applicant_id) do nothing`,
          [counts.applications - 200, jobCount, counts.talents],
        ),
    },
    {
      table: 'invoices',
      marker: "invoice_number like 'INV-B-%'",
      wanted: counts.invoices,
      // Company 1 invoiced every week for ten years (520); the others 52 weeks each. The last four weeks
      // unpaid (one overdue), the rest paid, each with its completed payment.
      insert: async () => {
        await client.query(
          `insert into invoices (id, invoice_number, company_id, period_start, period_end, issue_date, due_date, status,
                                 subtotal_cents, fee_basis_points, fee_cents, tax_basis_points, tax_cents, total_cents,
                                 paid_at, created_at, updated_at)
           select md5('bench-invoice-' || n)::uuid, 'INV-B-' || lpad(n::text, 7, '0'), ${benchCompanyId('company')},
                  week, week + 6, week + 7, week + 21,
                  (case when age = 0 then 'pending' when age < 3 then 'unpaid' when age = 3 then 'overdue' else 'paid' end)::invoice_status,
                  subtotal, 1000, subtotal / 10, 0, 0, subtotal + subtotal / 10,
                  case when age > 3 then week + 10 end, week + 7, week + 7
           from (
             select n, company, age, (date_trunc('week', now())::date - 1 - 7 * (age + 1)) as week,
                    100000 + (n * 7919) % 900000 as subtotal
             from (
               select n, case when n <= 520 then 1 else 2 + (n - 521) / 52 end as company,
                      case when n <= 520 then n - 1 else (n - 521) % 52 end as age
               from generate_series(1, $1::int) n
             ) numbered
           ) rows
           on conflict do nothing`,
          [counts.invoices],
        );
        await client.query(
          `insert into payments (invoice_id, company_id, method_label, amount_cents, status, idempotency_key, provider,
                                 provider_ref, created_at, completed_at)
           select id, company_id, 'Visa •••• 4242', total_cents, 'completed', 'bench-' || invoice_number, 'bench',
                  'bench-' || invoice_number, paid_at, paid_at
           from invoices where invoice_number like 'INV-B-%' and status = 'paid'
           on conflict do nothing`,
        );
      },
    },
    {
      table: 'assignments',
      marker: "role like 'Bench %'",
      wanted: counts.assignments,
      // 2,000 with company 1, the rest with companies 2..5,001; talent n on assignment n; eight weekly
      // timesheets each (weeks start on Sunday), the last open.
      insert: async () => {
        await client.query(
          `insert into assignments (id, company_id, applicant_id, role, rate_cents, weekly_hours, start_date, status,
                                    created_at, updated_at)
           select md5('bench-assignment-' || n)::uuid,
                  case when n <= 2000 then ${companyOne} else ${benchCompanyId('2 + n % 5000')} end,
                  ${talentId('n')}, 'Bench ' || (${sqlArray(ROLES)})[1 + n % ${ROLES.length}], 2000 + (n * 37) % 8000, 40,
                  date_trunc('week', now())::date - 57, (case when n % 10 = 0 then 'ended' else 'active' end)::assignment_status,
                  now() - interval '60 days', now()
           from generate_series(1, $1::int) n
           on conflict do nothing`,
          [counts.assignments],
        );
        await client.query(
          `insert into timesheets (assignment_id, week_start, status, submitted_at, approved_at, talent_pay_cents)
           select a.id, a.start_date + 7 * w,
                  (case when w = 7 then 'open' when w = 6 then 'submitted' else 'approved' end)::timesheet_status,
                  case when w < 7 then now() end, case when w < 6 then now() end, 0
           from assignments a cross join generate_series(0, 7) w
           where a.role like 'Bench %'
           on conflict do nothing`,
        );
      },
    },
    {
      table: 'notifications',
      marker: "title like 'Bench %'",
      wanted: counts.notifications,
      bulk: true,
      // A tenth to company 1's owner, a tenth to talent 1, the rest spread over the company people; a fifth unread.
      insert: () =>
        client.query(
          `insert into notifications (user_id, type, title, body, link, read_at, created_at, email_handled_at)
           select case when n % 10 = 0 then ${ownerOne} when n % 10 = 1 then ${talentId('1')} else ${benchUserId('1 + n % 200000')} end,
                  (${sqlArray(NOTIFICATION_TYPES)})[1 + n % ${NOTIFICATION_TYPES.length}]::notification_type,
                  'Bench notification ' || n, 'Something happened that you may want to look at.', '/app',
                  case when n % 5 <> 0 then now() end, now() - (n % 100000) * interval '1 minute', now()
           from generate_series(1, $1::int) n`,
          [counts.notifications],
        ),
    },
    {
      table: 'conversations',
      marker: "id in (select md5('bench-conversation-' || n)::uuid from generate_series(1, 5) n)",
      wanted: 5,
      // Company 1 with talent 1..conversations, talent 1 with companies 2..501; ten messages each.
      insert: async () => {
        await client.query(
          `insert into conversations (id, kind, company_id, user_id, last_seq, last_message_at, created_at)
           select md5('bench-conversation-' || n)::uuid, 'direct',
                  case when n <= $1 then ${companyOne} else ${benchCompanyId('n - $1 + 1')} end,
                  case when n <= $1 then ${talentId('n')} else ${talentId('1')} end,
                  10, now() - (n % 20000) * interval '1 minute', now() - interval '30 days'
           from generate_series(1, $1 + 500) n
           on conflict do nothing`,
          [counts.conversations],
        );
        await client.query(
          `insert into messages (conversation_id, seq, sender_id, client_id, body, created_at)
           select c.id, s, case when s % 2 = 0 then c.user_id else ${ownerOne} end, 'bench-' || c.id || '-' || s,
                  'Bench message ' || s || ': thanks, that works for me.', c.last_message_at - (10 - s) * interval '1 minute'
           from conversations c cross join generate_series(1, 10) s
           where c.id in (select md5('bench-conversation-' || n)::uuid from generate_series(1, $1 + 500) n)
           on conflict do nothing`,
          [counts.conversations],
        );
      },
    },
    {
      table: 'tests',
      marker: "name like 'Bench test %'",
      wanted: 12_000,
      // 2,000 of company 1's, one each for companies 2..10,001.
      insert: () =>
        client.query(
          `insert into tests (company_id, created_by_id, name, description, type, time_limit_minutes, pass_rate, is_active)
           select case when n <= 2000 then ${companyOne} else ${benchCompanyId('n - 1999')} end,
                  case when n <= 2000 then ${ownerOne} else ${benchUserId('2 * (n - 1999) - 1')} end,
                  'Bench test ' || n || ' ' || (${sqlArray(ROLES)})[1 + n % ${ROLES.length}], 'A short test.',
                  (array['coding','mcq','mixed','language','written'])[1 + n % 5]::test_type, 30, 70, n % 7 <> 0
           from generate_series(1, 12000) n`,
        ),
    },
    {
      table: 'contact_messages',
      marker: "subject like 'Bench %'",
      wanted: 50_000,
      insert: () =>
        client.query(
          `insert into contact_messages (name, email, company, subject, message, source, handled_at, created_at)
           select 'Visitor ' || n, 'visitor-' || n || '@example.test', 'Company ' || n % 5000, 'Bench question ' || n,
                  'Could you tell me more about hiring through Tandem?', (case when n % 3 = 0 then 'home' else 'contact_page' end)::contact_source,
                  case when n % 4 <> 0 then now() - (n % 1000) * interval '1 hour' end, now() - (n % 50000) * interval '10 minutes'
           from generate_series(1, 50000) n`,
        ),
    },
    {
      table: 'privacy_requests',
      marker: "reason like 'Bench %'",
      wanted: 20_000,
      insert: () =>
        client.query(
          `insert into privacy_requests (user_id, kind, status, reason, due_at, processed_at, created_at)
           select ${talentId('1000 + n * 37')}, (case when n % 3 = 0 then 'erasure' else 'export' end)::privacy_request_kind,
                  (case when n % 5 = 0 then 'pending' else 'completed' end)::privacy_request_status, 'Bench request ' || n,
                  now() + interval '30 days' - (n % 20000) * interval '1 hour',
                  case when n % 5 <> 0 then now() - (n % 20000) * interval '1 hour' end, now() - (n % 20000) * interval '1 hour'
           from generate_series(1, 20000) n`,
        ),
    },
    {
      table: 'users',
      marker: "email like 'bench-manager-%@bench.test'",
      wanted: 200,
      // 200 account managers, each managing every 200th company.
      insert: async () => {
        await client.query(
          `insert into users (id, email, name, role, email_verified_at)
           select md5('bench-manager-' || n)::uuid, 'bench-manager-' || n || '@bench.test', 'Bench Manager ' || n, 'account_manager', now()
           from generate_series(1, 200) n on conflict do nothing`,
        );
        await client.query(
          `insert into account_manager_profiles (user_id, specialties)
           select md5('bench-manager-' || n)::uuid, array['Engineering'] from generate_series(1, 200) n on conflict do nothing`,
        );
        await client.query(
          `update companies set account_manager_id = md5('bench-manager-' || (1 + abs(hashtext(id::text)) % 200))::uuid
           where contact_email like 'contact-%@bench.test'`,
        );
      },
    },
  ];

  const added: string[] = [];
  for (const step of steps) {
    const there = await countOf(client, step.table, step.marker);
    if (there >= step.wanted) continue;
    const started = performance.now();
    // One transaction a step, so that a step half done is done again whole.
    await client.query('begin');
    const rebuild = step.bulk ? await dropIndexes(client, step.table) : [];
    await step.insert();
    for (const statement of rebuild) await client.query(statement);
    await client.query('commit');
    added.push(`${step.table} (${step.wanted - there} wanted) in ${seconds(started)} s`);
  }
  return added;
}
