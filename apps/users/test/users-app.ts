import type { DatabaseHandle } from '@mepedia/server-database';
import { createLogger } from '@mepedia/server-http';
import { InProcessBus, type MessageBus, type QueueDriver } from '@mepedia/server-queue';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { KeyObject } from 'node:crypto';
import { createUsersApp } from '../src/users.app';

export const TEST_LINK_SECRET = 'test-link-secret-of-at-least-32-characters';

/** The users service listening on a loopback port, on the given database and queue. */
export async function startUsersApp(options: {
  database: DatabaseHandle;
  queue: QueueDriver;
  identityPublicKey: KeyObject;
  bus?: MessageBus;
  production?: boolean;
}): Promise<{ app: NestFastifyApplication; base: string }> {
  const production = options.production ?? false;
  const app = await createUsersApp(
    {
      production,
      logger: createLogger({ name: 'users', level: 'silent' }),
      database: options.database,
      queue: options.queue,
      bus: options.bus ?? new InProcessBus(),
      identityPublicKey: options.identityPublicKey,
    },
    {
      production,
      publicUrl: production ? 'https://mepedia.test' : 'http://web.test',
      linkSecret: TEST_LINK_SECRET,
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
}
