import { Readable } from 'node:stream';
import { and, asc, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { REVIEW_WINDOW_DAYS } from '~/shared/reviews';
import type { Database } from '../db/client';
import { privacyRequests, storedFiles } from '../db/schema';
import { buildCsv, type CsvCell } from '../platform/build-csv';
import type { FileStore } from '../platform/file-store';
import { recordAuditEvent } from '../platform/record-audit-event';

type Row = Record<string, unknown>;
interface Section {
  columns: string[];
  rows: Row[];
}

// Every kind of record Tandem holds about a person, each read with the person's id in its where clause
// (nobody else's rows can come along). Secrets stay out: password and TOTP hashes, token hashes, session
// tokens, answer keys. The company's invoices and payments come along for its owners only.
function sectionQueries(userId: string): Record<string, SQL> {
  const ownedCompanies = sql`(select company_id from company_members where user_id = ${userId} and role = 'owner')`;
  return {
    account: sql`select id, email, name, role, status, email_verified_at, terms_accepted_at,
      totp_enabled_at is not null as two_factor_enabled,
      last_sign_in_at, time_zone, created_at, updated_at from users where id = ${userId}`,
    profile: sql`select headline, summary, hourly_rate_cents, skills, experience_level, availability, region, location,
      timezone, photo_content_type, cv_visibility, cv_text_status, cv_text, rating_tenths, review_count, hours_billed,
      id_verified_at, background_checked_at, last_active_at, created_at, updated_at from applicant_profiles where user_id = ${userId}`,
    work_history: sql`select position, title, company, start_month, end_month, description
      from applicant_work_history where applicant_id = ${userId} order by position`,
    education: sql`select position, school, degree, start_year, end_year
      from applicant_education where applicant_id = ${userId} order by position`,
    languages: sql`select position, language, level from applicant_languages
      where applicant_id = ${userId} order by position`,
    certifications: sql`select position, name, issuer, issued_month, expires_month, credential_url
      from applicant_certifications where applicant_id = ${userId} order by position`,
    portfolio_links: sql`select position, title, url, description from applicant_portfolio_links
      where applicant_id = ${userId} order by position`,
    companies: sql`select c.id, c.name, c.contact_email, c.website, c.status, m.role as member_role, m.created_at as joined_at
      from company_members m join companies c on c.id = m.company_id where m.user_id = ${userId}`,
    applications: sql`select a.id, j.title as job_title, a.cover_letter, a.proposal_rate_cents, a.proposal_price_cents, a.proposal_milestones, a.screening_answers, a.status, a.history,
      a.offer_rate_cents, a.offer_weekly_hours, a.offer_start_date, a.rejection_reason, a.created_at, a.updated_at
      from applications a join jobs j on j.id = a.job_id where a.applicant_id = ${userId} order by a.created_at`,
    application_files: sql`select f.application_id, f.name, f.content_type, f.byte_size, f.created_at
      from application_files f join applications a on a.id = f.application_id where a.applicant_id = ${userId}
      order by f.created_at`,
    saved_jobs: sql`select s.job_id, j.title, s.created_at from saved_jobs s join jobs j on j.id = s.job_id
      where s.applicant_id = ${userId} order by s.created_at`,
    // The unsubscribe token stays out: a capability, not something about the person.
    saved_searches: sql`select name, filters, frequency, last_alerted_at, next_alert_at, created_at, updated_at
      from saved_searches where applicant_id = ${userId} order by created_at`,
    test_attempts: sql`select ta.id, t.name as test_name, ta.status, ta.answers, ta.score, ta.passed, ta.assigned_at,
      ta.started_at, ta.submitted_at, ta.graded_at from test_attempts ta join tests t on t.id = ta.test_id
      where ta.applicant_id = ${userId} order by ta.assigned_at`,
    messages_sent: sql`select id, conversation_id, body, attachment_name, created_at from messages
      where sender_id = ${userId} order by created_at`,
    meetings: sql`select mt.id, mt.title, mt.type, mt.notes, mt.starts_at, mt.duration_minutes, mt.status, p.response,
      p.responded_at from meeting_participants p join meetings mt on mt.id = p.meeting_id
      where p.user_id = ${userId} order by mt.starts_at`,
    availability_weekly_hours: sql`select weekday, is_working, starts_minute, ends_minute, updated_at
      from availability_weekly_hours where user_id = ${userId} order by weekday`,
    availability_days_off: sql`select day from availability_days_off where user_id = ${userId} order by day`,
    // The links they sent, were sent, or were asked to be free for; who else a link names stays out.
    booking_links: sql`select b.id, c.name as company_name,
      case when b.organizer_id = ${userId} then 'sent' when b.invitee_id = ${userId} then 'received' else 'host' end
        as role,
      b.type, b.title, b.notes, b.call_link, b.duration_minutes, b.expires_at, b.used_at, b.meeting_id, b.created_at
      from booking_links b join companies c on c.id = b.company_id
      where b.organizer_id = ${userId} or b.invitee_id = ${userId}
        or b.id in (select link_id from booking_link_hosts where user_id = ${userId})
      order by b.created_at`,
    assignments: sql`select id, role, engagement_type, rate_cents, weekly_hours, start_date, end_date, status, created_at
      from assignments where applicant_id = ${userId} order by created_at`,
    // A fixed-price contract's milestones (decision 035): the work handed in, and what was released to them.
    milestones: sql`select m.id, a.role as assignment_role, m.position, m.title, m.description, m.amount_cents, m.due_date,
      m.status, m.funded_at, m.submitted_at, m.submission_message, m.changes_comment, m.approved_at, m.released_cents,
      m.refunded_cents from milestones m join assignments a on a.id = m.assignment_id
      where a.applicant_id = ${userId} order by a.created_at, m.position`,
    // Where their payouts go, as every screen shows it (masked), and the payouts sent (decision 036).
    payout_methods: sql`select id, kind, label, holder_name, bank_name, is_default, usable_from, created_at, removed_at
      from payout_methods where applicant_id = ${userId} order by created_at`,
    // Their tax forms (issue 56), numbers masked like every screen shows them; the signed PDF, which holds
    // them whole, stays out of the zip and is downloaded from the Tax form page.
    tax_forms: sql`select id, kind, status, legal_name, business_name, tax_classification, citizenship_country,
      address_street, address_city, address_country, mailing_street, mailing_city, mailing_country, us_tin_type,
      us_tin_last4, foreign_tin_last4, foreign_tin_not_required_reason, date_of_birth, treaty_country, treaty_article,
      treaty_rate, treaty_income_type, signature_name, signed_at, expires_at, superseded_at
      from tax_forms where applicant_id = ${userId} order by signed_at`,
    // The Forms 1099-NEC issued to them (decision 055), as their Copy B says.
    nec_forms: sql`select id, tax_year, status, corrected, recipient_name, recipient_business_name, recipient_street,
      recipient_city_line, recipient_tin_type, recipient_tin_last4, payer_name, payer_ein, box1_cents, issued_at,
      superseded_at
      from nec_forms where applicant_id = ${userId} order by tax_year, issued_at`,
    payouts: sql`select id, amount_cents, status, method_label, reference, failure_reason, sent_at, paid_at, failed_at
      from payouts where applicant_id = ${userId} and status in ('sent', 'paid', 'failed') order by sent_at`,
    timesheets: sql`select ts.id, a.role as assignment_role, ts.week_start, ts.status, ts.submitted_at, ts.approved_at,
      ts.return_comment, ts.talent_pay_cents,
      (select coalesce(sum(te.minutes), 0)::int from time_entries te where te.timesheet_id = ts.id) as minutes
      from timesheets ts join assignments a on a.id = ts.assignment_id where a.applicant_id = ${userId}
      order by ts.week_start`,
    notifications: sql`select type, title, body, link, read_at, created_at from notifications
      where user_id = ${userId} order by created_at`,
    notification_preferences: sql`select type, email from notification_preferences where user_id = ${userId}`,
    sessions: sql`select ip_address::text as ip_address, user_agent, created_at, last_seen_at, expires_at from sessions
      where user_id = ${userId} order by created_at`,
    api_tokens: sql`select name, token_prefix, last_used_at, expires_at, revoked_at, created_at from api_tokens
      where user_id = ${userId} order by created_at`,
    identity_providers: sql`select provider, email, created_at from oauth_accounts where user_id = ${userId}`,
    audit_log: sql`select action, target_type, target_id, details, ip_address::text as ip_address, created_at
      from audit_logs where actor_id = ${userId} or (target_type = 'user' and target_id = ${userId}::text)
      order by created_at`,
    privacy_requests: sql`select kind, status, reason, due_at, processed_at, created_at from privacy_requests
      where user_id = ${userId} order by created_at`,
    abuse_reports: sql`select target_type, target_id, reason, status, created_at from abuse_reports
      where reporter_id = ${userId} order by created_at`,
    // Reviews after work: those they wrote, and those written of them that have been revealed (a hidden
    // one is not theirs to read before the double-blind reveal).
    reviews_written: sql`select r.id, r.side, a.role as assignment_role, c.name as company_name, r.rating, r.comment,
      r.revealed_at, r.hidden_at, r.created_at, r.updated_at from reviews r join assignments a on a.id = r.assignment_id
      join companies c on c.id = r.company_id where r.author_id = ${userId} order by r.created_at`,
    reviews_received: sql`select r.id, a.role as assignment_role, c.name as company_name, r.rating, r.comment,
      coalesce(r.revealed_at, a.ended_at + make_interval(days => ${REVIEW_WINDOW_DAYS})) as revealed_at, r.hidden_at,
      r.created_at from reviews r join assignments a on a.id = r.assignment_id join companies c on c.id = r.company_id
      where r.applicant_id = ${userId} and r.side = 'company_of_talent'
        and (r.revealed_at is not null or a.ended_at + make_interval(days => ${REVIEW_WINDOW_DAYS}) <= now())
      order by r.created_at`,
    contact_messages: sql`select name, email, company, subject, message, source, created_at from contact_messages
      where lower(email) = (select lower(email) from users where id = ${userId}) order by created_at`,
    invoices: sql`select invoice_number, company_id, period_start, period_end, issue_date, due_date, status,
      subtotal_cents, fee_cents, tax_cents, total_cents, paid_at, milestone_id from invoices
      where company_id in ${ownedCompanies} order by issue_date`,
    // An invoice's payments, and the fundings of fixed-price milestones into escrow (decision 035).
    payments: sql`select p.id, i.invoice_number, m.title as milestone_title, p.method_label, p.amount_cents, p.status,
      p.created_at, p.completed_at, p.refunded_at
      from payments p left join invoices i on i.id = p.invoice_id left join milestones m on m.id = p.milestone_id
      where p.company_id in ${ownedCompanies} order by p.created_at`,
  };
}

// PostgreSQL's type ids of timestamptz and timestamp.
const TIMESTAMP_TYPES = new Set([1184, 1114]);

// A moment as the API writes it (ISO 8601, UTC): node-postgres reads a timestamp as a Date, PGlite's raw
// queries as PostgreSQL's text ('2026-11-26 00:40:59.347+00').
const isoMoment = (value: unknown): unknown => {
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return value;
  const text = value.replace(' ', 'T');
  // A timestamp without a zone is stored in UTC.
  const zoned = /(Z|[+-]\d{2}(:?\d{2})?)$/.test(text) ? text.replace(/([+-]\d{2})$/, '$1:00') : `${text}Z`;
  return new Date(zoned).toISOString();
};

async function readSection(db: Database, query: SQL): Promise<Section> {
  const result = (await db.execute(query)) as unknown as {
    rows: Row[];
    fields?: Array<{ name: string; dataTypeID?: number }>;
  };
  const moments = new Set(
    (result.fields ?? []).filter((field) => TIMESTAMP_TYPES.has(field.dataTypeID ?? 0)).map((field) => field.name),
  );
  const rows = result.rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        value === null ? null : moments.has(key) || value instanceof Date ? isoMoment(value) : value,
      ]),
    ),
  );
  const columns = result.fields?.map((field) => field.name) ?? Object.keys(rows[0] ?? {});
  return { columns, rows };
}

