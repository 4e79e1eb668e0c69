import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  GzipTemplate,
  acceptsEncoding,
  compressBody,
  isCompressible,
  pickEncoding,
  sendResponse,
} from './compression';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and sends as it is when neither is accepted', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeUndefined();
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('')).toBeUndefined();
  });

  it('honours weights: q=0 refuses a coding, a higher q wins, * stands for the unlisted', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('*;q=0')).toBeUndefined();
    expect(pickEncoding(['gzip', 'BR; Q=1'])).toBe('br');
  });
});

describe('acceptsEncoding', () => {
  it('is true for a coding listed or covered by *, false at q=0 or when absent', () => {
    expect(acceptsEncoding('gzip, deflate, br', 'gzip')).toBe(true);
    expect(acceptsEncoding('br', 'gzip')).toBe(false);
    expect(acceptsEncoding('gzip;q=0, br', 'gzip')).toBe(false);
    expect(acceptsEncoding('*', 'gzip')).toBe(true);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
  });
});

describe('GzipTemplate', () => {
  const nonce = 'StoredNonceStoredNonce==';
  const page = (n: string) =>
    `<!DOCTYPE html><html><head><link nonce="${n}" rel="stylesheet" href="/a.css"/></head><body>${'<p>שלום, Mepedia: the people’s encyclopedia</p>'.repeat(120)}<script nonce="${n}">go()</script><script nonce="${n}" type="module">import "/b.js"</script></body></html>`;

  it('answers a valid gzip of the page with each answer’s own nonce in every place', () => {
    const template = new GzipTemplate(page(nonce), nonce);
    for (const fresh of [
      'Q2hhbmdlZE5vbmNlMTIzNA==',
      'x',
      'a-much-longer-value-than-a-nonce-ever-is',
    ]) {
      const text = gunzipSync(template.render(fresh)).toString();
      expect(text).toBe(page(fresh));
      expect(text).not.toContain(nonce);
    }
  });

  it('is as small as gzip of the whole page, give or take the nonces', () => {
    const rendered = new GzipTemplate(page(nonce), nonce).render('Q2hhbmdlZE5vbmNlMTIzNA==');
    const whole = gzipSync(page('Q2hhbmdlZE5vbmNlMTIzNA=='), { level: 6 });
    expect(rendered.length).toBeLessThan(whole.length + 200);
    expect(rendered.length).toBeLessThan(Buffer.byteLength(page(nonce)) / 4);
  });

  it('copes with a page without the placeholder, or that starts and ends with it', () => {
    expect(gunzipSync(new GzipTemplate('no nonce here', nonce).render('n')).toString()).toBe(
      'no nonce here',
    );
    expect(
      gunzipSync(new GzipTemplate(`${nonce}middle${nonce}`, nonce).render('N')).toString(),
    ).toBe('NmiddleN');
    expect(gunzipSync(new GzipTemplate('', nonce).render('N')).toString()).toBe('');
  });
});

describe('isCompressible', () => {
  it('takes text and refuses what is compressed already', () => {
    expect(isCompressible('text/html; charset=utf-8')).toBe(true);
    expect(isCompressible('application/json')).toBe(true);
    expect(isCompressible('application/xml')).toBe(true);
    expect(isCompressible('text/plain')).toBe(true);
    expect(isCompressible('image/webp')).toBe(false);
    expect(isCompressible('application/octet-stream')).toBe(false);
    expect(isCompressible(undefined)).toBe(false);
    expect(isCompressible(null)).toBe(false);
  });
});

describe('compressBody', () => {
  const page = Buffer.from(
    `<!DOCTYPE html><html>${'<p>Mepedia, the people’s encyclopedia</p>'.repeat(200)}</html>`,
  );
  it('returns what decompresses to the page, much smaller', () => {
    const br = compressBody(page, 'br');
    const gz = compressBody(page, 'gzip');
    expect(brotliDecompressSync(br).equals(page)).toBe(true);
    expect(gunzipSync(gz).equals(page)).toBe(true);
    expect(br.length).toBeLessThan(page.length / 4);
    expect(gz.length).toBeLessThan(page.length / 4);
  });
});

