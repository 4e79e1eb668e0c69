import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '@mepedia/server-database';
import { createLogger } from '@mepedia/server-http';
import { generateIdentityKeys } from '@mepedia/server-identity';
import { InProcessBus, InProcessQueue, type Job } from '@mepedia/server-queue';
import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'drizzle-orm';
import { defineService, serviceModule, type ServicePlatform } from '../src';

@Module({})
class ProbeModule {}

// A service made with the kit, on PGlite: what every service gets without writing it.
describe('the service kit', () => {
  let database: DatabaseHandle;
  let queue: InProcessQueue;
  let app: NestFastifyApplication | undefined;
  let platform: ServicePlatform;

  beforeEach(async () => {
    database = await openDatabase({
      dataDir: 'memory://',
      template: process.env['PGLITE_TEMPLATE'],
    });
    queue = new InProcessQueue();
    platform = {
      production: false,
      logger: createLogger({ name: 'kit', level: 'silent' }),
      database,
      queue,
      bus: new InProcessBus(),
      identityPublicKey: generateIdentityKeys().publicKey,
    };
  }, 60_000);

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await queue.close();
    await database.close();
  });

  it('migrates the registry’s schema, then serves health, readiness and its events queue', async () => {
    const happened: string[] = [];
    const events: Job[] = [];
    let storageUp = true;
    const service = defineService<{ tag: string }>({
      name: 'files',
      // The files service's own migrations: the kit takes the schema, `files`, from the registry.
      migrations: { folder: join(__dirname, '../../../../apps/files/src/migrations') },
      loadOptions: (env) => ({ tag: env['KIT_TAG'] ?? 'none' }),
      module: (built, options) =>
        serviceModule(ProbeModule, 'files', built, {
          controllers: [],
          readiness: [
            {
              name: 'storage',
              check: async () => {
                if (!storageUp) throw new Error('down');
              },
            },
          ],
          background: ['first', 'second'].map((name) => ({
            start: () => void happened.push(`start ${name} ${options.tag}`),
            stop: () => void happened.push(`stop ${name}`),
          })),
          events: { handler: async (job) => void events.push(job) },
        }),
    });
    expect(service.migrations.schema).toBe('files');
    app = await service.createApp(platform, service.loadOptions({ KIT_TAG: 'a' }));
    await app.init();
    await app.getHttpAdapter().getInstance().ready();

    // The driver-independent Db does not know the row type: asserted from the select.
    const answer: unknown = await database.db.execute(
      sql`select count(*)::int as n from information_schema.schemata where schema_name = 'files'`,
    );
    expect((answer as { rows: Array<{ n: number }> }).rows).toEqual([{ n: 1 }]);

    const get = (url: string) => app!.getHttpAdapter().getInstance().inject({ method: 'GET', url });
    expect((await get('/health/live')).statusCode).toBe(200);
    const ready = await get('/health/ready');
    expect({ status: ready.statusCode, body: ready.json() }).toEqual({
      status: 200,
      body: {
        status: 'ok',
        checks: [
          { name: 'database', ok: true },
          { name: 'storage', ok: true },
          { name: 'shutdown', ok: true },
        ],
      },
    });
    storageUp = false;
    expect((await get('/health/ready')).statusCode).toBe(503);

    // Its events queue is events-<name>, consumed once the app is up.
    await queue.add('events-files', 'post.deleted', { id: 'e1' });
    for (let waited = 0; events.length === 0 && waited < 5_000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events.map((job) => job.data)).toEqual([{ id: 'e1' }]);

    await app.close();
    app = undefined;
    expect(happened).toEqual(['start first a', 'start second a', 'stop second', 'stop first']);
  }, 60_000);

  it('leaves the database out of readiness when told to, and needs no options', async () => {
    const service = defineService({
      name: 'files',
      migrations: { folder: join(__dirname, '../../../../apps/files/src/migrations') },
      module: (built) =>
        serviceModule(ProbeModule, 'files', built, { controllers: [], database: false }),
    });
    expect(service.loadOptions({})).toBeUndefined();
    app = await service.createApp(platform);
    await app.init();
    const ready = await app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url: '/health/ready' });
    expect(ready.json()).toEqual({ status: 'ok', checks: [{ name: 'shutdown', ok: true }] });
  }, 60_000);
});