function csvOf({ columns, rows }: Section): string {
  const cell = (value: unknown): CsvCell => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'number' || typeof value === 'string') return value;
    return JSON.stringify(value);
  };
  return buildCsv([columns, ...rows.map((row) => columns.map((column) => cell(row[column])))]);
}

interface PersonalDataExport {
  filename: string;
  // The zip, made as it is read: one stored file's piece in memory at a time.
  zip: Readable;
  counts: Record<string, number>;
}

interface ExportedFile {
  id: string;
  kind: string;
  name: string | null;
  content_type: string;
  byte_size: number;
  created_at: string;
  path: string;
}

// The files the person uploaded and that are in use (their photo, their CV, the attachments they sent,
// their test answers), each under files/<kind>/ in the zip.
async function findOwnFiles(db: Database, userId: string): Promise<ExportedFile[]> {
  const rows = await db
    .select({
      id: storedFiles.id,
      kind: storedFiles.kind,
      name: storedFiles.name,
      contentType: storedFiles.contentType,
      byteSize: storedFiles.byteSize,
      createdAt: storedFiles.createdAt,
    })
    .from(storedFiles)
    .where(and(eq(storedFiles.ownerId, userId), isNotNull(storedFiles.linkedAt), ne(storedFiles.kind, 'tax_form')))
    .orderBy(asc(storedFiles.createdAt));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    content_type: row.contentType,
    byte_size: row.byteSize,
    created_at: row.createdAt.toISOString(),
    path: `files/${row.kind}/${row.id}${row.name ? `-${row.name}` : `.${row.contentType.split('/')[1] ?? 'bin'}`}`,
  }));
}

