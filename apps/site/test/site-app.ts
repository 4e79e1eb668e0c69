import type { KeyObject } from 'node:crypto';
import type { DatabaseHandle } from '@mepedia/server-database';
import { createLogger } from '@mepedia/server-http';
import { InProcessBus, InProcessQueue } from '@mepedia/server-queue';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createSiteApp } from '../src/site.app';

export async function startSiteApp(options: {
  database: DatabaseHandle;
  identityPublicKey: KeyObject;
}): Promise<{ app: NestFastifyApplication; base: string; close(): Promise<void> }> {
  // The site uses neither queue nor bus; the platform carries them anyway.
  const queue = new InProcessQueue();
  const app = await createSiteApp({
    production: false,
    logger: createLogger({ name: 'site', level: 'silent' }),
    database: options.database,
    queue,
    bus: new InProcessBus(),
    identityPublicKey: options.identityPublicKey,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    base: (await app.getUrl()).replace('[::1]', '127.0.0.1'),
    close: async () => {
      await app.close();
      await queue.close();
    },
  };
}
