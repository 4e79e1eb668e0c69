import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback listener speaking Google Cloud Translation v2's REST shape: it
 * "translates" by tagging each text with the target language, and records calls.
 */
export async function startGoogleTranslateListener() {
  const calls: Array<{ key: string | null; q: string[]; target: string; format: string }> = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (request.method !== 'POST' || url.pathname !== '/language/translate/v2') {
        response.writeHead(404).end();
        return;
      }
      const { q, target, format } = JSON.parse(body) as {
        q: string[];
        target: string;
        format: string;
      };
      calls.push({ key: url.searchParams.get('key'), q, target, format });
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          data: {
            translations: q.map((text) => ({
              translatedText: `[${target}] ${text}`,
              detectedSourceLanguage: /[\u05D0-\u05EA]/.test(text) ? 'iw' : 'en',
            })),
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
