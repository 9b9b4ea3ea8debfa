import { z } from 'zod';
import { defineContract } from '../contract';
import { noContent } from '../contract-schemas';
import { healthResponseSchema, readinessResponseSchema } from '../health';

// The platform's own endpoints: liveness and readiness for the load balancer and the orchestrator, and
// the browsers' Content-Security-Policy reports.
export const platformContract = defineContract(
  { name: 'platform', tags: ['platform'] },
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
      summary: 'Readiness: the database can be reached (Redis down is reported as degraded, still ready)',
      responses: { 200: readinessResponseSchema },
      // Not ready: the same shape, saying the database is down, with Retry-After.
      failures: { 503: readinessResponseSchema },
    },
    // Browsers post it by themselves, as application/csp-report (report-uri) or application/reports+json
    // (the Reporting API); the server parses both as JSON (platform/csp-reports.ts).
    reportCspViolation: {
      method: 'POST',
      path: '/api/csp-reports',
      summary: 'Receive a Content-Security-Policy violation report from a browser',
      body: z.union([z.object({ 'csp-report': z.record(z.string(), z.unknown()) }), z.array(z.unknown())]),
      responses: { 204: noContent },
    },
  },
);
