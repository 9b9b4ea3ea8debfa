import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError } from 'fastify';
import { ScimError as ScimPatchError } from 'scim-patch';
import type { ErrorCode } from '~/shared/errors';
import { type ScimType, scimSchemas, scimTexts } from '~/shared/scim';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, databaseFailureStatusOf } from '../platform/errors';

// A refusal in SCIM's terms: an AppError (its code gives the status) with the scimType keyword of RFC 7644 §3.12
// that tells a client what to fix.
export class ScimRefusal extends AppError {
  constructor(
    code: ErrorCode,
    detail: string,
    readonly scimType?: ScimType,
  ) {
    super(code, detail);
    this.name = 'ScimRefusal';
  }
}

export interface ScimErrorBody {
  schemas: [typeof scimSchemas.error];
  status: string;
  scimType?: ScimType;
  detail: string;
}

export function scimErrorBody(status: number, detail: string, scimType?: ScimType): ScimErrorBody {
  return { schemas: [scimSchemas.error], status: String(status), ...(scimType && { scimType }), detail };
}

// What the database says when it cannot store a value the parsing let through (a class 22 data exception, a
// check constraint): bad input, so a 400, never a 500.
function isRefusedValue(error: unknown): boolean {
  const cause = (error instanceof DrizzleQueryError ? error.cause : error) as { code?: unknown } | undefined;
  return typeof cause?.code === 'string' && (cause.code.startsWith('22') || cause.code === '23514');
}

// Fastify's own refusals of a body, reworded.
const bodyRefusals: Record<string, { status: number; detail: string; scimType?: ScimType }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: scimTexts.invalidJson, scimType: 'invalidSyntax' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: scimTexts.emptyBody, scimType: 'invalidSyntax' },
  // 400 rather than 415: the statuses of RFC 7644 §3.12, which clients know.
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, detail: scimTexts.wrongMediaType, scimType: 'invalidSyntax' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: scimTexts.invalidJson, scimType: 'invalidSyntax' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: scimTexts.bodyTooLarge },
};

export interface ScimErrorAnswer {
  status: number;
  body: ScimErrorBody;
  // Worth a log line at error level: nothing the client sent explains it.
  unexpected: boolean;
  retryAfterSeconds?: number;
}

// Every error of a SCIM route, in SCIM's shape: refusals with their sentence, a patch scim-patch could not apply as
// 400 with its keyword, Fastify's body errors, values the database refused; the rest a 500 (or, while the database
// is out of reach, as platform/errors.ts decides) that says nothing of the cause. isSafe: the request changes
// nothing, so a proxy may run it again elsewhere.
export function scimErrorOf(error: unknown, isSafe = false): ScimErrorAnswer {
  if (error instanceof AppError) {
    const scimType = error instanceof ScimRefusal ? error.scimType : undefined;
    return {
      status: error.statusCode,
      body: scimErrorBody(error.statusCode, error.message, scimType),
      unexpected: error.statusCode >= 500,
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  if (error instanceof ScimPatchError) {
    const scimType = (error.scimCode as ScimType | undefined) ?? 'invalidSyntax';
    return { status: 400, body: scimErrorBody(400, scimTexts.patchFailed(error.message), scimType), unexpected: false };
  }
  const fastifyError = error as Partial<FastifyError>;
  const refusal = fastifyError.code ? bodyRefusals[fastifyError.code] : undefined;
  if (refusal) {
    return {
      status: refusal.status,
      body: scimErrorBody(refusal.status, refusal.detail, refusal.scimType),
      unexpected: false,
    };
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return { status: 400, body: scimErrorBody(400, scimTexts.invalidJson, 'invalidSyntax'), unexpected: false };
  }
  if (isRefusedValue(error)) {
    return { status: 400, body: scimErrorBody(400, scimTexts.refusedValue, 'invalidValue'), unexpected: false };
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, body: scimErrorBody(status, fastifyError.message ?? scimTexts.internal), unexpected: false };
  }
  const failed = databaseFailureStatusOf(error, isSafe);
  if (failed) {
    return {
      status: failed,
      body: scimErrorBody(failed, scimTexts.internal),
      unexpected: true,
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    };
  }
  return { status: 500, body: scimErrorBody(500, scimTexts.internal), unexpected: true };
}
