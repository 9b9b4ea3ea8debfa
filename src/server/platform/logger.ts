import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';
import { type Logger, pino } from 'pino';
import type { Config } from '../config';

// Structured JSON logs on stdout; secrets in headers never reach them.
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  });
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
