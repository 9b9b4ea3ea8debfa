import type { FastifyInstance, FastifyReply } from 'fastify';
import { invoicesContract } from '~/shared/contracts/billing';
import type { AppContext } from '../app-context';
import { loadInvoiceViews } from '../kernels/payments/invoice-views';
import { currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { AppError } from '../platform/errors';
import { sendGeneratedFile } from '../platform/file-transfer';
import { isoDay } from '../platform/work-calendar';
import { creditedInvoiceOf } from './e-invoice/credited-invoice';
import { eInvoiceOfCreditNote, eInvoiceOfInvoice } from './e-invoice/e-invoice-of';
import { eInvoiceXml } from './e-invoice/ubl-xml';
import { findCreditNotes } from './find-credit-notes';
import { findInvoices } from './find-invoices';
import { findUnbilledWork } from './find-unbilled-work';
import { getBillingSummary } from './get-billing-summary';
import { getCreditNote } from './get-credit-note';
import { getInvoice } from './get-invoice';
import { getNextInvoice } from './next-invoice';
import { renderCreditNotePdf } from './render-credit-note-pdf';
import { renderInvoicesPdf } from './render-invoice-pdf';

const sendPdf = (reply: FastifyReply, filename: string, content: Buffer) =>
  sendGeneratedFile(
    reply,
    { filename, contentType: 'application/pdf', content },
    { cacheControl: 'private, no-store' },
  );

const sendXml = (reply: FastifyReply, filename: string, content: string) =>
  sendGeneratedFile(
    reply,
    { filename, contentType: 'application/xml', content: Buffer.from(content, 'utf8') },
    { cacheControl: 'private, no-store' },
  );

// A company's invoices: the list with search, filters and sort, the summary cards, one
// invoice with its items, PDFs, its credit notes (decision 048), and the approved work the next invoice will bill: the endpoints of
// shared/contracts/billing.ts invoicesContract.
export async function invoiceRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, nextInvoiceRun } = context;
  const config = { access: { permission: 'read:invoice:own' } } as const;

  registerEndpoint(app, invoicesContract.list, { config }, async (request) =>
    findInvoices({ db, companyId: currentCompanyId(request), query: request.query }),
  );

  registerEndpoint(app, invoicesContract.summary, { config }, async (request) =>
    getBillingSummary({ db, companyId: currentCompanyId(request) }),
  );

  registerEndpoint(app, invoicesContract.exportPdf, { config }, async (request, reply) => {
    const ids = request.query.ids;
    const found = await loadInvoiceViews({ db, companyId: currentCompanyId(request), ids });
    if (found.length !== ids.length) {
      throw new AppError('not_found', 'One or more of these invoices do not exist, or they are not yours.');
    }
    const content = await renderInvoicesPdf({ invoices: found });
    return sendPdf(reply, `invoices-${isoDay(new Date())}.pdf`, content);
  });

  registerEndpoint(app, invoicesContract.invoice, { config }, async (request) =>
    getInvoice({ db, companyId: currentCompanyId(request), id: request.params.id }),
  );

  registerEndpoint(app, invoicesContract.invoicePdf, { config }, async (request, reply) => {
    const invoice = await getInvoice({ db, companyId: currentCompanyId(request), id: request.params.id });
    // Dated by its issue, not by the download: the same issued invoice is the same file, byte for byte.
    const issuedAt = new Date(`${invoice.issue_date}T00:00:00Z`);
    return sendPdf(
      reply,
      `${invoice.invoice_number}.pdf`,
      await renderInvoicesPdf({ invoices: [invoice], now: issuedAt }),
    );
  });

  registerEndpoint(app, invoicesContract.invoiceEInvoice, { config }, async (request, reply) => {
    const invoice = await getInvoice({ db, companyId: currentCompanyId(request), id: request.params.id });
    return sendXml(reply, `${invoice.invoice_number}.xml`, await eInvoiceXml(eInvoiceOfInvoice(invoice)));
  });

  registerEndpoint(app, invoicesContract.creditNotes, { config }, async (request) =>
    findCreditNotes({
      db,
      companyId: currentCompanyId(request),
      page: request.query.page,
      pageSize: request.query.page_size,
    }),
  );

  registerEndpoint(app, invoicesContract.creditNote, { config }, async (request) =>
    getCreditNote({ db, companyId: currentCompanyId(request), id: request.params.id }),
  );

  registerEndpoint(app, invoicesContract.creditNotePdf, { config }, async (request, reply) => {
    const note = await getCreditNote({ db, companyId: currentCompanyId(request), id: request.params.id });
    return sendPdf(reply, `${note.credit_note_number}.pdf`, await renderCreditNotePdf({ note }));
  });

  registerEndpoint(app, invoicesContract.creditNoteEInvoice, { config }, async (request, reply) => {
    const note = await getCreditNote({ db, companyId: currentCompanyId(request), id: request.params.id });
    const credited = await creditedInvoiceOf(db, note);
    return sendXml(reply, `${note.credit_note_number}.xml`, await eInvoiceXml(eInvoiceOfCreditNote(note, credited)));
  });

  registerEndpoint(app, invoicesContract.unbilledWork, { config }, async (request) =>
    findUnbilledWork({
      db,
      companyId: currentCompanyId(request),
      page: request.query.page,
      pageSize: request.query.page_size,
    }),
  );

  registerEndpoint(
    app,
    invoicesContract.nextInvoice,
    { config },
    async (request) =>
      (await getNextInvoice({ db, companyId: currentCompanyId(request), now: new Date(), nextInvoiceRun })).view,
  );
}
