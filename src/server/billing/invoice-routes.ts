import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { billingSummarySchema, invoiceListQuerySchema, invoiceListSchema, invoiceSchema } from '~/shared/billing';
import type { AppContext } from '../app-context';
import { currentCompanyId } from '../platform/access-control';
import { AppError } from '../platform/errors';
import { sendGeneratedFile } from '../platform/file-transfer';
import { errorResponses, fileResponse, idParams, malformedIdMessage } from '../platform/route-schemas';
import { isoDay } from '../platform/work-calendar';
import { findInvoices } from './find-invoices';
import { getBillingSummary } from './get-billing-summary';
import { getInvoice } from './get-invoice';
import { loadInvoiceViews } from './invoice-views';
import { renderInvoicesPdf } from './render-invoice-pdf';

// Selected rows of the table, downloaded together.
export const MAX_EXPORTED_INVOICES = 100;

const tags = ['invoices'];
const invoiceParams = idParams('invoice');
const exportQuery = z.object({
  ids: z
    .string({ message: 'Choose the invoices to download.' })
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(
      z
        .array(z.string())
        .min(1, { message: 'Choose the invoices to download.' })
        .max(MAX_EXPORTED_INVOICES, { message: `Download at most ${MAX_EXPORTED_INVOICES} invoices at a time.` })
        // One sentence for the list, not one per position in it.
        .refine((ids) => ids.every((id) => z.uuid().safeParse(id).success), { message: malformedIdMessage('invoice') }),
    ),
});

const sendPdf = (reply: FastifyReply, filename: string, content: Buffer) =>
  sendGeneratedFile(
    reply,
    { filename, contentType: 'application/pdf', content },
    { cacheControl: 'private, no-store' },
  );

// A company's invoices (issue 15): the list with search, filters and sort, the summary cards, one
// invoice with its items, and PDFs. Only the company's own: another company's invoice is a 404.
export async function invoiceRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/company/invoices',
    {
      config: { access: { permission: 'read:invoice:own' } },
      schema: {
        tags,
        summary: 'Your company’s invoices: search by number, filter by status and issue dates, sort, a page at a time',
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListSchema, ...errorResponses },
      },
    },
    async (request) => findInvoices({ db, companyId: currentCompanyId(request), query: request.query }),
  );

  routes.get(
    '/api/company/invoices/summary',
    {
      config: { access: { permission: 'read:invoice:own' } },
      schema: {
        tags,
        summary: 'The summary cards: outstanding balance, overdue, last payment, next auto-pay (null when off)',
        response: { 200: billingSummarySchema, ...errorResponses },
      },
    },
    async (request) => getBillingSummary({ db, companyId: currentCompanyId(request) }),
  );

  routes.get(
    '/api/company/invoices/export.pdf',
    {
      config: { access: { permission: 'read:invoice:own' } },
      schema: {
        tags,
        summary: `Download selected invoices (at most ${MAX_EXPORTED_INVOICES}) as one PDF, one invoice a page`,
        querystring: exportQuery,
        response: { 200: fileResponse('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const ids = request.query.ids;
      const found = await loadInvoiceViews({ db, companyId: currentCompanyId(request), ids });
      if (found.length !== ids.length) {
        throw new AppError('not_found', 'One or more of these invoices do not exist, or they are not yours.');
      }
      const content = await renderInvoicesPdf({ invoices: found });
      return sendPdf(reply, `invoices-${isoDay(new Date())}.pdf`, content);
    },
  );

  routes.get(
    '/api/company/invoices/:id',
    {
      config: { access: { permission: 'read:invoice:own' } },
      schema: {
        tags,
        summary: 'One of your invoices with its items (work hours, platform fee, tax)',
        params: invoiceParams,
        response: { 200: invoiceSchema, ...errorResponses },
      },
    },
    async (request) => getInvoice({ db, companyId: currentCompanyId(request), id: request.params.id }),
  );

  routes.get(
    '/api/company/invoices/:id/pdf',
    {
      config: { access: { permission: 'read:invoice:own' } },
      schema: {
        tags,
        summary: 'Download one of your invoices as a PDF',
        params: invoiceParams,
        response: { 200: fileResponse('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const invoice = await getInvoice({ db, companyId: currentCompanyId(request), id: request.params.id });
      return sendPdf(reply, `${invoice.invoice_number}.pdf`, await renderInvoicesPdf({ invoices: [invoice] }));
    },
  );
}
