import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { textArrayLiteral } from '../../src/server/db/text-array-literal';

// What the money benches (bench:billing, bench:payouts) start from, by set-based inserts: `companyCount`
// companies, `talentCount` talents, and an active assignment each — the i-th talent with the (i mod
// companies)-th company, 40 hours a week at $15 to $100 billed an hour, paid four fifths of it — with its
// terms from `startDate`. A talent's role is the (i mod roles)-th of `roles`.
export async function seedWorkforce(
  db: Database,
  {
    companyCount,
    talentCount,
    startDate,
    roles,
  }: {
    companyCount: number;
    talentCount: number;
    startDate: string;
    roles: readonly string[];
  },
) {
  await db.execute(sql`
    insert into companies (name, contact_email)
    select 'Bench Company ' || i, 'bench-company-' || i || '@example.test' from generate_series(1, ${companyCount}) i`);
  await db.execute(sql`
    insert into users (email, name, role, email_verified_at)
    select 'bench-talent-' || i || '@example.test', 'Bench Talent ' || i, 'applicant', now()
    from generate_series(1, ${talentCount}) i`);
  await db.execute(sql`
    with numbered_companies as (
      select id, row_number() over (order by id) - 1 as n from companies
    ), numbered_talent as (
      select id, row_number() over (order by id) - 1 as n from users where role = 'applicant'
    )
    insert into assignments (company_id, applicant_id, role, rate_cents, weekly_hours, start_date, status)
    select c.id, t.id, (${textArrayLiteral([...roles])}::text[])[1 + t.n % ${roles.length}],
           1500 + (t.n * 37) % 8500, 40, ${startDate}::date, 'active'
    from numbered_talent t join numbered_companies c on c.n = t.n % ${companyCount}`);
  await db.execute(sql`
    insert into assignment_terms (assignment_id, rate_cents, pay_rate_cents, weekly_hours, effective_date)
    select id, rate_cents, rate_cents * 8 / 10, weekly_hours, start_date from assignments`);
}
