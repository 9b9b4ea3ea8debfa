import type { FastifyInstance, FastifyReply } from 'fastify';
import { payoutsContract } from '~/shared/contracts/payouts';
import { type PayoutProof, payoutTexts } from '~/shared/payouts';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { bytesOf, sendGeneratedFile, uploadBodyOf } from '../platform/file-transfer';
import { createLimiter } from '../platform/rate-limits';
import { actorOf } from '../platform/route-schemas';
import { isoDay } from '../platform/work-calendar';
import { addPayoutMethod } from './add-payout-method';
import { approvePayoutRun } from './approve-payout-run';
import { renderBankFile } from './bank-file';
import { findRunBankFormats } from './bank-file-lines';
import { confirmIdentity } from './confirm-identity';
import { findConversionRates } from './find-conversion-rates';
import { findPayoutRun } from './find-payout-run';
import { findPayoutRuns } from './find-payout-runs';
import { findRunLine } from './find-run-line';
import { findRunLines } from './find-run-lines';
import { findTalentBalances } from './find-talent-balances';
import { importRunResults } from './import-run-results';
import { ledgerSummary } from './ledger-summary';
import { listPayoutMethods } from './list-payout-methods';
import { makeDefaultPayoutMethod } from './make-default-payout-method';
import { markPayout } from './mark-payout';
import { markRunPaid } from './mark-run-paid';
import { renderNachaFile } from './nacha-file';
import { renderPain001File } from './pain001-file';
import { createConnectProvider } from './payout-provider';
import { renderPayoutStatement } from './payout-statement';
import { placePayoutHold } from './place-payout-hold';
import { preparePayoutRun } from './prepare-payout-run';
import { refreshConnectOnboarding } from './refresh-connect-onboarding';
import { releasePayoutHold } from './release-payout-hold';
import { remindRunTalents } from './remind-run-talents';
import { removePayoutMethod } from './remove-payout-method';
import { sendPayoutCode } from './send-payout-code';
import { startConnectOnboarding } from './start-connect-onboarding';
import { talentBalance } from './talent-balance';
import { talentPayouts } from './talent-payouts';
import { renderYearlySummaryCsv, renderYearlySummaryPdf } from './yearly-summary';

const RESULTS_MAX_BYTES = 5 * 1024 * 1024;

const sendFile = (reply: FastifyReply, filename: string, contentType: string, content: Buffer | string) =>
  sendGeneratedFile(
    reply,
    { filename, contentType, content: Buffer.from(content) },
    { cacheControl: 'private, no-store' },
  );

