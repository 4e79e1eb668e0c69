import type { KeyObject } from 'node:crypto';
import type { DatabaseHandle } from '@mepedia/server-database';
import { createLogger } from '@mepedia/server-http';
import { InProcessBus, type MessageBus, type QueueDriver } from '@mepedia/server-queue';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServicePlatform } from './platform';

// For tests: services' integration tests start their app with it (the testing library cannot:
// this library's own tests use that one).
export type TestPlatform = {
  database: DatabaseHandle;
  queue: QueueDriver;
  identityPublicKey: KeyObject;
  bus?: MessageBus;
  production?: boolean;
};

/**
 * A service app built as its process builds it (`create`, migrations included), on a test
 * platform (silent logs, an in-process bus unless one is given), listening on a free loopback
 * port.
 */
export async function startServiceApp(
  name: string,
  create: (platform: ServicePlatform) => Promise<NestFastifyApplication>,
  options: TestPlatform,
): Promise<{ app: NestFastifyApplication; base: string }> {
  const app = await create({
    production: options.production ?? false,
    logger: createLogger({ name, level: 'silent' }),
    database: options.database,
    queue: options.queue,
    bus: options.bus ?? new InProcessBus(),
    identityPublicKey: options.identityPublicKey,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
}
