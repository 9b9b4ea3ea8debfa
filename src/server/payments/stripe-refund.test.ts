import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransientPaymentError } from '../kernels/payments/payment-provider';
import { createStripeProvider } from '../kernels/payments/stripe-provider';

// The Stripe adapter's refund, against a fake POST /v1/refunds on loopback with Stripe's idempotency
// (a repeated key replays the first answer) and its error shapes.
async function startFakeStripeRefunds() {
  const server = Fastify();
  const answers = new Map<string, unknown>();
  const created: Array<{ idempotencyKey: string | undefined; form: Record<string, string> }> = [];
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  server.post<{ Body: Record<string, string> }>('/v1/refunds', async (request, reply) => {
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const replay = idempotencyKey ? answers.get(idempotencyKey) : undefined;
    if (replay) return replay;
    const intent = request.body.payment_intent ?? '';
    if (intent === 'pi_refunded') {
      return reply.code(400).send({
        error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Already refunded.' },
      });
    }
    if (intent === 'pi_down') {
      return reply.code(500).send({ error: { type: 'api_error', message: 'Something went wrong.' } });
    }
    created.push({ idempotencyKey, form: request.body });
    const answer = { id: `re_fake${created.length}`, object: 'refund', amount: Number(request.body.amount) };
    if (idempotencyKey) answers.set(idempotencyKey, answer);
    return answer;
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, created };
}

describe('the Stripe provider’s refund', () => {
  let stripe: Awaited<ReturnType<typeof startFakeStripeRefunds>>;
  beforeAll(async () => {
    stripe = await startFakeStripeRefunds();
  });
  afterAll(async () => {
    await stripe.server.close();
  });
  const provider = () => createStripeProvider({ secretKey: 'sk_test_fake', apiUrl: stripe.url, maxNetworkRetries: 0 });

  it('refunds the PaymentIntent in full with the idempotency key, and the same key refunds once', async () => {
    const request = { providerRef: 'pi_fake7', amountCents: 4_200, idempotencyKey: 'refund:payment-1' };
    const first = await provider().refund(request);
    expect(first).toEqual({ refundRef: 're_fake1' });
    expect(stripe.created).toEqual([
      { idempotencyKey: 'refund:payment-1', form: { payment_intent: 'pi_fake7', amount: '4200' } },
    ]);
    expect(await provider().refund(request)).toEqual(first);
    expect(stripe.created).toHaveLength(1);
  });

  it('takes a charge refunded already as refunded, and a failing Stripe as a transient error', async () => {
    expect(
      await provider().refund({ providerRef: 'pi_refunded', amountCents: 100, idempotencyKey: 'refund:payment-2' }),
    ).toEqual({ refundRef: 'already_refunded:pi_refunded' });
    await expect(
      provider().refund({ providerRef: 'pi_down', amountCents: 100, idempotencyKey: 'refund:payment-3' }),
    ).rejects.toBeInstanceOf(TransientPaymentError);
  });
});
