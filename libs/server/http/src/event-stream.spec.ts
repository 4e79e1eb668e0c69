import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'undici';
import { EventStream, type EventStreamOptions } from './event-stream';

type Opened = { stream: EventStream; closed: Promise<void> };

/** A server whose one route opens a stream and hands it to the test. */
async function streamServer(options: EventStreamOptions): Promise<{
  app: FastifyInstance;
  url: string;
  next(): Promise<Opened>;
}> {
  const app = Fastify();
  const waiting: Array<(opened: Opened) => void> = [];
  app.get('/stream', (req, reply) => {
    const stream = new EventStream(req, reply, options);
    const closed = new Promise<void>((resolve) => stream.onClose(resolve));
    waiting.shift()?.({ stream, closed });
    stream.respond();
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    url,
    next: () => new Promise<Opened>((resolve) => waiting.push(resolve)),
  };
}

/** Collects a body's text as it comes, without taking the body over. */
function collect(body: NodeJS.ReadableStream): {
  text(): string;
  until(text: string): Promise<string>;
} {
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
    text: () => seen,
    async until(text) {
      while (!seen.includes(text)) {
        if (ended) throw new Error(`the stream ended before ${JSON.stringify(text)}: ${seen}`);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      return seen;
    },
  };
}

describe(EventStream.name, () => {
  let server: Awaited<ReturnType<typeof streamServer>> | undefined;
  afterEach(async () => {
    await server?.app.close();
    server = undefined;
  });

  it('answers text/event-stream, says when to retry, and writes each event as id, event and one line of JSON', async () => {
    server = await streamServer({ retryMs: 1234 });
    const opened = server.next();
    const answer = await request(`${server.url}/stream`, { headers: { 'last-event-id': 'n-41' } });
    const { stream } = await opened;
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-accel-buffering']).toBe('no');
    expect(stream.lastEventId).toBe('n-41');

    const body = collect(answer.body);
    stream.send({ id: 'n-42', event: 'notification', data: { text: 'two\nlines <b>' } });
    const text = await body.until('data:');
    expect(text).toContain('retry: 1234\n\n');
    await body.until('<b>"}\n\n');
    expect(body.text()).toContain(
      'id: n-42\nevent: notification\ndata: {"text":"two\\nlines <b>"}\n\n',
    );
    stream.close();
  });

  it('keeps a line break out of an id or event name, and ignores a Last-Event-ID that is not one line of text', async () => {
    server = await streamServer({});
    const opened = server.next();
    const answer = await request(`${server.url}/stream`, {
      headers: { 'last-event-id': 'a b' },
    });
    const { stream } = await opened;
    expect(stream.lastEventId).toBeUndefined();
    stream.send({ id: 'x\ndata: forged', event: 'a\r\nb', data: 1 });
    stream.close();
    const text = await answer.body.text();
    expect(text).toContain('id: x data: forged\nevent: a b\ndata: 1\n\n');
    expect(text.match(/^data:/gm)).toHaveLength(1);
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    server = await streamServer({ heartbeatMs: 30 });
    const opened = server.next();
    const answer = await request(`${server.url}/stream`);
    const { stream } = await opened;
    const body = collect(answer.body);
    expect(await body.until(': heartbeat\n\n')).toContain('retry:');
    stream.close();
  });

  it('ends by itself after its lifetime, so the client reconnects (and is checked again)', async () => {
    server = await streamServer({ lifetimeMs: 50 });
    const opened = server.next();
    const answer = await request(`${server.url}/stream`);
    const { stream, closed } = await opened;
    await closed;
    expect(stream.open).toBe(false);
    expect(await answer.body.text()).toContain('retry:');
  });

  it('lets go as soon as the client leaves, over HTTP', async () => {
    server = await streamServer({});
    const opened = server.next();
    const leaving = new AbortController();
    const answer = await request(`${server.url}/stream`, { signal: leaving.signal });
    const { stream, closed } = await opened;
    expect(stream.open).toBe(true);
    answer.body.on('error', () => undefined);
    leaving.abort();
    await closed;
    expect(stream.open).toBe(false);
    // Writing after the client left is harmless.
    stream.send({ data: 'nobody' });
  });

  it('lets go when the caller in the same process aborts (the gateway in npm start), and not merely because the request was read', async () => {
    server = await streamServer({});
    const opened = server.next();
    const leaving = new AbortController();
    const answer = await server.app.inject({
      method: 'GET',
      url: '/stream',
      payloadAsStream: true,
      signal: leaving.signal,
    });
    const { stream, closed } = await opened;
    stream.send({ id: '1', data: 'first' });
    const body = collect(answer.stream());
    expect(await body.until('data: "first"\n\n')).toContain('id: 1\n');
    expect(stream.open).toBe(true);
    leaving.abort();
    await closed;
    expect(stream.open).toBe(false);
  });
});
