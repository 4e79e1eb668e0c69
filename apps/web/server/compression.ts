import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzipSync,
  type BrotliCompress,
  type Gzip,
} from 'node:zlib';

// Pages are compressed as they are sent: an HTML page is four to five times smaller in brotli,
// and on a slow phone that is the round trips before its first paint. (Assets are compressed
// once, at build time: tools/build.mjs writes .br and .gz beside them.)

export type Encoding = 'br' | 'gzip';

/** Answers smaller than this go as they are: compressing them saves less than a packet. */
export const MIN_COMPRESSED_BYTES = 1024;

// Brotli at 5 compresses a page nearly as well as at 11, in a fraction of the time: pages are
// compressed on every answer (each carries its own nonce), not once.
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

/**
 * The encoding to answer in, from the request's Accept-Encoding: brotli when accepted, else
 * gzip, else none. A coding listed with q=0 is refused; `*` accepts whichever is not listed.
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const accepted = (['br', 'gzip'] as const).filter((coding) => weightOf(coding) > 0);
  // The highest weight wins; between equals, brotli (smaller).
  return accepted.sort((a, b) => weightOf(b) - weightOf(a))[0];
}

/** Text that compresses: pages, JSON, XML (the sitemap), plain text (robots.txt). */
export function isCompressible(
  contentType: string | number | string[] | null | undefined,
): boolean {
  if (typeof contentType !== 'string') return false;
  return /^(text\/|application\/(json|xml|xhtml\+xml|javascript)|image\/svg\+xml)/i.test(
    contentType.trim(),
  );
}

/** `body` in `encoding`, at once: for pages drawn whole (the guests' cache). */
export function compressBody(body: Buffer, encoding: Encoding): Buffer<ArrayBufferLike> {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: GZIP_LEVEL });
}

/** Adds Accept-Encoding to the answer's Vary, once. */
export function varyOnEncoding(res: ServerResponse): void {
  const current = res.getHeader('vary');
  const listed = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (listed.some((name) => name.toLowerCase() === 'accept-encoding' || name === '*')) return;
  res.setHeader('vary', [...listed, 'Accept-Encoding'].join(', '));
}

/**
 * Send a Fetch `response` on `res`, compressed when the client accepts it and the content is
 * text. A streamed page stays streamed: every piece React writes is flushed through the
 * compressor as it comes, so the browser can start on the head while the rest is drawn.
 */
export async function sendResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
): Promise<void> {
  const encoding =
    response.body && req.method !== 'HEAD' && isCompressible(response.headers.get('content-type'))
      ? pickEncoding(req.headers['accept-encoding'])
      : undefined;
  for (const [name, value] of response.headers) {
    if (encoding && name === 'content-length') continue;
    res.appendHeader(name, value);
  }
  if (encoding) {
    res.setHeader('content-encoding', encoding);
    varyOnEncoding(res);
  }
  res.writeHead(response.status);
  if (!response.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  const compressor: BrotliCompress | Gzip | undefined = encoding
    ? encoding === 'br'
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : createGzip({ level: GZIP_LEVEL })
    : undefined;
  compressor?.on('data', (chunk: Buffer) => res.write(chunk));
  const finished = compressor
    ? new Promise<void>((done, failed) => {
        compressor.once('end', done);
        compressor.once('error', failed);
      })
    : Promise.resolve();
  try {
    for await (const chunk of response.body) {
      if (res.destroyed) break;
      if (!compressor) {
        res.write(chunk);
        continue;
      }
      compressor.write(chunk);
      // What React has written so far goes out now, not when the compressor's buffer fills.
      await new Promise<void>((flushed) =>
        compressor.flush(
          encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH,
          () => flushed(),
        ),
      );
    }
    compressor?.end();
    await finished;
  } finally {
    res.end();
  }
}
