import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, SETUP_TIMEOUT_MS, testIdentity } from '@mepedia/server-testing';
import { createGatewayApp, type GatewayApp } from '../src/gateway.app';
import { loadGatewayConfig } from '../src/gateway.config';

// /dev/outbox is the worker's, reachable through the gateway outside production only.
describe('the dev outbox route', () => {
  let worker: Server;
  let workerUrl: string;
  const gateways: GatewayApp[] = [];

  beforeAll(async () => {
    worker = createServer((request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify([{ channel: 'sms', path: request.url }]));
    });
    await new Promise<void>((resolve) => worker.listen(0, '127.0.0.1', resolve));
    workerUrl = `http://127.0.0.1:${(worker.address() as AddressInfo).port}`;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
    await new Promise((resolve) => worker.close(resolve));
  }, SETUP_TIMEOUT_MS);

  async function gatewayIn(nodeEnv: 'development' | 'production') {
    const gateway = await createGatewayApp(
      loadGatewayConfig({
        NODE_ENV: nodeEnv,
        WORKER_URL: workerUrl,
        IDENTITY_PRIVATE_KEY: testIdentity().exported.privateKey,
        LOG_LEVEL: 'silent',
      }),
    );
    gateways.push(gateway);
    await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    return (await gateway.app.getUrl()).replace('[::1]', '127.0.0.1');
  }

  it('is proxied to the worker in development', async () => {
    const response = await call(await gatewayIn('development'), 'GET', '/dev/outbox');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([{ channel: 'sms', path: '/dev/outbox' }]);
  });

  it('does not exist in production', async () => {
    const response = await call(await gatewayIn('production'), 'GET', '/dev/outbox');
    expect(response.status).toBe(404);
  });
});
