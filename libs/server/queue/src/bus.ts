import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { redisOptions } from './redis';

type Handler = (message: unknown) => void;

/**
 * Fire-and-forget notifications between processes (cache invalidation, not
 * business events: those go through the outbox and the `events` queue).
 */
export interface MessageBus {
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: Handler): Promise<void>;
  close(): Promise<void>;
}

export class InProcessBus implements MessageBus {
  private readonly emitter = new EventEmitter();

  async publish(channel: string, message: unknown): Promise<void> {
    this.emitter.emit(channel, structuredClone(message));
  }

  async subscribe(channel: string, handler: Handler): Promise<void> {
    this.emitter.on(channel, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export class RedisBus implements MessageBus {
  private readonly publisher: Redis;
  private subscriber: Redis | undefined;
  private readonly handlers = new Map<string, Handler[]>();

  constructor(
    private readonly url: string,
    private readonly prefix: string,
  ) {
    this.publisher = new Redis({ ...redisOptions(url), lazyConnect: false });
    this.publisher.on('error', () => undefined);
  }

  async publish(channel: string, message: unknown): Promise<void> {
    await this.publisher.publish(`${this.prefix}:${channel}`, JSON.stringify(message));
  }

  async subscribe(channel: string, handler: Handler): Promise<void> {
    if (!this.subscriber) {
      this.subscriber = new Redis(redisOptions(this.url));
      this.subscriber.on('error', () => undefined);
      this.subscriber.on('message', (fullChannel: string, raw: string) => {
        const handlers = this.handlers.get(fullChannel) ?? [];
        let message: unknown;
        try {
          message = JSON.parse(raw);
        } catch {
          return;
        }
        for (const h of handlers) h(message);
      });
    }
    const full = `${this.prefix}:${channel}`;
    const list = this.handlers.get(full) ?? [];
    list.push(handler);
    this.handlers.set(full, list);
    if (list.length === 1) await this.subscriber.subscribe(full);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.publisher.quit(), this.subscriber?.quit()]);
  }
}
