import { defineContract } from '../contract';
import { healthResponseSchema, readinessResponseSchema } from '../health';

// Liveness and readiness, for the load balancer and the orchestrator.
export const healthContract = defineContract(
  { name: 'health', tags: ['platform'] },
  {
    health: {
      method: 'GET',
      path: '/api/health',
      summary: 'Liveness: the process is up',
      responses: { 200: healthResponseSchema },
    },
    ready: {
      method: 'GET',
      path: '/api/ready',
      summary: 'Readiness: the database (and Redis, when configured) can be reached',
      responses: { 200: readinessResponseSchema },
      // Not ready: the same shape, saying which dependency is down.
      failures: { 503: readinessResponseSchema },
    },
  },
);
