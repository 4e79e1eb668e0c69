import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

// Never log these, wherever they appear in a logged object.
const REDACT = [
  'password',
  'newPassword',
  'token',
  'verifyCode',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.verifyCode',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-mepedia-identity"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-mepedia-identity"]',
];

export type AppLogger = Logger;

export function createLogger(options: {
  name: string;
  level: string;
  /** Where lines go (stdout by default); tests pass a stream to read them. */
  destination?: pino.DestinationStream;
}): AppLogger {
  const settings: pino.LoggerOptions = {
    name: options.name,
    level: options.level,
    redact: { paths: REDACT, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

/** Nest's own messages (bootstrap, route mapping) through the same pino logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: AppLogger) {}

  log(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
