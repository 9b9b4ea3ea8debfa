import type { FastifyInstance, FastifyReply } from 'fastify';
import { accountingContract } from '~/shared/contracts/accounting';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { sendGeneratedFile } from '../platform/file-transfer';
import { actorOf } from '../platform/route-schemas';
import { exportJournal } from './export-journal';
import { monthEndCsv, monthEndReport } from './month-end-report';
import { trialBalance, trialBalanceCsv } from './trial-balance';
import { vatReport, vatReportCsv } from './vat-report';

const sendCsv = (reply: FastifyReply, file: { fileName: string; csv: string }) =>
  sendGeneratedFile(
    reply,
    { filename: file.fileName, contentType: 'text/csv; charset=utf-8', content: Buffer.from(file.csv) },
    { cacheControl: 'private, no-store' },
  );

// The books an accountant imports (docs/decisions/046): the endpoints of shared/contracts/accounting.ts, for the
// administrators who read the ledger.
export async function accountingRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const readLedger = { access: { permission: 'read:payout:any' } } as const;

  registerEndpoint(app, accountingContract.xeroJournal, { config: readLedger }, async (request, reply) =>
    sendCsv(reply, await exportJournal({ db, format: 'xero', period: request.query, ...actorOf(request) })),
  );
  registerEndpoint(app, accountingContract.quickbooksJournal, { config: readLedger }, async (request, reply) =>
    sendCsv(reply, await exportJournal({ db, format: 'quickbooks', period: request.query, ...actorOf(request) })),
  );
  registerEndpoint(app, accountingContract.trialBalance, { config: readLedger }, async (request) =>
    trialBalance({ db, asOf: request.query.as_of }),
  );
  registerEndpoint(app, accountingContract.trialBalanceCsv, { config: readLedger }, async (request, reply) =>
    sendCsv(reply, trialBalanceCsv(await trialBalance({ db, asOf: request.query.as_of }))),
  );
  registerEndpoint(app, accountingContract.monthEnd, { config: readLedger }, async (request) =>
    monthEndReport({ db, month: request.query.month }),
  );
  registerEndpoint(app, accountingContract.vatReport, { config: readLedger }, async (request) =>
    vatReport({ db, period: request.query }),
  );
  registerEndpoint(app, accountingContract.vatReportCsv, { config: readLedger }, async (request, reply) =>
    sendCsv(reply, vatReportCsv(await vatReport({ db, period: request.query }))),
  );
  registerEndpoint(app, accountingContract.monthEndCsv, { config: readLedger }, async (request, reply) =>
    sendCsv(reply, monthEndCsv(await monthEndReport({ db, month: request.query.month }))),
  );
}
