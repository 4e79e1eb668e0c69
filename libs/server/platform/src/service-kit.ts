import {
  SERVICES,
  type ServiceApp,
  type ServiceEventsQueue,
  type ServiceScheduleQueue,
} from '@mepedia/contracts';
import { runMain } from '@mepedia/server-config';
import { runMigrations, type MigrationTarget } from '@mepedia/server-database';
import {
  createHttpApp,
  HealthController,
  READINESS_CHECKS,
  type HttpAppOptions,
  type ReadinessCheck,
} from '@mepedia/server-http';
import { IdentityModule } from '@mepedia/server-identity';
import { OutboxRelay, type JobHandler, type OutboxTable } from '@mepedia/server-queue';
import type { DynamicModule, ModuleMetadata, Provider, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BACKGROUND_TASKS, BackgroundTasks, type BackgroundTask } from './background';
import { runMigrationProcess, runServiceProcess, type ServicePlatform } from './platform';

type Env = Record<string, string | undefined>;

/** The queue a service receives the domain events it subscribes to on (eventSubscriptions). */
export const eventsQueueOf = (name: ServiceApp): ServiceEventsQueue => `events-${name}`;

/** The queue of a service's repeated work (`schedules`). */
export const scheduleQueueOf = (name: ServiceApp): ServiceScheduleQueue => `schedule-${name}`;

/**
 * Work a service repeats every `everyMs` (a sweep): one job a tick on the service's schedule
 * queue, so that across replicas each tick runs once (BullMQ's job scheduler; a timer in the
 * embedded default). A tick that fails is logged; the next one tries again.
 */
export type ServiceSchedule = { name: string; everyMs: number; work: () => Promise<unknown> };

/** What is a service's own in its Nest module; `serviceModule` adds what every service has. */
export type ServiceModuleParts = {
  controllers: Type[];
  providers?: Provider[];
  imports?: ModuleMetadata['imports'];
  /** More for /health/ready to wait on than the database (files: its storage). */
  readiness?: ReadinessCheck[];
  /** false: /health/ready does not wait on the database (the site serves from memory). */
  database?: false;
  /** Work beside the requests, started in this order once the app is up, stopped in reverse. */
  background?: BackgroundTask[];
  /** The handler of its events queue (`events-<name>`), and how many jobs at once (4 unless said). */
  events?: { handler: JobHandler; concurrency?: number };
  /** Its repeated work, on its schedule queue (`schedule-<name>`). */
  schedules?: ServiceSchedule[];
};

/**
 * A service's module with what every service has: the identity guard (the gateway's signed
 * assertions, each route's auth decision checked at boot), /health/live and /health/ready (on the
 * database unless said), its events queue's consumer and its background tasks, started after
 * boot and stopped on shutdown.
 */
export function serviceModule(
  module: Type,
  name: ServiceApp,
  platform: ServicePlatform,
  parts: ServiceModuleParts,
): DynamicModule {
  const readiness: ReadinessCheck[] = [
    ...(parts.database === false
      ? []
      : [{ name: 'database', check: () => platform.database.ping() }]),
    ...(parts.readiness ?? []),
  ];
  const { events } = parts;
  const consumer: BackgroundTask[] = events
    ? [
        {
          start: () =>
            platform.queue.process(eventsQueueOf(name), events.handler, {
              concurrency: events.concurrency ?? 4,
            }),
        },
      ]
    : [];
  const schedules = parts.schedules ?? [];
  if (schedules.length > 0) consumer.push(scheduleConsumer(name, platform, schedules));
  return {
    module,
    imports: [
      ...(parts.imports ?? []),
      IdentityModule.forService(name, platform.identityPublicKey),
    ],
    controllers: [...parts.controllers, HealthController],
    providers: [
      ...(parts.providers ?? []),
      { provide: READINESS_CHECKS, useValue: readiness },
      { provide: BACKGROUND_TASKS, useValue: [...(parts.background ?? []), ...consumer] },
      BackgroundTasks,
    ],
  };
}

