import type { ServerResponse } from 'node:http';
import { call, SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { answerOk, startGatewayEdge, type GatewayEdge } from './test-gateway';

type Problem = { code?: string; message?: string };

// The gateway in front of a stand-in service that holds `getPostById` without an answer and
// answers everything else at once: the caller hears of the slow service, in time and in their
// words, and the gateway goes on serving.
describe('the gateway with a service that does not answer in time', () => {
  const held = new Set<ServerResponse>();
  let edge: GatewayEdge | undefined;
  let base: string;

  beforeAll(async () => {
    edge = await startGatewayEdge(
      (req, res) => {
        if (req.url === '/api/posts/getPostById') {
          req.resume();
          held.add(res);
        } else answerOk(req, res);
      },
      { env: { UPSTREAM_TIMEOUT_MS: '300' } },
    );
    ({ base } = edge);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    for (const res of held) res.destroy();
    await edge?.close();
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
