import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '~/shared/errors';
import { connectionFailureOf } from '../db/connection-failures';

const statusByErrorCode: Record<ErrorCode, number> = {
  validation: 400,
  unauthenticated: 401,
  account_suspended: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  payment_declined: 402,
  idempotency_key_reused: 422,
  rate_limited: 429,
  // A service the handler needed failed (the payment provider): try again in a moment. Not 503, which means
  // "not run here" and makes the proxy run the request again elsewhere (decision 026): only a database out
  // of reach answers 503 from a handler, since then nothing of the request could be stored.
  unavailable: 502,
  // Only ever sent before any handler runs (settings/maintenance-mode.ts), so the proxy may pass it on.
  maintenance: 503,
  internal: 500,
};

// The one error type domain code throws; the handler below turns it into the wire shape.
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    // Sent as Retry-After with a 429.
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode() {
    return statusByErrorCode[this.code];
  }
}

// A refusal of several fields at once (field → message); its sentence is the first field's.
export function validationError(problems: Record<string, string>): AppError {
  const [first] = Object.values(problems);
  return new AppError('validation', first ?? 'Please correct the highlighted fields.', problems);
}

const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

// Fastify's own 4xx errors, reworded for people.
function describeFastifyError(error: FastifyError): ApiErrorBody | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { error: 'The request body is not valid JSON.', code: 'validation' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { error: 'The request body is empty; send a JSON object.', code: 'validation' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { error: 'Send the request body as JSON (Content-Type: application/json).', code: 'validation' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { error: 'The request body does not match its Content-Length.', code: 'validation' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { error: 'The request body is too large.', code: 'payload_too_large' };
    default:
      break;
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { error: 'The request body is not valid JSON.', code: 'validation' };
  }
  return undefined;
}

// What the database says when a value it was given cannot be stored: bad input that got past the
// schemas. It stays a 400 with a sentence (and is logged to be fixed at the schema), never a 500.
const refusedValueMessages: Record<string, string> = {
  '22001': 'A value in the request is too long.',
  '22003': 'A number in the request is out of range.',
  '22007': 'A date or time in the request is not valid.',
  '22008': 'A date or time in the request is out of range.',
  '22009': 'A date or time in the request is out of range.',
  '22021': 'The request contains characters that cannot be stored.',
  '22P02': 'A value in the request is not in the expected form.',
  '22P05': 'The request contains characters that cannot be stored.',
  '23514': 'A value in the request is outside what is allowed.',
};

function databaseErrorOf(error: unknown): { code?: unknown; constraint?: unknown } | undefined {
  return (error instanceof DrizzleQueryError ? error.cause : error) as { code?: unknown } | undefined;
}

function refusedValueMessage(error: unknown): string | undefined {
  const code = databaseErrorOf(error)?.code;
  return typeof code === 'string' ? refusedValueMessages[code] : undefined;
}

// A unique index refused the row (two requests raced past the check for an existing one).
export function isUniqueViolation(error: unknown, constraints: string[]): boolean {
  const cause = databaseErrorOf(error);
  return cause?.code === '23505' && typeof cause.constraint === 'string' && constraints.includes(cause.constraint);
}

function fieldName(instancePath: string, fallback: string): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name || fallback;
}

// isSafe: the request changes nothing (GET, HEAD), so running it again elsewhere is harmless.
function toErrorBody(error: FastifyError | AppError | Error, isSafe = false): { status: number; body: ApiErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: { error: error.message, code: error.code, ...(error.fields && { fields: error.fields }) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const name = fieldName(issue.instancePath ?? '', error.validationContext ?? 'body');
      fields[name] ??= issue.message ?? 'is not valid';
    }
    const entries = Object.entries(fields);
    const [only] = entries.length === 1 ? entries : [];
    // A path parameter is part of a link, not a field anyone typed: its message is the whole answer
    // (route-schemas.ts idParams: "This link is broken: …").
    const message = !only
      ? `Please correct these fields: ${Object.keys(fields).join(', ')}.`
      : error.validationContext === 'params'
        ? only[1]
        : `${only[0]}: ${only[1]}`;
    return { status: 400, body: { error: message, code: 'validation', fields } };
  }
  const refused = refusedValueMessage(error);
  if (refused) return { status: 400, body: { error: refused, code: 'validation' } };
  const fastifyError = error as FastifyError;
  const described = describeFastifyError(fastifyError);
  if (described) return { status: statusByErrorCode[described.code], body: described };
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = (Object.entries(statusByErrorCode).find(([, value]) => value === status)?.[0] ??
      'validation') as ErrorCode;
    return { status, body: { error: fastifyError.message, code } };
  }
  if (isDatabasePoolExhausted(error)) return { status: 504, body: { error: BUSY_MESSAGE, code: 'unavailable' } };
  const status503or502 = databaseFailureStatusOf(error, isSafe);
  if (status503or502)
    return { status: status503or502, body: { error: DATABASE_UNREACHABLE_MESSAGE, code: 'unavailable' } };
  return { status: 500, body: { error: INTERNAL_ERROR_MESSAGE, code: 'internal' } };
}

