import { eq } from 'drizzle-orm';
import type { CreditNote } from '~/shared/billing';
import type { Database } from '../../db/client';
import { invoices } from '../../db/schema';

// The invoice a credit note credits, as its e-invoice references it (BT-25, BT-26); none for a funding's.
export async function creditedInvoiceOf(
  db: Database,
  note: Pick<CreditNote, 'invoice_id'>,
): Promise<{ number: string; issueDate: string } | null> {
  if (!note.invoice_id) return null;
  const [invoice] = await db
    .select({ number: invoices.invoiceNumber, issueDate: invoices.issueDate })
    .from(invoices)
    .where(eq(invoices.id, note.invoice_id));
  return invoice ?? null;
}
