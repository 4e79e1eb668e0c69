import { call, SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import type { GatewayApp } from '../src/gateway.app';
import { startGateway, startStandIn, type StandIn } from './test-gateway';

// /dev/outbox is the worker's, reachable through the gateway outside production only.
describe('the dev outbox route', () => {
  let worker: StandIn | undefined;
  const gateways: GatewayApp[] = [];

  beforeAll(async () => {
    worker = await startStandIn((request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify([{ channel: 'sms', path: request.url }]));
    });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
    await worker?.close();
  }, SETUP_TIMEOUT_MS);

  async function gatewayIn(nodeEnv: 'development' | 'production') {
    const { gateway, base } = await startGateway({
      NODE_ENV: nodeEnv,
      WORKER_URL: worker?.url ?? '',
    });
    gateways.push(gateway);
    return base;
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
