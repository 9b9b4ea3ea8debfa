import { sql } from 'drizzle-orm';
import type { InvoiceSeller } from '~/shared/billing-details';
import type { Database } from '../db/client';
import { platformSettings } from '../db/schema';
import { checkTaxId } from '../kernels/money/tax-ids';
import { AppError } from '../platform/errors';
import { getInvoiceSeller, INVOICE_SELLER_KEY } from '../platform/get-invoice-seller';
import { recordAuditEvent } from '../platform/record-audit-event';

// A VAT or GST number checked for the seller's country and kept as invoices print it (decision 053).
function checkedTaxId(country: string, taxId: string): string {
  if (taxId === '' || country === '') return taxId;
  const checked = checkTaxId(country, taxId);
  if (!checked.ok) throw new AppError('validation', checked.message, { tax_id: checked.message });
  return checked.normalized;
}

// Saves the seller the next invoices name (issued ones keep theirs) and records the change.
export async function updateInvoiceSeller({
  db,
  seller,
  actorId,
  ipAddress,
}: {
  db: Database;
  seller: Omit<InvoiceSeller, 'country' | 'email' | 'us_ein' | 'phone'> &
    Partial<Pick<InvoiceSeller, 'country' | 'email' | 'us_ein' | 'phone'>>;
  actorId: string;
  ipAddress?: string;
}): Promise<InvoiceSeller> {
  return db.transaction(async (transaction) => {
    await transaction.execute(sql`select pg_advisory_xact_lock(hashtext('platform_settings'))`);
    const before = await getInvoiceSeller({ db: transaction });
    const country = seller.country ?? before.country;
    const after: InvoiceSeller = {
      ...seller,
      country,
      email: seller.email ?? before.email,
      us_ein: seller.us_ein ?? before.us_ein,
      phone: seller.phone ?? before.phone,
      tax_id: checkedTaxId(country, seller.tax_id),
    };
    if (
      before.legal_name === after.legal_name &&
      before.address === after.address &&
      before.tax_id === after.tax_id &&
      before.country === after.country &&
      before.email === after.email &&
      before.us_ein === after.us_ein &&
      before.phone === after.phone
    ) {
      return before;
    }
    const now = new Date();
    await transaction
      .insert(platformSettings)
      .values({ key: INVOICE_SELLER_KEY, value: after, updatedAt: now })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: after, updatedAt: now } });
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'settings.invoice_seller_updated',
        targetType: 'settings',
        details: { before, after },
        ipAddress,
      },
    });
    return after;
  });
}
