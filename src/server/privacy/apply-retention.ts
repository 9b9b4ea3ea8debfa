import { sql } from 'drizzle-orm';
import { ACCOUNTING_RETENTION_YEARS, ANALYTICS_RETENTION_MONTHS, INACTIVE_ACCOUNT_YEARS } from '~/shared/privacy';
import type { Database } from '../db/client';
import { idRow } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { anonymizeAccount } from '../kernels/identity/anonymize-account';
import { lastOwnerOfATeamSql } from '../kernels/identity/company-ownership';
import type { FileStore } from '../platform/file-store';
import { recordAuditEvent } from '../platform/record-audit-event';

// At most this many accounts a run: a run stays short, and the next day's takes the rest.
const ACCOUNTS_PER_RUN = 1000;

interface RetentionCounts {
  accounts_anonymized: number;
  sessions_deleted: number;
  sessions_anonymized: number;
  contact_messages_anonymized: number;
  emails_deleted: number;
  invoices_deleted: number;
  payments_deleted: number;
}

const yearsBefore = (now: Date, years: number) => {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date;
};
const monthsBefore = (now: Date, months: number) => {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
};

// The Privacy Policy's retention periods, applied daily (the apply-retention job, schedule.ts):
// - account data until deletion or 3 years after the last activity (sign-in, a session's last request,
//   the applicant's last seen): such accounts are anonymised as an erasure would — never an
//   administrator's, and never while a company they own has an invoice unpaid (it stays owed);
// - analytics 26 months, then anonymised: the address and browser of sessions (expired ones deleted),
//   of contact-form messages, and the mail log. The request log is not in the database (pino writes it to
//   the process output; its retention is the log store's). The audit log keeps its addresses: it is the
//   security record of who did what, not analytics, and append only by design (a trigger refuses UPDATE
//   and DELETE, migration 0003) — it is kept whole like the accounting records;
// - transaction data 7 years: paid invoices issued longer ago are deleted with their lines and payments
//   (an unpaid one is a debt, and stays).
// Idempotent: a second run the same day finds nothing left to do.
export async function applyRetention({
  db,
  files,
  now = new Date(),
}: {
  db: Database;
  files: FileStore;
  now?: Date;
}): Promise<RetentionCounts> {
  const inactiveBefore = yearsBefore(now, INACTIVE_ACCOUNT_YEARS);
  const analyticsBefore = monthsBefore(now, ANALYTICS_RETENTION_MONTHS);
  const accountingBefore = yearsBefore(now, ACCOUNTING_RETENTION_YEARS).toISOString().slice(0, 10);

  const inactive = await selectRows(
    db,
    idRow,
    sql`select u.id from users u
      left join applicant_profiles p on p.user_id = u.id
      where u.role <> 'admin' and u.email not like 'removed-%@anonymized.invalid'
        and greatest(u.created_at, u.last_sign_in_at, p.last_active_at,
          (select max(s.last_seen_at) from sessions s where s.user_id = u.id)) < ${inactiveBefore.toISOString()}
        and not exists (
          select 1 from invoices i join company_members m on m.company_id = i.company_id and m.role = 'owner'
          where m.user_id = u.id and i.status <> 'paid')
        and not ${lastOwnerOfATeamSql(sql`u.id`)}
      order by u.created_at limit ${ACCOUNTS_PER_RUN}`,
  );
  for (const { id } of inactive) {
    await anonymizeAccount({ db, files, userId: id, actorId: null });
  }

  const cutoff = analyticsBefore.toISOString();
  const sessionsDeleted = await selectRows(
    db,
    idRow,
    sql`delete from sessions where expires_at < ${cutoff} returning id`,
  );
  const sessionsAnonymized = await selectRows(
    db,
    idRow,
    sql`update sessions set ip_address = null, user_agent = null
      where created_at < ${cutoff} and (ip_address is not null or user_agent is not null) returning id`,
  );
  const contactAnonymized = await selectRows(
    db,
    idRow,
    sql`update contact_messages set ip_address = null, user_agent = null
      where created_at < ${cutoff} and (ip_address is not null or user_agent is not null) returning id`,
  );
  const emailsDeleted = await selectRows(
    db,
    idRow,
    sql`delete from email_outbox where created_at < ${cutoff} returning id`,
  );

  const { invoicesDeleted, paymentsDeleted } = await db.transaction(async (tx) => {
    const old = sql`select id from invoices where issue_date < ${accountingBefore} and status = 'paid'`;
    const payments = await selectRows(tx, idRow, sql`delete from payments where invoice_id in (${old}) returning id`);
    const invoices = await selectRows(tx, idRow, sql`delete from invoices where id in (${old}) returning id`);
    return { invoicesDeleted: invoices.length, paymentsDeleted: payments.length };
  });

  const counts: RetentionCounts = {
    accounts_anonymized: inactive.length,
    sessions_deleted: sessionsDeleted.length,
    sessions_anonymized: sessionsAnonymized.length,
    contact_messages_anonymized: contactAnonymized.length,
    emails_deleted: emailsDeleted.length,
    invoices_deleted: invoicesDeleted,
    payments_deleted: paymentsDeleted,
  };
  await recordAuditEvent({
    db,
    event: {
      actorId: null,
      action: 'retention.applied',
      targetType: 'system',
      details: {
        ...counts,
        inactive_before: inactiveBefore.toISOString(),
        analytics_before: cutoff,
        accounting_before: accountingBefore,
      },
    },
  });
  return counts;
}
