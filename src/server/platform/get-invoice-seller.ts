import { eq } from 'drizzle-orm';
import { defaultInvoiceSeller, type InvoiceSeller, invoiceSellerSchema } from '~/shared/billing-details';
import type { Database } from '../db/client';
import { platformSettings } from '../db/schema';

// The seller every invoice names: Tandem's legal entity, kept in platform_settings under this key. The
// invoices' trigger (migration 0072) reads the same key when an invoice is issued; change both together.
export const INVOICE_SELLER_KEY = 'invoice_seller';

export async function getInvoiceSeller({ db }: { db: Database }): Promise<InvoiceSeller> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, INVOICE_SELLER_KEY));
  const stored = invoiceSellerSchema.safeParse(row?.value);
  return stored.success ? stored.data : defaultInvoiceSeller;
}
