import { type RevealedTaxIds, taxFormTexts } from '~/shared/tax-forms';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { TaxIdCipher } from '../platform/tax-id-cipher';
import { findActiveTaxForm, holdsTaxDataReaderGrant, sealedFor } from './tax-form-records';

// The whole numbers of an applicant's form in force, for an administrator holding the tax data reader grant;
// each reveal is an audit row (which names the form, never the number).
export async function revealTaxIds({
  db,
  cipher,
  applicantId,
  actorId,
  ipAddress,
}: {
  db: Database;
  cipher: TaxIdCipher;
  applicantId: string;
  actorId: string;
  ipAddress?: string;
}): Promise<RevealedTaxIds> {
  if (!(await holdsTaxDataReaderGrant(db, actorId))) throw new AppError('forbidden', taxFormTexts.revealNeedsGrant);
  const row = await findActiveTaxForm(db, applicantId);
  if (!row) throw new AppError('not_found', taxFormTexts.notFound);
  const revealed = {
    us_tin: row.usTinSealed ? cipher.open(row.usTinSealed, sealedFor(applicantId, 'us_tin')) : null,
    foreign_tin: row.foreignTinSealed ? cipher.open(row.foreignTinSealed, sealedFor(applicantId, 'foreign_tin')) : null,
  };
  await recordAuditEvent({
    db,
    event: {
      actorId,
      action: 'tax_form.tin_revealed',
      targetType: 'user',
      targetId: applicantId,
      details: { tax_form_id: row.id, kind: row.kind },
      ipAddress,
    },
  });
  return revealed;
}
