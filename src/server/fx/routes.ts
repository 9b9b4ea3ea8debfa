import type { FastifyInstance } from 'fastify';
import { fxRatesContract } from '~/shared/contracts/fx-rates';
import { FX_FILE_MAX_BYTES, fxRateTexts } from '~/shared/fx-rates';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { bytesOf, uploadBodyOf } from '../platform/file-transfer';
import { getFxSettings } from '../platform/get-fx-settings';
import { actorOf } from '../platform/route-schemas';
import { parseEcbReferenceRates } from './ecb-reference-rates';
import { enterFxRate } from './enter-fx-rate';
import { findFxRates } from './find-fx-rates';
import { storeEcbRates } from './store-ecb-rates';
import { updateFxSettings } from './update-fx-settings';

// Exchange rates (docs/decisions/050): administrators, with the System Settings' permissions, since the
// margin and the rates are platform settings that every conversion reads.
export async function fxRateRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const read = { access: { permission: 'read:settings:any' } } as const;
  const change = { access: { permission: 'update:settings:any' } } as const;

  registerEndpoint(app, fxRatesContract.list, { config: read }, async (request) =>
    findFxRates({ db, query: request.query }),
  );

  registerEndpoint(
    app,
    fxRatesContract.importFile,
    {
      config: change,
      upload: { maxBytes: FX_FILE_MAX_BYTES, tooLarge: fxRateTexts.fileTooLarge, unsupportedType: fxRateTexts.badFile },
    },
    async (request) => {
      const file = await bytesOf(uploadBodyOf(request.body), FX_FILE_MAX_BYTES, fxRateTexts.fileTooLarge);
      // Parsed whole before anything is stored: a bad file stores nothing.
      const rates = parseEcbReferenceRates(file.toString('utf8'));
      return storeEcbRates({ db, rates, source: 'file', ...actorOf(request) });
    },
  );

  registerEndpoint(app, fxRatesContract.enter, { config: change }, async (request, reply) => {
    const rate = await enterFxRate({ db, input: request.body, ...actorOf(request) });
    return reply.code(201).send(rate);
  });

  registerEndpoint(app, fxRatesContract.settings, { config: read }, async () => ({
    settings: await getFxSettings({ db }),
  }));

  registerEndpoint(app, fxRatesContract.updateSettings, { config: change }, async (request) => ({
    settings: await updateFxSettings({ db, settings: request.body, ...actorOf(request) }),
  }));
}
