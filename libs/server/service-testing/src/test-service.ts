import type { AssertionContext, Identity } from '@mepedia/server-identity';
import { startServiceApp, type ServicePlatform } from '@mepedia/server-platform';
import {
  InProcessBus,
  InProcessQueue,
  type MessageBus,
  type QueueDriver,
} from '@mepedia/server-queue';
import { call, testIdentity, type TestResponse } from '@mepedia/server-testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { openTestDatabase, type TestDatabase, type TestEngine } from './test-database';

/** A service's app factory as its process calls it (`create<X>App(platform)`). */
export type ServiceAppFactory = (platform: ServicePlatform) => Promise<NestFastifyApplication>;

export type TestServiceOptions<Q extends QueueDriver> = {
  /** A database of its own on this engine (PostgreSQL unless told)… */
  engine?: TestEngine;
  /** …or one already open (another app of the same test on it); then `close` leaves it open. */
  database?: TestDatabase;
  /** PostgreSQL's pool, for a database of its own. */
  poolSize?: number;
  /** The queue (an in-process one unless given; `close` closes only its own). */
  queue?: Q;
  bus?: MessageBus;
  /** The key pair the "gateway" signs with (a new one unless given: share it across restarts). */
  identity?: ReturnType<typeof testIdentity>;
  production?: boolean;
};

export type TestService<Q extends QueueDriver = InProcessQueue> = {
  app: NestFastifyApplication;
  /** `http://127.0.0.1:<port>`. */
  base: string;
  engine: TestEngine;
  database: TestDatabase;
  queue: Q;
  bus: MessageBus;
  identity: ReturnType<typeof testIdentity>;
  /** The header the gateway adds for `who` (a member, a guest, a service), signed for this service. */
  as(who: Identity, context?: AssertionContext): Record<string, string>;
  /** A real HTTP call to the app (`call` of @mepedia/server-testing, on `base`). */
  call<T = unknown>(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<TestResponse<T>>;
  /** Closes the app, then what was opened for it (its database, queue and bus). */
  close(): Promise<void>;
};

/**
 * One service's app as its process builds it (its `create<X>App`, migrations included), on
 * faked ports: an in-process queue and bus, a test key pair for the identity assertions the
 * gateway would sign, silent logs, and a throw-away database on the chosen engine. It listens
 * on a free loopback port. `name` is the service's name, the audience of its assertions.
 */
export async function startTestService<Q extends QueueDriver = InProcessQueue>(
  name: string,
  create: ServiceAppFactory,
  options: TestServiceOptions<Q> = {},
): Promise<TestService<Q>> {
  const identity = options.identity ?? testIdentity();
  const database =
    options.database ??
    (await openTestDatabase(options.engine ?? 'postgres', { poolSize: options.poolSize }));
  const queue = options.queue ?? (new InProcessQueue() as QueueDriver as Q);
  const bus = options.bus ?? new InProcessBus();
  const opened = async () => {
    if (!options.queue) await queue.close();
    if (!options.bus) await bus.close();
    if (!options.database) await database.close();
  };
  let started: Awaited<ReturnType<typeof startServiceApp>>;
  try {
    started = await startServiceApp(name, create, {
      database: database.handle,
      queue,
      bus,
      identityPublicKey: identity.keys.publicKey,
      production: options.production,
    });
  } catch (error) {
    await opened();
    throw error;
  }
  const { app, base } = started;
  return {
    app,
    base,
    engine: database.engine,
    database,
    queue,
    bus,
    identity,
    as: (who, context) => ({ 'x-mepedia-identity': identity.assert(who, name, context) }),
    call: (method, path, callOptions) => call(base, method, path, callOptions),
    close: async () => {
      await app.close();
      await opened();
    },
  };
}
