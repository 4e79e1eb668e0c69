import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type RequestListener } from 'node:http';
import { connect, type Socket } from 'node:net';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '@mepedia/contracts';
import { IdentityVerifier } from '@mepedia/server-identity';
import { call, parseSetCookie, SETUP_TIMEOUT_MS, testIdentity } from '@mepedia/server-testing';
import type { GatewayApp } from '../src/gateway.app';
import { everyRateLimitAt } from '../src/gateway.config';
import { RATE_RULES } from '../src/rate-rules';
import { answerOk, startGatewayEdge, type GatewayEdge } from './test-gateway';

const randomHex = () => randomBytes(12).toString('hex');

type Seen = {
  method: string;
  path: string;
  identity: string | undefined;
  requestId: string;
  bytes: number;
};

/** A raw request: fetch would clean `./` and `\` out of a path before it left. */
function raw(
  base: string,
  method: string,
  path: string,
  body?: { type: string; text: string },
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingMessage['headers']; text: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          ...headers,
          ...(body
            ? { 'content-type': body.type, 'content-length': Buffer.byteLength(body.text) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body?.text);
  });
}

/** Sockets of partial requests still open: ended before a gateway closes, should a test fail. */
const openSockets = new Set<Socket>();

/**
 * A request whose body is sent only in part: the headers and `sent` of its declared `length`
 * bytes, then nothing. `answered`: the first whole answer, once in; `answer`: all the server
 * wrote, once the connection closed.
 */
