import type pg from 'pg';

// The platform at scale, shared by bench:admin and bench:lists: companies (a twentieth suspended), users
// (two company people per company, bench-user-<n>@bench.test, the rest applicants) and audit rows (the last
// 60 days, a tenth by the system). Ids are deterministic (md5 of a name), so a second run adds only what is
// missing; every insert is set-based.

export const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

// md5('bench-company-<n>')::uuid and md5('bench-user-<n>')::uuid, as SQL of an integer expression.
export const benchCompanyId = (n: string) => `md5('bench-company-' || (${n}))::uuid`;
export const benchUserId = (n: string) => `md5('bench-user-' || (${n}))::uuid`;

const USER_ACTIONS = [
  'auth.signed_in',
  'auth.signed_in',
  'auth.signed_in',
  'auth.signed_out',
  'account.profile_updated',
  'company.profile_updated',
  'job.created',
  'job.updated',
  'job.published',
  'job.closed',
  'application.submitted',
  'application.moved',
  'application.offered',
  'timesheet.submitted',
  'timesheet.approved',
  'assignment.created',
  'meeting.scheduled',
  'test.created',
  'payment_method.added',
  'billing_profile.updated',
  'company.suspended',
  'company.activated',
  'company.account_manager_assigned',
  'settings.updated',
  'applicant.suspended',
];
const SYSTEM_ACTIONS = ['auth.sign_in_failed', 'invoice.issued', 'invoice.marked_overdue', 'payment.completed'];
export const sqlArray = (items: readonly string[]) => `array[${items.map((item) => `'${item}'`).join(',')}]`;

export async function countOf(client: pg.Client, table: string, where = 'true') {
  const { rows } = await client.query<{ count: string }>(`select count(*) from ${table} where ${where}`);
  return Number(rows[0]?.count ?? 0);
}

