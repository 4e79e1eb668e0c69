import './instrument';
import 'reflect-metadata';
import {
  envBoolean,
  envPort,
  envUrl,
  loadConfig,
  metricsEnv,
  processLifecycle,
  processMetrics,
  runMain,
  serveMetrics,
  shutdownEnv,
  shutdownOptions,
  stopTracing,
} from '@mepedia/server-config';
import Fastify from 'fastify';
import { z } from 'zod';
import { registerWeb } from './web-host';

const webEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: envPort(3001),
  HOST: z.string().default('0.0.0.0'),
  /** Where the server reaches the API (the gateway). */
  GATEWAY_URL: envUrl(['http', 'https']),
  /** Where browsers reach the API; empty when an ingress serves /api on this same origin. */
  PUBLIC_API_URL: z.string().default(''),
  PUBLIC_URL: envUrl(['http', 'https']).default('http://localhost:3001'),
  TRUST_PROXY: envBoolean(false),
  SUPPORT_CHAT_URL: envUrl(['https']).default('https://chat.whatsapp.com/mepedia-support'),
  ...shutdownEnv,
  ...metricsEnv,
});

// The web app as its own process (services mode, Kubernetes): pages rendered on
// the server, data from the gateway.
runMain(async () => {
  const config = loadConfig('web', webEnv);
  const fastify = Fastify({ trustProxy: config.TRUST_PROXY, logger: false });
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
  processLifecycle.exitOnSignals(close, shutdownOptions(config), {
    info: (details, message) => process.stdout.write(`${message} ${JSON.stringify(details)}\n`),
    error: (details, message) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
  });
});
