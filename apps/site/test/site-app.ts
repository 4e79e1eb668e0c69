import type { KeyObject } from 'node:crypto';
import type { DatabaseHandle } from '@mepedia/server-database';
import { InProcessQueue } from '@mepedia/server-queue';
import { startServiceApp } from '@mepedia/server-platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createSiteApp } from '../src/site.app';

/** The site service on a test platform, listening on a loopback port; `close` ends both. */
export async function startSiteApp(options: {
  database: DatabaseHandle;
  identityPublicKey: KeyObject;
}): Promise<{ app: NestFastifyApplication; base: string; close(): Promise<void> }> {
  // The site uses neither queue nor bus; the platform carries them anyway.
  const queue = new InProcessQueue();
  const { app, base } = await startServiceApp('site', createSiteApp, { ...options, queue });
  return {
    app,
    base,
    close: async () => {
      await app.close();
      await queue.close();
    },
  };
}
