import type { FastifyInstance } from 'fastify';
import { earningsContract } from '~/shared/contracts/earnings';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { actorOf } from '../platform/route-schemas';
import { findEarnings, getEarningsSummary } from './find-earnings';

// The talent's Earnings page (decision 024): the endpoints of shared/contracts/earnings.ts, applicants only,
// each reading the caller's own weeks.
export async function earningsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const config = { access: { permission: 'read:earnings:own' } } as const;

  registerEndpoint(app, earningsContract.weeks, { config }, async (request) =>
    findEarnings({
      db,
      applicantId: actorOf(request).actorId,
      settings: await context.settings.get(),
      page: request.query.page,
      pageSize: request.query.page_size,
    }),
  );

  registerEndpoint(app, earningsContract.summary, { config }, async (request) =>
    getEarningsSummary({ db, applicantId: actorOf(request).actorId }),
  );
}
