import { randomUUID } from 'node:crypto';
import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import { ErrorFilter } from './error-filter';
import { NestPinoLogger, type AppLogger } from './logger';

export type HttpAppOptions = {
  logger: AppLogger;
  /** Largest request body accepted, in bytes. */
  bodyLimit?: number;
  /** Parse JSON bodies (services) or leave them raw (the gateway streams them on). */
  bodyParser?: boolean;
  /** Trust X-Forwarded-* from this many proxy hops (or true for all). */
  trustProxy?: boolean | number;
};

const REQUEST_ID = /^[\w.:-]{1,64}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

/**
 * A Nest app on Fastify with our request ids, request log and error envelope.
 * Shutdown is the entry point's job: it closes the app (running the shutdown
 * hooks) and then the shared resources, in order.
 */
export async function createHttpApp(
  module: Type | DynamicModule,
  options: HttpAppOptions,
): Promise<NestFastifyApplication> {
  const { logger } = options;
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // We log one line per request ourselves (onResponse below).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) =>
      requestIdFrom(request.headers['x-request-id']),
    return503OnClosing: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: new NestPinoLogger(logger),
    bodyParser: options.bodyParser ?? true,
    abortOnError: false,
  });
  // Errors before a handler runs (body parsing, size limits) reach the same filter:
  // Nest routes Fastify's error handler through its exception filters.
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    logger.info(
      {
        requestId: request.id,
        method: request.method,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
  app.useGlobalFilters(new ErrorFilter(logger));
  return app;
}
