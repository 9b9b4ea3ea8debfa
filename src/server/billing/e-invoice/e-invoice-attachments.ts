import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingProfiles, type EmailAttachment, invoices, type notifications } from '../../db/schema';
import { loadInvoiceViews } from '../../kernels/payments/invoice-views';
import { AppError } from '../../platform/errors';
import { eInvoiceOfInvoice } from './e-invoice-of';
import { eInvoiceXml } from './ubl-xml';

// The invoice a new-invoice notification names: its link is the company's Billing with ?invoice=<id>
// (kernels/money/issue-invoices.ts).
const invoiceIdOf = (link: string | null) => /[?&]invoice=([0-9a-f-]{36})(?:&|$)/.exec(link ?? '')?.[1] ?? null;

// The e-invoice an invoice email carries (issue 56) when its company asked for it on Billing, and the invoice
// charges VAT or GST (a sales tax has no EN 16931 form): the same XML its download gives.
export async function eInvoiceAttachments(
  db: Database,
  notification: Pick<typeof notifications.$inferSelect, 'type' | 'link'>,
): Promise<EmailAttachment[]> {
  if (notification.type !== 'invoice_issued') return [];
  const invoiceId = invoiceIdOf(notification.link);
  if (!invoiceId) return [];
  const [wanted] = await db
    .select({ emailEInvoice: billingProfiles.emailEInvoice, category: invoices.taxCategory })
    .from(invoices)
    .innerJoin(billingProfiles, eq(billingProfiles.companyId, invoices.companyId))
    .where(eq(invoices.id, invoiceId));
  if (!wanted?.emailEInvoice || wanted.category === 'sales_tax') return [];
  const [invoice] = await loadInvoiceViews({ db, ids: [invoiceId] });
  if (!invoice) return [];
  let xml: string;
  try {
    xml = await eInvoiceXml(eInvoiceOfInvoice(invoice));
  } catch (error) {
    // An invoice that cannot be an e-invoice (a party's email missing) still has its email, without the file;
    // its download says why.
    if (error instanceof AppError) return [];
    throw error;
  }
  return [
    {
      filename: `${invoice.invoice_number}.xml`,
      contentType: 'application/xml',
      contentBase64: Buffer.from(xml, 'utf8').toString('base64'),
    },
  ];
}
