import { and, eq, sql } from 'drizzle-orm';
import type { InvoiceSeller } from '~/shared/billing-details';
import { formatMoney } from '~/shared/money-format';
import { paths } from '~/shared/routes';
import { necFormTexts } from '~/shared/year-end-forms';
import type { Database } from '../db/client';
import { necForms, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { necFormIssuedEmail } from '../mail/templates/nec-form-issued';
import { AppError } from '../platform/errors';
import type { FileStore } from '../platform/file-store';
import { linkStoredFile } from '../platform/link-stored-file';
import { recordAuditEvent } from '../platform/record-audit-event';
import { drawNecCopyB } from './draw-nec-copy-b';
import { findNecCandidates, type NecCandidate, necIssueBlock } from './nec-payments';

const PDF_MAX_BYTES = 2 * 1024 * 1024;

// The payer's account number for the recipient (at most 20 characters, as the IRS's files allow): the talent's
// id, the same on every form and correction of theirs.
export const necAccountNumber = (applicantId: string) => applicantId.replaceAll('-', '').slice(0, 20);

const sameCandidate = (a: NecCandidate, b: NecCandidate) =>
  a.paid_cents === b.paid_cents && a.tax_form_id === b.tax_form_id && a.form_id === b.form_id;

// Issues the year's forms (decision 055): for each US person paid the threshold with no form yet, a 1099-NEC;
// for each whose form no longer says what the ledger and the W-9 say, a corrected one that supersedes it. A
// talent at a time, each in its own transaction that re-reads what it issues, so two administrators issuing at
// once issue each form once. The talent is written to with the outbox row in that transaction.
export async function issueNecForms({
  db,
  files,
  mailer,
  publicUrl,
  payer,
  year,
  actorId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  files: FileStore;
  mailer: Mailer;
  publicUrl: string;
  payer: InvoiceSeller;
  year: number;
  actorId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<{ message: string; issued: number; corrected: number }> {
  const blocked = necIssueBlock(year, payer, now);
  if (blocked) throw new AppError('conflict', blocked);
  const due = await findNecCandidates(db, year, { where: sql`state <> 'issued'` });
  const counts = { issued: 0, corrected: 0 };
  const formIds: string[] = [];
  for (const candidate of due) {
    const corrected = candidate.form_id !== null;
    const pdf = await drawNecCopyB(
      {
        year,
        corrected,
        payer: { name: payer.legal_name, address: payer.address, phone: payer.phone, ein: payer.us_ein },
        recipient: {
          name: candidate.legal_name,
          businessName: candidate.business_name,
          street: candidate.street,
          cityLine: candidate.city_line,
          tinType: candidate.tin_type,
          tinLast4: candidate.tin_last4,
        },
        accountNumber: necAccountNumber(candidate.applicant_id),
        box1Cents: candidate.paid_cents,
      },
      now,
    );
    const file = await files.write({
      ownerId: candidate.applicant_id,
      kind: 'tax_form',
      name: `Form 1099-NEC ${year}${corrected ? ' corrected' : ''}.pdf`,
      contentType: 'application/pdf',
      content: (async function* () {
        yield pdf;
      })(),
      maxBytes: PDF_MAX_BYTES,
      tooLarge: () => new AppError('internal', 'The Form 1099-NEC could not be stored.'),
      empty: () => new AppError('internal', 'The Form 1099-NEC could not be stored.'),
    });
    try {
      const formId = await db.transaction(async (tx) => {
        const [talent] = await tx
          .select({ name: users.name, email: users.email, status: users.status })
          .from(users)
          .where(eq(users.id, candidate.applicant_id))
          .for('update');
        const [current] = await findNecCandidates(tx, year, { where: sql`applicant_id = ${candidate.applicant_id}` });
        // Issued meanwhile, or changed since it was drawn: the next run issues what it says then.
        if (!talent || !current || current.state === 'issued' || !sameCandidate(current, candidate)) return null;
        if (current.form_id) {
          await tx
            .update(necForms)
            .set({ status: 'superseded', supersededAt: now })
            .where(and(eq(necForms.id, current.form_id), eq(necForms.status, 'issued')));
        }
        const [row] = await tx
          .insert(necForms)
          .values({
            applicantId: candidate.applicant_id,
            taxYear: year,
            taxFormId: candidate.tax_form_id,
            corrected,
            recipientName: candidate.legal_name,
            recipientBusinessName: candidate.business_name,
            recipientStreet: candidate.street,
            recipientCityLine: candidate.city_line,
            recipientTinType: candidate.tin_type,
            recipientTinLast4: candidate.tin_last4,
            payerName: payer.legal_name,
            payerAddress: payer.address,
            payerEin: payer.us_ein,
            payerPhone: payer.phone,
            box1Cents: candidate.paid_cents,
            pdfFileId: file.id,
            issuedBy: actorId,
            issuedAt: now,
          })
          .returning({ id: necForms.id });
        if (!row) throw new Error('The Form 1099-NEC was not stored.');
        if (!(await linkStoredFile({ tx, fileId: file.id, ownerId: candidate.applicant_id, kind: 'tax_form', now }))) {
          throw new Error('The Form 1099-NEC’s PDF could not be linked.');
        }
        if (talent.status === 'active') {
          await mailer.send(
            talent.email,
            necFormIssuedEmail({
              name: talent.name,
              year,
              amount: formatMoney(candidate.paid_cents, 'USD'),
              corrected,
              earningsUrl: `${publicUrl}${paths.applicantEarnings.getHref()}`,
            }),
            { transaction: tx },
          );
        }
        return row.id;
      });
      if (formId === null) {
        await files.discard(file.id);
        continue;
      }
      formIds.push(formId);
      counts[corrected ? 'corrected' : 'issued'] += 1;
    } catch (error) {
      await files.discard(file.id);
      throw error;
    }
  }
  if (formIds.length > 0) {
    await recordAuditEvent({
      db,
      event: {
        actorId,
        action: 'nec_forms.issued',
        targetType: 'nec_forms',
        details: { year, ...counts, form_ids: formIds },
        ipAddress,
      },
    });
  }
  return { message: necFormTexts.issued(counts), ...counts };
}