// The database out of reach: 503 (the proxy runs the request again elsewhere) when nothing of it can have been
// stored, 502 otherwise; null for any other error. Every error shape (the API's, SCIM's) answers the same way.
export function databaseFailureStatusOf(error: unknown, isSafe: boolean): 503 | 502 | null {
  const connectionFailure = connectionFailureOf(error);
  if (!connectionFailure) return null;
  return connectionFailure === 'unreachable' || isSafe ? 503 : 502;
}

export const DATABASE_UNREACHABLE_MESSAGE = 'We cannot reach our database right now. Please try again in a moment.';
// A restart of PostgreSQL or a failover takes seconds: sooner would only add to the knocking.
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const SHUTTING_DOWN_MESSAGE = 'This server is restarting. Please try again in a moment.';
const SHUTTING_DOWN_RETRY_AFTER_SECONDS = 1;

// The one 503 an instance answers on its own: it is stopping and ran nothing of this request, so the proxy
// sends it to another instance (nginx's proxy_next_upstream http_503), a POST included (decision 026).
export function refuseWhileStopping(reply: FastifyReply) {
  reply.header('retry-after', String(SHUTTING_DOWN_RETRY_AFTER_SECONDS));
  const body: ApiErrorBody = { error: SHUTTING_DOWN_MESSAGE, code: 'unavailable' };
  return reply.code(503).type('application/json; charset=utf-8').send(body);
}

export const BUSY_MESSAGE = 'We are busy right now. Please try again in a moment.';
const BUSY_RETRY_AFTER_SECONDS = 2;

// node-postgres gave up waiting for a free connection: the instance is overloaded (thousands of sockets
// reconnecting at once after another instance died), not broken. A 504 (the database, behind us, did not
// answer in time) with Retry-After tells clients to come back, where a 500 would say something failed. Not
// 503: the handler may have written already, and the proxy would run it again (decision 026).
// Thrown by pg-pool itself, or as the cause of the error Drizzle wraps around a query's failure.
function isDatabasePoolExhausted(error: Error): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message === 'timeout exceeded when trying to connect') return true;
  }
  return false;
}

export function sendError(reply: FastifyReply, error: AppError) {
  const { status, body } = toErrorBody(error);
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorBody(error, request.method === 'GET' || request.method === 'HEAD');
    if (error instanceof AppError && error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (body.error === BUSY_MESSAGE) reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
    if (body.error === DATABASE_UNREACHABLE_MESSAGE) {
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      // A warning: the outage itself is reported by readiness, its metric and alert, not by every request.
      request.log.warn({ err: error, status }, 'the database cannot be reached');
      return reply.code(status).type('application/json; charset=utf-8').send(body);
    }
    if (status >= 500 || isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'request failed');
    } else if (refusedValueMessage(error)) {
      request.log.warn({ err: error }, 'the database refused a value the schemas let through');
    } else {
      request.log.info({ code: body.code, status }, body.error);
    }
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}
