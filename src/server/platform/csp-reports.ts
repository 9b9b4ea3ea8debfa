import type { FastifyInstance } from 'fastify';
import { platformContract } from '~/shared/contracts/platform';
import { registerEndpoint } from './contract-routes';
import { createLimiter } from './rate-limits';

const REPORT_BODY_LIMIT_BYTES = 16 * 1024;

// Browsers post Content-Security-Policy violations here; they go to the log so a policy that breaks
// a page, or an injection attempt, gets noticed.
export async function registerCspReports(app: FastifyInstance) {
  // A page breaking its policy reports a handful; more is someone filling the log.
  const reportsByIp = createLimiter(app, {
    name: 'csp-reports:ip',
    max: 60,
    windowMinutes: 1,
    message: 'Too many security policy reports from your network',
  });
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('The report is not valid JSON.'), { statusCode: 400 }), undefined);
      }
    },
  );

  registerEndpoint(
    app,
    platformContract.reportCspViolation,
    {
      bodyLimit: REPORT_BODY_LIMIT_BYTES,
      // Counted before the body is read: a flood of malformed reports is refused too, not only valid ones.
      preParsing: async (request) => {
        await reportsByIp.hit(request);
      },
      // Browsers send these themselves; they change nothing.
      config: { access: 'public', csrf: 'exempt' },
    },
    async (request, reply) => {
      request.log.warn({ cspReport: request.body }, 'content security policy violation');
      return reply.code(204).send(null);
    },
  );
}
