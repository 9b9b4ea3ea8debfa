import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agreementDetailSchema,
  agreementSummarySchema,
  agreementTemplateSchema,
  signAgreementSchema,
} from '~/shared/agreements';
import { creditNoteSchema, invoiceSchema, paymentSchema, weekCostSchema } from '~/shared/billing';
import { billingDetailsSchema } from '~/shared/billing-details';
import { apiErrorSchema } from '~/shared/errors';
import { jobSchema } from '~/shared/jobs';
import { contractSchema, milestoneSchema } from '~/shared/milestones';
import { applicantProfileSchema } from '~/shared/talent';
import { webhookEventCatalogue, webhookEventTypes, webhookPayloadSchemaOf } from '~/shared/webhooks';
import { markRoutesPublic } from './access-control';
import { SESSION_COOKIE } from './auth-context';

// The two ways to be someone (kernels/identity/authentication.ts), as OpenAPI security schemes.
const securitySchemes = {
  cookieAuth: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The session a sign-in starts (an httpOnly cookie). With it, a request that changes something must also send `Sec-Fetch-Site: same-origin` or a same-origin `Origin`.',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal API token, made in Settings → API tokens: it acts with its owner’s permissions while System Settings allow API access. Administrator accounts cannot use one, and account security endpoints refuse it.',
  },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof securitySchemes, string[]>>;

// What an operation asks of its caller, read from the route's own policy (access-control.ts) so the
// document cannot drift from what the server enforces: nothing for public routes, the session cookie
// for account security (sessionOnly), either scheme for the rest.
function securityOf(config: FastifyContextConfig | undefined): SecurityRequirement[] {
  if (config?.access === 'public') return [];
  if (config?.sessionOnly) return [{ cookieAuth: [] }];
  return [{ cookieAuth: [] }, { bearerAuth: [] }];
}

// A name for generated clients when the route gives none, from method and path so it stays the same
// between builds: camelCase, without the /api every path starts with, a parameter read as "by"
// ("GET /api/company/invoices/{id}/pdf" → "getCompanyInvoicesByIdPdf").
function operationIdOf(method: string, path: string) {
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .replace(/\{(\w+)\}/g, ' by $1 ')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
}

// Schemas the document states once, under components, and refers to. Every operation answers its errors
// with ApiError (about ten statuses each): inlined, that one shape was three quarters of a 1.9 MB document,
// which Swagger UI took most of 10 s of a busy machine's CPU to read.
// The same holds for the documents many answers carry whole (an invoice in its list, its detail and Issue
// invoice now; a contract in each of its sixteen milestone actions; a job, a profile): stated
// once, referred to everywhere.
const documentedSchemas = z.registry<{ id: string }>();
documentedSchemas.add(apiErrorSchema, { id: 'ApiError' });
documentedSchemas.add(invoiceSchema, { id: 'Invoice' });
documentedSchemas.add(creditNoteSchema, { id: 'CreditNote' });
documentedSchemas.add(weekCostSchema, { id: 'WeekCost' });
documentedSchemas.add(billingDetailsSchema, { id: 'BillingDetails' });
documentedSchemas.add(paymentSchema, { id: 'Payment' });
documentedSchemas.add(contractSchema, { id: 'Contract' });
documentedSchemas.add(milestoneSchema, { id: 'Milestone' });
documentedSchemas.add(jobSchema, { id: 'Job' });
documentedSchemas.add(applicantProfileSchema, { id: 'ApplicantProfile' });
// An agreement in each role's list and detail (issue 57).
documentedSchemas.add(agreementSummarySchema, { id: 'AgreementSummary' });
documentedSchemas.add(agreementDetailSchema, { id: 'Agreement' });
documentedSchemas.add(agreementTemplateSchema, { id: 'AgreementTemplate' });
documentedSchemas.add(signAgreementSchema, { id: 'Signature' });
const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry: documentedSchemas });
const jsonSchemaTransformObject = createJsonSchemaTransformObject({ schemaRegistry: documentedSchemas });

// OpenAPI 3.0 marks null with `nullable`, which needs a `type` beside it: a nullable union says it on each
// typed branch instead (zod writes it once, beside the anyOf).
function nullableOnEachBranch(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) nullableOnEachBranch(item);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const schema = value as Record<string, unknown>;
  const branches = schema.anyOf ?? schema.oneOf;
  if (schema.nullable === true && !('type' in schema) && Array.isArray(branches)) {
    const typed = branches.filter((branch): branch is Record<string, unknown> => Boolean(branch?.type));
    if (typed.length > 0) {
      delete schema.nullable;
      for (const branch of typed) branch.nullable = true;
    }
  }
  for (const child of Object.values(schema)) nullableOnEachBranch(child);
}

