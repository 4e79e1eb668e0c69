import { randomUUID, type KeyObject } from 'node:crypto';
import type { DomainEventEnvelope } from '@mepedia/contracts';
import type { DatabaseHandle } from '@mepedia/server-database';
import { createLogger } from '@mepedia/server-http';
import { InProcessBus, type QueueDriver } from '@mepedia/server-queue';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createReactionsApp } from '../src/reactions.app';

export async function startReactionsApp(options: {
  database: DatabaseHandle;
  queue: QueueDriver;
  identityPublicKey: KeyObject;
}): Promise<{ app: NestFastifyApplication; base: string }> {
  const app = await createReactionsApp({
    production: false,
    logger: createLogger({ name: 'reactions', level: 'silent' }),
    database: options.database,
    queue: options.queue,
    bus: new InProcessBus(),
    identityPublicKey: options.identityPublicKey,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
}

/** A domain event as the worker's fan-out hands it to the service. */
export function envelope(type: string, payload: unknown): DomainEventEnvelope {
  return {
    id: randomUUID(),
    type,
    source: 'users',
    occurredAt: new Date().toISOString(),
    payload,
  };
}

/** A browser's user agent: crawlers do not count as viewers, and a plain fetch looks like one. */
export const BROWSER = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
};
