import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DomainEventEnvelope } from '@mepedia/contracts';
import type { DatabaseHandle } from '@mepedia/server-database';
import { createLogger } from '@mepedia/server-http';
import { InProcessBus, type QueueDriver } from '@mepedia/server-queue';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { KeyObject } from 'node:crypto';
import { createPostsApp } from '../src/posts.app';
import type { PostsOptions } from '../src/posts.options';

export async function startPostsApp(options: {
  database: DatabaseHandle;
  queue: QueueDriver;
  identityPublicKey: KeyObject;
  translation?: PostsOptions['translation'];
}): Promise<{ app: NestFastifyApplication; base: string }> {
  const app = await createPostsApp(
    {
      production: false,
      logger: createLogger({ name: 'posts', level: 'silent' }),
      database: options.database,
      queue: options.queue,
      bus: new InProcessBus(),
      identityPublicKey: options.identityPublicKey,
    },
    { translation: options.translation ?? { provider: 'off' } },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
}

/** A domain event as the worker's fan-out hands it to the posts service. */
export function envelope(
  type: string,
  payload: unknown,
  occurredAt = new Date(),
): DomainEventEnvelope {
  return { id: randomUUID(), type, source: 'users', occurredAt: occurredAt.toISOString(), payload };
}

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