// Every error answer is the same response: stated once under components.responses, as its schema is under
// components.schemas. Written out in each of several thousand error answers, it was a quarter of the document.
const errorResponse = {
  description: 'An error: {"error", "code", "fields"?}',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
};
const errorContent = JSON.stringify(errorResponse.content);
function referToErrorResponse(operation: { responses?: Record<string, unknown> }) {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const content = (response as { content?: unknown } | null)?.content;
    if (/^[45]/.test(status) && JSON.stringify(content) === errorContent) {
      (operation.responses as Record<string, unknown>)[status] = { $ref: '#/components/responses/ApiError' };
    }
  }
}

// What webhook endpoints receive (issue 58): one operation per event, its body and the Standard Webhooks headers.
// OpenAPI 3.1 names this `webhooks`; in this 3.0 document (see below) it is `x-webhooks`, the same object under the
// extension name Redoc and Redocly read for 3.0.
const signatureHeaders = [
  ['webhook-id', 'The message’s id (`msg_…`): the same on every attempt, so a repeat can be ignored'],
  ['webhook-timestamp', 'When this attempt was signed, in seconds since the epoch'],
  [
    'webhook-signature',
    'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `id.timestamp.body`, one per live secret',
  ],
].map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));

function webhookOperations() {
  return Object.fromEntries(
    webhookEventTypes.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary: webhookEventCatalogue[type].description,
          tags: ['webhooks'],
          // Sent by Tandem to the receiver, which checks the signature headers rather than a credential.
          security: [],
          parameters: signatureHeaders,
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: z.toJSONSchema(webhookPayloadSchemaOf(type), { target: 'openapi-3.0' }) },
            },
          },
          responses: {
            '2XX': { description: 'Received. Any other answer, or none within 10 seconds, is tried again later.' },
          },
        },
      },
    ]),
  );
}

// Every create's optional header (platform/idempotency.ts).
const idempotencyKeyHeader = {
  type: 'string',
  maxLength: 255,
  description:
    'Makes the create safe to retry: the same key on the same request within a day answers with the first answer (Idempotent-Replayed: true); on a different request, 422.',
};

const OPERATION_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

// The OpenAPI document is generated from the zod schemas every route declares. In production it is
// published only when API_DOCS=true: it maps every endpoint for anyone who asks.
export async function registerOpenApi(
  app: FastifyInstance,
  { isPublished, publicUrl }: { isPublished: boolean; publicUrl: string },
) {
  await app.register(swagger, {
    openapi: {
      // 3.0 rather than 3.1: Swagger UI reads a 3.1 document through a far slower resolver (6 s of CPU
      // for this one against under 1 s), and more client generators read 3.0 fully.
      openapi: '3.0.3',
      info: {
        title: 'Tandem API',
        version: '1.0.0',
        description:
          'The API behind the Tandem portal. Errors have the shape {"error", "code", "fields"?}; lists take ?q=&page=&page_size=&sort=.',
      },
      servers: [{ url: publicUrl }],
      components: { securitySchemes },
    },
    // Paths are the app's own; a PUBLIC_URL with a path (behind a proxy) must not be cut out of them.
    stripBasePath: false,
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      if (transformed.schema.hide) return transformed;
      // A route that states its own security keeps it.
      const schema = { security: securityOf(document.route.config), ...transformed.schema };
      if (document.route.config?.idempotency === 'replayed') {
        const headers = (schema.headers ?? { type: 'object', properties: {} }) as { properties?: object };
        schema.headers = { ...headers, properties: { ...headers.properties, 'idempotency-key': idempotencyKeyHeader } };
      }
      return { ...transformed, schema };
    },
    // Here rather than in transform: a route serving several methods is one route but several operations.
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const openapiObject = jsonSchemaTransformObject(document);
      nullableOnEachBranch(openapiObject.paths);
      for (const [path, pathItem] of Object.entries(openapiObject.paths ?? {})) {
        for (const [method, operation] of Object.entries(pathItem ?? {})) {
          if (!OPERATION_METHODS.has(method) || typeof operation !== 'object' || operation === null) continue;
          if (!('operationId' in operation) || !operation.operationId) {
            Object.assign(operation, { operationId: operationIdOf(method, path) });
          }
          referToErrorResponse(operation as { responses?: Record<string, unknown> });
        }
      }
      const components = 'components' in openapiObject ? openapiObject.components : undefined;
      Object.assign(openapiObject, {
        components: { ...components, responses: { ApiError: errorResponse } },
        'x-webhooks': webhookOperations(),
      });
      return openapiObject;
    },
  });
  if (!isPublished) return;
  await app.register(async (scope) => {
    markRoutesPublic(scope);
    await scope.register(swaggerUi, {
      routePrefix: '/api/docs',
      // Several hundred operations: shown by tag, each opened on a click or found with the filter. Listed
      // all at once, the page took a browser most of 20 s of CPU to draw.
      uiConfig: { validatorUrl: null, deepLinking: true, docExpansion: 'none', filter: true },
      logLevel: 'warn',
    });
  });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
