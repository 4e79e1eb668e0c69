import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_APPS, serviceUrlVariable } from '@mepedia/contracts';
import { testIdentity } from '@mepedia/server-testing';
import { createGatewayApp, type GatewayApp } from '../src/gateway.app';
import { loadGatewayConfig } from '../src/gateway.config';

// The gateway in the test's own process, in front of stand-ins for the services: what its
// integration tests start, each with the stand-in and settings of its own.

export type StandIn = { server: Server; url: string; close: () => Promise<void> };

/** A stand-in's answer to any call: 200 `{"ok":true}`, once the request's body is in. */
export const answerOk: RequestListener = (req, res) => {
  req.resume();
  req.on('end', () =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
  );
};

/** A stand-in HTTP server on a free loopback port. */
export async function startStandIn(handler: RequestListener): Promise<StandIn> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The gateway on a free loopback port with `env` (beside a signing key, `identity`'s, and silent
 * logs). `base` names the address by IPv4, whatever address Fastify reports.
 */
export async function startGateway(
  env: Record<string, string>,
  identity = testIdentity(),
): Promise<{ gateway: GatewayApp; base: string }> {
  const gateway = await createGatewayApp(
    loadGatewayConfig({
      IDENTITY_PRIVATE_KEY: identity.exported.privateKey,
      LOG_LEVEL: 'silent',
      ...env,
    }),
  );
  try {
    await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    return { gateway, base: (await gateway.app.getUrl()).replace('[::1]', '127.0.0.1') };
  } catch (error) {
    await gateway.close();
    throw error;
  }
}

export type GatewayEdge = {
  gateway: GatewayApp;
  base: string;
  upstream: StandIn;
  /** The gateway, then the stand-in. */
  close: () => Promise<void>;
};

/**
 * The gateway with one stand-in (`handler`) for every service, and for the worker too when
 * `worker` says so; `env` is the rest of its settings.
 */
export async function startGatewayEdge(
  handler: RequestListener,
  options: {
    env?: Record<string, string>;
    identity?: ReturnType<typeof testIdentity>;
    worker?: boolean;
  } = {},
): Promise<GatewayEdge> {
  const upstream = await startStandIn(handler);
  try {
    const { gateway, base } = await startGateway(
      {
        ...Object.fromEntries(SERVICE_APPS.map((app) => [serviceUrlVariable(app), upstream.url])),
        ...(options.worker ? { WORKER_URL: upstream.url } : {}),
        ...options.env,
      },
      options.identity,
    );
    return {
      gateway,
      base,
      upstream,
      close: async () => {
        await gateway.close();
        await upstream.close();
      },
    };
  } catch (error) {
    await upstream.close();
    throw error;
  }
}
