import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { idempotentRequests } from '../db/schema';
import { AppError } from './errors';

// Idempotency-Key on every create (issue 58), as Stripe and the IETF draft (httpapi-idempotency-key-header) have
// it: a POST sent again with the same key by the same caller gets the first answer back, replayed from the
// database (any instance), with `Idempotent-Replayed: true`, and does nothing twice. The same key on a different
// request is refused (422); while the first still runs, a repeat waits its turn (409). Server errors are not kept:
// the request may be tried again. Routes whose own domain logic keys payments declare the header in their
// contract and keep theirs (config.idempotency 'own').

declare module 'fastify' {
  interface FastifyContextConfig {
    // 'replayed': a create this hook makes idempotent; 'own': the route handles the key itself.
    idempotency?: 'replayed' | 'own';
  }
  interface FastifyRequest {
    idempotencyClaim: { callerId: string; key: string } | null;
  }
}

export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
// A first request that never answered (its instance died) frees its key after this long.
const ABANDONED_AFTER_MS = 60_000;
// Kept this long, and swept by the retention job after.
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60_000;

export const idempotencyTexts = {
  malformed: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  reused: 'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  running: 'A request with this Idempotency-Key is still running. Wait for its answer before sending it again.',
} as const;

const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');

export function registerIdempotency(app: FastifyInstance, { db }: { db: Database }) {
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || request.routeOptions.config.idempotency !== 'replayed' || !request.auth) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError('validation', idempotencyTexts.malformed);
    const callerId = request.auth.user.id;
    const fingerprint = fingerprintOf(request);
    const now = new Date();
    const [claimed] = await db
      .insert(idempotentRequests)
      .values({ callerId, key, fingerprint, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotentRequests.key });
    if (claimed) {
      request.idempotencyClaim = { callerId, key };
      return;
    }
    const [earlier] = await db
      .select()
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.callerId, callerId), eq(idempotentRequests.key, key)));
    if (!earlier) throw new AppError('conflict', idempotencyTexts.running);
    if (earlier.fingerprint !== fingerprint) throw new AppError('idempotency_key_reused', idempotencyTexts.reused);
    if (earlier.responseStatus === null) {
      // Its instance died before answering: this request takes the key over.
      const [taken] = await db
        .update(idempotentRequests)
        .set({ createdAt: now })
        .where(
          and(
            eq(idempotentRequests.callerId, callerId),
            eq(idempotentRequests.key, key),
            isNull(idempotentRequests.responseStatus),
            lt(idempotentRequests.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
          ),
        )
        .returning({ key: idempotentRequests.key });
      if (!taken) throw new AppError('conflict', idempotencyTexts.running);
      request.idempotencyClaim = { callerId, key };
      return;
    }
    reply.header('idempotent-replayed', 'true');
    if (earlier.responseContentType) reply.header('content-type', earlier.responseContentType);
    // Sent as it was serialized the first time: not through this route's serializer again.
    return reply
      .code(earlier.responseStatus)
      .serializer((payload: unknown) => String(payload))
      .send(earlier.responseBody ?? '');
  });

  // The answer is kept once it is known; a server error, or an answer that is not text, frees the key instead.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const where = and(eq(idempotentRequests.callerId, claim.callerId), eq(idempotentRequests.key, claim.key));
    if (reply.statusCode >= 500 || (typeof payload !== 'string' && payload !== null && payload !== undefined)) {
      await db.delete(idempotentRequests).where(where);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await db
      .update(idempotentRequests)
      .set({
        responseStatus: reply.statusCode,
        responseBody: typeof payload === 'string' ? payload : '',
        responseContentType: typeof contentType === 'string' ? contentType : null,
      })
      .where(where);
    return payload;
  });
}
