import type { FastifyInstance } from 'fastify';
import { bookingContract } from '~/shared/contracts/booking';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { actorOf } from '../platform/route-schemas';
import { findAvailability, saveAvailability } from './availability';

// Booking from availability (docs/decisions/031): working hours, and booking links.
// The endpoints are declared in shared/contracts/booking.ts.
export async function bookingRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;

  registerEndpoint(
    app,
    bookingContract.availability,
    { config: { access: { permission: 'read:availability:own' } } },
    async (request) => findAvailability({ db, userId: actorOf(request).actorId }),
  );

  registerEndpoint(
    app,
    bookingContract.updateAvailability,
    { config: { access: { permission: 'update:availability:own' } } },
    async (request) => {
      const { actorId, ipAddress } = actorOf(request);
      return saveAvailability({ db, userId: actorId, input: request.body, ipAddress });
    },
  );
}
