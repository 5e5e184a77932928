/**
 * Structured logs (pino). API keys never reach a log line: the header is redacted and keys are
 * only ever referred to by id.
 */
import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level = 'info'): Logger {
  return pino({
    level,
    redact: { paths: ['apiKey', 'req.headers["x-api-key"]', 'headers["x-api-key"]', '*.apiKey'], censor: '[redacted]' },
  });
}

export const silentLogger: Logger = pino({ level: 'silent' });
