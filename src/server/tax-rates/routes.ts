import type { FastifyInstance } from 'fastify';
import { taxRatesContract } from '~/shared/contracts/tax-rates';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { actorOf } from '../platform/route-schemas';
import { addTaxRate } from './add-tax-rate';
import { findTaxRates } from './find-tax-rates';
import { removeTaxRate } from './remove-tax-rate';

// VAT and GST rates (decision 053): administrators, with the System Settings' permissions, since every
// invoice's tax reads them.
export async function taxRateRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const read = { access: { permission: 'read:settings:any' } } as const;
  const change = { access: { permission: 'update:settings:any' } } as const;

  registerEndpoint(app, taxRatesContract.list, { config: read }, async (request) =>
    findTaxRates({ db, page: request.query.page, pageSize: request.query.page_size }),
  );

  registerEndpoint(app, taxRatesContract.add, { config: change }, async (request, reply) =>
    reply.code(201).send(await addTaxRate({ db, input: request.body, ...actorOf(request) })),
  );

  registerEndpoint(app, taxRatesContract.remove, { config: change }, async (request, reply) => {
    await removeTaxRate({ db, id: request.params.id, ...actorOf(request) });
    return reply.code(204).send(null);
  });
}
