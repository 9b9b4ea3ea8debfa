import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';

export async function invoiceRoutes(_app: FastifyInstance, _options: { context: AppContext }) {}