// Drops a table's secondary indexes for a bulk load and gives back the statements that rebuild them.
export async function dropIndexes(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where tablename = $1 and indexname not in (select conname from pg_constraint where conrelid = $1::regclass)`,
    [table],
  );
  for (const row of rows) await client.query(`drop index if exists "${row.name}"`);
  return rows.map((row) => row.definition);
}

// Bulk load: no per-row triggers (append-only, actor email, counters, announcements) and no foreign-key
// checks; every value is written consistent by construction, and the counters are recounted after.
export async function beginBulkLoad(client: pg.Client) {
  await client.query("set session_replication_role = 'replica'");
  await client.query('set statement_timeout = 0');
  await client.query("set maintenance_work_mem = '512MB'");
}

export async function endBulkLoad(client: pg.Client) {
  await client.query("set session_replication_role = 'origin'");
  // The counter the companies trigger keeps, which the bulk load did not fire.
  await client.query(
    `update company_status_counts s set total =
       (select count(*) from companies c where c.status = s.status and c.deleted_at is null)`,
  );
}

export interface PlatformCounts {
  companies: number;
  users: number;
  auditRows: number;
}

// Adds the companies, users and audit rows missing; returns what it added, one phrase a table.
export async function seedPlatform(client: pg.Client, counts: PlatformCounts): Promise<string[]> {
  const { companies: companyCount, users: userCount, auditRows: auditCount } = counts;
  // Two people per company (an owner and a member); every other user is an applicant.
  const companyUserCount = Math.min(userCount, companyCount * 2);
  const added: string[] = [];

  const companiesThere = await countOf(client, 'companies', "contact_email like 'contact-%@bench.test'");
  if (companiesThere < companyCount) {
    const step = performance.now();
    await client.query(
      `insert into companies (id, name, contact_email, status, created_at, updated_at)
       select ${benchCompanyId('i')},
              (array['Acme','Globex','Initech','Umbrella','Stark','Wayne','Hooli','Vandelay','Soylent','Tyrell'])[1 + i % 10]
                || ' ' || (array['Labs','Logistics','Health','Retail','Systems','Partners','Studio','Foods'])[1 + (i / 10) % 8]
                || ' ' || i,
              'contact-' || i || '@bench.test',
              (case when i % 20 = 0 then 'suspended' else 'active' end)::user_status,
              now() - (i % 1500) * interval '1 day' - (i % 86400) * interval '1 second',
              now()
       from generate_series(1, $1::int) i
       on conflict (id) do nothing`,
      [companyCount],
    );
    added.push(`${companyCount - companiesThere} companies in ${seconds(step)} s`);
  }

  const usersThere = await countOf(client, 'users', "email like 'bench-user-%@bench.test'");
  if (usersThere < userCount) {
    const step = performance.now();
    const rebuild = await dropIndexes(client, 'users');
    for (let from = 1; from <= userCount; from += 250_000) {
      const to = Math.min(userCount, from + 249_999);
      await client.query(
        `insert into users (id, email, name, role, status, email_verified_at, created_at, updated_at)
         select ${benchUserId('i')}, 'bench-user-' || i || '@bench.test', 'Bench User ' || i,
                (case when i <= $3::int then 'company' else 'applicant' end)::user_role,
                (case when i % 50 = 0 then 'suspended' else 'active' end)::user_status,
                now(), now() - (i % 1000) * interval '1 day', now()
         from generate_series($1::int, $2::int) i
         where not exists (select 1 from users u where u.id = ${benchUserId('i')})`,
        [from, to, companyUserCount],
      );
    }
    for (const statement of rebuild) await client.query(statement);
    await client.query(
      `insert into company_members (company_id, user_id, role)
       select ${benchCompanyId('(i - 1) / 2 + 1')}, ${benchUserId('i')},
              (case when i % 2 = 1 then 'owner' else 'admin' end)::company_member_role
       from generate_series(1, $1::int) i
       on conflict do nothing`,
      [companyUserCount],
    );
    added.push(`${userCount - usersThere} users in ${seconds(step)} s`);
  }

  const auditThere = await countOf(client, 'audit_logs');
  if (auditThere < auditCount) {
    const step = performance.now();
    const rebuild = await dropIndexes(client, 'audit_logs');
    const missing = auditCount - auditThere;
    for (let from = 1; from <= missing; from += 1_000_000) {
      const to = Math.min(missing, from + 999_999);
      // Row i: a tenth by the system; the others by user (i * 7919 mod users) + 1, spread over 60 days.
      await client.query(
        `insert into audit_logs (actor_id, actor_email, action, target_type, target_id, details, ip_address, created_at)
         select case when system then null else ${benchUserId('actor')} end,
                case when system then null else 'bench-user-' || actor || '@bench.test' end,
                action, split_part(action, '.', 1), md5('bench-target-' || (i % 400000))::uuid::text,
                case when i % 4 = 0
                  then jsonb_build_object('before', jsonb_build_object('status', 'active'),
                                          'after', jsonb_build_object('status', 'suspended'))
                  else '{}'::jsonb end,
                case when system then null else ('10.' || (i % 250) || '.' || (i / 250 % 250) || '.1')::inet end,
                now() - random() * interval '60 days'
         from (
           select i, i % 10 = 0 as system, ((i::bigint * 7919) % $3::int) + 1 as actor,
                  case when i % 10 = 0 then (${sqlArray(SYSTEM_ACTIONS)})[1 + (i / 10) % ${SYSTEM_ACTIONS.length}]
                       else (${sqlArray(USER_ACTIONS)})[1 + (i * 31) % ${USER_ACTIONS.length}] end as action
           from generate_series($1::int, $2::int) i
         ) rows`,
        [from + auditThere, to + auditThere, userCount],
      );
    }
    for (const statement of rebuild) await client.query(statement);
    added.push(`${missing} audit rows in ${seconds(step)} s`);
  }
  return added;
}
