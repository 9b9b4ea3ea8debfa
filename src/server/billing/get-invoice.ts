import { paymentTexts } from '~/shared/billing';
import type { Database } from '../db/client';
import { loadInvoiceViews } from '../kernels/payments/invoice-views';
import { AppError } from '../platform/errors';

// One of the company's invoices with its items; another company's invoice does not exist for it.
export async function getInvoice({ db, companyId, id }: { db: Database; companyId: string; id: string }) {
  const [invoice] = await loadInvoiceViews({ db, companyId, ids: [id] });
  if (!invoice) throw new AppError('not_found', paymentTexts.invoiceNotFound);
  return invoice;
}
