import type { FastifyInstance } from 'fastify';
import { calendarConnectionTexts } from '~/shared/calendar-connections';
import { calendarConnectionsContract } from '~/shared/contracts/calendar-connections';
import type { AppContext } from '../app-context';
import { currentAuth } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { createLimiter } from '../platform/rate-limits';
import { actorOf } from '../platform/route-schemas';
import { findCalendarConnections } from './calendar-connection-views';
import { connectCalDavAccount } from './connect-caldav-account';
import { disconnectCalendarConnection } from './disconnect-calendar-connection';
import { reconnectCalDavAccount } from './reconnect-caldav-account';
import { requestCalendarRefresh } from './request-calendar-refresh';
import { updateCalendarConnection } from './update-calendar-connection';

// A person's own calendar accounts (issue 59): from a session only, never an API key or a personal token (they
// hold a password to the person's calendar).
export async function calendarConnectionRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, jobs, config, taxIds: cipher } = context;
  const policy = { privateTargets: config.webhookPrivateTargets };
  const reads = { config: { sessionOnly: true, access: { permission: 'read:calendar_connection:own' } } } as const;
  const updates = { config: { sessionOnly: true, access: { permission: 'update:calendar_connection:own' } } } as const;
  const byPerson = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.id;
  // Each try signs in to a server the person named: not a way to guess someone's password through Tandem.
  const connectLimit = createLimiter(app, {
    name: 'calendar-connect:user',
    max: 10,
    windowMinutes: 15,
    key: byPerson,
    message: 'You tried to connect a calendar many times just now',
  });
  const refreshLimit = createLimiter(app, {
    name: 'calendar-refresh:user',
    max: 10,
    windowMinutes: 10,
    key: byPerson,
    message: calendarConnectionTexts.refreshLimited,
  });

  registerEndpoint(app, calendarConnectionsContract.list, reads, async (request) =>
    findCalendarConnections({ db, userId: currentAuth(request).user.id, config }),
  );

  registerEndpoint(app, calendarConnectionsContract.connectCalDav, updates, async (request, reply) => {
    await connectLimit.hit(request);
    const connection = await connectCalDavAccount({
      db,
      jobs,
      cipher,
      policy,
      ...actorOf(request),
      input: request.body,
    });
    return reply.code(201).send(connection);
  });

  registerEndpoint(app, calendarConnectionsContract.update, updates, async (request) =>
    updateCalendarConnection({ db, jobs, ...actorOf(request), id: request.params.id, input: request.body }),
  );

  registerEndpoint(app, calendarConnectionsContract.reconnectCalDav, updates, async (request) => {
    await connectLimit.hit(request);
    return reconnectCalDavAccount({
      db,
      jobs,
      cipher,
      policy,
      ...actorOf(request),
      id: request.params.id,
      password: request.body.password,
    });
  });

  registerEndpoint(app, calendarConnectionsContract.refresh, updates, async (request, reply) => {
    await refreshLimit.hit(request);
    const connection = await requestCalendarRefresh({
      db,
      jobs,
      actorId: actorOf(request).actorId,
      id: request.params.id,
    });
    return reply.code(202).send(connection);
  });

  registerEndpoint(app, calendarConnectionsContract.disconnect, updates, async (request, reply) => {
    await disconnectCalendarConnection({ db, ...actorOf(request), id: request.params.id });
    return reply.code(204).send(null);
  });
}
