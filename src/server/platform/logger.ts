import { DrizzleQueryError } from 'drizzle-orm';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Bindings, ChildLoggerOptions, DestinationStream, LogFn } from 'pino';
import { type Logger, pino } from 'pino';
import type { Config } from '../config';

// Structured JSON logs on stdout; secrets in headers and the values of failed queries never reach them.
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: { err: serializeError, req: serializeRequest },
  };
  return destination ? pino(options, destination) : pino(options);
}

// Paths whose token is the credential: a calendar feed, a meeting's join link and its room's API; and
// links from emails (a password reset, an address to verify), which carry theirs in the query.
const REDACTIONS: Array<(url: string) => string> = [
  (url) =>
    url.replace(
      /^(\/api\/calendar\/)[^/?#]+?(\.ics)?(?=$|[/?#])/,
      (_, path: string, extension = '') => `${path}[redacted]${extension}`,
    ),
  (url) => url.replace(/^(\/meet\/|\/api\/meeting-rooms\/)[^/?#]+/, (_, path: string) => `${path}[redacted]`),
  (url) => url.replace(/([?&]token=)[^&#]*/gi, (_, parameter: string) => `${parameter}[redacted]`),
];

// A URL as the log may keep it: whoever reads the log must not be able to open the feed or the room.
const redactUrl = (url: string) => REDACTIONS.reduce((redacted, redact) => redact(redacted), url);

// Fastify's own request fields, with the URL redacted.
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface DatabaseErrorFields {
  code?: unknown;
  message?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

// SQLSTATE classes whose messages quote the offending value (22 data exception, 23 integrity violation).
const VALUE_QUOTING_CLASSES = ['22', '23'];

// A failed query is logged as its statement and the database's error code, never with its parameters
// (a new password's hash, an address) or a message and detail that quote them.
function serializeError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return pino.stdSerializers.err(error as Error);
  const cause = (error.cause ?? {}) as DatabaseErrorFields;
  const code = typeof cause.code === 'string' ? cause.code : undefined;
  const quotesValues = code === undefined || VALUE_QUOTING_CLASSES.includes(code.slice(0, 2));
  return {
    type: 'DrizzleQueryError',
    message: 'Failed query',
    query: error.query,
    code,
    ...(!quotesValues && typeof cause.message === 'string' && { reason: cause.message }),
    ...(typeof cause.constraint === 'string' && { constraint: cause.constraint }),
    ...(typeof cause.table === 'string' && { table: cause.table }),
    ...(typeof cause.column === 'string' && { column: cause.column }),
    // The stack starts with the message, parameters included: keep only its frames.
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  };
}

// Fastify gives every request a child logger bound to its id, but most requests never log (probes
// are kept out of the request log, and a request that goes well logs nothing of its own). Building
// the pino child, which serialises its bindings, only on the first line saves that work on each of
// them (npm run bench).
class RequestLogger implements FastifyBaseLogger {
  #logger: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get #child(): FastifyBaseLogger {
    this.#logger ??= this.#parent.child(this.#bindings, this.#options);
    return this.#logger;
  }

  get level() {
    return this.#logger?.level ?? this.#parent.level;
  }

  set level(level) {
    this.#child.level = level;
  }

  // Methods, not arrow fields: nothing is allocated per request beyond the object itself.
  fatal(...args: Parameters<LogFn>) {
    this.#child.fatal(...args);
  }
  error(...args: Parameters<LogFn>) {
    this.#child.error(...args);
  }
  warn(...args: Parameters<LogFn>) {
    this.#child.warn(...args);
  }
  info(...args: Parameters<LogFn>) {
    this.#child.info(...args);
  }
  debug(...args: Parameters<LogFn>) {
    this.#child.debug(...args);
  }
  trace(...args: Parameters<LogFn>) {
    this.#child.trace(...args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#child.child(bindings, options);
  }
}

export function createRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(parent, bindings, options);
}

// The route's pattern; for a request that matched none, its path without the query, tokens redacted.
function routeOf(request: FastifyRequest): { route: string } | { path: string } {
  const route = request.routeOptions.url;
  return route === undefined ? { path: redactUrl(request.url.split('?', 1)[0] ?? '') } : { route };
}

export type RequestCompletionListener = (request: FastifyRequest, reply: FastifyReply) => void;

interface RequestLogOptions {
  logger: Logger;
  // Probes that load balancers call constantly: kept out of the log (not out of the metrics).
  unloggedPaths: ReadonlySet<string>;
  // Runs for every request that completes, logged or not (the request metrics, System Health's tally).
  onRequestCompleted?: RequestCompletionListener;
}

// One line per request, written when it completes: its id (the x-request-id a person quotes from an
// error screen), who asked, which route answered and how. The route is its pattern (/api/jobs/:id),
// never the URL, which may carry a token. Written through the root logger with the id as a field, so
// a request that logs nothing else never builds its child logger.
class RequestLogController extends LogController {
  readonly #logger: Logger;
  readonly #onRequestCompleted: RequestLogOptions['onRequestCompleted'];

  constructor({ logger, unloggedPaths, onRequestCompleted }: RequestLogOptions) {
    super({ disableRequestLogging: (request) => unloggedPaths.has(request.url) });
    this.#logger = logger;
    this.#onRequestCompleted = onRequestCompleted;
  }

  // At debug level only: a request that never completes (a hung upstream, a client sending its body
  // slowly) shows where it began.
  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request) || !this.#logger.isLevelEnabled('debug')) return;
    this.#logger.debug({ reqId: request.id, method: request.method, ...routeOf(request) }, 'request started');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    this.#onRequestCompleted?.(request, reply);
    if (this.isLogDisabled(request)) return;
    const line = {
      reqId: request.id,
      method: request.method,
      ...routeOf(request),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      ...(request.auth && { userId: request.auth.user.id }),
      remoteAddress: request.ip,
    };
    if (error) this.#logger.error({ ...line, err: error }, 'request errored');
    else this.#logger.info(line, 'request completed');
  }
}

export function createRequestLogController(options: RequestLogOptions): LogController {
  return new RequestLogController(options);
}
