import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  call,
  PROCESS_TEST_TIMEOUT_MS,
  SETUP_TIMEOUT_MS,
  startProcess,
  testIdentity,
  type RunningProcess,
} from '@mepedia/server-testing';

/**
 * A stand-in for the site service that holds each request until the test lets it go: a slow
 * upstream, so a request is surely in flight when the gateway gets its SIGTERM.
 */
function slowUpstream() {
  const held: Array<() => void> = [];
  let arrived: (() => void) | undefined;
  const server: Server = createServer((_request: IncomingMessage, response: ServerResponse) => {
    held.push(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ en: { greeting: 'still here' }, he: {} }));
    });
    arrived?.();
  });
  return {
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    /** Resolves once a request is being held. */
    nextRequest: () => new Promise<void>((resolve) => (arrived = resolve)),
    releaseAll: () => held.splice(0).forEach((release) => release()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// The gateway as its own process: scraped, then stopped the way Kubernetes stops it.
describe('the gateway process: metrics and graceful shutdown', () => {
  const identity = testIdentity();
  const upstream = slowUpstream();
  let gateway: RunningProcess;
  let url: string;
  let metricsUrl: string;

  beforeAll(async () => {
    const site = await upstream.start();
    gateway = await startProcess(
      'dist/apps/gateway/src/main.js',
      {
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        IDENTITY_PRIVATE_KEY: identity.exported.privateKey,
        SITE_SERVICE_URL: site,
        PORT: '0',
        HOST: '127.0.0.1',
        // Long enough to ask /health/ready while it drains, on a slow machine.
        SHUTDOWN_DRAIN_MS: '1500',
        SHUTDOWN_TIMEOUT_MS: '20000',
        METRICS_PORT: '0',
      },
      /listening on (http:\/\/\S+)/,
    );
    url = gateway.match[1]!;
    await waitFor(() => /metrics on (http:\/\/\S+)/.test(gateway.output()));
    metricsUrl = gateway.output().match(/metrics on (http:\/\/\S+)/)![1]!;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    upstream.releaseAll();
    await gateway?.stop();
    await upstream.close();
  }, SETUP_TIMEOUT_MS);

  it('counts a request in the latency histogram by its route, on the metrics port only', async () => {
    const scrape = async () => (await fetch(metricsUrl)).text();
    const line = (text: string) =>
      text
        .split('\n')
        .find(
          (row) =>
            row.startsWith('http_request_duration_seconds_count{') &&
            row.includes('service="gateway"') &&
            row.includes('route="/api/applicationText/getFormattedText"') &&
            row.includes('status_code="200"'),
        );
    const countOf = (text: string) => Number(line(text)?.split(' ').at(-1) ?? 0);
    const before = countOf(await scrape());

    const arrived = upstream.nextRequest();
    const answer = call(url, 'GET', '/api/applicationText/getFormattedText');
    await arrived;
    upstream.releaseAll();
    expect((await answer).status).toBe(200);

    const text = await scrape();
    expect(countOf(text)).toBe(before + 1);
    expect(text).toMatch(/^process_resident_memory_bytes\{app="gateway"\} \d+/m);
    // The public port has no /metrics: the world never reads them.
    expect((await call(url, 'GET', '/metrics')).status).toBe(404);
  });

  it(
    'on SIGTERM turns not-ready first, lets the request in flight finish, then exits 0',
    async () => {
      expect((await call(url, 'GET', '/health/ready')).status).toBe(200);

      const arrived = upstream.nextRequest();
      const inFlight = call<{ en: Record<string, string> }>(
        url,
        'GET',
        '/api/applicationText/getFormattedText',
      );
      await arrived;

      const exited = new Promise<number | null>((resolve) =>
        gateway.child.once('exit', (code) => resolve(code)),
      );
      gateway.child.kill('SIGTERM');
      // The log line comes first: readiness is false from here on.
      await waitFor(() => gateway.output().includes('shutting down: not ready any more'));

      const ready = await call<{ checks: Array<{ name: string; ok: boolean }> }>(
        url,
        'GET',
        '/health/ready',
      );
      expect(ready.status).toBe(503);
      expect(ready.body.checks).toContainEqual({ name: 'shutdown', ok: false });

      // After the drain the server stops taking requests (503 or a refused connection) while
      // the one in flight is still held upstream: only then is it let go.
      await waitForAsync(async () => {
        const live = await call(url, 'GET', '/health/live').catch(() => undefined);
        return live?.status !== 200;
      });
      expect(gateway.child.exitCode).toBeNull();
      upstream.releaseAll();
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.body.en).toEqual({ greeting: 'still here' });

      expect(await exited).toBe(0);
      expect(gateway.output()).toMatch(/"msg":"shut down"/);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

async function waitFor(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function waitForAsync(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
