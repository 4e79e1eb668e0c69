import { join } from 'node:path';
import type { DatabaseHandle } from '@mepedia/server-database';
import { runMigrations } from '@mepedia/server-database';
import { createHttpApp, type AppLogger } from '@mepedia/server-http';
import type { QueueDriver } from '@mepedia/server-queue';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { registerProcessors } from './processors';
import {
  DevOutbox,
  SmtpEmailSender,
  TwilioSmsSender,
  type EmailSender,
  type SmsSender,
} from './senders';
import type { WorkerConfig } from './worker.config';
import { WorkerModule } from './worker.module';
import { WorkerRepository } from './worker.repository';

export const WORKER_MIGRATIONS = { schema: 'worker', folder: join(__dirname, 'migrations') };

export type WorkerDeps = { logger: AppLogger; database: DatabaseHandle; queue: QueueDriver };
export type WorkerProviders = { email?: EmailSender; sms?: SmsSender };

/**
 * Migrate, pick the providers (SMTP and Twilio when configured, else the dev
 * outbox, which production never gets), start the processors, and build the
 * worker's small HTTP app (health, /dev/outbox).
 */
export async function createWorkerApp(
  deps: WorkerDeps,
  config: WorkerConfig,
  providers: WorkerProviders = {},
): Promise<{ app: NestFastifyApplication; devOutbox: boolean; close(): Promise<void> }> {
  await runMigrations(deps.database, WORKER_MIGRATIONS);
  const repository = new WorkerRepository(deps.database.db);
  const outbox = new DevOutbox(deps.database.db);
  const smtp = config.smtpUrl ? new SmtpEmailSender(config.smtpUrl, config.emailFrom) : undefined;
  const email = providers.email ?? smtp ?? outbox;
  const sms = providers.sms ?? (config.twilio ? new TwilioSmsSender(config.twilio) : outbox);
  if (config.production && (email === outbox || sms === outbox)) {
    throw new Error(
      'the dev outbox is not available in production: configure SMTP_URL and SMS_PROVIDER',
    );
  }
  const devOutbox = !config.production && (email === outbox || sms === outbox);
  deps.logger.info({ email: email.kind, sms: sms.kind }, 'message providers');

  registerProcessors(
    {
      repository,
      email,
      sms,
      queue: deps.queue,
      logger: deps.logger,
      publicUrl: config.publicUrl,
      linkSecret: config.linkSecret,
    },
    config.concurrency,
  );
  const app = await createHttpApp(
    WorkerModule.register(
      repository,
      [{ name: 'database', check: () => deps.database.ping() }],
      devOutbox,
    ),
    { logger: deps.logger },
  );
  return {
    app,
    devOutbox,
    close: async () => {
      await app.close();
      smtp?.close();
    },
  };
}
