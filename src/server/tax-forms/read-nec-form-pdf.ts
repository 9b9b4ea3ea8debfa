import { and, eq } from 'drizzle-orm';
import { necFormTexts } from '~/shared/year-end-forms';
import type { Database } from '../db/client';
import { necForms } from '../db/schema';
import { AppError } from '../platform/errors';
import type { FileStore, StoredFileContent } from '../platform/file-store';

// A Form 1099-NEC's Copy B as issued: its talent's own, or any for an administrator (`applicantId` null). The copy
// shows the TIN's last four only, so it needs no grant.
export async function readNecFormPdf({
  db,
  files,
  formId,
  applicantId,
}: {
  db: Database;
  files: FileStore;
  formId: string;
  applicantId: string | null;
}): Promise<StoredFileContent & { name: string }> {
  const [row] = await db
    .select({ pdfFileId: necForms.pdfFileId, year: necForms.taxYear, corrected: necForms.corrected })
    .from(necForms)
    .where(and(eq(necForms.id, formId), applicantId ? eq(necForms.applicantId, applicantId) : undefined));
  if (!row) throw new AppError('not_found', necFormTexts.notFound);
  const file = row.pdfFileId ? await files.read(row.pdfFileId) : null;
  if (!file) throw new AppError('not_found', necFormTexts.pdfMissing);
  return { ...file, name: `Form 1099-NEC ${row.year}${row.corrected ? ' corrected' : ''}.pdf` };
}
