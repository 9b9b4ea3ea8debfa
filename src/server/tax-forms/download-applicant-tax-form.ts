import { taxFormTexts } from '~/shared/tax-forms';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import type { FileStore, StoredFileContent } from '../platform/file-store';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findActiveTaxForm, holdsTaxDataReaderGrant } from './tax-form-records';

// An applicant's filled IRS PDF (it holds the whole numbers) for an administrator holding the tax data reader
// grant, recorded in the audit log as it leaves.
export async function downloadApplicantTaxForm({
  db,
  files,
  applicantId,
  actorId,
  ipAddress,
}: {
  db: Database;
  files: FileStore;
  applicantId: string;
  actorId: string;
  ipAddress?: string;
}): Promise<StoredFileContent & { name: string }> {
  if (!(await holdsTaxDataReaderGrant(db, actorId))) throw new AppError('forbidden', taxFormTexts.revealNeedsGrant);
  const row = await findActiveTaxForm(db, applicantId);
  if (!row) throw new AppError('not_found', taxFormTexts.notFound);
  const file = row.pdfFileId ? await files.read(row.pdfFileId) : null;
  if (!file) throw new AppError('not_found', taxFormTexts.pdfMissing);
  await recordAuditEvent({
    db,
    event: {
      actorId,
      action: 'tax_form.pdf_downloaded',
      targetType: 'user',
      targetId: applicantId,
      details: { tax_form_id: row.id, kind: row.kind, bytes: file.byteSize },
      ipAddress,
    },
  });
  return { ...file, name: file.name ?? 'Tax form.pdf' };
}
