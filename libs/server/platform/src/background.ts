import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';

/** Work a service runs beside its requests: an outbox relay, an event consumer, a timer. */
export type BackgroundTask = { start(): void; stop?(): Promise<void> | void };

export const BACKGROUND_TASKS = Symbol('BACKGROUND_TASKS');

/** Starts a service's background tasks once it is up, and stops them, in reverse, on shutdown. */
@Injectable()
export class BackgroundTasks implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(BACKGROUND_TASKS) private readonly tasks: BackgroundTask[]) {}

  onApplicationBootstrap() {
    for (const task of this.tasks) task.start();
  }

  async onApplicationShutdown() {
    for (const task of [...this.tasks].reverse()) await task.stop?.();
  }
}

/** Every `intervalMs`, run `work`; its failures are retried at the next tick. */
export function everyInterval(intervalMs: number, work: () => Promise<unknown>): BackgroundTask {
  let timer: NodeJS.Timeout | undefined;
  return {
    start: () => {
      timer = setInterval(() => void work().catch(() => undefined), intervalMs);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}
