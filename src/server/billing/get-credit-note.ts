import { creditNoteTexts } from '~/shared/billing';
import type { Database } from '../db/client';
import { loadCreditNoteViews } from '../kernels/payments/credit-note-views';
import { AppError } from '../platform/errors';

// One of the company's credit notes with its items; another company's does not exist for it.
export async function getCreditNote({ db, companyId, id }: { db: Database; companyId: string; id: string }) {
  const [note] = await loadCreditNoteViews({ db, companyId, ids: [id] });
  if (!note) throw new AppError('not_found', creditNoteTexts.notFound);
  return note;
}