// The zip's bytes as fflate makes them, entry by entry; stored files pass through uncompressed.
async function* zipOf(
  documents: Record<string, Uint8Array>,
  exported: ExportedFile[],
  files: FileStore,
  now: Date,
): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    ready.push(chunk);
  });
  for (const [name, content] of Object.entries(documents)) {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = now;
    zip.add(entry);
    entry.push(content, true);
    yield* ready.splice(0);
  }
  for (const file of exported) {
    const stored = await files.read(file.id);
    if (!stored) continue;
    const entry = new ZipPassThrough(file.path);
    entry.mtime = now;
    zip.add(entry);
    for await (const piece of stored.content) {
      entry.push(piece as Uint8Array);
      yield* ready.splice(0);
    }
    entry.push(new Uint8Array(0), true);
    yield* ready.splice(0);
  }
  zip.end();
  yield* ready.splice(0);
}

// "Download my data" (GDPR access and portability): a zip of data.json (every section), one CSV per
// kind of record, and the files they uploaded. The request is answered at once, so it is recorded
// completed, with an audit row.
export async function exportPersonalData({
  db,
  files,
  userId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  files: FileStore;
  userId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<PersonalDataExport> {
  const sections: Record<string, Section> = {};
  for (const [kind, query] of Object.entries(sectionQueries(userId))) sections[kind] = await readSection(db, query);
  const exported = await findOwnFiles(db, userId);
  sections.files = {
    columns: ['id', 'kind', 'name', 'content_type', 'byte_size', 'created_at', 'path'],
    rows: exported as unknown as Row[],
  };

  const counts = Object.fromEntries(Object.entries(sections).map(([kind, section]) => [kind, section.rows.length]));
  const data = {
    exported_at: now.toISOString(),
    user_id: userId,
    ...Object.fromEntries(Object.entries(sections).map(([kind, section]) => [kind, section.rows])),
  };
  const documents: Record<string, Uint8Array> = { 'data.json': strToU8(JSON.stringify(data, null, 2)) };
  for (const [kind, section] of Object.entries(sections)) documents[`${kind}.csv`] = strToU8(csvOf(section));

  await db.transaction(async (tx) => {
    await tx.insert(privacyRequests).values({
      userId,
      kind: 'export',
      status: 'completed',
      dueAt: now,
      processedAt: now,
      processedById: userId,
      createdAt: now,
    });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: userId,
        action: 'privacy.data_exported',
        targetType: 'user',
        targetId: userId,
        details: { counts },
        ipAddress,
      },
    });
  });
  return {
    filename: `tandem-data-${now.toISOString().slice(0, 10)}.zip`,
    zip: Readable.from(zipOf(documents, exported, files, now)),
    counts,
  };
}
