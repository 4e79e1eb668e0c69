import { createPublicKey } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import type { ServiceApp } from '@mepedia/contracts';
import {
  envBoolean,
  envPort,
  envUrl,
  loadConfig,
  platformEnv,
  serveMetrics,
  shutdownOptions,
  stopTracing,
} from '@mepedia/server-config';
import { openDatabase } from '@mepedia/server-database';
import { createLogger } from '@mepedia/server-http';
import {
  exportIdentityKeys,
  generateIdentityKeys,
  parsePrivateKey,
} from '@mepedia/server-identity';
import { openBus, openQueue, watchDatabase, type ServicePlatform } from '@mepedia/server-platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createGatewayApp, inProcessUpstream } from '../../gateway/src/gateway.app';
import { claimAdminSocket, operatorCommands, type AdminSocket } from '../../users/src/users.app';
import { loadGatewayConfig } from '../../gateway/src/gateway.config';
import { createWorkerApp } from '../../worker/src/worker.app';
import { loadWorkerConfig } from '../../worker/src/worker.config';
import { registerWeb, type WebContext } from '../../web/server/web-host';
import { seedDemo } from './demo/seed';
import { inProcessFetch } from './in-process-fetch';
import { SERVICE_DEFINITIONS, serviceDefinitions } from './services';
import { z } from 'zod';

export const standaloneEnv = z.object({
  ...platformEnv,
  /** Where to listen: the site and the API on one port. */
  PORT: envPort(3000),
  /**
   * The address to listen on: loopback unless asked, as the dev outbox shows every code and link,
   * and a laptop on a cafe's network should not serve it (or the site) to strangers.
   */
  HOST: z.string().default('127.0.0.1'),
  /** The external support chat group the site links to. */
  SUPPORT_CHAT_URL: envUrl(['https']).default('https://chat.whatsapp.com/mepedia-support'),
  /** Seed the demo community (demo/seed.ts) at start when no member has published yet. */
  DEMO_SEED: envBoolean(false),
  /**
   * Development and tests only (refused in production): interface text overrides laid over the
   * site's own, as JSON (`{"en":{"<message key>":"<text>"},"he":{}}`), to try a text before its
   * migration is written. The web app checks them as it checks the site's (docs/api/site.md).
   */
  SITE_TEXT_OVERRIDES: z.string().optional(),
});

/**
 * Every service, the gateway (and later the worker and web app) in ONE
 * process: one database (PGlite unless DATABASE_URL is set), one in-process
 * queue and bus, a signing key made fresh at each start. Only the gateway listens: it hands
 * requests to the services in process, and the pages' loaders reach it the same way.
 */
const fastifyOf = (app: NestFastifyApplication) => app.getHttpAdapter().getInstance();

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

/** SITE_TEXT_OVERRIDES read as JSON; a production process refuses it (texts come by migration). */
function siteTextOverrides(value: string | undefined, production: boolean): unknown {
  if (value === undefined) return undefined;
  if (production)
    throw new Error('SITE_TEXT_OVERRIDES is for development and tests: write a site migration');
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new Error('SITE_TEXT_OVERRIDES is not JSON');
  }
}

