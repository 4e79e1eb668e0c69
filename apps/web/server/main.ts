import './instrument';
import 'reflect-metadata';
import {
  loadConfig,
  processLifecycle,
  processMetrics,
  runMain,
  serveMetrics,
  shutdownOptions,
  stopTracing,
} from '@mepedia/server-config';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { webEnv } from './config';
import { registerWeb } from './web-host';

const REQUEST_ID = /^[\w.:-]{1,64}$/;

// The web app as its own process (services mode, Kubernetes): pages rendered on
// the server, data from the gateway.
runMain(async () => {
  const config = loadConfig('web', webEnv);
  // One JSON line per event on stdout, as every app writes them (docs/operations.md, "Logs").
  const logger = pino({
    name: 'web',
    level: config.LOG_LEVEL,
    timestamp: pino.stdTimeFunctions.isoTime,
  });
  // Fastify's own logger type, so the instance is the plain FastifyInstance the host expects.
  const fastifyLogger: FastifyBaseLogger = logger;
  const fastify = Fastify({
    trustProxy: config.TRUST_PROXY,
    loggerInstance: fastifyLogger,
    disableRequestLogging: true,
    // The ingress's request id when it sent a sane one, else our own.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
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
  const context = {
    apiBaseUrl: config.GATEWAY_URL.replace(/\/+$/, ''),
    publicApiUrl: config.PUBLIC_API_URL.replace(/\/+$/, ''),
    siteUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
    production: config.NODE_ENV === 'production',
    supportChatUrl: config.SUPPORT_CHAT_URL,
  };
  // Once stopping, answers end their connection, so no kept-alive socket holds the close open.
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (processLifecycle.isStopping) void reply.header('connection', 'close');
    done(null, payload);
  });
  processMetrics.instrumentHttp(fastify, 'web');
  fastify.get('/health/live', async () => ({ status: 'ok' }));
  // Ready while running; 503 from a SIGTERM on, before the server stops taking requests.
  fastify.get('/health/ready', async (_request, reply) => {
    const ok = !processLifecycle.isStopping;
    void reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'unavailable', checks: [{ name: 'shutdown', ok }] };
  });
  await registerWeb(fastify, () => context);
  const address = await fastify.listen({ port: config.PORT, host: config.HOST });
  process.stdout.write(`Mepedia web listening on ${address}\n`);
  const closeMetrics = await serveMetrics('web', config);
  // SIGTERM: not ready, pages being drawn finish, then exit.
  const close = async () => {
    await fastify.close();
    await closeMetrics();
    await stopTracing();
  };
  processLifecycle.exitOnSignals(close, shutdownOptions(config), logger);
});
