import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';

export async function workRoutes(_app: FastifyInstance, _options: { context: AppContext }) {}
