import { createPublicKey } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { serviceUrlVariable, type ServiceApp } from '@mepedia/contracts';
import { envPort, envUrl, loadConfig, platformEnv } from '@mepedia/server-config';
import { openDatabase } from '@mepedia/server-database';
import { createLogger } from '@mepedia/server-http';
import {
  exportIdentityKeys,
  generateIdentityKeys,
  parsePrivateKey,
} from '@mepedia/server-identity';
import { openBus, openQueue, type ServicePlatform } from '@mepedia/server-platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createGatewayApp } from '../../gateway/src/gateway.app';
import { loadGatewayConfig } from '../../gateway/src/gateway.config';
import { createPostsApp } from '../../posts/src/posts.app';
import { loadPostsOptions } from '../../posts/src/posts.options';
import { createUsersApp } from '../../users/src/users.app';
import { loadUsersOptions } from '../../users/src/users.options';
import { createWorkerApp } from '../../worker/src/worker.app';
import { loadWorkerConfig } from '../../worker/src/worker.config';
import { registerWeb } from '../../web/server/web-host';
import { z } from 'zod';

export const standaloneEnv = z.object({
  ...platformEnv,
  PORT: envPort(3000),
  // Loopback unless asked: the dev outbox shows every code and link, and a laptop on a cafe's
  // network should not serve it (or the site) to strangers.
  HOST: z.string().default('127.0.0.1'),
  /** The external support chat group the site links to. */
  SUPPORT_CHAT_URL: envUrl(['https']).default('https://chat.whatsapp.com/mepedia-support'),
});

/**
 * Every service, the gateway (and later the worker and web app) in ONE
 * process: one database (PGlite unless DATABASE_URL is set), one in-process
 * queue and bus, a signing key made fresh at each start. Services listen on
 * loopback ports of their own; only the gateway's port is public.
 */
/**
 * Without PUBLIC_URL, links in emails and pages point at this process: the port is settled
 * first (a free one for PORT=0) so every part is configured with the address it will have.
 */
async function withOwnAddress(
  given: Record<string, string | undefined>,
): Promise<Record<string, string | undefined>> {
  const env = { ...given };
  const config = loadConfig('standalone', standaloneEnv, env);
  if (env['PUBLIC_URL']) return env;
  let port = config.PORT;
  if (port === 0) {
    const probe = createServer();
    port = await new Promise<number>((resolvePort, reject) => {
      probe.once('error', reject);
      probe.listen(0, config.HOST, () => resolvePort((probe.address() as AddressInfo).port));
    });
    await new Promise((resolveClose) => probe.close(resolveClose));
  }
  env['PORT'] = String(port);
  env['PUBLIC_URL'] = `http://localhost:${port}`;
  return env;
}

export async function startStandalone(given: Record<string, string | undefined> = process.env) {
  // Every part's configuration is checked before anything starts.
  const env = await withOwnAddress(given);
  const config = loadConfig('standalone', standaloneEnv, env);
  const usersOptions = loadUsersOptions(env);
  const worker = loadWorkerConfig(env);
  const postsOptions = loadPostsOptions(env);
  const logger = createLogger({ name: 'standalone', level: config.LOG_LEVEL });
  const configuredKey = env['IDENTITY_PRIVATE_KEY'];
  const privateKey = configuredKey
    ? parsePrivateKey(configuredKey)
    : generateIdentityKeys().privateKey;
  const publicKey = createPublicKey(privateKey);

  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    applicationName: 'mepedia-standalone',
  });
  const queue = openQueue(config, logger);
  const bus = openBus(config);
  const platform: ServicePlatform = {
    production: config.NODE_ENV === 'production',
    logger,
    database,
    queue,
    bus,
    identityPublicKey: publicKey,
  };

  const services: Array<{ name: ServiceApp; app: NestFastifyApplication }> = [];
  const stoppers: Array<() => Promise<void>> = [];
  const stopServices = async () => {
    for (const { app } of services.reverse()) await app.close();
    for (const stop of stoppers.reverse()) await stop();
  };
  try {
    const workerApp = await createWorkerApp(
      { logger: logger.child({ service: 'worker' }), database, queue },
      worker.config,
    );
    await workerApp.app.listen({ port: 0, host: '127.0.0.1' });
    stoppers.push(() => workerApp.close());
    const workerUrl = (await workerApp.app.getUrl()).replace('[::1]', '127.0.0.1');

    const users = await createUsersApp(
      { ...platform, logger: logger.child({ service: 'users' }) },
      usersOptions,
    );
    await users.listen({ port: 0, host: '127.0.0.1' });
    services.push({ name: 'users', app: users });

    const posts = await createPostsApp(
      { ...platform, logger: logger.child({ service: 'posts' }) },
      postsOptions,
    );
    await posts.listen({ port: 0, host: '127.0.0.1' });
    services.push({ name: 'posts', app: posts });

    const serviceUrls: Record<string, string> = {};
    for (const { name, app } of services) {
      serviceUrls[serviceUrlVariable(name)] = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    }
    const gatewayConfig = loadGatewayConfig({
      ...env,
      ...serviceUrls,
      PORT: String(config.PORT),
      HOST: config.HOST,
      ...(config.NODE_ENV === 'production' ? {} : { WORKER_URL: workerUrl }),
      IDENTITY_PRIVATE_KEY: exportIdentityKeys({ privateKey, publicKey }).privateKey,
    });
    // The web app shares the gateway's port: pages at /, the API at /api, one origin.
    const web = {
      apiBaseUrl: '',
      publicApiUrl: '',
      siteUrl: usersOptions.publicUrl,
      production: usersOptions.production,
      supportChatUrl: config.SUPPORT_CHAT_URL,
    };
    const gateway = await createGatewayApp(gatewayConfig, {
      bus,
      logger: logger.child({ service: 'gateway' }),
      extend: (fastify) => registerWeb(fastify, () => web),
    });
    await gateway.app.listen({ port: config.PORT, host: config.HOST });
    const address = gateway.app.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    // Pages rendered here fetch their data from this same process, over loopback.
    web.apiBaseUrl = `http://127.0.0.1:${port}`;

    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        await gateway.close();
        // Jobs in flight finish before the services and the database go.
        await queue.close();
        await stopServices();
        await bus.close();
        await database.close();
      })());
    return { url: `http://localhost:${port}`, port, close };
  } catch (error) {
    await stopServices().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
