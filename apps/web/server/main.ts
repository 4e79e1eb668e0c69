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
import Fastify from 'fastify';
import { webEnv } from './config';
import { registerWeb } from './web-host';

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
