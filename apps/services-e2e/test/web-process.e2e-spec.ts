import {
  call,
  eventually,
  SETUP_TIMEOUT_MS,
  startProcess,
  type RunningProcess,
} from '@mepedia/server-testing';

// The web server as its own process, as Kubernetes runs it: JSON logs with the request id, its
// metrics on their own port, and a clean stop.
describe('the web server process', () => {
  let web: RunningProcess;
  let url: string;

  beforeAll(async () => {
    web = await startProcess(
      'dist/apps/web/server/main.js',
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        PORT: '0',
        HOST: '127.0.0.1',
        // Never called by these requests.
        GATEWAY_URL: 'http://127.0.0.1:9',
        METRICS_PORT: '0',
      },
      /listening on (http:\/\/\S+)/,
    );
    url = web.match[1]!;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    if (web?.child.exitCode === null) await web.stop();
  }, SETUP_TIMEOUT_MS);

  it('logs each request as one JSON line with its request id, and counts it by route', async () => {
    const metricsUrl = await eventually(
      async () => web.output().match(/metrics on (http:\/\/\S+)/)?.[1],
      { what: 'the metrics address' },
    );
    const answer = await call(url, 'GET', '/health/live?probe=1', {
      headers: { 'x-request-id': 'web-probe-1' },
    });
    expect(answer.status).toBe(200);

    const line = await eventually(async () =>
      web
        .output()
        .split('\n')
        .filter((text) => text.startsWith('{'))
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry['msg'] === 'request' && entry['requestId'] === 'web-probe-1'),
    );
    expect(line).toMatchObject({
      name: 'web',
      level: 30,
      method: 'GET',
      url: '/health/live',
      status: 200,
    });
    expect(typeof line['time']).toBe('string');

    const metrics = await (await fetch(metricsUrl)).text();
    expect(metrics).toMatch(
      /^http_request_duration_seconds_count\{app="web",service="web",method="GET",route="\/health\/live",status_code="200"\} 1$/m,
    );
  });

  it('is ready until it stops on SIGTERM, then exits 0', async () => {
    expect((await call(url, 'GET', '/health/ready')).status).toBe(200);
    expect(await web.stop()).toBe(0);
    expect(web.output()).toMatch(/"msg":"shut down"/);
  });
});
