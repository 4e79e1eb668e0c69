import { randomUUID } from 'node:crypto';
import { loggedPath } from './logged-path';
import { processLifecycle, processMetrics } from '@mepedia/server-config';
import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { parseJsonBody } from './json-body';
import { ErrorFilter, sendProblem } from './error-filter';
import { NestPinoLogger, type AppLogger } from './logger';

export type HttpAppOptions = {
  logger: AppLogger;
  /** Largest request body accepted, in bytes. */
  bodyLimit?: number;
  /** Parse JSON bodies (services) or leave them raw (the gateway streams them on). */
  bodyParser?: boolean;
  /** Trust X-Forwarded-* from this many proxy hops (or true for all). */
  trustProxy?: boolean | number;
  /**
   * Where request ids come from: a service takes the gateway's `x-request-id`; the gateway,
   * facing the world, mints its own (a client's id is only logged, as `clientRequestId`).
   */
  requestIds?: 'from-header' | 'minted';
  /**
   * Media types a body may have (services: JSON only). Any other type on a call that carries a
   * body is answered 415 before parsing, so no other parser can read what a check did not see.
   */
  bodyTypes?: readonly string[];
  /**
   * How long a client may take (the gateway's, facing the world; Node's defaults otherwise):
   * the whole request, its headers, an idle socket, an idle kept-alive connection.
   */
  timeouts?: HttpTimeouts;
};

export type HttpTimeouts = {
  /** The whole request, headers and body, from its first byte (Node answers 408 and closes). */
  requestMs: number;
  /** The request's headers (no more than `requestMs`). */
  headersMs: number;
  /** A socket with no traffic either way. */
  idleMs: number;
  /** A kept-alive connection between requests. */
  keepAliveMs: number;
};

const REQUEST_ID = /^[\w.:-]{1,64}$/;

const FORM_TYPE = 'application/x-www-form-urlencoded';

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

/** `Application/JSON; charset=utf-8` -> `application/json`. */
export function mediaTypeOf(header: string | undefined): string | undefined {
  const essence = header?.split(';')[0]?.trim().toLowerCase();
  return essence || undefined;
}

function carriesBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  if (headers['transfer-encoding'] !== undefined) return true;
  return length !== undefined && length !== '0';
}

/**
 * Fastify's (and Node's) server timeouts. Node checks the request and header timeouts on an
 * interval (30 s by default): a quarter of the shorter one, so a timeout is kept to within a
 * quarter of itself.
 */
function serverTimeouts(timeouts: HttpTimeouts) {
  const headersMs = Math.min(timeouts.headersMs, timeouts.requestMs);
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: headersMs,
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(headersMs / 4))),
    },
  };
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
    ...(options.timeouts ? serverTimeouts(options.timeouts) : {}),
    trustProxy: options.trustProxy ?? false,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) =>
      options.requestIds === 'minted'
        ? randomUUID()
        : requestIdFrom(request.headers['x-request-id']),
    return503OnClosing: true,
    // A URL the router cannot read (bad percent-encoding) still gets the one error envelope.
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) =>
      sendProblem(request, reply, error, logger),
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: new NestPinoLogger(logger),
    // JSON bodies are parsed below, by the function the gateway reads them with as well.
    bodyParser: false,
    abortOnError: false,
  });
  // Errors before a handler runs (body parsing, size limits) reach the same filter:
  // Nest routes Fastify's error handler through its exception filters.
  const fastify = app.getHttpAdapter().getInstance();
  const bodyTypes = new Set(options.bodyTypes ?? ['application/json']);
  if (options.bodyParser !== false) {
    fastify.removeContentTypeParser('application/json');
    fastify.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body, done) => {
        try {
          done(null, parseJsonBody(body));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
  }
  // A service that lists form bodies (notifications: RFC 8058's one-click unsubscribe, which mail
  // providers POST as `List-Unsubscribe=One-Click`) reads them as a plain object of strings.
  if (bodyTypes.has(FORM_TYPE)) {
    fastify.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
  }
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    if (options.bodyParser !== false && carriesBody(request.headers)) {
      const type = mediaTypeOf(request.headers['content-type']);
      if (!type || !bodyTypes.has(type)) {
        done(new AppError('UNSUPPORTED_MEDIA_TYPE', { accepted: [...bodyTypes] }));
        return;
      }
    }
    done();
  });
  // Once the process is stopping, every answer ends its connection: a kept-alive socket would
  // hold the server's close open (and the client should reconnect to a replica that stays).
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (processLifecycle.isStopping) void reply.header('connection', 'close');
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    // Set by the identity guard (services) or the session lookup (gateway); read by shape, as
    // this library sits below the identity one.
    const identity = (request as { identity?: { kind: string; userId?: string } }).identity;
    logger.info(
      {
        requestId: request.id,
        ...(identity?.kind === 'member' ? { memberId: identity.userId } : {}),
        method: request.method,
        url: loggedPath(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ...(options.requestIds === 'minted' && typeof request.headers['x-request-id'] === 'string'
          ? { clientRequestId: request.headers['x-request-id'].slice(0, 64) }
          : {}),
      },
      'request',
    );
    done();
  });
  const bindings = logger.bindings() as { service?: string; name?: string };
  processMetrics.instrumentHttp(fastify, bindings.service ?? bindings.name ?? 'app');
  app.useGlobalFilters(new ErrorFilter(logger));
  return app;
}
