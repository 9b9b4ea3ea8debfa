import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AuditLogEntry } from '~/shared/audit-logs';
import { adminAuditLogsContract, companyAuditLogsContract } from '~/shared/contracts/audit';
import type { AppContext } from '../app-context';
import { currentCompanyId } from '../platform/access-control';
import { buildCsv, type CsvCell } from '../platform/build-csv';
import { registerEndpoint } from '../platform/contract-routes';
import { sendGeneratedFile } from '../platform/file-transfer';
import { actorOf } from '../platform/route-schemas';
import { exportAuditLog } from './export-audit-log';
import { type AuditScope, findAuditLogs } from './find-audit-logs';

const CSV_HEADER = [
  'Timestamp',
  'Action',
  'Action Code',
  'User',
  'Name',
  'Target Type',
  'Target ID',
  'IP Address',
  'Details',
];
const csvRow = (entry: AuditLogEntry): CsvCell[] => [
  entry.created_at,
  entry.action_label,
  entry.action,
  entry.actor_email ?? 'System',
  entry.actor_name,
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

// Audit Logs: administrators read every row; a company reads the rows its own people
// wrote. Keyset pages (after / before cursors), filters by action type, date range and search.
export async function auditLogRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const platform: AuditScope = { kind: 'platform' };

  registerEndpoint(
    app,
    adminAuditLogsContract.list,
    { config: { access: { permission: 'read:audit_log:any' } } },
    async (request) => {
      const { q, type, range, after, before, page_size } = request.query;
      return findAuditLogs({ db, scope: platform, filter: { q, type, range }, after, before, pageSize: page_size });
    },
  );

  registerEndpoint(
    app,
    adminAuditLogsContract.exportCsv,
    { config: { access: { permission: 'read:audit_log:any' } } },
    async (request, reply) => {
      // Once the headers are out an error can only cut the file short: a search the database refuses is
      // answered here, with a sentence, while it still can be.
      const { first, rest } = await exportAuditLog({ db, filter: request.query, ...actorOf(request) });
      const filename = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
      return sendGeneratedFile(reply, {
        filename,
        contentType: 'text/csv; charset=utf-8',
        content: Readable.from(csvChunks(first, rest)),
      });
    },
  );

  registerEndpoint(
    app,
    companyAuditLogsContract.list,
    { config: { access: { permission: 'read:audit_log:own' } } },
    async (request) => {
      const { q, type, range, after, before, page_size } = request.query;
      const scope: AuditScope = { kind: 'company', companyId: currentCompanyId(request) };
      const page = await findAuditLogs({ db, scope, filter: { q, type, range }, after, before, pageSize: page_size });
      // A company sees who did what, not where from.
      return { ...page, items: page.items.map((item) => ({ ...item, ip_address: null })) };
    },
  );
}