export async function startStandalone(given: Record<string, string | undefined> = process.env) {
  // Every part's configuration is checked before anything starts.
  const env = await withOwnAddress(given);
  const config = loadConfig('standalone', standaloneEnv, env);
  const extraTexts = siteTextOverrides(
    config.SITE_TEXT_OVERRIDES,
    config.NODE_ENV === 'production',
  );
  const worker = loadWorkerConfig(env);
  // Each service's options from the environment, but what standalone hands over itself: the
  // users' (read once, the web host needs them too) and the site's text overrides.
  const usersOptions = SERVICE_DEFINITIONS.users.loadOptions(env);
  const handed: Partial<Record<ServiceApp, unknown>> = {
    users: usersOptions,
    site: { extraTexts },
  };
  const configured = serviceDefinitions.map((service) => ({
    service,
    options: service.name in handed ? handed[service.name] : service.loadOptions(env),
  }));
  const logger = createLogger({ name: 'standalone', level: config.LOG_LEVEL });
  const configuredKey = env['IDENTITY_PRIVATE_KEY'];
  const privateKey = configuredKey
    ? parsePrivateKey(configuredKey)
    : generateIdentityKeys().privateKey;
  const publicKey = createPublicKey(privateKey);

  // On PGlite in a folder, this process claims the folder first (its admin socket, which the
  // operator's command talks to: docs/moderation.md): a second process on it stops here. An
  // admin command holding it a moment is waited for.
  const adminSocket: AdminSocket | undefined =
    config.DATABASE_URL || config.DATA_DIR.startsWith('memory://')
      ? undefined
      : await claimAdminSocket(config.DATA_DIR, {
          waitMs: 15_000,
          onError: (error) => logger.error({ err: error }, 'an operator command failed'),
        });
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      template: config.PGLITE_TEMPLATE,
      applicationName: 'mepedia-standalone',
    });
  } catch (error) {
    await adminSocket?.close();
    throw error;
  }
  watchDatabase('standalone', database);
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
    // Only the gateway listens; it hands requests to the others in process (no sockets).
    const workerApp = await createWorkerApp(
      { logger: logger.child({ service: 'worker' }), database, queue },
      worker.config,
    );
    await workerApp.app.init();
    stoppers.push(() => workerApp.close());

    for (const { service, options } of configured) {
      const app = await service.createApp(
        { ...platform, logger: logger.child({ service: service.name }) },
        options,
      );
      await app.init();
      services.push({ name: service.name, app });
    }

    const gatewayConfig = loadGatewayConfig({
      ...env,
      PORT: String(config.PORT),
      HOST: config.HOST,
      IDENTITY_PRIVATE_KEY: exportIdentityKeys({ privateKey, publicKey }).privateKey,
    });
    // The web app shares the gateway's port: pages at /, the API at /api, one origin.
    const web: WebContext = {
      // Only a label: apiFetch (below) answers the loaders' calls in process.
      apiBaseUrl: 'http://in-process',
      publicApiUrl: '',
      siteUrl: usersOptions.publicUrl,
      production: usersOptions.production,
      supportChatUrl: config.SUPPORT_CHAT_URL,
    };
    // With the demo seed, the process is ready once the community is in (or the seed gave up):
    // /health/ready says 503 meanwhile, so nothing routed by readiness sees half a community.
    let seeded = !config.DEMO_SEED;
    const gateway = await createGatewayApp(gatewayConfig, {
      readiness: [
        {
          name: 'demo-seed',
          check: async () => {
            if (!seeded) throw new Error('the demo seed is still running');
          },
        },
      ],
      bus,
      logger: logger.child({ service: 'gateway' }),
      // Pages share the one thread with the services: two drawn at a time (render-queue.ts), and
      // guests' pages dropped the moment posts or people change.
      extend: (fastify) => registerWeb(fastify, () => web, { renderConcurrency: 2, changes: bus }),
      // One process: the gateway hands requests to the services without a socket.
      upstreams: Object.fromEntries(
        services.map(({ name, app }) => [name, inProcessUpstream(fastifyOf(app))]),
      ),
      devOutbox: inProcessUpstream(fastifyOf(workerApp.app)),
    });
    // And pages fetch their data from the gateway the same way: no loopback HTTP.
    web.apiFetch = inProcessFetch(fastifyOf(gateway.app));
    await gateway.app.listen({ port: config.PORT, host: config.HOST });
    const address = gateway.app.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const closeMetrics = await serveMetrics('standalone', config);

    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        // No operator command starts once the stop begins; one running finishes first.
        await adminSocket?.close();
        await gateway.close();
        // Jobs in flight finish before the services and the database go.
        await queue.close();
        await stopServices();
        await bus.close();
        await database.close();
        await closeMetrics();
        await stopTracing();
      })());
    const url = `http://localhost:${port}`;
    // The seed calls this process as a member's browser would, on the address it listens on.
    const own = ['0.0.0.0', '::'].includes(config.HOST) ? '127.0.0.1' : config.HOST;
    // The operator's commands (npm run admin), run here on this process's database; a role's
    // change reaches the gateway on the bus at once.
    const answer = operatorCommands(database.db, bus);
    adminSocket?.serve(async (request) => {
      const result = await answer(request);
      logger.info(
        { operator: request.actor, command: request.args[0], exitCode: result.exitCode },
        'operator command',
      );
      return result;
    });
    if (config.DEMO_SEED) {
      await seedAtStart(`http://${own.includes(':') ? `[${own}]` : own}:${port}`, logger);
      seeded = true;
    }
    return { url, port, close, logger, shutdown: shutdownOptions(config) };
  } catch (error) {
    await stopServices().catch(() => undefined);
    await database.close().catch(() => undefined);
    await adminSocket?.close().catch(() => undefined);
    throw error;
  }
}

/** The demo community, when asked for: a failure is reported and the site runs on without it. */
async function seedAtStart(url: string, logger: ReturnType<typeof createLogger>): Promise<void> {
  const started = Date.now();
  try {
    const seeded = await seedDemo(url, (line) => logger.info(line));
    if (seeded === 'not-empty')
      logger.info('demo seed: skipped, the community has published members already');
    else
      logger.info(
        { ...seeded, ms: Date.now() - started },
        'demo seed: the demo community is in (docs/development.md, "Demo content")',
      );
  } catch (error) {
    logger.error({ err: error }, 'demo seed failed; the site runs without it');
  }
}
