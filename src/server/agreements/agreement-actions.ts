// What the company's and the talent's actions on an agreement share: the row locked, the audit entry, the email
// and notification that ask the talent to sign.
import { eq, inArray } from 'drizzle-orm';
import { signingTexts } from '~/shared/agreements';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { agreements, companies, users } from '../db/schema';
import { companyRecipients } from '../kernels/notices/company-recipients';
import { notify } from '../kernels/notices/notify';
import type { Mailer } from '../mail/mailer';
import { agreementToSignEmail } from '../mail/templates/agreement-to-sign';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { humanDay, isoDay } from '../platform/work-calendar';

export const DAY_MS = 24 * 60 * 60 * 1000;
// One reminder a day at most: a nudge, not a flood.
export const REMIND_INTERVAL_MS = DAY_MS;

export interface Acting {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  agreementId: string;
  actorId: string;
  ipAddress?: string;
  now?: Date;
}

export async function lockAgreement(tx: Database, id: string) {
  const [row] = await tx.select().from(agreements).where(eq(agreements.id, id)).for('update');
  if (!row) throw new AppError('not_found', signingTexts.notFound);
  return row;
}

export const auditAgreement = (
  tx: Database,
  action: 'agreement.declined' | 'agreement.voided' | 'agreement.resent' | 'agreement.reminded',
  { actorId, ipAddress, agreement }: { actorId: string; ipAddress?: string; agreement: typeof agreements.$inferSelect },
  details: Record<string, unknown> = {},
) =>
  recordAuditEvent({
    db: tx,
    event: {
      actorId,
      action,
      targetType: 'agreement',
      targetId: agreement.id,
      details: { company_id: agreement.companyId, applicant_id: agreement.applicantId, ...details },
      ipAddress,
    },
  });

export async function sendToTalent(
  tx: Database,
  mailer: Mailer,
  publicUrl: string,
  agreement: typeof agreements.$inferSelect,
  reminder: boolean,
) {
  const [talent] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, agreement.applicantId));
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, agreement.companyId));
  if (!talent) return;
  const link = paths.applicantAgreement.getHref({ id: agreement.id });
  await notify({
    db: tx,
    items: {
      userId: agreement.applicantId,
      type: 'assignment_changed',
      title: reminder ? `Reminder: sign ${agreement.title}` : `Please sign ${agreement.title}`,
      body: `${company?.name ?? 'The company'} is waiting for your signature.`,
      link,
    },
  });
  await mailer.send(
    talent.email,
    agreementToSignEmail({
      name: talent.name,
      title: agreement.title,
      from: company?.name ?? 'The company',
      expiresOn: humanDay(isoDay(agreement.expiresAt)),
      url: `${publicUrl}${link}`,
      reminder,
    }),
    { transaction: tx },
  );
}

// The company's people who hold the permission: who hears of a signature, a decline, a completed agreement.
export async function companyMembersWith(
  tx: Database,
  companyId: string,
  permission: 'read:agreement:own' | 'update:agreement:own',
): Promise<Array<{ id: string; name: string; email: string }>> {
  const memberIds = await companyRecipients({ db: tx, companyId, permission });
  if (memberIds.length === 0) return [];
  return tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, memberIds));
}
