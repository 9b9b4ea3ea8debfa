import { taxFormTexts } from '~/shared/tax-forms';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import type { FileStore, StoredFileContent } from '../platform/file-store';
import { findActiveTaxForm } from './tax-form-records';

// The filled IRS PDF of the talent's own form in force.
export async function readOwnTaxFormPdf({
  db,
  files,
  applicantId,
}: {
  db: Database;
  files: FileStore;
  applicantId: string;
}): Promise<StoredFileContent & { name: string }> {
  const row = await findActiveTaxForm(db, applicantId);
  if (!row) throw new AppError('not_found', taxFormTexts.notFound);
  const file = row.pdfFileId ? await files.read(row.pdfFileId) : null;
  if (!file) throw new AppError('not_found', taxFormTexts.pdfMissing);
  return { ...file, name: file.name ?? 'Tax form.pdf' };
}