function partialRequest(
  base: string,
  path: string,
  headers: Record<string, string>,
  length: number,
  sent: number,
): { socket: Socket; answer: Promise<string>; answered: Promise<string> } {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  openSockets.add(socket);
  socket.on('close', () => openSockets.delete(socket));
  const head = [
    `POST ${path} HTTP/1.1`,
    `host: ${url.host}`,
    `content-length: ${length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  socket.on('error', () => undefined);
  socket.write(head);
  if (sent > 0) socket.write(Buffer.alloc(sent, 7));
  let text = '';
  let first: (value: string) => void = () => undefined;
  const answered = new Promise<string>((resolve) => (first = resolve));
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    // The head and as much body as it declares: one whole answer.
    const end = text.indexOf('\r\n\r\n');
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? 0);
    if (end >= 0 && Buffer.byteLength(text.slice(end + 4)) >= length) first(text);
  });
  const answer = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  return { socket, answer, answered };
}

/** An answer's JSON body (whole, with its length), from the raw text of the answer. */
function problemOf(text: string): { code?: string; message?: string } {
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  try {
    return JSON.parse(body) as { code?: string; message?: string };
  } catch {
    return {};
  }
}

// The gateway alone, in front of a stand-in service that answers 200 to everything and
// records what reached it: paths, limits, ids and cookies are the gateway's own doing.
const SIZED_ANSWER = JSON.stringify({ text: 'שלום '.repeat(2_000) });
const CHUNK = 'x'.repeat(2_048);
const CHUNKS = 100;

describe('the gateway at its edge', () => {
  const identity = testIdentity();
  const verifier = new IdentityVerifier(identity.keys.publicKey, 'posts');
  const seen: Seen[] = [];
  /** Each request's path as it began to reach the service (its body may still be coming). */
  const arrivals: string[] = [];
  let edge: GatewayEdge | undefined;
  let gateway: GatewayApp;
  let base: string;
  const LIMIT = 3;

  beforeAll(async () => {
    const upstream: RequestListener = (req, res) => {
      arrivals.push(req.url ?? '');
      let body = '';
      let bytes = 0;
      req.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes < 64 * 1024) body += chunk.toString();
      });
      req.on('end', () => {
        if (req.url === '/internal/sessions/resolve') {
          const { token } = JSON.parse(body) as { token: string };
          const session = token.startsWith('member-')
            ? {
                userId: token,
                sessionId: `s-${token}`,
                // A member whose token ends in -he reads Hebrew.
                language: token.endsWith('-he') ? 'he' : 'en',
              }
            : null;
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ session }));
          return;
        }
        seen.push({
          method: req.method ?? '',
          path: req.url ?? '',
          identity: req.headers['x-mepedia-identity'] as string | undefined,
          requestId: String(req.headers['x-request-id']),
          bytes,
        });
        // Answers of two shapes: one with its length (sent on whole), one larger, in chunks.
        if (req.url === '/api/posts/sized-answer') {
          res
            .writeHead(200, {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(SIZED_ANSWER),
            })
            .end(SIZED_ANSWER);
          return;
        }
        if (req.url === '/api/posts/chunked-answer') {
          res.writeHead(200, { 'content-type': 'application/json' });
          for (let i = 0; i < CHUNKS; i++) res.write(CHUNK);
          res.end();
          return;
        }
        // An image answer carries the files service's own policy.
        if (req.url?.startsWith('/api/files/image/')) {
          res
            .writeHead(200, {
              'content-type': 'image/webp',
              'content-security-policy': "default-src 'none'; sandbox",
            })
            .end(Buffer.from('RIFF0000WEBP'));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    };
    edge = await startGatewayEdge(upstream, {
      identity,
      worker: true,
      env: {
        // Each test speaks from its own addresses, through one trusted proxy hop.
        TRUST_PROXY_HOPS: '1',
        // Every limit (and its window) at LIMIT: each rule of rate-rules.ts is met after three
        // calls.
        ...everyRateLimitAt(LIMIT),
        // Three uploads in flight for the whole process, two for a member (the default).
        UPLOADS_IN_FLIGHT: '3',
      },
    });
    ({ gateway, base } = edge);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    for (const socket of openSockets) socket.destroy();
    await edge?.close();
  }, SETUP_TIMEOUT_MS);

  /** `/api/users/login` spelled another way for each try: encoded letters, a trailing slash. */
  const spellings = (path: string): string[] => {
    const segments = path.split('/');
    const last = segments.pop() ?? '';
    const encodedFirst = `%${last.charCodeAt(0).toString(16)}${last.slice(1)}`;
    const encodedAll = [...last].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    return [
      path,
      [...segments, encodedFirst].join('/'),
      [...segments, encodedAll].join('/'),
      `${[...segments, encodedFirst].join('/')}/`,
    ];
  };

  /** A limited path as a client calls it: `deletePost/{id}` with an id. */
  const called = (path: string) => path.replace(/\{[^}]+\}/g, 'id-1');
  const limitedByIp = Object.entries(RATE_RULES)
    .filter(([, rules]) => rules.some((rule) => rule.by === 'ip'))
    .map(([path]) => path);

  it('limits every limited path per IP', () => {
    expect(limitedByIp.sort()).toEqual(Object.keys(RATE_RULES).sort());
  });

  it.each(limitedByIp.map((path, index) => [path, index] as const))(
    'limits %s per IP however the path is spelled, and forwards the decoded path',
    async (template, index) => {
      const path = called(template);
      // An address of its own: paths sharing a bucket (codes sent, checks) must not meet.
      const ip = `203.0.113.${10 + index}`;
      // A member of their own each try (members' routes answer a guest 401 first): only the
      // address is the same.
      const headers = (attempt: number) => ({
        'x-forwarded-for': ip,
        cookie: `mepedia_session=member-from-${index}-${attempt}`,
      });
      const before = seen.length;
      const tries = spellings(path);
      const answers = [];
      for (const [attempt, spelled] of tries.entries()) {
        answers.push(
          (
            await raw(
              base,
              'POST',
              spelled,
              { type: 'application/json', text: '{}' },
              headers(attempt),
            )
          ).status,
        );
      }
      // The limit counts every spelling in one bucket, whatever its type.
      expect(answers.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
      expect(answers[LIMIT]).toBe(429);
      const forwarded = seen.slice(before).map((entry) => entry.path.replace(/\/$/, ''));
      expect(forwarded).toEqual(Array(LIMIT).fill(path));
      // A form body counts as well (the service then refuses it: 415; where the limit is keyed
      // by the body's email, the gateway does).
      const form = await raw(
        base,
        'POST',
        tries[1] ?? path,
        { type: 'application/x-www-form-urlencoded', text: 'email=a%40b.example' },
        headers(9),
      );
      expect([200, 415, 429]).toContain(form.status);
    },
  );

  it('limits login per email across spellings and letter case', async () => {
    const email = `limit-${Date.now()}@example.com`;
    const statuses = [];
    for (const [index, spelled] of spellings('/api/users/login').entries()) {
      const response = await raw(
        base,
        'POST',
        spelled,
        {
          type: 'application/json; charset=utf-8',
          text: JSON.stringify({
            email: index % 2 ? email.toUpperCase() : ` ${email}`,
            password: 'x',
          }),
        },
        // A fresh address each time: only the email limit can stop this.
        { 'x-forwarded-for': `203.0.113.${index + 1}` },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits login and reset per email however the JSON is written: a byte-order mark, whitespace, escapes', async () => {
    for (const path of ['/api/users/login', '/api/users/sendPasswordResetEmail']) {
      const email = `bom-${path.length}-${Date.now()}@example.com`;
      const bom = '\uFEFF';
      // Each a body the services read as this email (they drop the mark, as JSON allows).
      const bodies = [
        `${bom}{"email":"${email}","password":"x"}`,
        `${bom}\r\n\t {"email" : "${email.toUpperCase()}", "password":"x"}\n`,
        `${bom}{"\\u0065mail":"${email.replace('@', '\\u0040')}","password":"x"}`,
        `${bom}{"email":" ${email}\\t","password":"x"}`,
        `${bom}{"password":"x","email":"${email}"}`,
      ];
      const statuses = [];
      for (const [index, text] of bodies.entries()) {
        const response = await raw(
          base,
          'POST',
          path,
          { type: 'application/json;charset=UTF-8', text },
          // A fresh address each time: only the email limit can stop this.
          { 'x-forwarded-for': `203.0.114.${index + 1 + (path.length % 50) * 5}` },
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    }
  });

  it.each([
    ['no JSON at all', 'application/json', '{"email": "someone@example.com"', 1],
    ['two byte-order marks', 'application/json', '\uFEFF\uFEFF{"email":"someone@example.com"}', 2],
    ['a __proto__ key', 'application/json', '{"email":"x@example.com","__proto__":{"x":1}}', 3],
    ['a form', 'application/x-www-form-urlencoded', 'email=someone%40example.com', 4],
  ])(
    'answers a login body with %s 400 or 415 in the caller’s language, and forwards nothing',
    async (_name, type, text, index) => {
      const before = seen.length;
      const english = await raw(
        base,
        'POST',
        '/api/users/login',
        { type, text },
        {
          'x-forwarded-for': `203.0.114.${200 + index * 2}`,
        },
      );
      const hebrew = await raw(
        base,
        'POST',
        '/api/users/login',
        { type, text },
        {
          'x-forwarded-for': `203.0.114.${201 + index * 2}`,
          'accept-language': 'he',
        },
      );
      const json = type === 'application/json';
      expect([english.status, hebrew.status]).toEqual(json ? [400, 400] : [415, 415]);
      expect(JSON.parse(english.text)).toMatchObject({
        code: json ? 'INVALID_JSON' : 'UNSUPPORTED_MEDIA_TYPE',
        message: json ? 'The request body is not valid JSON' : 'This content type is not supported',
      });
      expect(JSON.parse(hebrew.text)).toMatchObject({
        message: json ? 'גוף הבקשה אינו JSON תקין' : 'סוג התוכן אינו נתמך',
      });
      expect(seen.length).toBe(before);
    },
  );

  it.each([
    ['an encoded slash', '/api/users/x%2flogin'],
    ['a backslash', '/api/users\\login'],
    ['a dot segment', '/api/users/./login'],
    ['a parent segment', '/api/posts/../users/login'],
    ['an encoded parent segment', '/api/posts/%2e%2e/users/login'],
    ['a double slash', '/api/users//login'],
    ['bad percent-encoding', '/api/users/%zz'],
  ])('refuses a path with %s, and forwards nothing', async (_name, path) => {
    const before = seen.length;
    const response = await raw(base, 'POST', path, { type: 'application/json', text: '{}' });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ code: 'BAD_REQUEST_PATH' });
    expect(seen.length).toBe(before);
  });

  const limitedByMember = Object.entries(RATE_RULES)
    .filter(([, rules]) => rules.some((rule) => rule.by === 'member'))
    .map(([path]) => path);

  it.each(limitedByMember.map((path, index) => [path, index] as const))(
    'limits %s per member, whatever address they come from, with Retry-After',
    async (template, index) => {
      const path = called(template);
      // A member of its own (paths share buckets), from a fresh address each call.
      const cookie = `mepedia_session=member-writer-${index}`;
      const statuses = [];
      let refused: Awaited<ReturnType<typeof raw>> | undefined;
      for (let i = 0; i <= LIMIT; i++) {
        const answer = await raw(
          base,
          'POST',
          path,
          { type: 'application/json', text: '{}' },
          { cookie, 'x-forwarded-for': `198.18.${index}.${i + 1}` },
        );
        statuses.push(answer.status);
        if (answer.status === 429) refused = answer;
      }
      expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
      expect(JSON.parse(refused?.text ?? '{}')).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      // Another member, from an address that has not called, is not held back.
      const other = await raw(
        base,
        'POST',
        path,
        { type: 'application/json', text: '{}' },
        { cookie: `${cookie}-other`, 'x-forwarded-for': `198.18.${index}.200` },
      );
      expect(other.status).toBe(200);
    },
  );

  it('limits translation per member, whatever address they come from', async () => {
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++) {
      const response = await call(base, 'POST', '/api/posts/translateOutput', {
        body: { output: 'hello', target: 'he' },
        headers: {
          cookie: 'mepedia_session=member-translator',
          'x-forwarded-for': `192.0.2.${i + 1}`,
        },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits getUserIdByEmail per member and per address, with Retry-After', async () => {
    const lookUp = (member: string, ip: string, i: number) =>
      raw(base, 'GET', `/api/users/getUserIdByEmail/someone-${i}%40example.com`, undefined, {
        cookie: `mepedia_session=${member}`,
        'x-forwarded-for': ip,
      });
    // One member from a fresh address each time: the member's limit stops them.
    const byMember = [];
    for (let i = 0; i <= LIMIT; i++)
      byMember.push(await lookUp('member-harvester', `198.51.100.${120 + i}`, i));
    expect(byMember.map((answer) => answer.status)).toEqual([...Array(LIMIT).fill(200), 429]);
    expect(JSON.parse(byMember[LIMIT]?.text ?? '{}')).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(byMember[LIMIT]?.headers['retry-after'])).toBeGreaterThan(0);
    // Fresh members from one address: the address's limit stops them.
    const byAddress = [];
    for (let i = 0; i <= LIMIT; i++)
      byAddress.push(await lookUp(`member-harvester-${i}`, '198.51.100.140', i));
    expect(byAddress.map((answer) => answer.status)).toEqual([...Array(LIMIT).fill(200), 429]);
    expect(Number(byAddress[LIMIT]?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits an IPv6 /64 as one address however it is spelled, a mapped IPv4 as itself', async () => {
    const register = (ip: string) =>
      raw(
        base,
        'POST',
        '/api/users/register',
        { type: 'application/json', text: '{}' },
        {
          'x-forwarded-for': ip,
        },
      );
    const block = [
      '2001:db8:77:1::1',
      '2001:DB8:77:1:ffff:ffff:ffff:fffe',
      '2001:0db8:0077:0001:0:0:0:3',
      '2001:db8:77:1::4',
    ];
    const statuses = [];
    for (const ip of block) statuses.push((await register(ip)).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
    // The next /64 is another household.
    expect((await register('2001:db8:77:2::1')).status).toBe(200);
    // A dual-stack socket's view of an IPv4 client is that client.
    const mapped = [];
    for (const ip of ['::ffff:192.0.2.77', '::FFFF:c000:24d', '::ffff:192.0.2.77', '192.0.2.77'])
      mapped.push((await register(ip)).status);
    expect(mapped).toEqual([...Array(LIMIT).fill(200), 429]);
  });

  it('limits comments per member in their own short window, whatever address they come from', async () => {
    const send = (who: string, i: number) =>
      call(base, 'POST', '/api/feedMessages/sendMessage', {
        body: { message: 'hello', postId: 'p1' },
        headers: { cookie: `mepedia_session=${who}`, 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await send('member-talker', i)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await send('member-talker', 9);
    // The comments' window (30 s by default), not the 300 s one of the other limits.
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    // Another member is not held back by the first.
    expect((await send('member-listener', 10)).status).toBe(200);
  });

  describe('uploads', () => {
    const form = (bytes: number) => {
      const boundary = 'mepedia-edge-boundary';
      const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`;
      return {
        type: `multipart/form-data; boundary=${boundary}`,
        body: Buffer.concat([
          Buffer.from(head),
          Buffer.alloc(bytes, 7),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      };
    };
    const send = (path: string, body: { type: string; body: Buffer }, language = 'en') =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': body.type,
          // The member's saved language: Hebrew for one whose token ends in -he.
          cookie: `mepedia_session=member-uploader${language === 'he' ? '-he' : ''}`,
          'accept-language': language,
          'x-forwarded-for': `198.18.0.${language === 'en' ? 1 : 2}`,
        },
        body: body.body,
      });

    it('takes an image of several megabytes to the files service whole, and nothing else that big', async () => {
      const big = form(3 * 1024 * 1024);
      const before = seen.length;
      const uploaded = await send('/api/files/uploadApplicationFile', big);
      expect(uploaded.status).toBe(200);
      expect(seen.slice(before).map((entry) => entry.bytes)).toEqual([big.body.length]);
      // Any other call keeps BODY_LIMIT_BYTES (1 MiB).
      const elsewhere = await send('/api/posts/create', big);
      expect(elsewhere.status).toBe(413);
      expect(((await elsewhere.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
      expect(seen.length).toBe(before + 1);
    });

    it('answers an image past the limit with IMAGE_TOO_BIG in the member’s language', async () => {
      const before = seen.length;
      const huge = form(IMAGE_MAX_BYTES + 128 * 1024);
      const english = await send('/api/files/uploadApplicationFile', huge);
      expect(english.status).toBe(413);
      expect(await english.json()).toMatchObject({
        code: 'IMAGE_TOO_BIG',
        message: 'Image too big',
        details: { maxBytes: IMAGE_MAX_BYTES, maxPixels: IMAGE_MAX_PIXELS },
      });
      const hebrew = await send('/api/files/uploadApplicationFile', huge, 'he');
      expect(await hebrew.json()).toMatchObject({
        code: 'IMAGE_TOO_BIG',
        message: 'התמונה גדולה מדי',
      });
      expect(seen.length).toBe(before);
    });

    const UPLOAD = '/api/files/uploadApplicationFile';
    const uploadHeaders = (cookie: string | undefined, ip: string, language = 'en') => ({
      'content-type': 'multipart/form-data; boundary=mepedia-edge-boundary',
      'x-forwarded-for': ip,
      'accept-language': language,
      ...(cookie ? { cookie: `mepedia_session=${cookie}` } : {}),
    });

    it('answers a guest’s upload 401 before reading its body', async () => {
      const uploads = () => arrivals.filter((path) => path === UPLOAD).length;
      const before = uploads();
      for (const [index, cookie] of [undefined, 'not-a-session'].entries()) {
        // 64 KiB of a declared 10 MiB, then nothing: the answer cannot wait for the rest.
        const upload = partialRequest(
          base,
          UPLOAD,
          uploadHeaders(cookie, `198.18.7.${index + 1}`),
          IMAGE_MAX_BYTES,
          64 * 1024,
        );
        // Answered while the client has sent under 1% of the body.
        const answer = await upload.answered;
        upload.socket.destroy();
        expect(answer).toMatch(/^HTTP\/1\.1 401 /);
        expect(problemOf(answer)).toMatchObject({
          code: 'AUTH_REQUIRED',
          message: 'You must be logged in to do this',
        });
      }
      expect(uploads()).toBe(before);
    });

    it('answers a declared upload past the limit IMAGE_TOO_BIG before reading it', async () => {
      const upload = partialRequest(
        base,
        UPLOAD,
        uploadHeaders('member-declares-too-much-he', '198.18.7.9'),
        IMAGE_MAX_BYTES * 4,
        1024,
      );
      const answer = await upload.answered;
      upload.socket.destroy();
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(problemOf(answer)).toMatchObject({
        code: 'IMAGE_TOO_BIG',
        message: 'התמונה גדולה מדי',
      });
    });

    it('lets a member have two uploads in flight and the process three; one more waits its turn, with Retry-After', async () => {
      const arrived = async (count: number) => {
        // The held uploads reach the service once admitted (their first bytes go on).
        while (arrivals.filter((path) => path === UPLOAD).length < count)
          await new Promise((resolve) => setTimeout(resolve, 20));
      };
      const hold = (who: string, ip: string) =>
        partialRequest(base, UPLOAD, uploadHeaders(who, ip), 1024 * 1024, 4096);
      const already = arrivals.filter((path) => path === UPLOAD).length;
      const held = [hold('member-busy-a', '198.18.8.1'), hold('member-busy-a', '198.18.8.2')];
      await arrived(already + 2);

      // The same member's third, before its body: 429, their other uploads are still going.
      const third = partialRequest(
        base,
        UPLOAD,
        uploadHeaders('member-busy-a', '198.18.8.3'),
        1024 * 1024,
        0,
      );
      const refusedMember = await third.answered;
      third.socket.destroy();
      expect(refusedMember).toMatch(/^HTTP\/1\.1 429 /);
      expect(refusedMember).toMatch(/\r\nretry-after: \d+\r\n/i);
      expect(problemOf(refusedMember)).toMatchObject({
        code: 'UPLOADS_IN_PROGRESS',
        message: 'Your other images are still uploading. Please wait for them and try again',
      });

      // Another member takes the third place; a fourth member finds none: 503, in Hebrew.
      held.push(hold('member-busy-b', '198.18.8.4'));
      await arrived(already + 3);
      const fourth = partialRequest(
        base,
        UPLOAD,
        uploadHeaders('member-busy-c-he', '198.18.8.5'),
        1024 * 1024,
        0,
      );
      const refusedBusy = await fourth.answered;
      fourth.socket.destroy();
      expect(refusedBusy).toMatch(/^HTTP\/1\.1 503 /);
      expect(refusedBusy).toMatch(/\r\nretry-after: \d+\r\n/i);
      expect(problemOf(refusedBusy)).toMatchObject({
        code: 'UPLOADS_BUSY',
        message: 'תמונות רבות מועלות כרגע. יש לנסות שוב בעוד רגע',
      });

      // Uploads whose clients went away give their places back.
      for (const upload of held) upload.socket.destroy();
      let status = 0;
      for (let attempt = 0; status !== 200; attempt++) {
        const small = form(1024);
        const answer = await fetch(`${base}${UPLOAD}`, {
          method: 'POST',
          headers: uploadHeaders(`member-busy-after-${attempt}`, `198.18.9.${attempt + 1}`),
          body: small.body,
        });
        status = answer.status;
        expect([200, 503]).toContain(status);
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });

    it('keeps the files service’s sandboxing policy on an image, framed by nobody', async () => {
      const image = await fetch(`${base}/api/files/image/Edgeimage0123456789abc`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-security-policy')).toBe(
        "default-src 'none'; sandbox; frame-ancestors 'none'",
      );
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      // JSON answers keep the gateway's own.
      const json = await fetch(`${base}/api/posts/getPosts`, { method: 'POST' });
      expect(json.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    });
  });

  it('vouches only for a visitor cookie it signed, and hands a signed one to any other caller', async () => {
    // Each call from an address of its own: the counters' own limit is not what is tested.
    let calls = 0;
    const count = (cookie?: string) =>
      call(base, 'POST', '/api/posts/updateShareProp', {
        body: { objectId: 'x' },
        headers: {
          'x-forwarded-for': `10.29.5.${(calls += 1)}`,
          ...(cookie === undefined ? {} : { cookie: `mepedia_visitor=${cookie}` }),
        },
      });
    const vouched = () => verifier.verifyAssertion(seen[seen.length - 1]?.identity ?? '').visitorId;

    // No cookie: a signed one to keep, and no visitor on this call (so nothing counts).
    const first = await count();
    const cookie = parseSetCookie(first.headers, 'mepedia_visitor');
    expect(cookie?.value).toMatch(/^[0-9a-f]{24}\.[\w-]{22}$/);
    expect(cookie?.attributes.has('httponly')).toBe(true);
    expect(first.headers.get('x-mepedia-visitor')).toBe('new');
    expect(vouched()).toBeUndefined();
    const [id = '', signature = ''] = (cookie?.value ?? '').split('.');

    // The browser sends it back: its id is vouched for, and no new cookie.
    const again = await count(cookie?.value);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(again.headers.get('x-mepedia-visitor')).toBeNull();
    expect(vouched()).toBe(id);

    // Made up (bare 24 hex, as the gateway issued before, or another shape), or tampered with:
    // replaced, never vouched for.
    for (const forged of [
      randomHex(),
      'not-a-visitor-id',
      `${randomHex()}.${signature}`,
      `${id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${id}.`,
      id,
    ]) {
      const answer = await count(forged);
      const replaced = parseSetCookie(answer.headers, 'mepedia_visitor');
      expect(replaced?.value).toMatch(/^[0-9a-f]{24}\.[\w-]{22}$/);
      expect(replaced?.value).not.toBe(forged);
      expect(vouched()).toBeUndefined();
    }

    // A script that keeps no cookie is never a visitor, however often it calls.
    for (let i = 0; i < LIMIT - 1; i++) {
      await count();
      expect(vouched()).toBeUndefined();
    }
  });

  it('gives no visitor id where nothing counts visitors: guests share one assertion', async () => {
    const calls: string[] = [];
    for (const ip of ['192.0.2.201', '192.0.2.201']) {
      const response = await call(base, 'POST', '/api/posts/getPosts', {
        body: {},
        headers: { 'x-forwarded-for': ip },
      });
      expect(parseSetCookie(response.headers, 'mepedia_visitor')).toBeUndefined();
      calls.push(seen[seen.length - 1]?.identity ?? '');
    }
    expect(verifier.verifyAssertion(calls[0] ?? '').visitorId).toBeUndefined();
    expect(calls[1]).toBe(calls[0]);
  });

  it('passes every answer on complete: a small one whole, a large one as it streams', async () => {
    const sized = await raw(base, 'GET', '/api/posts/sized-answer');
    expect(sized.status).toBe(200);
    expect(sized.text).toBe(SIZED_ANSWER);
    const chunked = await raw(base, 'GET', '/api/posts/chunked-answer');
    expect(chunked.text).toBe(CHUNK.repeat(CHUNKS));
    // HEAD: the status and no body, whatever the size.
    const head = await raw(base, 'HEAD', '/api/posts/sized-answer');
    expect({ status: head.status, text: head.text }).toEqual({ status: 200, text: '' });
  });

  it('marks API answers no-store unless the service decided', async () => {
    const response = await call(base, 'POST', '/api/users/session');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it("mints its own request id and never takes the client's", async () => {
    const response = await call(base, 'POST', '/api/users/session', {
      headers: { 'x-request-id': 'client-chosen-id' },
    });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[seen.length - 1]?.requestId).toBe(id);
  });

  it('shows the dev outbox to loopback clients only', async () => {
    const fastify = gateway.app.getHttpAdapter().getInstance();
    const local = await fastify.inject({ method: 'GET', url: '/dev/outbox' });
    expect(local.statusCode).toBe(200);
    const remote = await fastify.inject({
      method: 'GET',
      url: '/dev/outbox',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
  });
});

// The server's own timeouts, short: a client that trickles its request is cut off.
describe('the gateway with its clients’ timeouts', () => {
  let edge: GatewayEdge | undefined;
  let base: string;

  beforeAll(async () => {
    edge = await startGatewayEdge(answerOk, {
      env: { REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '1000' },
    });
    ({ base } = edge);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    for (const socket of openSockets) socket.destroy();
    await edge?.close();
  }, SETUP_TIMEOUT_MS);

  /** Sends one byte every 100 ms for as long as the connection lasts; the whole server wrote. */
  const trickle = async (request: ReturnType<typeof partialRequest>, total: number) => {
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < total && !request.socket.destroyed) request.socket.write('x');
      sent += 1;
    }, 100);
    try {
      const answer = await request.answer;
      return { answer, sent };
    } finally {
      clearInterval(timer);
    }
  };

  it('cuts off a body trickled a byte at a time: 408, the connection closed', async () => {
    const total = 10_000;
    const slow = partialRequest(
      base,
      '/api/posts/getPosts',
      { 'content-type': 'application/json' },
      total,
      0,
    );
    const { answer, sent } = await trickle(slow, total);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(sent).toBeLessThan(total);
  });

  it('cuts off headers trickled a byte at a time', async () => {
    const url = new URL(base);
    const socket = connect(Number(url.port), url.hostname);
    openSockets.add(socket);
    socket.on('error', () => undefined);
    socket.write(`GET /api/posts/getPosts HTTP/1.1\r\nhost: ${url.host}\r\nx-slow: `);
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write('x');
    }, 100);
    await new Promise((resolve) => socket.on('close', resolve));
    clearInterval(timer);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });
});
