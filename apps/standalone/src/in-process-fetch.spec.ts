import Fastify, { type FastifyInstance } from 'fastify';
import { inProcessFetch } from './in-process-fetch';

describe(inProcessFetch.name, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    app.post('/echo', async (request, reply) => {
      void reply.header('set-cookie', 'a=1').header('x-answer', 'yes');
      return {
        ip: request.ip,
        forwarded: request.headers['x-forwarded-for'] ?? null,
        body: request.body,
        cookie: request.headers.cookie ?? null,
      };
    });
    await app.ready();
  });

  afterAll(() => app.close());

  it('hands the request to the instance and its answer back, headers and all', async () => {
    const response = await inProcessFetch(app)('http://in-process/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'mepedia_locale=he' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-answer')).toBe('yes');
    expect(response.headers.getSetCookie()).toEqual(['a=1']);
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer.body).toEqual({ hello: 'world' });
    expect(answer.cookie).toBe('mepedia_locale=he');
  });

  it('makes the page visitor’s address the request’s own, so limits count the visitor', async () => {
    const response = await inProcessFetch(app)('http://in-process/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: '{}',
    });
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer.ip).toBe('203.0.113.7');
    expect(answer.forwarded).toBeNull();
  });

  it('takes string bodies only', async () => {
    await expect(
      inProcessFetch(app)('http://in-process/echo', { method: 'POST', body: new Uint8Array(1) }),
    ).rejects.toThrow(TypeError);
  });
});
