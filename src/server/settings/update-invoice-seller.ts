import { sql } from 'drizzle-orm';
import type { InvoiceSeller } from '~/shared/billing-details';
import type { Database } from '../db/client';
import { platformSettings } from '../db/schema';
import { getInvoiceSeller, INVOICE_SELLER_KEY } from '../platform/get-invoice-seller';
import { recordAuditEvent } from '../platform/record-audit-event';

// Saves the seller the next invoices name (issued ones keep theirs) and records the change.
export async function updateInvoiceSeller({
  db,
  seller,
  actorId,
  ipAddress,
}: {
  db: Database;
  seller: InvoiceSeller;
  actorId: string;
  ipAddress?: string;
}): Promise<InvoiceSeller> {
  return db.transaction(async (transaction) => {
    await transaction.execute(sql`select pg_advisory_xact_lock(hashtext('platform_settings'))`);
    const before = await getInvoiceSeller({ db: transaction });
    if (
      before.legal_name === seller.legal_name &&
      before.address === seller.address &&
      before.tax_id === seller.tax_id
    ) {
      return before;
    }
    const now = new Date();
    await transaction
      .insert(platformSettings)
      .values({ key: INVOICE_SELLER_KEY, value: seller, updatedAt: now })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: seller, updatedAt: now } });
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'settings.invoice_seller_updated',
        targetType: 'settings',
        details: { before, after: seller },
        ipAddress,
      },
    });
    return seller;
  });
}
