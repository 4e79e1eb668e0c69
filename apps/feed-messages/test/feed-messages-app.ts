import { randomUUID, type KeyObject } from 'node:crypto';
import type { DomainEventEnvelope } from '@mepedia/contracts';
import type { DatabaseHandle } from '@mepedia/server-database';
import { createLogger } from '@mepedia/server-http';
import { InProcessBus, type QueueDriver } from '@mepedia/server-queue';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createFeedMessagesApp } from '../src/feed-messages.app';

export async function startFeedMessagesApp(options: {
  database: DatabaseHandle;
  queue: QueueDriver;
  identityPublicKey: KeyObject;
}): Promise<{ app: NestFastifyApplication; base: string }> {
  const app = await createFeedMessagesApp({
    production: false,
    logger: createLogger({ name: 'feed-messages', level: 'silent' }),
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
