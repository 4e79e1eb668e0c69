import type { IncomingMessage, ServerResponse } from 'node:http';
import { notificationsRoutes } from '@mepedia/contracts';
import { SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { request } from 'undici';
import { startGatewayEdge, type GatewayEdge } from './test-gateway';

const STREAM = notificationsRoutes.notificationStream.path;

type Held = { req: IncomingMessage; res: ServerResponse; closed: Promise<void> };

/** A request's JSON body, once it is in. */
function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body ? (JSON.parse(body) as unknown) : undefined));
  });
}

/** Collects a body's text as it comes, without taking the body over. */
function collect(body: NodeJS.ReadableStream): { until(text: string): Promise<string> } {
  let seen = '';
  let ended = false;
  const waiting: Array<() => void> = [];
  const wakeAll = () => {
    for (const wake of waiting.splice(0)) wake();
  };
  body.on('data', (chunk: Buffer) => {
    seen += chunk.toString('utf8');
    wakeAll();
  });
  // Ended or cut before the text came: the wait fails at once rather than at the test's timeout.
  body.on('error', () => ((ended = true), wakeAll()));
  body.on('end', () => ((ended = true), wakeAll()));
  return {
    async until(text) {
      while (!seen.includes(text)) {
        if (ended) throw new Error(`the stream ended before ${JSON.stringify(text)}: ${seen}`);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      return seen;
    },
  };
}

// The gateway in front of a stand-in whose stream route answers server-sent events slowly: the
// gateway keeps such a route open past UPSTREAM_TIMEOUT_MS (which still ends any other slow
// call), passes each event on as it comes, tells the service when the client leaves, and lets
// no guest open one.
describe('the gateway with a stream of server-sent events', () => {
  const held: Held[] = [];
  const waiting: Array<(stream: Held) => void> = [];
  let edge: GatewayEdge | undefined;
  let base = '';

  beforeAll(async () => {
    edge = await startGatewayEdge(
      (req, res) => {
        void (async () => {
          const body = await readJson(req);
          if (req.url === '/internal/sessions/resolve') {
            const { token } = body as { token: string };
            const session = token.startsWith('member-')
              ? { userId: token, sessionId: `s-${token}`, language: 'en' }
              : null;
            res
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ session }));
            return;
          }
          if (req.url?.startsWith(STREAM)) {
            res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
            res.write('retry: 1000\n\n');
            const stream: Held = {
              req,
              res,
              closed: new Promise((resolve) => res.once('close', () => resolve())),
            };
            held.push(stream);
            waiting.shift()?.(stream);
            return;
          }
          // Any other call is held past the upstream timeout.
          setTimeout(() => res.writeHead(200).end('{}'), 2000).unref();
        })();
      },
      { env: { UPSTREAM_TIMEOUT_MS: '300' } },
    );
    base = edge.base;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    for (const stream of held) stream.res.destroy();
    await edge?.close();
  }, SETUP_TIMEOUT_MS);

  const nextStream = () => new Promise<Held>((resolve) => waiting.push(resolve));

  it('stays open past the upstream timeout and passes each event on as it comes, with the Last-Event-ID', async () => {
    const opened = nextStream();
    const answer = await request(`${base}${STREAM}`, {
      headers: { cookie: 'mepedia_session=member-reader', 'last-event-id': 'stamp-7' },
    });
    const stream = await opened;
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(stream.req.headers['last-event-id']).toBe('stamp-7');
    // The service sees the member, signed by the gateway, never the cookie.
    expect(stream.req.headers['x-mepedia-identity']).toEqual(expect.any(String));
    expect(stream.req.headers.cookie).toBeUndefined();

    const body = collect(answer.body);
    await body.until('retry: 1000\n\n');
    // Three times the upstream timeout, silent: a JSON call would have been cut at 300 ms.
    await new Promise((resolve) => setTimeout(resolve, 900));
    stream.res.write('id: 1\nevent: unread\ndata: {"count":2}\n\n');
    expect(await body.until('data: {"count":2}\n\n')).toContain('id: 1\nevent: unread\n');

    answer.body.destroy();
    await stream.closed;
  });

  it('ends the call to the service as soon as the client leaves', async () => {
    const opened = nextStream();
    const leaving = new AbortController();
    const answer = await request(`${base}${STREAM}`, {
      headers: { cookie: 'mepedia_session=member-leaver' },
      signal: leaving.signal,
    });
    const stream = await opened;
    answer.body.on('error', () => undefined);
    leaving.abort();
    await stream.closed;
    expect(stream.res.destroyed || stream.res.writableEnded).toBe(true);
  });

  it('refuses a guest before the service hears of it, and still times out any other slow call', async () => {
    const before = held.length;
    const guest = await request(`${base}${STREAM}`);
    expect(guest.statusCode).toBe(401);
    expect(((await guest.body.json()) as { code: string }).code).toBe('AUTH_REQUIRED');
    expect(held).toHaveLength(before);

    const slow = await request(`${base}/api/notifications/getUnreadCount`, {
      method: 'POST',
      headers: { cookie: 'mepedia_session=member-reader', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(slow.statusCode).toBe(504);
    await slow.body.dump();
  });
});
