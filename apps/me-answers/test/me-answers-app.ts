import type { DatabaseHandle } from '@mepedia/server-database';
import { createLogger } from '@mepedia/server-http';
import { InProcessBus, type QueueDriver } from '@mepedia/server-queue';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { KeyObject } from 'node:crypto';
import { createMeAnswersApp } from '../src/me-answers.app';

export async function startMeAnswersApp(options: {
  database: DatabaseHandle;
  queue: QueueDriver;
  identityPublicKey: KeyObject;
}): Promise<{ app: NestFastifyApplication; base: string }> {
  const app = await createMeAnswersApp({
    production: false,
    logger: createLogger({ name: 'me-answers', level: 'silent' }),
    database: options.database,
    queue: options.queue,
    bus: new InProcessBus(),
    identityPublicKey: options.identityPublicKey,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
}
