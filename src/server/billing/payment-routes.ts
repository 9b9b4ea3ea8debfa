import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';

export async function paymentRoutes(_app: FastifyInstance, _options: { context: AppContext }) {}
