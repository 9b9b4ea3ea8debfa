import {
  billingSummarySchema,
  creditNoteListQuerySchema,
  creditNoteListSchema,
  creditNoteSchema,
  invoiceExportQuerySchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceSchema,
  issueInvoiceNowResultSchema,
  MAX_EXPORTED_INVOICES,
  nextInvoiceSchema,
  unbilledCompanyListSchema,
  unbilledCompanyQuerySchema,
  unbilledWorkListSchema,
  unbilledWorkQuerySchema,
} from '../billing';
import { defineContract, fileOf } from '../contract';
import { idParams } from '../contract-schemas';

// Billing: a company's invoices, and the administrators' unbilled companies and invoices issued now. Two
// contracts, so each keeps its OpenAPI tags; payments are contracts/payments.ts.

// Only the company's own: another company's invoice is a 404.
export const invoicesContract = defineContract(
  { name: 'invoices', tags: ['invoices'] },
  {
    list: {
      method: 'GET',
      path: '/api/company/invoices',
      summary: 'Your company’s invoices: search by number, filter by status and issue dates, sort, a page at a time',
      query: invoiceListQuerySchema,
      responses: { 200: invoiceListSchema },
    },
    summary: {
      method: 'GET',
      path: '/api/company/invoices/summary',
      summary: 'The summary cards: outstanding balance, overdue, last payment, next auto-pay (null when off)',
      responses: { 200: billingSummarySchema },
    },
    exportPdf: {
      method: 'GET',
      path: '/api/company/invoices/export.pdf',
      summary: `Download selected invoices (at most ${MAX_EXPORTED_INVOICES}) as one PDF, one invoice a page`,
      query: invoiceExportQuerySchema,
      responses: { 200: fileOf('application/pdf') },
    },
    invoice: {
      method: 'GET',
      path: '/api/company/invoices/:id',
      summary: 'One of your invoices with its items (work hours, platform fee, tax)',
      params: idParams('invoice'),
      responses: { 200: invoiceSchema },
    },
    invoicePdf: {
      method: 'GET',
      path: '/api/company/invoices/:id/pdf',
      summary: 'Download one of your invoices as a PDF',
      params: idParams('invoice'),
      responses: { 200: fileOf('application/pdf') },
    },
    // Issue 56: the same invoice as an EN 16931 e-invoice for accounting systems and tax portals.
    invoiceEInvoice: {
      method: 'GET',
      path: '/api/company/invoices/:id/e-invoice',
      summary:
        'Download one of your invoices as an EN 16931 e-invoice (UBL 2.1, Peppol BIS Billing 3.0); 409 for an invoice that charges a sales tax, not VAT or GST',
      params: idParams('invoice'),
      responses: { 200: fileOf('application/xml') },
    },
    // Decision 048: the money given back, each refund a numbered credit note.
    creditNotes: {
      method: 'GET',
      path: '/api/company/credit-notes',
      summary: 'Your company’s credit notes (refunds, chargebacks, milestones refunded or settled), newest first',
      query: creditNoteListQuerySchema,
      responses: { 200: creditNoteListSchema },
    },
    creditNote: {
      method: 'GET',
      path: '/api/company/credit-notes/:id',
      summary: 'One of your credit notes with what it credits',
      params: idParams('credit note'),
      responses: { 200: creditNoteSchema },
    },
    creditNotePdf: {
      method: 'GET',
      path: '/api/company/credit-notes/:id/pdf',
      summary: 'Download one of your credit notes as a PDF',
      params: idParams('credit note'),
      responses: { 200: fileOf('application/pdf') },
    },
    creditNoteEInvoice: {
      method: 'GET',
      path: '/api/company/credit-notes/:id/e-invoice',
      summary:
        'Download one of your credit notes as an EN 16931 e-invoice (UBL 2.1 CreditNote); 409 for one that credits a sales tax',
      params: idParams('credit note'),
      responses: { 200: fileOf('application/xml') },
    },
    // Decision 024: the money between approval and invoice.
    unbilledWork: {
      method: 'GET',
      path: '/api/company/unbilled-work',
      summary: 'Your approved weeks no invoice has billed yet, newest first, each with what it costs you',
      query: unbilledWorkQuerySchema,
      responses: { 200: unbilledWorkListSchema },
    },
    nextInvoice: {
      method: 'GET',
      path: '/api/company/unbilled-work/next-invoice',
      summary:
        'Your next invoice as the weekly run would issue it now: when the run happens, its week, and its estimated amounts',
      responses: { 200: nextInvoiceSchema },
    },
  },
);

// The weekly invoice run, seen and brought forward by administrators (decision 024).
export const adminInvoicesContract = defineContract(
  { name: 'adminInvoices', tags: ['admin', 'invoices'] },
  {
    unbilledCompanies: {
      method: 'GET',
      path: '/api/admin/unbilled-work',
      summary:
        'Companies with approved weeks not yet billed, by name, each with its next invoice; search by company name',
      query: unbilledCompanyQuerySchema,
      responses: { 200: unbilledCompanyListSchema },
    },
    issueNow: {
      method: 'POST',
      path: '/api/admin/companies/:id/issue-invoice',
      summary:
        'Issue a company’s next invoice now, through the weekly run (201); idempotent: when it is out already or nothing waits, 200 says so',
      params: idParams('company'),
      responses: { 201: issueInvoiceNowResultSchema, 200: issueInvoiceNowResultSchema },
    },
  },
);
