import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type AuditLogEntry,
  auditLogExportQuerySchema,
  auditLogListQuerySchema,
  auditLogPageSchema,
} from '~/shared/audit-logs';
import type { AppContext } from '../app-context';
import { currentCompanyId } from '../platform/access-control';
import { buildCsv, type CsvCell } from '../platform/build-csv';
import { sendGeneratedFile } from '../platform/file-transfer';
import { actorOf, errorResponses, fileResponse } from '../platform/route-schemas';
import { exportAuditLog } from './export-audit-log';
import { type AuditScope, findAuditLogs } from './find-audit-logs';

const CSV_HEADER = ['Timestamp', 'Action', 'Action Code', 'User', 'Target Type', 'Target ID', 'IP Address', 'Details'];
const csvRow = (entry: AuditLogEntry): CsvCell[] => [
  entry.created_at,
  entry.action_label,
  entry.action,
  entry.actor_email ?? 'System',
  entry.target_type,
  entry.target_id,
  entry.ip_address,
  JSON.stringify(entry.details),
];

// The CSV as it is read: the header, the first batch (read before the download started), then each later
// batch (buildCsv opens every document with the byte order mark; only the first chunk keeps it).
async function* csvChunks(
  first: AuditLogEntry[] | undefined,
  rest: AsyncGenerator<AuditLogEntry[]>,
): AsyncGenerator<string> {
  yield buildCsv([CSV_HEADER]);
  if (!first) return;
  yield buildCsv(first.map(csvRow)).slice(1);
  for await (const batch of rest) yield buildCsv(batch.map(csvRow)).slice(1);
}

// Audit Logs (issue 16 §6): administrators read every row; a company reads the rows its own people
// wrote. Keyset pages (after / before cursors), filters by action type, date range and search.
export async function auditLogRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const platform: AuditScope = { kind: 'platform' };

  routes.get(
    '/api/admin/audit-logs',
    {
      config: { access: { permission: 'read:audit_log:any' } },
      schema: {
        tags: ['admin', 'audit'],
        summary: 'The audit log, newest first, a keyset page at a time; filter by action type, date range, search',
        querystring: auditLogListQuerySchema,
        response: { 200: auditLogPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { q, type, range, after, before, page_size } = request.query;
      return findAuditLogs({ db, scope: platform, filter: { q, type, range }, after, before, pageSize: page_size });
    },
  );

  routes.get(
    '/api/admin/audit-logs/export.csv',
    {
      config: { access: { permission: 'read:audit_log:any' } },
      schema: {
        tags: ['admin', 'audit'],
        summary: 'Download the filtered audit log as CSV (newest first, at most 100,000 rows), streamed',
        querystring: auditLogExportQuerySchema,
        response: { 200: fileResponse('text/csv'), ...errorResponses },
      },
    },
    async (request, reply) => {
      // Once the headers are out an error can only cut the file short: a search the database refuses is
      // answered here, with a sentence, while it still can be.
      const { first, rest } = await exportAuditLog({ db, filter: request.query, ...actorOf(request) });
      const filename = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
      // The reply's types know only the JSON answers; this one is a stream of CSV text.
      const download = reply as unknown as FastifyReply;
      return sendGeneratedFile(download, {
        filename,
        contentType: 'text/csv; charset=utf-8',
        content: Readable.from(csvChunks(first, rest)),
      });
    },
  );

  routes.get(
    '/api/company/audit-logs',
    {
      config: { access: { permission: 'read:audit_log:own' } },
      schema: {
        tags: ['company', 'audit'],
        summary: "The rows written by the caller's company's members, newest first, a keyset page at a time",
        querystring: auditLogListQuerySchema,
        response: { 200: auditLogPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { q, type, range, after, before, page_size } = request.query;
      const scope: AuditScope = { kind: 'company', companyId: currentCompanyId(request) };
      const page = await findAuditLogs({ db, scope, filter: { q, type, range }, after, before, pageSize: page_size });
      // A company sees who did what, not where from.
      return { ...page, items: page.items.map((item) => ({ ...item, ip_address: null })) };
    },
  );
}