describe('sendResponse', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((done) => server?.close(done));
    server = undefined;
  });

  // A server answering every request with `make()`, and one request to it.
  async function fetchRaw(
    make: () => Response,
    headers: Record<string, string>,
    method = 'GET',
    onFirstPiece?: () => void,
  ) {
    server = createServer((req, res) => void sendResponse(req, res, make()));
    await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((done, failed) => {
      const call = request({ port, host: '127.0.0.1', method, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          parts.push(chunk);
          if (parts.length === 1) onFirstPiece?.();
        });
        res.on('end', () => done({ headers: res.headers, body: Buffer.concat(parts) }));
      });
      call.on('error', failed);
      call.end();
    });
  }

  /** The raw (still compressed) body of a GET to `listening`. */
  function get(listening: Server, headers: Record<string, string>) {
    const { port } = listening.address() as AddressInfo;
    return new Promise<Buffer>((done, failed) => {
      const call = request({ port, host: '127.0.0.1', headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () => done(Buffer.concat(parts)));
      });
      call.on('error', failed);
      call.end();
    });
  }

  // A page written in pieces, the second a moment after the first, as React streams.
  const streamedPage = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode('<html><head><title>t</title></head>'));
          await new Promise((later) => setTimeout(later, 50));
          controller.enqueue(
            new TextEncoder().encode(`<body>${'<p>story</p>'.repeat(500)}</body></html>`),
          );
          controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': 'text/html', 'set-cookie': 'a=1' } },
    );

  it('compresses a streamed page in brotli, piece by piece, and says so', async () => {
    // The body is written only once the head has reached the client (or after a long wait, when
    // it never does): the head must travel alone, flushed through the compressor, whatever the
    // machine's load does to the timing of the pieces.
    let headArrived: () => void = () => undefined;
    const arrival = new Promise<'head' | 'never'>((resolve) => {
      headArrived = () => resolve('head');
      setTimeout(() => resolve('never'), 5000).unref();
    });
    let bodyWrittenAfter: 'head' | 'never' | undefined;
    const page = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode('<html><head><title>t</title></head>'));
            bodyWrittenAfter = await arrival;
            controller.enqueue(
              new TextEncoder().encode(`<body>${'<p>story</p>'.repeat(500)}</body></html>`),
            );
            controller.close();
          },
        }),
        { status: 200, headers: { 'content-type': 'text/html', 'set-cookie': 'a=1' } },
      );
    const answer = await fetchRaw(page, { 'accept-encoding': 'gzip, br' }, 'GET', headArrived);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['vary']).toMatch(/Accept-Encoding/);
    expect(answer.headers['set-cookie']).toEqual(['a=1']);
    const html = brotliDecompressSync(answer.body).toString();
    expect(html).toMatch(/^<html><head><title>t<\/title><\/head><body>/);
    expect(html.endsWith('</body></html>')).toBe(true);
    // The head was flushed before the body was drawn: the client had it while the page waited.
    expect(bodyWrittenAfter).toBe('head');
  });

  /** A server answering with `page`, counting the pieces written before the answer's end. */
  async function countingWrites(page: () => Response) {
    let writes = 0;
    const counting = createServer((req, res) => {
      const write = res.write.bind(res) as (chunk: unknown) => boolean;
      res.write = ((chunk: unknown) => {
        writes += 1;
        return write(chunk);
      }) as typeof res.write;
      void sendResponse(req, res, page());
    });
    server = counting;
    await new Promise<void>((listening) => counting.listen(0, '127.0.0.1', listening));
    return { server: counting, writes: () => writes };
  }

  it('sends the pieces written in one go together, compressed or not', async () => {
    // Forty pieces at once, as React writes a page's shell, then one more a moment later.
    const inPieces = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            for (let i = 0; i < 40; i++)
              controller.enqueue(new TextEncoder().encode(`<p>piece ${i}</p>`.repeat(20)));
            await new Promise((later) => setTimeout(later, 50));
            controller.enqueue(new TextEncoder().encode('<p>the end</p>'));
            controller.close();
          },
        }),
        { headers: { 'content-type': 'text/html' } },
      );
    for (const encoding of ['br', 'gzip', 'identity']) {
      const counted = await countingWrites(inPieces);
      const answer = await get(counted.server, { 'accept-encoding': encoding });
      const writes = counted.writes();
      const html =
        encoding === 'br'
          ? brotliDecompressSync(answer).toString()
          : encoding === 'gzip'
            ? gunzipSync(answer).toString()
            : answer.toString();
      expect(html.startsWith('<p>piece 0</p>')).toBe(true);
      expect(html.endsWith('<p>piece 39</p><p>the end</p>')).toBe(true);
      // One write (or two, as the compressor hands its output over) for the forty, one for the
      // last piece, the end: not one for each piece.
      expect({ encoding, few: writes <= 6 }).toEqual({ encoding, few: true });
      // The next encoding gets a server of its own; afterEach closes the last.
      if (encoding !== 'identity') await new Promise((done) => server?.close(done));
    }
  });

  it('compresses a page written at once whole, in one piece, and streams one still being written', async () => {
    const atOnce = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (let i = 0; i < 40; i++)
              controller.enqueue(new TextEncoder().encode(`<p>piece ${i}</p>`.repeat(20)));
            controller.close();
          },
        }),
        { headers: { 'content-type': 'text/html' } },
      );
    for (const [page, streamed] of [
      [atOnce, false],
      [streamedPage, true],
    ] as const) {
      const counted = await countingWrites(page);
      const html = brotliDecompressSync(
        await get(counted.server, { 'accept-encoding': 'br' }),
      ).toString();
      const writes = counted.writes();
      expect(html.endsWith(streamed ? '</body></html>' : '<p>piece 39</p>')).toBe(true);
      // Whole: the compressed page goes with the answer's end, no piece before it.
      expect({ streamed, writes: writes > 0 }).toEqual({ streamed, writes: streamed });
      if (!streamed) await new Promise((done) => server?.close(done));
    }
  });

  it('uses gzip when brotli is not accepted, and sends plain text to a client that takes neither', async () => {
    const gz = await fetchRaw(streamedPage, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('<p>story</p>');
    const plain = await fetchRaw(streamedPage, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<p>story</p>');
  });

  it('leaves what is not text as it is', async () => {
    const bytes = new Uint8Array(4096).fill(7);
    const answer = await fetchRaw(
      () => new Response(bytes, { headers: { 'content-type': 'image/webp' } }),
      { 'accept-encoding': 'br' },
    );
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.equals(Buffer.from(bytes))).toBe(true);
  });
});
