import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { UploadsInFlight, isLoopback, originAllowed } from './proxy';

const request = (method: string, headers: Record<string, string>) =>
  ({
    method,
    headers: { host: 'mepedia.test', ...headers },
    protocol: 'https',
  }) as unknown as FastifyRequest;

describe(isLoopback.name, () => {
  it('knows loopback peers, in IPv4, IPv6 and mapped form', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(address)).toBe(true);
    for (const address of ['10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', 'fe80::1', undefined])
      expect(isLoopback(address)).toBe(false);
  });
});

describe(originAllowed.name, () => {
  const web = ['https://www.mepedia.test'];

  it('lets reads through from anywhere', () => {
    expect(originAllowed(request('GET', { origin: 'https://evil.test' }), web)).toBe(true);
  });

  it('lets writes through from this site, the web app, and non-browser clients', () => {
    expect(originAllowed(request('POST', { origin: 'https://mepedia.test' }), web)).toBe(true);
    expect(originAllowed(request('PUT', { origin: 'https://www.mepedia.test' }), web)).toBe(true);
    expect(originAllowed(request('POST', {}), web)).toBe(true);
    expect(originAllowed(request('POST', { 'sec-fetch-site': 'same-origin' }), web)).toBe(true);
  });

  it('stops writes from other sites', () => {
    expect(originAllowed(request('POST', { origin: 'https://evil.test' }), web)).toBe(false);
    expect(originAllowed(request('DELETE', { origin: 'http://mepedia.test' }), web)).toBe(false);
    expect(originAllowed(request('POST', { 'sec-fetch-site': 'cross-site' }), web)).toBe(false);
  });
});

describe(UploadsInFlight.name, () => {
  // A real server and client: the caller hangs up while the gateway is still deciding (its
  // session and limits are awaited), so the answer's `close` has happened before a place is taken.
  async function withServer(
    onRequest: (request: IncomingMessage, response: ServerResponse) => void,
    client: (port: number) => Promise<void>,
  ) {
    const server = createServer(onRequest);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await client((server.address() as AddressInfo).port);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  it('gives a place back at once when the caller left before it was taken', async () => {
    const uploads = new UploadsInFlight({ process: 3, perMember: 2 });
    // Another upload of the same member's is on its way meanwhile, and keeps its place.
    expect(uploads.take('m1')).toBeUndefined();
    let decide: (refused: string | undefined) => void = () => undefined;
    const taken = new Promise<string | undefined>((resolve) => (decide = resolve));
    await withServer(
      (request, response) => {
        // Decided only after the caller is gone, as after a slow session look-up.
        request.socket.once('close', () =>
          setImmediate(() => decide(uploads.takeFor('m1', response))),
        );
      },
      async (port) => {
        const socket = connect(port, '127.0.0.1');
        await new Promise<void>((ready) => socket.once('connect', ready));
        socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 10485760\r\n\r\n');
        await new Promise((wait) => setTimeout(wait, 50));
        socket.destroy();
        await taken;
      },
    );
    expect(await taken).toBeUndefined();
    await new Promise((wait) => setImmediate(wait));
    // The dropped upload's place is back, once: the other one still holds its own.
    expect(uploads.inFlight).toBe(1);
    expect(uploads.take('m1')).toBeUndefined();
    expect(uploads.take('m1')).toBe('UPLOADS_IN_PROGRESS');
  });

  it('holds a place while the answer is on its way, and gives it back once', async () => {
    const uploads = new UploadsInFlight({ process: 3, perMember: 2 });
    const during: number[] = [];
    await withServer(
      (_request, response) => {
        expect(uploads.takeFor('m1', response)).toBeUndefined();
        during.push(uploads.inFlight);
        response.end('ok');
      },
      async (port) => {
        const answer = await fetch(`http://127.0.0.1:${port}/upload`, { method: 'POST' });
        expect(await answer.text()).toBe('ok');
      },
    );
    await new Promise((wait) => setImmediate(wait));
    expect(during).toEqual([1]);
    expect(uploads.inFlight).toBe(0);
  });
});
