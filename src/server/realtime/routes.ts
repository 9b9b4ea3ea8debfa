import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { LIVE_SOCKET_PATH } from '~/shared/live-events';
import type { AppContext } from '../app-context';
import { currentAuth } from '../platform/access-control';
import { isSameOrigin } from '../platform/csrf';
import { AppError } from '../platform/errors';

// A command is a few hundred bytes; anything bigger is not ours.
const MAX_COMMAND_BYTES = 16 * 1024;

const crossSiteSocketMessage = 'This live connection came from another site and was refused.';

// The one live connection a tab holds. The session cookie signs it in, as any request;
// the origin must be ours, or another site could open a socket with the visitor's cookie.
export async function liveRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  await app.register(websocket, { options: { maxPayload: MAX_COMMAND_BYTES } });
  const { live, config } = context;

  app.get(
    LIVE_SOCKET_PATH,
    {
      websocket: true,
      config: { access: 'signed_in' },
      schema: { hide: true },
      preValidation: async (request) => {
        const origin = request.headers.origin;
        const allowed = typeof origin === 'string' && (isSameOrigin(origin, request) || origin === config.publicUrl);
        if (!allowed) throw new AppError('forbidden', crossSiteSocketMessage);
      },
      // A refused handshake is answered on a socket the HTTP server no longer tracks: end it ourselves,
      // or each refusal would keep a file descriptor open (and stop the server from closing).
      onResponse: (request, reply, done) => {
        if (reply.statusCode >= 400) request.raw.socket?.destroy();
        done();
      },
    },
    (socket, request) => {
      live.attach(socket, currentAuth(request), request.log);
    },
  );
}
