import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** `headers`: raw header lines by lower-case name. */
export type CapturedEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, string>;
};
export type CapturedSms = {
  to: string;
  from: string;
  body: string;
  accountSid: string;
  authorization: string;
};

async function waitFor<T>(
  items: T[],
  predicate: (item: T) => boolean,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = items.find(predicate);
    if (found) return found;
    if (Date.now() - started > timeoutMs)
      throw new Error(`no ${what} arrived within ${timeoutMs} ms (got ${items.length})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A real SMTP server on loopback that keeps every message it is handed. With `holdMs`, it holds
 * its answer to each message that long, and keeps the message only if the sender is still there
 * to hear the answer, as a server that has not said "250" has not taken the message.
 */
export async function startSmtpCapture(options: { holdMs?: number } = {}) {
  const messages: CapturedEmail[] = [];
  const closed = new Set<string>();
  let receiving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      receiving += 1;
      simpleParser(stream)
        .then(async (parsed) => {
          if (options.holdMs) await new Promise((resolve) => setTimeout(resolve, options.holdMs));
          receiving -= 1;
          if (closed.has(session.id)) {
            callback(new Error('the sender went away before the answer'));
            return;
          }
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          messages.push({
            to: to ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: new Map(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line.slice(line.indexOf(':') + 1).trim(),
              ]),
            ),
          });
          callback();
        })
        .catch(callback);
    },
  });
  // A sender that dies mid-message (the drills kill the worker there) may reset its connection;
  // the server reports that as an 'error' event, which with no listener would end the test
  // process. For a capture server it is only a sender gone: the message is not kept (onClose).
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Messages being handed over right now (held, with `holdMs`). */
    receiving: () => receiving,
    waitFor: (predicate: (email: CapturedEmail) => boolean, timeoutMs = 10_000) =>
      waitFor(messages, predicate, timeoutMs, 'email'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/**
 * A loopback HTTP listener speaking Twilio's Messages REST shape. `failNext(n)`
 * makes the next n sends answer 503, as a provider outage would.
 */
export async function startTwilioCapture() {
  const messages: CapturedSms[] = [];
  let failures = 0;
  let attempts = 0;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) {
        response.writeHead(404).end();
        return;
      }
      const form = new URLSearchParams(await readBody(request));
      attempts += 1;
      if (failures > 0) {
        failures -= 1;
        response
          .writeHead(503, { 'content-type': 'application/json' })
          .end('{"code":20500,"message":"unavailable"}');
        return;
      }
      messages.push({
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        accountSid: decodeURIComponent(match[1] ?? ''),
        authorization: request.headers.authorization ?? '',
      });
      response
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ sid: `SM${messages.length}`, status: 'queued' }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    attempts: () => attempts,
    failNext: (count: number) => {
      failures = count;
    },
    waitFor: (predicate: (sms: CapturedSms) => boolean, timeoutMs = 10_000) =>
      waitFor(messages, predicate, timeoutMs, 'SMS'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The six-digit code in a verification SMS (English or Hebrew). */
export function codeIn(text: string): string {
  const match = /(?:is|הוא) (\d{6})/.exec(text);
  if (!match?.[1]) throw new Error(`no code in: ${text}`);
  return match[1];
}

/** A query parameter of the first link in a message. */
export function linkParam(text: string, name: string): string {
  const match = new RegExp(`[?&]${name}=([^&\\s"<]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${name} in: ${text}`);
  return decodeURIComponent(match[1]);
}

/**
 * A stand-in for Google Cloud Translation v2 (POST /language/translate/v2): marks each text
 * with its target, and counts the calls, so a test can tell a stored translation from a new one.
 */
export function translationListener() {
  let calls = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls += 1;
      const { q, target } = JSON.parse(body) as { q: string | string[]; target: string };
      const texts = Array.isArray(q) ? q : [q];
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          data: {
            translations: texts.map((text) => ({
              translatedText: `[${target}] ${text}`,
              detectedSourceLanguage: /[\u0590-\u05FF]/.test(text) ? 'he' : 'en',
            })),
          },
        }),
      );
    });
  });
  return {
    calls: () => calls,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
