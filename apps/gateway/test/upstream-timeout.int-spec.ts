import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_APPS, serviceUrlVariable } from '@mepedia/contracts';
import { call, SETUP_TIMEOUT_MS, testIdentity } from '@mepedia/server-testing';
import { createGatewayApp, type GatewayApp } from '../src/gateway.app';
import { loadGatewayConfig } from '../src/gateway.config';

type Problem = { code?: string; message?: string };

// The gateway in front of a stand-in service that holds `getPostById` without an answer and
// answers everything else at once: the caller hears of the slow service, in time and in their
// words, and the gateway goes on serving.
describe('the gateway with a service that does not answer in time', () => {
  const identity = testIdentity();
  const held = new Set<ServerResponse>();
  let upstream: Server;
  let gateway: GatewayApp;
  let base: string;

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      req.resume();
      if (req.url === '/api/posts/getPostById') {
        held.add(res);
        return;
      }
      req.on('end', () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
      );
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    gateway = await createGatewayApp(
      loadGatewayConfig({
        IDENTITY_PRIVATE_KEY: identity.exported.privateKey,
        ...Object.fromEntries(SERVICE_APPS.map((app) => [serviceUrlVariable(app), upstreamUrl])),
        LOG_LEVEL: 'silent',
        UPSTREAM_TIMEOUT_MS: '300',
      }),
    );
    await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await gateway.app.getUrl()).replace('[::1]', '127.0.0.1');
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    for (const res of held) res.destroy();
    await gateway?.close();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  }, SETUP_TIMEOUT_MS);

  it('answers 504 UPSTREAM_TIMEOUT in the caller’s language once UPSTREAM_TIMEOUT_MS has passed', async () => {
    const started = Date.now();
    const english = await call<Problem>(base, 'POST', '/api/posts/getPostById', {
      body: { postId: 'p1' },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(english.status).toBe(504);
    expect(english.body.code).toBe('UPSTREAM_TIMEOUT');
    expect(english.body.message).toBe('The server took too long to answer. Please try again');

    const hebrew = await call<Problem>(base, 'POST', '/api/posts/getPostById', {
      body: { postId: 'p1' },
      headers: { 'accept-language': 'he' },
    });
    expect(hebrew.status).toBe(504);
    expect(hebrew.body.message).toBe('השרת לא הגיב בזמן. יש לנסות שוב');
  });

  it('goes on passing other calls to the same service at once', async () => {
    const answer = await call<{ ok: boolean }>(base, 'POST', '/api/posts/getPosts', { body: {} });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
  });
});
