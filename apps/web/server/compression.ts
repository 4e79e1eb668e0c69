import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  brotliCompressSync,
  constants,
  crc32,
  createBrotliCompress,
  createGzip,
  deflateRawSync,
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

// Pages are compressed on every answer (each carries its own nonce), not once, so the quality is
// the cheap end of brotli's: on a 16 KB home page, quality 4 takes 0.48 ms for 5.1 KB, 5 takes
// 0.66 ms for 4.7 KB, 11 many times that (docs/benchmarks.md has the throughput).
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

// The weight the client gives each coding in Accept-Encoding (absent: not listed).
function weights(acceptEncoding: string | string[] | undefined): Map<string, number> {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return weights;
}

const weightOf = (listed: Map<string, number>, coding: Encoding) =>
  listed.get(coding) ?? listed.get('*') ?? 0;

/** Whether Accept-Encoding accepts `coding`: listed (or `*`) and not with q=0. */
export function acceptsEncoding(
  acceptEncoding: string | string[] | undefined,
  coding: Encoding,
): boolean {
  return weightOf(weights(acceptEncoding), coding) > 0;
}

/**
 * The encoding to answer in, from the request's Accept-Encoding: brotli when accepted, else
 * gzip, else none. A coding listed with q=0 is refused; `*` accepts whichever is not listed.
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const listed = weights(acceptEncoding);
  const accepted = (['br', 'gzip'] as const).filter((coding) => weightOf(listed, coding) > 0);
  // The highest weight wins; between equals, brotli (smaller).
  return accepted.sort((a, b) => weightOf(listed, b) - weightOf(listed, a))[0];
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

/**
 * A page kept in the guests' cache, gzipped once for every answer it will make, although each
 * answer carries another nonce. The text between the nonces is deflated once, each piece ending
 * on a byte boundary (a sync flush) so that pieces can be joined; an answer is those pieces with
 * its nonce between them as stored (uncompressed) deflate blocks, then the end block and gzip's
 * trailer (the CRC-32 and length of the whole). Answering costs a CRC over the page, some
 * microseconds, where compressing it would cost half a millisecond. The nonce stays unknown to
 * every other reader of the page, as it must for the CSP to mean anything.
 */
export class GzipTemplate {
  private readonly texts: Buffer[];
  private readonly deflated: Buffer[];

  constructor(body: string, placeholder: string) {
    this.texts = body.split(placeholder).map((text) => Buffer.from(text));
    this.deflated = this.texts.map((text) =>
      deflateRawSync(text, { level: GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH }),
    );
  }

  /** The gzip of the page with `value` wherever the placeholder was. */
  render(value: string): Buffer {
    const filler = Buffer.from(value);
    if (filler.length > 0xffff) throw new Error('a stored deflate block holds 65,535 bytes');
    const stored = Buffer.alloc(5);
    stored.writeUInt8(0, 0); // not the last block; type 00, stored
    stored.writeUInt16LE(filler.length, 1);
    stored.writeUInt16LE(~filler.length & 0xffff, 3);
    const parts: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    let length = 0;
    this.texts.forEach((text, index) => {
      if (index > 0) {
        parts.push(stored, filler);
        crc = crcOf(filler, crc);
        length += filler.length;
      }
      parts.push(this.deflated[index]!);
      crc = crcOf(text, crc);
      length += text.length;
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(length >>> 0, 4);
    parts.push(LAST_EMPTY_BLOCK, trailer);
    return Buffer.concat(parts);
  }
}
// Node 20's zlib.crc32 answers 0 for some empty buffers whatever the running value: an empty
// piece (a page that starts or ends with the nonce) leaves the value as it is.
const crcOf = (bytes: Buffer, running: number) =>
  bytes.length === 0 ? running : crc32(bytes, running);
// gzip's header: magic, deflate, no flags, no time, no extra flags, OS unknown.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty fixed-Huffman block marked last: the end of the deflate stream.
const LAST_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

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
 * text. A page written at once is compressed whole; one still being written after a moment
 * stays streamed: what React writes is flushed through the compressor as it comes, so the
 * browser can start on the head while the rest is drawn.
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
  const pieces = (response.body as ReadableStream<Uint8Array>)[Symbol.asyncIterator]();
  let next = pieces.next();
  // Most pages are written in one go once their data is read (React's shell, then the loaders'
  // data a moment later): gathered whole and compressed in one call on this thread, they make no
  // trips to zlib's thread pool. A page still being written WHOLE_WITHIN_MS after it began (a
  // part that waits on something slow) goes on as a stream from what it has.
  if (encoding) {
    const gathered: Uint8Array[] = [];
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), WHOLE_WITHIN_MS);
    });
    try {
      for (;;) {
        const piece = await Promise.race([next, late]);
        if (piece === 'late' || res.destroyed) break;
        if (piece.done) {
          res.end(compressBody(Buffer.concat(gathered), encoding));
          return;
        }
        gathered.push(piece.value);
        next = pieces.next();
      }
    } catch (error) {
      res.end();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    return streamOn(res, encoding, gathered, next, pieces);
  }
  return streamOn(res, undefined, [], next, pieces);
}

/** A page still being written is pages long to wait for as a whole: gathered this long at most. */
const WHOLE_WITHIN_MS = 20;

/**
 * Send the rest of a page as it is written: `gathered` first, then `next` and what follows it
 * from `pieces`, compressed as a stream in `encoding` (or not at all).
 */
async function streamOn(
  res: ServerResponse,
  encoding: Encoding | undefined,
  gathered: Uint8Array[],
  first: Promise<IteratorResult<Uint8Array>>,
  pieces: AsyncIterator<Uint8Array>,
): Promise<void> {
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
  // What React has written so far goes out as soon as it pauses, not when the compressor's
  // buffer fills. React writes a page in pieces of a few KB, many in one go: those are joined and
  // go through the compressor together, with one flush, once the go is over. (zlib compresses
  // each write on its thread pool, one after another: a page written piece by piece made ten or
  // more trips there, 2 to 4 ms of a member's page; docs/benchmarks.md.)
  let flushScheduled = false;
  let ended = false;
  let pending: Uint8Array[] = gathered;
  const takePending = (): Uint8Array | undefined => {
    if (pending.length === 0) return undefined;
    const joined = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    return joined;
  };
  const sendSoon = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      if (ended || res.destroyed) return;
      const piece = takePending();
      if (!piece) return;
      if (compressor) {
        compressor.write(piece);
        compressor.flush(
          encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH,
        );
      } else res.write(piece);
    });
  };
  try {
    if (pending.length > 0) sendSoon();
    for (let piece = await first; !piece.done; piece = await pieces.next()) {
      if (res.destroyed) {
        // The reader left: the page stops being drawn.
        await pieces.return?.();
        break;
      }
      pending.push(piece.value);
      sendSoon();
    }
    ended = true;
    const rest = res.destroyed ? undefined : takePending();
    if (compressor) {
      if (rest) compressor.write(rest);
      compressor.end();
      await finished;
    } else if (rest) res.write(rest);
  } finally {
    res.end();
  }
}
