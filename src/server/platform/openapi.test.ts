import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { FastifyContextConfig, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEventTypes } from '~/shared/webhooks';
import { createTestApp, type TestApp } from '../testing/test-app';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, unknown> } | { $ref: string }>;
}
type OpenApiResponse = Operation['responses'][string];
type OpenApiDocument = {
  openapi: string;
  'x-webhooks': Record<string, { post: WebhookOperation }>;
  info: { title: string };
  servers: { url: string }[];
  components: {
    securitySchemes: Record<string, unknown>;
    schemas: Record<string, unknown>;
    responses: Record<string, { content?: Record<string, unknown> }>;
  };
  paths: Record<string, Record<string, Operation>>;
};

interface WebhookOperation {
  parameters: Array<{ name: string }>;
  requestBody: { content: { 'application/json': { schema: unknown } } };
}

const PUBLIC_URL = 'https://tandem.example';
const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const redoclyCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([url, pathItem]) =>
    Object.entries(pathItem).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${url}`, operation })),
  );

// `redocly lint` on a file, with the repository's redocly.yaml; its report as JSON, whatever the exit code.
function lintWithRedocly(file: string): Promise<{
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        redoclyCli,
        'lint',
        file,
        '--config',
        path.join(repositoryRoot, 'redocly.yaml'),
        '--format=json',
        '--max-problems=100000',
      ],
      {
        cwd: repositoryRoot,
        timeout: 60_000,
        maxBuffer: 64 * 1024 * 1024,
        // Offline and quiet: no usage report, no "new version" notice.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
      (error, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout));
        } catch {
          reject(new Error(`redocly lint gave no report: ${error?.message ?? ''}\n${stdout}${stderr}`));
        }
      },
    );
  });
}

describe('OpenAPI document', () => {
  let testApp: TestApp;
  let document: OpenApiDocument;
  // A response's content, following a reference to the one error response.
  const contentOf = (response: OpenApiResponse | undefined) =>
    response && '$ref' in response ? document.components.responses.ApiError?.content : response?.content;
  let directory: string;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { PUBLIC_URL } });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-openapi-'));
  });
  afterAll(async () => {
    await testApp.close();
    await fs.rm(directory, { recursive: true, force: true });
  });

  it('is generated from the route schemas at /api/openapi.json', async () => {
    expect(document.openapi).toBe('3.0.3');
    expect(document.info.title).toBe('Tandem API');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/csp-reports']),
    );
    expect(document.paths['/api/ready']?.get?.responses).toHaveProperty('503');
    expect(contentOf(document.paths['/api/health']?.get?.responses['200'])?.['application/json']).toMatchObject({
      schema: { type: 'object', properties: { status: { enum: ['ok'] } } },
    });
  });

  it('is served from PUBLIC_URL', () => {
    expect(document.servers).toEqual([{ url: PUBLIC_URL }]);
  });

  it('names every operation, each differently', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter(({ operation }) => !operation.operationId).map(({ key }) => key)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(document.paths['/api/company/invoices/{id}/pdf']?.get?.operationId).toBe('getCompanyInvoicesByIdPdf');
  });

  // Inlined in each of about two thousand error responses, the error shape made the document 1.9 MB.
  it('states the error shape once and refers to it from every error response', () => {
    expect(document.components.schemas.ApiError).toMatchObject({
      type: 'object',
      properties: { error: { type: 'string' }, code: { type: 'string' }, fields: { type: 'object' } },
      required: ['error', 'code'],
    });
    const errorSchemas = operationsOf(document).flatMap(({ key, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => /^[45]/.test(status))
        .map(([status, response]) => ({
          at: `${key} ${status}`,
          schema: contentOf(response)?.['application/json'],
        })),
    );
    expect(errorSchemas.length).toBeGreaterThan(1000);
    const byReference = JSON.stringify({ schema: { $ref: '#/components/schemas/ApiError' } });
    // Readiness answers 503 with the state of each dependency, for load balancers and operators.
    expect(errorSchemas.filter(({ schema }) => JSON.stringify(schema) !== byReference).map(({ at }) => at)).toEqual([
      'GET /api/ready 503',
    ]);
    // Swagger UI's time to show the page grows with it (see the commit that set it): 1.1 MB holds every
    // endpoint as of paying the talent (decision 036) with the error shape stated once, and as of the books
    // (credit notes, billing details, accounting, bank files) with the documents many answers carry too.
    expect(JSON.stringify(document).length).toBeLessThan(1_100_000);
  });

  it('describes the session cookie and personal API tokens', () => {
    expect(document.components.securitySchemes).toMatchObject({
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'tandem_session' },
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
  });

  // The route's own policy (access-control.ts) says who may call it; the document must say the same.
  it('asks each operation for what its route accepts: nothing when public, the cookie for account security, else either', () => {
    const expectedSecurity = (config: FastifyContextConfig | undefined) => {
      if (config?.access === 'public') return [];
      if (config?.sessionOnly) return [{ cookieAuth: [] }];
      return [{ cookieAuth: [] }, { bearerAuth: [] }];
    };
    const methodsOf = (method: HTTPMethods | HTTPMethods[]) => (Array.isArray(method) ? method : [method]);
    const seen = new Set<string>();
    const mismatched: string[] = [];
    for (const route of testApp.app.routeRegistry) {
      const url = route.url.replace(/:(\w+)/g, '{$1}');
      for (const method of methodsOf(route.method)) {
        const operation = document.paths[url]?.[method.toLowerCase()];
        if (!operation) continue;
        seen.add(`${method} ${url}`);
        if (JSON.stringify(operation.security) !== JSON.stringify(expectedSecurity(route.config))) {
          mismatched.push(`${method} ${url}: ${JSON.stringify(operation.security)}`);
        }
      }
    }
    expect(mismatched).toEqual([]);
    expect([...seen].sort()).toEqual(
      operationsOf(document)
        .map(({ key }) => key)
        .sort(),
    );
    expect(document.paths['/api/health']?.get?.security).toEqual([]);
    expect(document.paths['/api/account/data-export']?.post?.security).toEqual([{ cookieAuth: [] }]);
    expect(document.paths['/api/jobs']?.get?.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
  });

  it('gives file downloads a 200 with their media types, and their errors as JSON', () => {
    const mediaTypesOf = (operation: Operation | undefined, status: string) =>
      Object.keys(contentOf(operation?.responses[status]) ?? {});
    const downloads = {
      'GET /api/jobs/export.csv': ['text/csv'],
      'GET /api/jobs/analytics.pdf': ['application/pdf'],
      'GET /api/company/invoices/{id}/pdf': ['application/pdf'],
      'GET /api/calendar/{token}.ics': ['text/calendar'],
      'POST /api/account/data-export': ['application/zip'],
      'GET /api/applicants/{id}/photo': ['image/jpeg', 'image/png', 'image/webp'],
    };
    for (const [key, mediaTypes] of Object.entries(downloads)) {
      const [method = '', url = ''] = key.split(' ');
      const operation = document.paths[url]?.[method.toLowerCase()];
      expect(mediaTypesOf(operation, '200'), key).toEqual(mediaTypes);
      expect(mediaTypesOf(operation, '404'), key).toEqual(['application/json']);
    }
    expect(mediaTypesOf(document.paths['/api/conversations/{id}/attachments/{message_id}']?.get, '200')).toEqual(
      expect.arrayContaining(['application/pdf', 'image/png']),
    );
    // A new download that forgets its 200 shows up here; the sign-ins through identity providers answer with a
    // redirect (a provider's start, a company's single sign-on start and its OIDC callback), as does connecting a
    // calendar account through its provider (start and callback).
    const withoutSuccess = operationsOf(document)
      .filter(({ operation }) => !Object.keys(operation.responses).some((status) => status.startsWith('2')))
      .map(({ key }) => key);
    expect(withoutSuccess.sort()).toEqual(
      [
        'GET /api/auth/oidc/{provider}/start',
        'GET /api/auth/sso/oidc/callback',
        'GET /api/auth/sso/start',
        'GET /api/calendar-connections/oauth/{provider}/start',
        'GET /api/calendar-connections/oauth/{provider}/callback',
      ].sort(),
    );
  });

  // OpenAPI 3.1's `webhooks`, under the 3.0 extension name: every event a webhook endpoint may receive.
  it('describes every webhook event’s body and signature headers under x-webhooks', () => {
    const webhooks = document['x-webhooks'];
    expect(Object.keys(webhooks).sort()).toEqual([...webhookEventTypes].sort());
    const invoicePaid = webhooks['invoice.paid']?.post;
    expect(invoicePaid?.parameters.map((parameter) => parameter.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(invoicePaid?.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['type', 'timestamp', 'data'],
      properties: { type: { enum: ['invoice.paid'] }, data: { properties: { invoice_id: { type: 'string' } } } },
    });
  });

  it('passes redocly lint with no error', { timeout: 60_000 }, async () => {
    const file = path.join(directory, 'openapi.json');
    await fs.writeFile(file, JSON.stringify(document));
    const report = await lintWithRedocly(file);
    const errors = report.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('is browsable at /api/docs', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
  });
});
