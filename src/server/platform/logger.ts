import { type Logger, pino } from 'pino';
import type { Config } from '../config';

// Structured JSON logs on stdout; secrets in headers never reach them.
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  });
}