/** The schedule queue's consumer: each tick's job runs its schedule's work. */
function scheduleConsumer(
  name: ServiceApp,
  platform: ServicePlatform,
  schedules: ServiceSchedule[],
): BackgroundTask {
  const queue = scheduleQueueOf(name);
  const byName = new Map(schedules.map((schedule) => [schedule.name, schedule]));
  return {
    start: () => {
      platform.queue.process(queue, async (job) => {
        const schedule = byName.get(job.name);
        // A schedule this version no longer has (left in Redis by an older one): nothing to do.
        if (!schedule) return;
        try {
          await schedule.work();
        } catch (error) {
          platform.logger.error({ err: error, schedule: job.name }, 'a scheduled sweep failed');
          throw error;
        }
      });
      for (const schedule of schedules)
        void platform.queue
          .repeat(queue, `${name}-${schedule.name}`, schedule.name, schedule.everyMs)
          .catch((error: unknown) =>
            platform.logger.error({ err: error, schedule: schedule.name }, 'no schedule'),
          );
    },
  };
}

/** The relay of a service's outbox to the events queue (a background task), failures logged. */
export function outboxRelay(
  name: ServiceApp,
  platform: ServicePlatform,
  outbox: OutboxTable,
): OutboxRelay {
  return new OutboxRelay(platform.database.db, outbox, platform.queue, name, (error) =>
    platform.logger.error({ err: error }, 'outbox relay failed'),
  );
}

/** One service, for every place that starts it: its own process, standalone, the tests. */
export type ServiceDefinition<Options = unknown> = {
  readonly name: ServiceApp;
  /** Its schema's migrations: run at each start, and alone by the migrations Job. */
  readonly migrations: MigrationTarget;
  // Methods (`this: void`: they may be passed around alone), so that a list of definitions with
  // different options is a list of ServiceDefinition<unknown>.
  /** Its options from the environment, checked before anything starts. */
  loadOptions(this: void, env: Env): Options;
  /** Migrate, then build the app (not yet listening). */
  createApp(
    this: void,
    platform: ServicePlatform,
    options: Options,
  ): Promise<NestFastifyApplication>;
};

type DefinitionSpec<Options> = {
  name: ServiceApp;
  /** Its migrations' folder (and data work after them); the schema is the registry's. */
  migrations: Omit<MigrationTarget, 'schema'>;
  /** Its options from the environment; a service without options leaves it out. */
  loadOptions?: (env: Env) => Options;
} & (
  | {
      /** Its module (`serviceModule`), built after the migrations. */
      module: (
        platform: ServicePlatform,
        options: Options,
      ) => DynamicModule | Promise<DynamicModule>;
      /** More than JSON bodies, say. */
      http?: Omit<HttpAppOptions, 'logger'>;
      app?: never;
    }
  | {
      /** The app, built after the migrations, where a module alone is not enough (files). */
      app: (platform: ServicePlatform, options: Options) => Promise<NestFastifyApplication>;
      module?: never;
    }
);

/** A service's definition: its name and schema from the registry (libs/contracts), its parts. */
export function defineService<Options = void>(
  spec: DefinitionSpec<Options>,
): ServiceDefinition<Options> {
  const migrations: MigrationTarget = { schema: SERVICES[spec.name].schema, ...spec.migrations };
  const build = async (platform: ServicePlatform, options: Options) => {
    if (spec.app) return spec.app(platform, options);
    const module = await spec.module(platform, options);
    return createHttpApp(module, { ...spec.http, logger: platform.logger });
  };
  return {
    name: spec.name,
    migrations,
    loadOptions: (env) => (spec.loadOptions ? spec.loadOptions(env) : (undefined as Options)),
    createApp: async (platform, options) => {
      await runMigrations(platform.database, migrations);
      return build(platform, options);
    },
  };
}

/** A service's main.ts: the service as its own process (services mode, Kubernetes). */
export function serveService<Options>(service: ServiceDefinition<Options>): void {
  runMain(async () => {
    const options = service.loadOptions(process.env);
    await runServiceProcess(service.name, (platform) => service.createApp(platform, options));
  });
}

/** A service's migrate.ts: its schema's migrations alone, then exit (the migrations Job). */
export function migrateService(service: ServiceDefinition<unknown>): void {
  runMain(() => runMigrationProcess(service.name, service.migrations));
}