// Paying the talent (docs/decisions/036): the endpoints of shared/contracts/payouts.ts. The talent's own
// money and methods (applicants), and the administrator's runs, balances, holds and ledger.
export async function payoutRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, mailer, config, jobs, nextPayoutRun } = context;
  const { publicUrl } = config;
  const connect = createConnectProvider(config);
  const readOwn = { access: { permission: 'read:payout:own' } } as const;
  const changeOwn = { access: { permission: 'update:payout_method:own' } } as const;
  const readAny = { access: { permission: 'read:payout:any' } } as const;
  const changeAny = { access: { permission: 'update:payout:any' } } as const;

  // A wrong password or code counts: ten in 15 minutes, then the person waits (a six-digit code must not
  // be guessable by trying).
  const proofLimit = createLimiter(app, {
    name: 'payout-proof:account',
    max: 10,
    windowMinutes: 15,
    key: (request) => actorOf(request).actorId,
    message: 'Too many attempts to confirm a payout change',
  });
  const codeLimit = createLimiter(app, {
    name: 'payout-code:account',
    max: 5,
    windowMinutes: 15,
    key: (request) => actorOf(request).actorId,
    message: 'Too many codes asked for',
  });
  const proven = async (request: Parameters<typeof actorOf>[0], proof: PayoutProof) => {
    await proofLimit.check(request);
    try {
      await confirmIdentity({ db, applicantId: actorOf(request).actorId, proof });
    } catch (error) {
      await proofLimit.hit(request);
      throw error;
    }
  };

  registerEndpoint(app, payoutsContract.balance, { config: readOwn }, async (request) =>
    talentBalance({
      db,
      applicantId: actorOf(request).actorId,
      settings: await context.settings.get(),
      nextRunAt: nextPayoutRun(new Date()),
    }),
  );
  registerEndpoint(app, payoutsContract.conversionRates, { config: readOwn }, async (request) =>
    findConversionRates({ db, applicantId: actorOf(request).actorId }),
  );
  registerEndpoint(app, payoutsContract.payouts, { config: readOwn }, async (request) =>
    talentPayouts({
      db,
      applicantId: actorOf(request).actorId,
      page: request.query.page,
      pageSize: request.query.page_size,
    }),
  );
  registerEndpoint(app, payoutsContract.statement, { config: readOwn }, async (request, reply) => {
    const { fileName, pdf } = await renderPayoutStatement({
      db,
      applicantId: actorOf(request).actorId,
      payoutId: request.params.id,
    });
    return sendFile(reply, fileName, 'application/pdf', pdf);
  });
  registerEndpoint(app, payoutsContract.yearlyCsv, { config: readOwn }, async (request, reply) => {
    const { fileName, csv } = await renderYearlySummaryCsv({
      db,
      applicantId: actorOf(request).actorId,
      year: request.query.year,
    });
    return sendFile(reply, fileName, 'text/csv; charset=utf-8', csv);
  });
  registerEndpoint(app, payoutsContract.yearlyPdf, { config: readOwn }, async (request, reply) => {
    const { fileName, pdf } = await renderYearlySummaryPdf({
      db,
      applicantId: actorOf(request).actorId,
      year: request.query.year,
    });
    return sendFile(reply, fileName, 'application/pdf', pdf);
  });

  registerEndpoint(app, payoutsContract.methods, { config: readOwn }, async (request) =>
    listPayoutMethods({ db, applicantId: actorOf(request).actorId, connectAvailable: connect !== null }),
  );
  registerEndpoint(app, payoutsContract.addMethod, { config: changeOwn }, async (request, reply) => {
    await proven(request, request.body.proof);
    const { actorId, ipAddress } = actorOf(request);
    const method = await addPayoutMethod({
      db,
      mailer,
      publicUrl,
      applicantId: actorId,
      method: request.body.method,
      ipAddress,
    });
    return reply.code(201).send(method);
  });
  registerEndpoint(app, payoutsContract.sendCode, { config: changeOwn }, async (request, reply) => {
    await codeLimit.hit(request);
    await sendPayoutCode({ db, mailer, applicantId: actorOf(request).actorId });
    return reply.code(204).send(null);
  });
  registerEndpoint(app, payoutsContract.makeDefault, { config: changeOwn }, async (request) => {
    await proven(request, request.body.proof);
    const { actorId, ipAddress } = actorOf(request);
    return makeDefaultPayoutMethod({
      db,
      mailer,
      publicUrl,
      applicantId: actorId,
      methodId: request.params.id,
      ipAddress,
    });
  });
  registerEndpoint(app, payoutsContract.removeMethod, { config: changeOwn }, async (request, reply) => {
    const { actorId, ipAddress } = actorOf(request);
    await removePayoutMethod({ db, applicantId: actorId, methodId: request.params.id, ipAddress });
    return reply.code(204).send(null);
  });
  registerEndpoint(app, payoutsContract.connectLink, { config: changeOwn }, async (request) => {
    await proven(request, request.body.proof);
    return startConnectOnboarding({ db, connect, publicUrl, applicantId: actorOf(request).actorId });
  });
  registerEndpoint(app, payoutsContract.connectRefresh, { config: changeOwn }, async (request) => {
    const applicantId = actorOf(request).actorId;
    await refreshConnectOnboarding({ db, connect, applicantId });
    return listPayoutMethods({ db, applicantId, connectAvailable: connect !== null });
  });

  registerEndpoint(app, payoutsContract.runs, { config: readAny }, async (request) =>
    findPayoutRuns({ db, page: request.query.page, pageSize: request.query.page_size }),
  );
  registerEndpoint(app, payoutsContract.prepareRun, { config: changeAny }, async () => {
    const { runId, wasWaiting } = await preparePayoutRun({
      db,
      settings: await context.settings.get(),
      day: isoDay(new Date()),
    });
    return { ...(await findPayoutRun({ db, runId })), was_waiting: wasWaiting };
  });
  registerEndpoint(app, payoutsContract.run, { config: readAny }, async (request) =>
    findPayoutRun({ db, runId: request.params.id }),
  );
  registerEndpoint(app, payoutsContract.runLines, { config: readAny }, async (request) =>
    findRunLines({
      db,
      runId: request.params.id,
      status: request.query.status,
      page: request.query.page,
      pageSize: request.query.page_size,
    }),
  );
  registerEndpoint(app, payoutsContract.approveRun, { config: changeAny }, async (request) => {
    const runId = request.params.id;
    await approvePayoutRun({
      db,
      runId,
      ...actorOf(request),
      afterCommit: (tx) => jobs.send('send-payout-transfers', { runId }, { transaction: tx, singletonKey: runId }),
    });
    return findPayoutRun({ db, runId });
  });
  registerEndpoint(app, payoutsContract.remindRun, { config: changeAny }, async (request) => {
    const runId = request.params.id;
    const reminded = await remindRunTalents({ db, mailer, publicUrl, runId, ...actorOf(request) });
    return { reminded, run: await findPayoutRun({ db, runId }) };
  });
  registerEndpoint(app, payoutsContract.bankFile, { config: readAny }, async (request, reply) => {
    const { fileName, csv } = await renderBankFile(db, request.params.id);
    return sendFile(reply, fileName, 'text/csv; charset=utf-8', csv);
  });
  registerEndpoint(app, payoutsContract.bankFormats, { config: readAny }, async (request) =>
    findRunBankFormats({ db, runId: request.params.id }),
  );
  registerEndpoint(app, payoutsContract.pain001File, { config: readAny }, async (request, reply) => {
    const { fileName, xml } = await renderPain001File({
      db,
      runId: request.params.id,
      currency: request.query.currency,
      debtor: config.bankDebtor,
    });
    return sendFile(reply, fileName, 'application/xml; charset=utf-8', xml);
  });
  registerEndpoint(app, payoutsContract.nachaFile, { config: readAny }, async (request, reply) => {
    const { fileName, ach } = await renderNachaFile({
      db,
      runId: request.params.id,
      currency: request.query.currency,
      originator: config.achOriginator,
    });
    return sendFile(reply, fileName, 'text/plain; charset=us-ascii', ach);
  });
  const settleContext = (request: Parameters<typeof actorOf>[0]) => ({ db, mailer, publicUrl, ...actorOf(request) });
  registerEndpoint(app, payoutsContract.markRunPaid, { config: changeAny }, async (request) => {
    await markRunPaid({ ...settleContext(request), runId: request.params.id, reference: request.body.reference });
    return findPayoutRun({ db, runId: request.params.id });
  });
  registerEndpoint(
    app,
    payoutsContract.importResults,
    {
      config: changeAny,
      upload: {
        maxBytes: RESULTS_MAX_BYTES,
        tooLarge: payoutTexts.resultsFile,
        unsupportedType: payoutTexts.resultsFile,
      },
    },
    async (request) => {
      const file = await bytesOf(uploadBodyOf(request.body), RESULTS_MAX_BYTES, payoutTexts.resultsFile);
      await importRunResults({ ...settleContext(request), runId: request.params.id, text: file.toString('utf8') });
      return findPayoutRun({ db, runId: request.params.id });
    },
  );
  registerEndpoint(app, payoutsContract.markPaid, { config: changeAny }, async (request) => {
    await markPayout({
      ...settleContext(request),
      payoutId: request.params.id,
      settlement: { status: 'paid', reference: request.body.reference },
    });
    return findRunLine({ db, payoutId: request.params.id });
  });
  registerEndpoint(app, payoutsContract.markFailed, { config: changeAny }, async (request) => {
    await markPayout({
      ...settleContext(request),
      payoutId: request.params.id,
      settlement: { status: 'failed', reason: request.body.reason },
    });
    return findRunLine({ db, payoutId: request.params.id });
  });
  registerEndpoint(app, payoutsContract.balances, { config: readAny }, async (request) =>
    findTalentBalances({
      db,
      q: request.query.q,
      only: request.query.only,
      page: request.query.page,
      pageSize: request.query.page_size,
    }),
  );
  registerEndpoint(app, payoutsContract.placeHold, { config: changeAny }, async (request, reply) => {
    const { actorId, ipAddress } = actorOf(request);
    const row = await placePayoutHold({
      db,
      actorId,
      ipAddress,
      applicantId: request.body.applicant_id,
      reason: request.body.reason,
    });
    return reply.code(201).send(row);
  });
  registerEndpoint(app, payoutsContract.releaseHold, { config: changeAny }, async (request) => {
    const { actorId, ipAddress } = actorOf(request);
    return releasePayoutHold({ db, actorId, ipAddress, holdId: request.params.id, reason: request.body.reason });
  });
  registerEndpoint(app, payoutsContract.ledger, { config: readAny }, async () => ledgerSummary({ db }));
}
